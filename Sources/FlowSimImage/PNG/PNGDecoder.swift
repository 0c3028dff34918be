import CLibPNG
import FlowSimOutput
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Decodes PNG files of every colour type and bit depth libpng reads (grey, grey+alpha,
/// palette, RGB, RGBA; 1/2/4/8/16-bit; tRNS; interlaced) into an 8-bit straight-alpha
/// `RGBAImage`, through libpng's simplified API (`png_image_*`). That API catches libpng's
/// errors itself (its own setjmp inside `png_safe_execute`), so every failure comes back here
/// as a return code plus `png_image.message`, never as a longjmp through Swift frames.
///
/// Fast path: 8-bit non-interlaced grey, grey+alpha, palette, RGB and RGBA files without
/// colour-changing chunks are decoded by `PNGFastDecoder` (libdeflate inflate, Swift filters),
/// byte-identical to libpng's output; any other or damaged file goes through libpng as before.
///
/// Sample values, and how they relate to pngjs (the decoder behind pixelmatch's CLI and tests):
/// - 8-bit and palette images: samples are copied unchanged; palette and tRNS are expanded,
///   grey is replicated into R, G and B, a missing alpha channel becomes 255.
/// - 1/2/4-bit grey: scaled to 8 bits by bit replication (`v * 255 / (2^d - 1)`, exact).
/// - 16-bit images: we set `PNG_IMAGE_FLAG_16BIT_sRGB`, so libpng treats the samples as
///   sRGB-encoded (its default would assume *linear* 16-bit data and push it through the sRGB
///   curve, turning 0x8000 into about 188). With matching input and output encodings libpng
///   reduces each sample with `png_set_scale_16`, i.e. `round(v * 255 / 65535)` =
///   `round(v / 257)`, ties cannot occur. pngjs does the same (`floor(v * 255 / 65535 + 0.5)`),
///   so counts agree. Consequence: 16-bit images lose their low byte before comparison; two
///   16-bit images that differ by less than half an 8-bit step compare equal. This is not
///   `png_set_strip_16` (keep the high byte): 0x8100 becomes 128, not 129.
/// - Deliberate difference from pngjs: a file whose gAMA chunk is *not* close to sRGB
///   (for example gamma 1.0) is converted to sRGB by libpng; pngjs ignores gAMA. An iCCP
///   profile is ignored by both.
public enum PNGDecoder {
    /// Default upper bound on `width * height` (64 Mi pixels, a 256 MiB RGBA buffer), checked
    /// against the header before any pixel memory is allocated.
    public static let defaultMaxPixelCount = 1 << 26

    /// Reads and decodes the file at `path`. The signature and the header are read first: a
    /// file that is not a PNG, or whose header declares more than `maxPixelCount` pixels, is
    /// refused before the rest is read; so is a file far larger than its pixels can need
    /// (8 bytes a pixel plus 64 MiB of other chunks). Errors name the path and the reason, never
    /// the file's content.
    public static func decode(
        contentsOfFile path: String, maxPixelCount: Int = defaultMaxPixelCount
    ) throws -> RGBAImage {
        func unreadable(_ reason: OutputReason) -> PNGDecodingError {
            PNGDecodingError(kind: .unreadable, path: path, reason: reason.description)
        }
        // Opened without blocking (opening a FIFO blocks until a writer comes), then read with
        // blocking reads: a FIFO with no writer reads as empty at once, a pipe with one (`<(…)`)
        // is read to its end.
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw unreadable(.lastSystemError) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unreadable(.lastSystemError) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw unreadable(.isAFolder) }
        // A FIFO stays non-blocking and is waited on with a deadline: a writer that keeps it open
        // and never writes cannot hold the run forever.
        let isFIFO = info.st_mode & S_IFMT == S_IFIFO
        if !isFIFO {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                throw unreadable(.lastSystemError)
            }
        }
        let deadline = Date().addingTimeInterval(Double(fifoWait))
        var data = [UInt8]()
        func read(upTo limit: Int) throws {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while data.count < limit {
                let n = chunk.withUnsafeMutableBytes {
                    Glibc.read(fd, $0.baseAddress, min($0.count, limit - data.count))
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    if isFIFO && errno == EAGAIN {
                        let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                        guard left > 0, poll(&waiting, 1, left) != 0 else {
                            throw PNGDecodingError(
                                kind: .unreadable, path: path,
                                reason: "it is a FIFO and nothing was written to it within \(fifoWait) s")
                        }
                        continue
                    }
                    throw unreadable(.lastSystemError)
                }
                if n == 0 { return }
                data += chunk[0..<n]
            }
        }
        try read(upTo: 33)
        let header = try data.withUnsafeBytes { raw in try checkHeader(raw, path: path, maxPixelCount: maxPixelCount) }
        let limit = header.pixels * 8 + header.height + (64 << 20)
        try read(upTo: limit + 1)
        guard data.count <= limit else {
            throw PNGDecodingError(
                kind: .tooLarge, path: path,
                reason: "the file is larger than a \(header.width)x\(header.height) PNG can need (\(limit) bytes)")
        }
        return try decode(Data(data), path: path, maxPixelCount: maxPixelCount)
    }

    /// Seconds a FIFO named as an image may go without data before the read is given up (the
    /// wait FlowSim gives a FIFO output for a reader).
    nonisolated(unsafe) static var fifoWait = 10

    /// The pixel count a PNG file's header declares (width × height), reading only its first 24
    /// bytes; nil when the file cannot be read or is not a PNG.
    /// Only regular files are read (a FIFO named as an image never blocks this).
    public static func headerPixelCount(path: String) -> Int? {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 24)
        guard read(fd, &bytes, 24) == 24 else { return nil }
        return bytes.withUnsafeBytes { raw in
            guard let header = try? checkHeader(raw, path: path, maxPixelCount: Int.max) else { return nil }
            return header.pixels
        }
    }

    /// The signature and, when present, the IHDR dimensions against the pixel limit (CRC and the
    /// rest are left to the decoders).
    static func checkHeader(
        _ bytes: UnsafeRawBufferPointer, path: String, maxPixelCount: Int
    ) throws -> (width: Int, height: Int, pixels: Int) {
        try checkSignature(bytes, path: path)
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return (0, 0, 0) }
        func u32(_ offset: Int) -> Int { bigEndian32(bytes, at: offset) }
        let width = u32(16)
        let height = u32(20)
        let product = width.multipliedReportingOverflow(by: height)
        guard !product.overflow, product.partialValue <= maxPixelCount else {
            throw PNGDecodingError(
                kind: .tooLarge, path: path, reason: "\(width)x\(height) exceeds the limit of \(maxPixelCount) pixels")
        }
        return (width, height, width * height)
    }

    /// Decodes PNG bytes; `path` only names the source in error messages.
    public static func decode(
        _ data: Data, path: String = "<memory>", maxPixelCount: Int = defaultMaxPixelCount
    ) throws -> RGBAImage {
        try data.withUnsafeBytes { raw in
            try decode(bytes: raw, path: path, maxPixelCount: maxPixelCount)
        }
    }

    /// Decodes PNG bytes held in a buffer; `path` only names the source in error messages.
    public static func decode(
        bytes: UnsafeRawBufferPointer, path: String = "<memory>",
        maxPixelCount: Int = defaultMaxPixelCount
    ) throws -> RGBAImage {
        try checkSignature(bytes, path: path)
        try checkDataCanFill(bytes, path: path)
        // Common case (8-bit, non-interlaced, no colour-changing chunks): libdeflate and Swift
        // filters, byte-identical to libpng's output. Everything else, including every damaged
        // file, goes to libpng, so errors keep libpng's kinds and messages.
        if let image = PNGFastDecoder.decode(bytes, maxPixelCount: maxPixelCount) {
            return image
        }
        // 16-bit interlaced: libpng's simplified API gets these wrong; decode the equivalent
        // non-interlaced file instead (see PNGDeinterlacer).
        if PNGDeinterlacer.needsRewrite(bytes),
            let rewritten = PNGDeinterlacer.rewrite(bytes, maxPixelCount: maxPixelCount)
        {
            return try rewritten.withUnsafeBytes {
                try decodeWithLibPNG(bytes: $0, path: path, maxPixelCount: maxPixelCount)
            }
        }
        return try decodeWithLibPNG(bytes: bytes, path: path, maxPixelCount: maxPixelCount)
    }

    /// The big-endian 32-bit number at `offset` (chunk lengths, IHDR dimensions).
    static func bigEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// deflate's largest expansion: 1032 output bytes per input byte (zlib's documentation, "the
    /// maximum compression factor is 1032:1", from 258-byte matches at 2 bits each).
    static let maxDeflateRatio = 1032

    /// Refuses a file too small to hold the pixels its header declares, before any pixel memory
    /// is allocated: the image data inflates to at least `height × (1 + ⌈width × bits per pixel /
    /// 8⌉)` bytes (filter bytes included; interlacing only adds), and its IDAT payloads, inflated
    /// at deflate's best ratio, could not reach that (padding in other chunks does not count). A 65-byte file declaring 8192 × 8192 px (an
    /// empty IDAT) otherwise cost 290 MB before libpng found the data missing.
    static func checkDataCanFill(_ bytes: UnsafeRawBufferPointer, path: String) throws {
        guard bytes.count >= 29, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return }
        func u32(_ offset: Int) -> Int { bigEndian32(bytes, at: offset) }
        let width = u32(16)
        let height = u32(20)
        let channels: Int
        switch bytes[25] {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return  // libpng names a bad colour type
        }
        let bits = width.multipliedReportingOverflow(by: Int(bytes[24]) * channels)
        let row = (bits.partialValue + 7) / 8 + 1
        let needed = height.multipliedReportingOverflow(by: row)
        // The image data is the IDAT chunks' payload: ancillary chunks (padding) do not count.
        var idat = 0
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            if Array(bytes[(offset + 4)..<(offset + 8)]) == Array("IDAT".utf8) {
                idat += min(length, bytes.count - offset - 8)
            }
            let next = offset.addingReportingOverflow(12 + length)
            guard !next.overflow else { break }
            offset = next.partialValue
        }
        let room = idat.multipliedReportingOverflow(by: maxDeflateRatio)
        guard !bits.overflow, !needed.overflow, !room.overflow, needed.partialValue > room.partialValue else {
            return
        }
        throw PNGDecodingError(
            kind: .corrupt, path: path,
            reason:
                "truncated: \(idat) bytes of compressed image data cannot hold the \(needed.partialValue) bytes of a \(width)x\(height) PNG"
        )
    }

    /// The libpng path alone (no fast path); the signature is checked again here.
    static func decodeWithLibPNG(
        bytes: UnsafeRawBufferPointer, path: String, maxPixelCount: Int
    ) throws -> RGBAImage {
        try checkSignature(bytes, path: path)
        guard let base = bytes.baseAddress else {
            throw PNGDecodingError(kind: .notPNG, path: path, reason: "no data")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }

        guard png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
            throw PNGDecodingError(kind: .corrupt, path: path, reason: libpngMessage(image))
        }
        let width = Int(image.width)
        let height = Int(image.height)
        let pixelCount = width.multipliedReportingOverflow(by: height)
        guard !pixelCount.overflow, pixelCount.partialValue <= maxPixelCount else {
            throw PNGDecodingError(
                kind: .tooLarge, path: path,
                reason: "\(width)x\(height) exceeds the limit of \(maxPixelCount) pixels")
        }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let byteCount = pixelCount.partialValue * 4
        var finishOK = false
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            // libpng writes every byte of every row on success; on failure the contents are
            // discarded below, so zero-fill only matters for memory-safety of the array.
            if let out = buffer.baseAddress {
                out.initialize(repeating: 0, count: byteCount)
                finishOK = png_image_finish_read(&image, nil, out, png_int_32(width * 4), nil) != 0
            } else {
                finishOK = byteCount == 0
            }
            count = byteCount
        }
        guard finishOK else {
            throw PNGDecodingError(kind: .corrupt, path: path, reason: libpngMessage(image))
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func checkSignature(_ bytes: UnsafeRawBufferPointer, path: String) throws {
        if bytes.isEmpty {
            throw PNGDecodingError(kind: .notPNG, path: path, reason: "the file is empty")
        }
        guard bytes.count >= signature.count,
            zip(bytes.prefix(signature.count), signature).allSatisfy({ $0 == $1 })
        else {
            throw PNGDecodingError(
                kind: .notPNG, path: path,
                reason: "missing the PNG signature")
        }
    }
}
