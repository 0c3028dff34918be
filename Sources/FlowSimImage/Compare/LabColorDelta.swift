import Foundation

/// CIE ΔE 1994 between two pixels in CIELAB, the colour difference Core Image's `CILabDeltaE`
/// reports ("ΔE 1994 values between 0 and 100, where 2.0 is a just-noticeable difference") and
/// swift-snapshot-testing's `perceptualPrecision` thresholds. docs/goldens.md gives the evidence
/// and what Apple does not document (Core Image's colour conversion).
///
/// The conversion is the standard one, with scikit-image's constants (`rgb2lab`,
/// `deltaE_ciede94`), against which Tests/FlowSimRenderTests/Fixtures/perceptual is computed:
/// - sRGB decoding (IEC 61966-2-1): `c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4`;
/// - linear sRGB → XYZ with the sRGB primaries and the D65 white point;
/// - XYZ → L*a*b* relative to D65 (0.95047, 1, 1.08883): `f(t) = t^(1/3)` above 0.008856,
///   else `7.787 t + 16/116`;
/// - ΔE94 with the graphic-arts weights (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015), the
///   expected pixel being the reference whose chroma scales S_C and S_H (ΔE94 is not symmetric).
///
/// A pixel that is not opaque is composited over black in linear light (premultiplied, as Core
/// Image's working values are); opaque pixels, which goldens hold, are unaffected.
enum LabColorDelta {
    /// sRGB-encoded byte → linear value.
    static let linear: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    @inline(__always)
    static func f(_ t: Double) -> Double {
        t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116.0
    }

    /// L*, a*, b* of the pixel at byte `offset`.
    @inline(__always)
    static func lab(_ p: UnsafePointer<UInt8>, _ offset: Int) -> (l: Double, a: Double, b: Double) {
        var r = linear[Int(p[offset])]
        var g = linear[Int(p[offset &+ 1])]
        var b = linear[Int(p[offset &+ 2])]
        let alpha = p[offset &+ 3]
        if alpha != 255 {
            let a = Double(alpha) / 255
            r *= a
            g *= a
            b *= a
        }
        let x = (0.412453 * r + 0.357580 * g + 0.180423 * b) / 0.95047
        let y = 0.212671 * r + 0.715160 * g + 0.072169 * b
        let z = (0.019334 * r + 0.119193 * g + 0.950227 * b) / 1.08883
        let fx = f(x)
        let fy = f(y)
        let fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// ΔE94 of `sample` against `reference` (ΔH² as 2(C₁C₂ − a₁a₂ − b₁b₂), which stays ≥ 0
    /// where the textbook ΔE²ab − ΔL² − ΔC² can round below 0).
    @inline(__always)
    static func deltaE94(
        reference lab1: (l: Double, a: Double, b: Double), sample lab2: (l: Double, a: Double, b: Double)
    ) -> Double {
        let c1 = (lab1.a * lab1.a + lab1.b * lab1.b).squareRoot()
        let c2 = (lab2.a * lab2.a + lab2.b * lab2.b).squareRoot()
        let dL = lab1.l - lab2.l
        let dC = c1 - c2
        let dH2 = 2 * (c1 * c2 - (lab1.a * lab2.a + lab1.b * lab2.b))
        let sc = 1 + 0.045 * c1
        let sh = 1 + 0.015 * c1
        let e2 = dL * dL + (dC / sc) * (dC / sc) + dH2 / (sh * sh)
        return max(e2, 0).squareRoot()
    }
}
