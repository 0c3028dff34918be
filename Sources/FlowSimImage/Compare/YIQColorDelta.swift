/// pixelmatch's colour distance (Kotsarenko & Ramos, "Measuring perceived color difference
/// using YIQ NTSC transmission color space in mobile applications", 2010).
///
/// Every expression keeps pixelmatch's operand order in IEEE double arithmetic, because counts
/// must agree exactly at the threshold boundary:
/// - blend over white for A < 255: `c' = 255 + (c − 255) · (A / 255)`;
/// - `Y = 0.29889531 R + 0.58662247 G + 0.11448223 B`,
///   `I = 0.59597799 R − 0.27417610 G − 0.32180189 B`,
///   `Q = 0.21147017 R − 0.52261711 G + 0.31114694 B`;
/// - `δ = 0.5053 ΔY² + 0.299 ΔI² + 0.1957 ΔQ²`, at most 35215 (black against white).
enum YIQColorDelta {
    /// R, G, B of the pixel at byte `offset`, blended over white when not opaque.
    @inline(__always)
    static func blended(_ p: UnsafePointer<UInt8>, _ offset: Int) -> (Double, Double, Double) {
        let r = Double(p[offset])
        let g = Double(p[offset &+ 1])
        let b = Double(p[offset &+ 2])
        let alpha = p[offset &+ 3]
        if alpha == 255 { return (r, g, b) }
        let a = Double(alpha) / 255
        return (255 + (r - 255) * a, 255 + (g - 255) * a, 255 + (b - 255) * a)
    }

    @inline(__always)
    static func y(_ c: (Double, Double, Double)) -> Double {
        c.0 * 0.29889531 + c.1 * 0.58662247 + c.2 * 0.11448223
    }

    @inline(__always)
    static func i(_ c: (Double, Double, Double)) -> Double {
        c.0 * 0.59597799 - c.1 * 0.27417610 - c.2 * 0.32180189
    }

    @inline(__always)
    static func q(_ c: (Double, Double, Double)) -> Double {
        c.0 * 0.21147017 - c.1 * 0.52261711 + c.2 * 0.31114694
    }

    /// Blended brightness Y of one pixel. pixelmatch's `colorDelta(…, yOnly)` between two
    /// pixels equals the difference of these (it is 0 for byte-equal pixels either way).
    @inline(__always)
    static func brightness(_ p: UnsafePointer<UInt8>, _ offset: Int) -> Double {
        y(blended(p, offset))
    }

    /// δ between `a` and `b` at the same byte `offset`, negative when `a` is brighter
    /// (pixelmatch encodes "actual got darker/lighter" in the sign for `diffColorAlt`).
    /// The caller has already excluded byte-equal pixels (pixelmatch returns 0 for those).
    @inline(__always)
    static func delta(
        _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ offset: Int
    ) -> Double {
        let c1 = blended(a, offset)
        let c2 = blended(b, offset)
        let y1 = y(c1)
        let y2 = y(c2)
        let dy = y1 - y2
        let di = i(c1) - i(c2)
        let dq = q(c1) - q(c2)
        let d = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -d : d
    }
}
