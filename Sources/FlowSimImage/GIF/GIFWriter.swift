import CGif
import FlowSimOutput
import Foundation

/// Animated GIFs through giflib: PR comments, chat and issue trackers
/// play a GIF inline where APNG support is spotty. giflib is the reference codec, packaged by
/// every Linux distribution (Debian: libgif-dev).
///
/// - One global palette for every frame (`GIFPalette`: median cut over all frames' colours),
///   no dithering, so flat colours stay exact and the file compresses well.
/// - Delays come from the frames' times on a centisecond clock (GIF's unit). Browsers show a
///   delay under 2 cs as 10 cs, so a frame less than 2 cs after the last one kept is left out
///   (60 fps plays at 50 fps with one frame in six dropped; `--fps 50` or less keeps all); the
///   first and the last frames are always kept. Times that do not increase get 1/fps each.
/// - Every frame is a full image with disposal to background; the animation loops forever.
public enum GIFWriter {
    public struct Summary: Sendable, Equatable {
        /// Frames in the GIF (positions into the input).
        public var frames: [Int]
        /// Each kept frame's delay in centiseconds.
        public var delays: [Int]
        public var width: Int
        public var height: Int
        public var paletteSize: Int
        public var bytes: Int
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The frames a GIF keeps and their delays (centiseconds) for frames at `times` (seconds);
    /// the last frame shows for 1/fps (at least 2 cs).
    public static func schedule(times: [Double], framesPerSecond: Double) -> (frames: [Int], delays: [Int]) {
        guard !times.isEmpty else { return ([], []) }
        let step = max(2, Int((100 / framesPerSecond).rounded()))
        let increasing = zip(times, times.dropFirst()).allSatisfy { $1 > $0 } && times.allSatisfy(\.isFinite)
        guard increasing else {
            return (Array(times.indices), Array(repeating: step, count: times.count))
        }
        let starts = times.map { Int((($0 - times[0]) * 100).rounded()) }
        // Display starts (centiseconds) of the frames kept.
        var kept: [(frame: Int, start: Int)] = []
        if zip(starts, starts.dropFirst()).allSatisfy({ $1 - $0 >= 2 }) {
            kept = starts.enumerated().map { ($0.offset, $0.element) }
        } else {
            // Frames closer than 2 cs: a 2-cs grid (50 fps), each slot showing the latest frame
            // at or before it.
            var frame = 0
            for slot in 0...(starts[starts.count - 1] / 2) {
                while frame + 1 < times.count && times[frame + 1] - times[0] <= Double(slot) * 0.02 + 1e-9 {
                    frame += 1
                }
                if kept.last?.frame != frame { kept.append((frame, slot * 2)) }
            }
        }
        let last = times.count - 1
        if kept.last?.frame != last {
            // The end state is always shown; when it comes within 2 cs of the frame before it, it
            // takes that frame's place.
            if kept.count > 1 && starts[last] - kept[kept.count - 1].start < 2 { kept.removeLast() }
            kept.append((last, max(starts[last], (kept.last?.start ?? -2) + 2)))
        }
        var delays: [Int] = []
        for (j, entry) in kept.enumerated() {
            let next = j + 1 < kept.count ? kept[j + 1].start : entry.start + step
            delays.append(max(2, next - entry.start))
        }
        return (kept.map(\.frame), delays)
    }

    /// Encodes the frames `image(i)` for `i` in `0..<times.count` (asked twice per kept frame:
    /// once for the palette, once to encode, so only one frame at a time is in memory) and writes
    /// the GIF atomically to `url`.
    @discardableResult
    public static func write(
        times: [Double], framesPerSecond: Double, to url: URL, image: (Int) throws -> RGBAImage
    ) throws -> Summary {
        let data = try encode(times: times, framesPerSecond: framesPerSecond, image: image)
        try AtomicOutput.write(data.gif, to: url, creatingFolders: true)
        return data.summary
    }

    /// `write` without the file: the GIF's bytes and what they hold.
    public static func encode(
        times: [Double], framesPerSecond: Double, image: (Int) throws -> RGBAImage
    ) throws -> (gif: Data, summary: Summary) {
        let (frames, delays) = schedule(times: times, framesPerSecond: framesPerSecond)
        guard !frames.isEmpty else { throw Failure(description: "a GIF needs at least one frame") }
        var histogram = GIFPalette.Histogram()
        var width = 0
        var height = 0
        for (j, frame) in frames.enumerated() {
            let picture = try image(frame)
            if j == 0 {
                width = picture.width
                height = picture.height
            } else if picture.width != width || picture.height != height {
                throw Failure(
                    description: "frame \(frame) is \(picture.width)×\(picture.height), the first is \(width)×\(height)"
                )
            }
            histogram.add(picture)
        }
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw Failure(description: "a GIF is at most 65535×65535 pixels; the frames are \(width)×\(height)")
        }
        let palette = histogram.palette()
        let mapper = GIFPalette.Mapper(palette)
        let sink = ByteSink()
        var error: Int32 = 0
        let opaque = Unmanaged.passUnretained(sink).toOpaque()
        guard
            let gif = EGifOpen(
                opaque,
                { file, bytes, count in
                    guard let file, let bytes, count > 0, let user = file.pointee.UserData else { return 0 }
                    Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(count))
                    return count
                }, &error)
        else {
            throw Failure(description: "giflib: \(giflibMessage(error))")
        }
        var open = true
        func check(_ status: Int32, _ what: String) throws {
            guard status == GIF_OK else {
                let code = gif.pointee.Error
                if open {
                    var ignored: Int32 = 0
                    EGifCloseFile(gif, &ignored)
                    open = false
                }
                throw Failure(description: "giflib: \(what): \(giflibMessage(code))")
            }
        }
        EGifSetGifVersion(gif, true)
        let mapSize = 1 << Int(GifBitSize(Int32(palette.entryCount)))
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: mapSize)
        for (i, c) in palette.colors.enumerated() { colors[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
        guard let map = GifMakeMapObject(Int32(mapSize), colors) else {
            throw Failure(description: "giflib: cannot make a colour map of \(mapSize) entries")
        }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "screen descriptor")
        // Loop forever (the NETSCAPE2.0 application extension, count 0).
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop extension")
        var netscape = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &netscape), "loop extension")
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, 3, &loop), "loop extension")
        try check(EGifPutExtensionTrailer(gif), "loop extension")
        for (j, frame) in frames.enumerated() {
            var control = GraphicsControlBlock(
                DisposalMode: DISPOSE_BACKGROUND, UserInputFlag: false, DelayTime: Int32(delays[j]),
                TransparentColor: palette.transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
            var extensionBytes = [UInt8](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "frame delay")
            let indices = mapper.indices(try image(frame))
            try check(EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, nil), "image descriptor")
            var line = indices
            try line.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<height {
                    try check(EGifPutLine(gif, buffer.baseAddress! + y * width, Int32(width)), "frame \(frame)")
                }
            }
        }
        open = false
        var closeError: Int32 = 0
        guard EGifCloseFile(gif, &closeError) == GIF_OK else {
            throw Failure(description: "giflib: close: \(giflibMessage(closeError))")
        }
        let summary = Summary(
            frames: frames, delays: delays, width: width, height: height, paletteSize: palette.entryCount,
            bytes: sink.data.count)
        return (sink.data, summary)
    }

    final class ByteSink {
        var data = Data()
    }

    static func giflibMessage(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
