import CCairo
import FlowSimImage
import Foundation

/// A Cairo ARGB32 image surface (premultiplied alpha, native-endian 32-bit pixels), owning its
/// `cairo_surface_t` and destroying it in `deinit`. Not thread-safe: use one per thread.
public final class ImageSurface {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    private init(checked pointer: OpaquePointer, operation: @autoclosure () -> String) throws {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CairoError(status: status, operation: operation())
        }
        self.pointer = pointer
        self.width = Int(cairo_image_surface_get_width(pointer))
        self.height = Int(cairo_image_surface_get_height(pointer))
    }

    /// A transparent ARGB32 surface. Throws Cairo's "invalid value (typically too big) for the
    /// size of the input" for negative or too large sizes.
    public convenience init(width: Int, height: Int) throws {
        guard let w = Int32(exactly: width), let h = Int32(exactly: height) else {
            throw CairoError(
                status: CAIRO_STATUS_INVALID_SIZE,
                operation: "create image surface \(width)×\(height)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else {
            throw CairoError(status: CAIRO_STATUS_NO_MEMORY, operation: "create image surface")
        }
        try self.init(checked: surface, operation: "create image surface \(width)×\(height)")
    }

    /// A surface holding `image`'s pixels (straight RGBA converted to premultiplied ARGB32).
    public convenience init(image: RGBAImage) throws {
        try self.init(width: image.width, height: image.height)
        try write(image)
    }

    /// Reads a PNG file through `cairo_image_surface_create_from_png`. Cairo's reader has no pixel
    /// limit: for files from users, decode with `PNGDecoder` and use `init(image:)`.
    public convenience init(pngPath path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw CairoError(status: CAIRO_STATUS_NO_MEMORY, operation: "read PNG \(path)")
        }
        try self.init(checked: surface, operation: "read PNG \(path)")
        // Cairo may hand back RGB24 or A8 surfaces for some PNGs; callers only use the surface as
        // a paint source, which works for every format.
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Writes the surface with Cairo's own PNG writer (`cairo_surface_write_to_png`).
    public func writePNG(to path: String) throws {
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_write_to_png(pointer, path), "write PNG \(path)")
    }

    /// Replaces the pixels with `image` (same size), premultiplying alpha.
    public func write(_ image: RGBAImage) throws {
        guard image.width == width, image.height == height else {
            throw CairoError(
                status: CAIRO_STATUS_INVALID_SIZE,
                operation: "copy \(image.width)×\(image.height) image into \(width)×\(height) surface")
        }
        guard width > 0, height > 0 else { return }
        try withARGBRows { rowStart, stride in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = UnsafeMutableBufferPointer(
                        start: rowStart.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self), count: width)
                    premultiplyRow(source, from: y * width * 4, into: row)
                }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The pixels as straight-alpha RGBA, un-premultiplying with Cairo's rounding
    /// (`(c * 255 + a / 2) / a`, as cairo-png.c does), fully transparent pixels as 0,0,0,0.
    public func rgbaImage() throws -> RGBAImage {
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_status(pointer), "read surface")
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32 else {
            throw CairoError(status: CAIRO_STATUS_INVALID_FORMAT, operation: "read non-ARGB32 surface")
        }
        guard width > 0, height > 0 else { return RGBAImage(width: width, height: height, pixels: []) }
        let width = width
        let height = height
        // Written in full below (not zero-filled first: a 750 × 1334 frame's 4 MB memset cost
        // as much as its conversion).
        let pixels = try [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            let base = UnsafeMutableRawPointer(out.baseAddress!)
            try withARGBRows { rowStart, stride in
                for y in 0..<height {
                    let row = UnsafeRawPointer(rowStart.advanced(by: y * stride))
                        .assumingMemoryBound(to: UInt32.self)
                    let o = y * width * 4
                    // An opaque row (checked in one pass the compiler vectorises) is a byte swap
                    // per pixel: 0xAARRGGBB → R, G, B, 255.
                    var all: UInt32 = 0xFFFF_FFFF
                    for x in 0..<width { all &= row[x] }
                    if all >> 24 == 255 {
                        let words = base.advanced(by: o).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<width {
                            words[x] = ((row[x].byteSwapped >> 8) | 0xFF00_0000).littleEndian
                        }
                        continue
                    }
                    for x in 0..<width {
                        let p = row[x]
                        let a = p >> 24
                        let i = o + x * 4
                        if a == 255 {
                            out[i] = UInt8(truncatingIfNeeded: p >> 16)
                            out[i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                            out[i + 2] = UInt8(truncatingIfNeeded: p)
                            out[i + 3] = 255
                        } else if a != 0 {
                            out[i] = unpremultiply((p >> 16) & 0xFF, a)
                            out[i + 1] = unpremultiply((p >> 8) & 0xFF, a)
                            out[i + 2] = unpremultiply(p & 0xFF, a)
                            out[i + 3] = UInt8(a)
                        } else {
                            out[i] = 0
                            out[i + 1] = 0
                            out[i + 2] = 0
                            out[i + 3] = 0
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private func withARGBRows(_ body: (UnsafeMutableRawPointer, Int) throws -> Void) throws {
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError(status: CAIRO_STATUS_NULL_POINTER, operation: "access surface pixels")
        }
        try body(UnsafeMutableRawPointer(data), Int(cairo_image_surface_get_stride(pointer)))
    }
}

@inline(__always)
private func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    // cairo-png.c multiply_alpha: t = c * a + 0x80; ((t >> 8) + t) >> 8
    let t = c * a + 0x80
    return ((t >> 8) + t) >> 8
}

@inline(__always)
private func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt8 {
    // Premultiplied channels never exceed alpha in a valid surface; clamp in case.
    UInt8(min(255, (c * 255 + a / 2) / a))
}

/// Straight-alpha RGBA bytes from `source[start...]` to Cairo's premultiplied ARGB32, one pixel
/// per element of `row`, with Cairo's own rounding for premultiplication (cairo-png.c).
private func premultiplyRow(
    _ source: UnsafeBufferPointer<UInt8>, from start: Int, into row: UnsafeMutableBufferPointer<UInt32>
) {
    var s = start
    for x in 0..<row.count {
        let a = UInt32(source[s + 3])
        var r = UInt32(source[s])
        var g = UInt32(source[s + 1])
        var b = UInt32(source[s + 2])
        if a != 255 {
            r = premultiply(r, a)
            g = premultiply(g, a)
            b = premultiply(b, a)
        }
        row[x] = (a << 24) | (r << 16) | (g << 8) | b
        s += 4
    }
}

/// Pixels as Cairo holds them (premultiplied ARGB32, one `UInt32` per pixel, no padding): a
/// thread-safe value for caching decoded images and re-creating surfaces from them exactly.
public struct PremultipliedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]
}

extension PremultipliedImage {
    /// `image`'s straight-alpha RGBA pixels premultiplied (Cairo's rounding), exactly what
    /// `ImageSurface(image:)` holds, without creating a surface.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let count = image.width * image.height
        pixels = [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                premultiplyRow(source, from: 0, into: UnsafeMutableBufferPointer(rebasing: out[0..<count]))
            }
            initialized = count
        }
    }
}

extension ImageSurface {
    /// A surface holding exactly `image`'s premultiplied pixels.
    public convenience init(premultiplied image: PremultipliedImage) throws {
        try self.init(width: image.width, height: image.height)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError(status: CAIRO_STATUS_NULL_POINTER, operation: "access surface pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data).advanced(by: y * stride)
                    .assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width { row[x] = source[y * image.width + x] }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The surface's pixels as premultiplied ARGB32, whatever its format (RGB24 / A8 surfaces
    /// from PNG files are first painted onto an ARGB32 surface).
    public func premultipliedImage() throws -> PremultipliedImage {
        if cairo_image_surface_get_format(pointer) != CAIRO_FORMAT_ARGB32 {
            let converted = try ImageSurface(width: width, height: height)
            let cr = try Context(surface: converted)
            try cr.setSource(self, x: 0, y: 0)
            try cr.paint()
            return try converted.premultipliedImage()
        }
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_status(pointer), "read surface")
        guard width > 0, height > 0 else { return PremultipliedImage(width: width, height: height, pixels: []) }
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError(status: CAIRO_STATUS_NULL_POINTER, operation: "access surface pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data).advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { out[y * width + x] = row[x] }
            }
        }
        return PremultipliedImage(width: width, height: height, pixels: pixels)
    }
}

extension ImageSurface {
    /// The pixels as packed 8-bit RGB (3 bytes per pixel, rows top to bottom), or nil when some
    /// pixel is not fully opaque. Nothing in FlowSim uses it any more: `opaqueRGBPNG(compression:)`
    /// encodes an opaque surface straight from its rows, without this whole-image copy.
    @available(
        *, deprecated,
        message:
            "use opaqueRGBPNG(compression:) to encode an opaque surface, or packOpaqueRGBRows(_:into:) for its bytes"
    )
    public func opaqueRGBBytes() throws -> [UInt8]? {
        guard width > 0, height > 0 else { return nil }
        let count = width * height
        var opaque = true
        let bytes = try [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            opaque = try packOpaqueRGBRows(0..<height, into: UnsafeMutableRawPointer(out.baseAddress!))
            if !opaque {
                // Initialise the buffer so it is valid before it is thrown away.
                out.initialize(repeating: 0)
            }
            initialized = count * 3
        }
        return opaque ? bytes : nil
    }

    /// Packs rows `rows` as 8-bit RGB into `out` (`width * 3` bytes a row, `rows.count` rows);
    /// false, leaving `out` partly written, when a pixel of them is not opaque.
    public func packOpaqueRGBRows(_ rows: Range<Int>, into out: UnsafeMutableRawPointer) throws -> Bool {
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_status(pointer), "read surface")
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32, rows.lowerBound >= 0,
            rows.upperBound <= height, let data = cairo_image_surface_get_data(pointer)
        else { return false }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        for (n, y) in rows.enumerated() {
            let row = UnsafeRawPointer(data).advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            guard ImageSurface.packOpaqueRow(row, width: width, into: out.advanced(by: n * width * 3)) else {
                return false
            }
        }
        return true
    }

    /// One row of ARGB32 pixels as R, G, B bytes; false (nothing written) unless all are opaque.
    @inline(__always)
    static func packOpaqueRow(_ row: UnsafePointer<UInt32>, width: Int, into base: UnsafeMutableRawPointer) -> Bool {
        // The row's opacity first, in one pass the compiler vectorises.
        var all: UInt32 = 0xFFFF_FFFF
        for x in 0..<width { all &= row[x] }
        guard all >> 24 == 255 else { return false }
        // Four pixels (0xAARRGGBB each) to twelve bytes R G B … in three 32-bit stores:
        // `p.byteSwapped >> 8` holds R, G, B from the low byte up.
        var x = 0
        var d = 0
        while x + 4 <= width {
            let q0 = row[x].byteSwapped >> 8
            let q1 = row[x + 1].byteSwapped >> 8
            let q2 = row[x + 2].byteSwapped >> 8
            let q3 = row[x + 3].byteSwapped
            base.storeBytes(of: (q0 | q1 << 24).littleEndian, toByteOffset: d, as: UInt32.self)
            base.storeBytes(of: (q1 >> 8 | q2 << 16).littleEndian, toByteOffset: d + 4, as: UInt32.self)
            base.storeBytes(of: (q2 >> 16 | (q3 & 0xFFFF_FF00)).littleEndian, toByteOffset: d + 8, as: UInt32.self)
            d += 12
            x += 4
        }
        while x < width {
            let p = row[x]
            base.storeBytes(of: UInt8(truncatingIfNeeded: p >> 16), toByteOffset: d, as: UInt8.self)
            base.storeBytes(of: UInt8(truncatingIfNeeded: p >> 8), toByteOffset: d + 1, as: UInt8.self)
            base.storeBytes(of: UInt8(truncatingIfNeeded: p), toByteOffset: d + 2, as: UInt8.self)
            d += 3
            x += 1
        }
        return true
    }
}
