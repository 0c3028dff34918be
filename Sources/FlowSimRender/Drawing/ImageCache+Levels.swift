import Foundation

extension PremultipliedImage {
    /// The image at half its size (rounded up), each pixel the mean of a 2 × 2 block of
    /// premultiplied ARGB pixels (edge pixels of an odd size repeat the last row or column).
    /// Averaging premultiplied values is exact compositing arithmetic: no fringes at edges.
    func halved() -> PremultipliedImage {
        let w = (width + 1) / 2
        let h = (height + 1) / 2
        var out = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<h {
                    let row0 = 2 * y * width
                    let row1 = min(2 * y + 1, height - 1) * width
                    for x in 0..<w {
                        let x0 = 2 * x
                        let x1 = min(2 * x + 1, width - 1)
                        let a = source[row0 + x0]
                        let b = source[row0 + x1]
                        let c = source[row1 + x0]
                        let d = source[row1 + x1]
                        var pixel: UInt32 = 0
                        for shift: UInt32 in [0, 8, 16, 24] {
                            let sum =
                                (a >> shift & 0xFF) + (b >> shift & 0xFF) + (c >> shift & 0xFF) + (d >> shift & 0xFF)
                            pixel |= ((sum + 2) / 4) << shift
                        }
                        target[y * w + x] = pixel
                    }
                }
            }
        }
        return PremultipliedImage(width: w, height: h, pixels: out)
    }
}

extension ImageCache {
    /// The image at `path` to draw at `width × height` device pixels: the decoded image, or, when
    /// that is more than twice as large both ways, the smallest of its halvings still at least
    /// that large. Cairo's filter then shrinks it by at most 2 (cheap), instead of sampling, in
    /// every frame, an 8192² image shown in a cell 200 px wide (2.6 s a frame for four such cells
    /// before). Halvings are made once per image, on first need, and kept.
    public func image(atPath path: String, drawnAt width: Double, _ height: Double) throws -> PremultipliedImage {
        var image = try image(atPath: path)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return image }
        var level = 0
        while Double((image.width + 1) / 2) >= width && Double((image.height + 1) / 2) >= height,
            image.width > 1 || image.height > 1
        {
            level += 1
            image = try halving(of: path, level: level, from: image)
        }
        return image
    }
}
