import Foundation

/// A CSS / Core Animation timing function: the cubic Bézier from (0, 0) to (1, 1) with control
/// points (x1, y1) and (x2, y2). The progress at time fraction t is y(s) where x(s) = t.
///
/// x1 and x2 are clamped to [0, 1] (as CSS requires of `cubic-bezier()`), which makes x(s)
/// monotonic, so x(s) = t has exactly one root in [0, 1]. It is found the way WebKit's
/// UnitBezier does (an independent implementation): up to 8 Newton steps from s = t, accepted
/// when |x(s) − t| < 1e-12, otherwise bisection on [0, 1] to the same tolerance (at most 64
/// halvings, at which point the interval is below 1e-19). Because |dy/dx| of the named curves
/// is at most about 3.3, the progress error is below 1e-11, well under the 1e-7 required.
public struct CubicBezier: Equatable, Hashable, Sendable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// Tolerance on x(s) − t.
    static let tolerance = 1e-12

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = UIKitSpring.clamp(x1, 0...1)
        self.y1 = y1
        self.x2 = UIKitSpring.clamp(x2, 0...1)
        self.y2 = y2
    }

    /// `kCAMediaTimingFunctionEaseIn`.
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut`.
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`.
    public static let easeInEaseOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The polynomial coefficients of one coordinate: p(s) = ((a·s + b)·s + c)·s.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    func x(_ s: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        return ((a * s + b) * s + c) * s
    }

    func y(_ s: Double) -> Double {
        let (a, b, c) = Self.coefficients(y1, y2)
        return ((a * s + b) * s + c) * s
    }

    func dx(_ s: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        return (3 * a * s + 2 * b) * s + c
    }

    /// The curve parameter s in [0, 1] with x(s) = t (t clamped to [0, 1]).
    func parameter(forX t: Double) -> Double {
        let t = UIKitSpring.clamp(t, 0...1)
        var s = t
        for _ in 0..<8 {
            let error = x(s) - t
            if abs(error) < Self.tolerance { return s }
            let slope = dx(s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if !(0...1).contains(s) { break }
        }
        var low = 0.0
        var high = 1.0
        s = t
        for _ in 0..<64 {
            let value = x(s)
            if abs(value - t) < Self.tolerance { return s }
            if value < t { low = s } else { high = s }
            s = 0.5 * (low + high)
        }
        return s
    }

    /// y at time fraction t: 0 for t ≤ 0, 1 for t ≥ 1 (exactly), y(x⁻¹(t)) in between.
    public func progress(atFraction t: Double) -> Double {
        if t.isNaN { return t }
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return y(parameter(forX: t))
    }
}
