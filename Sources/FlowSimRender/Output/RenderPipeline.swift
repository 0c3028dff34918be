import FlowSim
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
/// `animation.png` (APNG) into a folder, atomically (see `AtomicDirectoryWriter`).
///
/// Frames are rendered + encoded by `concurrency` workers (`DispatchQueue.concurrentPerform`)
/// in batches of `concurrency × 4` frames; after each batch its PNGs are written in frame order.
/// Only the encoded PNGs and small thumbnails (the scene re-drawn at thumbnail scale) are kept in
/// memory, never all full-size frames.
public struct RenderPipeline: Sendable {
    public var renderer: FrameRenderer
    public var encoder: PNGEncoder
    public var framesPerSecond: Double
    /// nil: no contact sheet.
    public var contactSheet: ContactSheet?
    public var writesAnimation: Bool
    public var concurrency: Int

    /// Defaults: fast PNG encoding, RGB when the background is opaque (every pixel then is),
    /// contact sheet and APNG on, all cores.
    public init(
        renderer: FrameRenderer, framesPerSecond: Double = 60, encoder: PNGEncoder? = nil,
        contactSheet: ContactSheet? = ContactSheet(), writesAnimation: Bool = true,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.renderer = renderer
        self.framesPerSecond = framesPerSecond
        self.encoder = encoder ?? PNGEncoder(
            compression: .fast, colorMode: renderer.style.background.alpha >= 1 ? .rgb : .rgba)
        self.contactSheet = contactSheet
        self.writesAnimation = writesAnimation
        self.concurrency = max(1, concurrency)
    }

    public static func frameFileName(_ index: Int) -> String {
        String(format: "frame_%04d.png", index)
    }

    /// Renders and encodes one frame (what every worker does). Opaque frames with an RGB or
    /// automatic encoder skip the RGBA copy: Cairo's pixels are packed straight to RGB.
    public func encodeFrame(_ frame: PresentedFrame) throws -> Data {
        let surface = try renderer.renderSurface(frame)
        if encoder.colorMode != .rgba, let rgb = try surface.opaqueRGBBytes() {
            return try encoder.encodeRGB(rgb, width: surface.width, height: surface.height)
        }
        return try encoder.encode(surface.rgbaImage())
    }

    /// The renderer for contact-sheet thumbnails: the same scene drawn again at the thumbnail's
    /// scale (crisper and much cheaper than filtering the full-size frame down).
    var thumbnailRenderer: FrameRenderer? {
        guard let sheet = contactSheet, renderer.viewport.width > 0 else { return nil }
        var thumb = renderer
        thumb.viewport.scale = Double(max(1, sheet.thumbnailWidth)) / renderer.viewport.width
        return thumb
    }

    public func render(
        frames: [PresentedFrame], to directory: URL,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws -> RenderSummary {
        try render(frameCount: frames.count, frame: { frames[$0] }, to: directory, progress: progress)
    }

    /// Renders frames `0..<frameCount`, asking `frame(i)` for each (called on worker threads).
    /// Each file is named after the frame's own `index` (`frame_0030.png`), so a subset of a
    /// timeline's frames keeps the names the full render gives them.
    /// `progress` is called after every frame, serialized, from worker threads. On any error the
    /// destination is left as it was and the error is rethrown.
    public func render(
        frameCount: Int, frame: @escaping @Sendable (Int) throws -> PresentedFrame, to directory: URL,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws -> RenderSummary {
        let start = Date()
        // Fail before any folder is touched or frame drawn (a too-large render would otherwise
        // succeed and leave frames `check` and `diff` cannot read back).
        try renderer.viewport.validate()
        let writer = try AtomicDirectoryWriter(destination: directory)
        do {
            var files: [String] = []
            var bytes = 0
            var pngs: [Data] = []
            var thumbnails: [RGBAImage] = []
            var times: [Double] = []
            let state = BatchState(total: frameCount, start: start, progress: progress)
            let batch = concurrency * 4
            var batchStart = 0
            while batchStart < frameCount {
                let indices = Array(batchStart..<min(frameCount, batchStart + batch))
                let results = try renderBatch(indices, frame: frame, state: state)
                for result in results {
                    let name = RenderPipeline.frameFileName(result.index)
                    try writer.write(result.png, named: name)
                    files.append(name)
                    bytes += result.png.count
                    if writesAnimation { pngs.append(result.png) }
                    if let thumb = result.thumbnail { thumbnails.append(thumb) }
                    times.append(result.time)
                }
                batchStart += batch
            }
            if let sheet = contactSheet, !thumbnails.isEmpty {
                let png = try PNGEncoder(compression: .standard, colorMode: .automatic)
                    .encode(sheet.render(thumbnails: thumbnails, times: times))
                try writer.write(png, named: "contact-sheet.png")
                files.append("contact-sheet.png")
                bytes += png.count
            }
            if writesAnimation, !pngs.isEmpty {
                let apng = try APNGWriter(framesPerSecond: framesPerSecond).animation(fromPNGs: pngs)
                try writer.write(apng, named: "animation.png")
                files.append("animation.png")
                bytes += apng.count
            }
            try writer.commit()
            return RenderSummary(
                outputDirectory: writer.destination, frameCount: frameCount, files: files,
                bytesWritten: bytes, elapsed: Date().timeIntervalSince(start))
        } catch {
            writer.discard()
            throw error
        }
    }

    private struct FrameResult: Sendable {
        var png: Data
        var thumbnail: RGBAImage?
        var time: Double
        /// The frame's own index (its file name), which need not be its position in the run.
        var index: Int
    }

    private func renderBatch(
        _ indices: [Int], frame: @escaping @Sendable (Int) throws -> PresentedFrame, state: BatchState
    ) throws -> [FrameResult] {
        let slots = ResultSlots<FrameResult>(count: indices.count)
        let workers = min(concurrency, indices.count)
        let thumbnails = thumbnailRenderer
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let slot = slots.next() {
                do {
                    let presented = try frame(indices[slot])
                    let png = try encodeFrame(presented)
                    let thumbnail = try thumbnails?.render(presented)
                    slots.store(.success(FrameResult(png: png, thumbnail: thumbnail, time: presented.time, index: presented.index)), at: slot)
                    state.frameDone()
                } catch {
                    slots.store(.failure(error), at: slot)
                }
            }
        }
        return try slots.results()
    }
}

/// Work distribution and results for one batch; stops handing out work after the first error.
private final class ResultSlots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var failed = false
    private var slots: [Result<T, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed, nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ result: Result<T, Error>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        if case .failure = result { failed = true }
    }

    /// All results in order; the first failure in frame order is thrown, so errors are
    /// reproducible whatever the thread timing.
    func results() throws -> [T] {
        lock.lock()
        defer { lock.unlock() }
        var out: [T] = []
        for slot in slots {
            switch slot {
            case .failure(let error): throw error
            case .success(let value): out.append(value)
            case nil: continue
            }
        }
        return out
    }
}

private final class BatchState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int
    let start: Date
    let progress: (@Sendable (RenderProgress) -> Void)?

    init(total: Int, start: Date, progress: (@Sendable (RenderProgress) -> Void)?) {
        self.total = total
        self.start = start
        self.progress = progress
    }

    func frameDone() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        progress?(RenderProgress(framesDone: done, totalFrames: total, elapsed: Date().timeIntervalSince(start)))
    }
}
