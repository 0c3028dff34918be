import CCairo
import FlowSimImage
import Foundation

extension ImageSurface {
    /// Rows packed per band of `opaqueRGBPNG`: about 16 KB, so a band is packed and read back by
    /// the encoder while it is still in the core's cache.
    static let bandBytes = 16 << 10

    /// The surface as an RGB PNG (colour type 2), or nil when some pixel is not fully opaque: each
    /// band of rows is packed from Cairo's ARGB32 straight into the encoder (`PNGRowWriter`, the
    /// bytes `PNGEncoder` writes for the same pixels), so the pixels are packed once, into a
    /// small buffer, instead of into a whole-frame RGB copy (3 MB at 750 × 1334 px) that the
    /// encoder then reads again.
    public func opaqueRGBPNG(compression: PNGEncoder.Compression) throws -> Data? {
        guard width > 0, height > 0 else { return nil }
        let rowBytes = width * 3
        let band = max(1, min(height, ImageSurface.bandBytes / rowBytes))
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: band * rowBytes, alignment: 16)
        defer { buffer.deallocate() }
        let writer = try PNGRowWriter(width: width, height: height, rgba: false, compression: compression)
        var y = 0
        while y < height {
            let rows = y..<min(height, y + band)
            // Nil for a surface that is not ARGB32 or has a translucent pixel in these rows.
            guard try packOpaqueRGBRows(rows, into: buffer) else { return nil }
            try writer.write(rows: buffer, stride: rowBytes, count: rows.count)
            y = rows.upperBound
        }
        return try writer.finish()
    }
}

extension ImageSurface {
    /// Whether every pixel's alpha is 255 or 0: premultiplying the surface's `rgbaImage()` again
    /// gives exactly these pixels back (other alphas may round differently).
    func isOpaqueOrClear() throws -> Bool {
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_status(pointer), "read surface")
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32 else { return false }
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(pointer) else { return true }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        for y in 0..<height {
            let row = UnsafeRawPointer(data).advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let alpha = row[x] >> 24
                if alpha != 0 && alpha != 255 { return false }
            }
        }
        return true
    }
}
