import FlowSim
import FlowSimImage
import FlowSimOutput
import FlowSimSupport
import Foundation

/// Progress of a render: frames rendered and encoded so far.
public struct RenderProgress: Sendable, Equatable {
    public var framesDone: Int
    public var totalFrames: Int
    /// Seconds since the render started.
    public var elapsed: Double

    public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }
}

/// What a finished render wrote.
public struct RenderSummary: Sendable, Equatable {
    public var outputDirectory: URL
    public var frameCount: Int
    /// Files in the output folder, in writing order.
    public var files: [String]
    public var bytesWritten: Int
    public var elapsed: Double
}

/// Renders frames in parallel and writes `frame_0000.png`…, `contact-sheet.png` and
/// `animation.png` (APNG) into a folder, atomically (see `AtomicOutput.Folder`).
///
/// Frames are rendered + encoded by the render loop (`RenderLoop`: `concurrency` workers, each
/// taking the next frame as soon as it is free, at most `concurrency × 4` frames in flight); its
/// sinks write the PNGs in frame order, as files and into the APNG (each frame's compressed data
/// streamed into the temporary folder), and draw the contact sheet's thumbnails. Only the frames
/// in flight and the contact sheet — its thumbnails the scene re-drawn at thumbnail scale, its
/// finished rows already encoded — are kept in memory.
public struct RenderPipeline: Sendable {
    public var renderer: FrameRenderer
    public var encoder: PNGEncoder
    public var framesPerSecond: Double
    /// nil: no contact sheet.
    public var contactSheet: ContactSheet?
    public var writesAnimation: Bool
    public var concurrency: Int
    /// The workers' frame surfaces, drawn on again by later frames (see `SurfacePool`).
    private let surfaces: SurfacePool

    /// Defaults: fast PNG encoding, RGB when the background is opaque (every pixel then is),
    /// contact sheet and APNG on, all cores.
    public init(
        renderer: FrameRenderer, framesPerSecond: Double = 60, encoder: PNGEncoder? = nil,
        contactSheet: ContactSheet? = ContactSheet(), writesAnimation: Bool = true,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.renderer = renderer
        self.framesPerSecond = framesPerSecond
        self.encoder =
            encoder
            ?? PNGEncoder(
                compression: .fast, colorMode: renderer.style.background.alpha >= 1 ? .rgb : .rgba)
        self.contactSheet = contactSheet
        self.writesAnimation = writesAnimation
        self.concurrency = max(1, concurrency)
        surfaces = SurfacePool(limit: self.concurrency)
    }

    /// A frame's file name, `frame_0030.png`; `suffix` replaces `.png` (e.g. `""` for the bare
    /// name in reports, `"-diff.png"` for artifacts). The one place frame files are named.
    public static func frameFileName(_ index: Int, suffix: String = ".png") -> String {
        String(format: "frame_%04d", index) + suffix
    }

    /// Renders and encodes one frame (what every worker does). Opaque frames with an RGB or
    /// automatic encoder skip the RGBA copy: Cairo's pixels are packed to RGB a band of rows at a
    /// time, straight into the encoder (`ImageSurface.opaqueRGBPNG`). With an opaque background
    /// the frame is drawn on a surface an earlier frame used and handed back.
    public func encodeFrame(_ frame: PresentedFrame) throws -> Data {
        let reusable = renderer.repaintsEverySurfacePixel
        let surface = try renderer.renderSurface(
            frame,
            reusing: reusable
                ? surfaces.take(width: renderer.viewport.pixelWidth, height: renderer.viewport.pixelHeight) : nil)
        defer { if reusable { surfaces.give(surface) } }
        if encoder.colorMode != .rgba, let png = try surface.opaqueRGBPNG(compression: encoder.compression) {
            return png
        }
        return try encoder.encode(surface.rgbaImage())
    }

    /// The renderer for contact-sheet thumbnails: the same scene drawn again at the thumbnail's
    /// scale (crisper and much cheaper than filtering the full-size frame down).
    var thumbnailRenderer: FrameRenderer? {
        guard let sheet = contactSheet, renderer.viewport.width > 0, renderer.viewport.height > 0 else { return nil }
        var thumb = renderer
        // Fit a box `thumbnailWidth` wide and twice as tall (a tall, narrow viewport gives a tall,
        // narrow thumbnail, not one beyond Cairo's limits), as `ContactSheet.thumbnail(of:)` does.
        let box = Double(max(1, sheet.thumbnailWidth))
        thumb.viewport.scale = min(box / renderer.viewport.width, 2 * box / renderer.viewport.height)
        return thumb
    }

    /// Renders `frames`; a frame index given twice (`--frames 0,0,5`) is rendered once, at its
    /// first place.
    public func render(
        frames: [PresentedFrame], to directory: URL,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws -> RenderSummary {
        var seen = Set<Int>()
        let unique = frames.filter { seen.insert($0.index).inserted }
        return try render(frameCount: unique.count, frame: { unique[$0] }, to: directory, progress: progress)
    }

    /// Renders frames `0..<frameCount`, asking `frame(i)` for each in order, a few ahead of the
    /// workers, on the calling thread (a simulation presents its frames in time order and is not
    /// shared between threads). Only the frames in flight are held, so a run of 10⁵ frames takes
    /// the memory of a few frames, not of its timeline.
    /// Each file is named after the frame's own `index` (`frame_0030.png`), so a subset of a
    /// timeline's frames keeps the names the full render gives them; a file is written once even
    /// if two frames share an index.
    /// `progress` is called after every frame, serialized, from worker threads. On any error the
    /// destination is left as it was and the error is rethrown.
    ///
    /// Memory stays bounded whatever the frame count: each frame's PNG is written (frame file
    /// and the APNG's frame data, streamed into `animation.png`) as soon as the frames before it
    /// are, and the contact sheet draws each sampled thumbnail as it comes. In the APNG each frame is shown
    /// until the next frame's time (`PresentedFrame.time`), the last one for `1/fps`; a
    /// non-increasing time (frames given out of order) also gets `1/fps`.
    public func render(
        frameCount: Int, frame: (Int) throws -> PresentedFrame, to directory: URL,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws -> RenderSummary {
        let start = Date()
        // Fail before any folder is touched or frame drawn (a too-large render would otherwise
        // succeed and leave frames `check` and `diff` cannot read back).
        try renderer.viewport.validate()
        let frameDelay = try APNGWriter.delayFraction(framesPerSecond: framesPerSecond)
        let writer = try AtomicOutput.Folder(replacing: directory)
        do {
            var files: [String] = []
            var written = Set<String>()
            var bytes = 0
            // The contact sheet is drawn, and encoded a grid row at a time, as its thumbnails are
            // handed on (on the calling thread, beside the workers' drawing): no serial tail.
            var sheetBuilder: ContactSheet.Builder?
            let sheetPositions = Set(
                contactSheet.map { ContactSheet.sampledPositions(count: frameCount, limit: $0.maxThumbnails) } ?? [])
            var animation: (file: AtomicOutput.StreamedFile, stream: APNGStream)?
            if writesAnimation, frameCount > 0 {
                let file = try writer.createFile(named: "animation.png")
                animation = (file, try APNGStream(frameCount: frameCount) { try file.write($0) })
            }
            var pending: (png: Data, layout: PNGLayout?, time: Double)?
            func animate(_ png: Data, layout: PNGLayout?, time: Double?) throws {
                guard var current = animation else { return }
                if let previous = pending {
                    let frameDelay = delay(from: previous.time, to: time, frameDelay: frameDelay)
                    if let layout = previous.layout {
                        try current.stream.append(previous.png, layout: layout, delay: frameDelay)
                    } else {
                        try current.stream.append(previous.png, delay: frameDelay)
                    }
                }
                pending = time.map { (png, layout, $0) }
                animation = current
            }
            // The frame files, the contact sheet and the APNG are the loop's sinks, fed each
            // frame's PNG (and thumbnail) in frame order, and finished in this order.
            let frameFiles = FrameSink<FrameResult>(take: { result in
                let name = RenderPipeline.frameFileName(result.index)
                if written.insert(name).inserted {
                    try writer.write(result.png, named: name)
                    files.append(name)
                    bytes += result.png.count
                }
            })
            let sheetSink = FrameSink<FrameResult>(
                take: { result in
                    if let thumb = result.thumbnail, let sheet = contactSheet {
                        if sheetBuilder == nil {
                            sheetBuilder = try ContactSheet.Builder(
                                sheet: sheet, count: sheetPositions.count, thumbnailWidth: thumb.surface.width,
                                thumbnailHeight: thumb.surface.height, streaming: ContactSheet.compression)
                        }
                        try sheetBuilder?.add(surface: thumb.surface, time: result.time)
                    }
                },
                finish: {
                    if let sheetBuilder {
                        let png = try sheetBuilder.png(compression: ContactSheet.compression)
                        try writer.write(png, named: "contact-sheet.png")
                        files.append("contact-sheet.png")
                        bytes += png.count
                    }
                })
            let animationSink = FrameSink<FrameResult>(
                take: { result in try animate(result.png, layout: result.layout, time: result.time) },
                finish: {
                    if animation != nil {
                        try animate(Data(), layout: nil, time: nil)  // flushes the last frame with 1/fps
                        try animation?.stream.finish()
                        try animation?.file.close()
                        files.append("animation.png")
                        bytes += animation?.file.bytesWritten ?? 0
                    }
                })
            let thumbnailRenderer = thumbnailRenderer
            try RenderLoop(concurrency: concurrency, progress: progress).run(
                count: frameCount, present: frame,
                draw: { presented, position in
                    try drawFrame(presented, thumbnail: sheetPositions.contains(position) ? thumbnailRenderer : nil)
                }, into: [frameFiles, sheetSink, animationSink])
            try writer.commit()
            return RenderSummary(
                outputDirectory: writer.destination, frameCount: frameCount, files: files,
                bytesWritten: bytes, elapsed: Date().timeIntervalSince(start))
        } catch {
            writer.discard()
            throw error
        }
    }

    /// How long a frame at `time` shows before the one at `next` (nil: the last frame): the
    /// difference as an APNG fraction, `frameDelay` (1/fps) for the last frame, non-increasing
    /// times and differences within rounding of 1/fps (so full renders keep exactly 1/fps).
    func delay(
        from time: Double, to next: Double?, frameDelay: (numerator: UInt16, denominator: UInt16)
    ) -> (numerator: UInt16, denominator: UInt16) {
        guard let next else { return frameDelay }
        let difference = next - time
        guard difference.isFinite, difference > 0 else { return frameDelay }
        if abs(difference * framesPerSecond - 1) < 1e-6 { return frameDelay }
        return APNGWriter.delayFraction(seconds: difference)
    }

    private struct FrameResult: Sendable {
        var png: Data
        /// Where its chunks lie, found on the render thread for the APNG writer.
        var layout: PNGLayout?
        var thumbnail: Thumbnail?
        var time: Double
        /// The frame's own index (its file name), which need not be its position in the run.
        var index: Int
    }

    /// A thumbnail's surface, drawn on a worker and then only read by the sheet's sink.
    private struct Thumbnail: @unchecked Sendable {
        let surface: ImageSurface
    }

    /// What a worker does for one frame: render and encode it, find its chunks for the APNG and
    /// draw its thumbnail when the contact sheet samples it.
    private func drawFrame(_ presented: PresentedFrame, thumbnail thumbnails: FrameRenderer?) throws -> FrameResult {
        let png = try encodeFrame(presented)
        let thumbnail = try thumbnails.map { Thumbnail(surface: try $0.renderSurface(presented)) }
        let layout = writesAnimation ? try PNGLayout(trusting: png, frame: presented.index) : nil
        return FrameResult(
            png: png, layout: layout, thumbnail: thumbnail, time: presented.time, index: presented.index)
    }
}
