import CLibPNG
import Foundation

/// A PNG encoding failure, with libpng's message when it produced one.
public enum PNGEncoderError: Error, Equatable, CustomStringConvertible, Sendable {
    /// libpng's simplified API refused the image; the text is libpng's `png_image.message`.
    case libpng(String)
    /// `.rgb` was requested for an image with non-opaque pixels (alpha would be lost).
    case notOpaque
    /// Width or height zero, or too large for PNG / libpng.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .libpng(let message): return "PNG encoding failed (libpng): \(message)"
        case .notOpaque: return "PNG encoding failed: RGB output requested for an image with transparency"
        case .invalidSize(let w, let h): return "PNG encoding failed: invalid image size \(w)×\(h)"
        }
    }
}

/// RGBAImage → PNG bytes through libpng's simplified write API (`png_image_write_to_memory`;
/// no setjmp/longjmp crosses Swift frames). Output is deterministic: no time chunk, no text
/// chunks; the simplified API writes IHDR, sRGB (with gAMA/cHRM as libpng decides), IDAT, IEND.
///
/// libpng's simplified API exposes exactly two compression settings, so that is what `Compression`
/// offers: `.standard` (zlib level 6 with libpng's adaptive per-row filters, like Cairo's own
/// writer) and `.fast` (`PNG_IMAGE_FLAG_FAST`: libpng 1.6 uses zlib level 3 — bigger files,
/// noticeably faster; the choice for animation frames).
public struct PNGEncoder: Sendable {
    /// The version of libpng that encodes (and decodes) PNGs, e.g. "1.6.48".
    public static var libraryVersion: String { String(cString: png_get_libpng_ver(nil)) }

    public enum Compression: String, Sendable, CaseIterable {
        case standard
        case fast
    }

    public enum ColorMode: Sendable, Equatable {
        /// 8-bit RGBA (colour type 6).
        case rgba
        /// 8-bit RGB (colour type 2); throws `notOpaque` if any pixel has alpha < 255.
        case rgb
        /// RGB when every pixel is opaque, RGBA otherwise. Don't use it for APNG frames, which
        /// must all share one IHDR.
        case automatic
    }

    public var compression: Compression
    public var colorMode: ColorMode

    public init(compression: Compression = .fast, colorMode: ColorMode = .rgba) {
        self.compression = compression
        self.colorMode = colorMode
    }

    public func encode(_ image: RGBAImage) throws -> Data {
        guard image.width > 0, image.height > 0,
            UInt32(exactly: image.width) != nil, UInt32(exactly: image.height) != nil,
            image.width <= 0x7fff_ffff / 4
        else { throw PNGEncoderError.invalidSize(width: image.width, height: image.height) }

        let opaque = PNGEncoder.isOpaque(image)
        let useRGB: Bool
        switch colorMode {
        case .rgba: useRGB = false
        case .rgb:
            guard opaque else { throw PNGEncoderError.notOpaque }
            useRGB = true
        case .automatic: useRGB = opaque
        }
        return try PNGEncoder.write(
            useRGB ? PNGEncoder.packRGB(image) : image.pixels, width: image.width, height: image.height,
            rgb: useRGB, compression: compression)
    }

    /// Encodes packed 8-bit RGB rows (`width * height * 3` bytes), e.g. from
    /// `ImageSurface.opaqueRGBBytes()`, as colour type 2. Nothing in FlowSim uses it any more.
    @available(
        *, deprecated,
        message:
            "use PNGEncoder(colorMode: .rgb).encode(_:), or ImageSurface.opaqueRGBPNG(compression:) for a rendered surface"
    )
    public func encodeRGB(_ bytes: [UInt8], width: Int, height: Int) throws -> Data {
        guard width > 0, height > 0, width <= 0x7fff_ffff / 4, UInt32(exactly: height) != nil,
            bytes.count == width * height * 3
        else { throw PNGEncoderError.invalidSize(width: width, height: height) }
        return try PNGEncoder.write(bytes, width: width, height: height, rgb: true, compression: compression)
    }

    private static func write(
        _ buffer: [UInt8], width: Int, height: Int, rgb useRGB: Bool, compression: Compression
    ) throws -> Data {
        let channels = useRGB ? 3 : 4
        let stride = width * channels

        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(width)
        png.height = png_uint_32(height)
        png.format = png_uint_32(useRGB ? PNG_FORMAT_FLAG_COLOR : PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        png.flags = compression == .fast ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0

        // Generous first guess (stored deflate blocks + chunk overhead); libpng reports the exact
        // size when it is too small and we retry once.
        let raw = (stride + 1) * height
        var capacity = raw + raw / 128 + 8192
        for _ in 0..<2 {
            // Written by libpng before it is read: not zero-filled first (a frame's 3 MB memset
            // cost more than its copy-out of the ~70 KB compressed).
            let output = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            defer { output.deallocate() }
            var bytes = png_alloc_size_t(capacity)
            let ok = buffer.withUnsafeBytes { source in
                png_image_write_to_memory(&png, output, &bytes, 0, source.baseAddress, png_int_32(stride), nil)
            }
            if ok != 0 {
                png_image_free(&png)
                // Exactly the PNG's bytes: a PNG kept for later (a golden to record, a report
                // image) must not keep the uncompressed-size buffer (1,200 recorded 750 × 1334 px
                // goldens once held 4.3 GB instead of 54 MB).
                return Data(bytes: output, count: Int(bytes))
            }
            let message = libpngMessage(png)
            png_image_free(&png)
            if Int(bytes) > capacity {
                capacity = Int(bytes)
                png.opaque = nil
                png.warning_or_error = 0
                continue
            }
            throw PNGEncoderError.libpng(message)
        }
        throw PNGEncoderError.libpng("output buffer too small")
    }

    static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    static func packRGB(_ image: RGBAImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            image.pixels.withUnsafeBufferPointer { p in
                var s = 0
                var d = 0
                for _ in 0..<count {
                    out[d] = p[s]
                    out[d + 1] = p[s + 1]
                    out[d + 2] = p[s + 2]
                    s += 4
                    d += 3
                }
            }
            initialized = count * 3
        }
    }
}

/// libpng's message (a NUL-terminated `char[64]` inside `png_image`), or a fixed text when it
/// left none. Shared by `PNGEncoder` and `PNGDecoder`.
func libpngMessage(_ image: png_image) -> String {
    var copy = image.message
    let text = withUnsafeBytes(of: &copy) { raw -> String in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "libpng reported an error without a message" : text
}
