import Foundation

/// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`: a
/// unit-mass spring whose decay envelope reaches ε = 0.001 exactly at t = duration.
///
/// - Clamps: ζ to [1.1920929e-7, 1] (`Float.ulpOfOne` … critical; UIKit has no overdamped
///   spring) and the duration d to [0.01, 10] s. The velocity is not clamped.
/// - ω is found with exactly 12 Newton steps from ω = 5/d on `f(ω) = ε − |g(ω)|` with
///   `g(ω) = (ζω − v)/(ω√(1−ζ²)) · e^(−ζωd)` for ζ < 1, and on `g(ω) ∓ ε` with
///   `g(ω) = (1 + (ω − v)d) · e^(−ωd)` for ζ = 1 (+ε when ω < v, else −ε). Nothing guards the steps, as in UIKit: an iterate may turn negative and come
///   back, and the result is wherever the twelfth step lands (k = ω², c = 2ζ|ω|). Where g is
///   exactly 0 (ζ·5/d = v, e.g. d = 1, ζ = 0.4, v = 2) the derivative is the one of the g ≤ 0
///   branch, so the first step goes down: UIKit's k ≈ 24.200 there, not the 25.901 of the
///   root above (UIKit 26.1's `parametersOfSpringAnimation`, called from
///   `UIViewSpringAnimationState -generateSpringPropertiesForDuration:damping:velocity:` with
///   mass 1 and ε = 0.001). Which root the steps reach depends on v, so k jumps as v changes
///   (d = 1, ζ = 0.4: k ≈ 213.8 at v = 1.2, no value at 1.3, 12.0 at 1.4).
/// - Extreme inputs (every clamped ζ and d is one: `--damping 1e-9` plays ζ = 1.19e-7): a step
///   whose double arithmetic overflows (e^(ζωd) beyond 1e308, then ∞ and NaN) is taken again in
///   a form with the exponential factored out, `ω −= (ε·e^(ζωd) − |h|)/(∓k)` with
///   `g = h·e^(−ζωd)`, `g′ = k·e^(−ζωd)`: the same iterate as exact arithmetic, so FlowSim plays
///   the spring UIKit's 12 steps describe rather than the NaN its doubles reach (ζ = 1.19e-7,
///   d = 1, v = 0: the envelope starts below ε, the first step jumps to ω ≈ −7.04e10 and the
///   steps creep back by 1/(ζd) each, ω₀ = 70268122289.75 — a spring that settles in about
///   1 ms). Where an exact iterate lies beyond `saturationFrequency` (d = 0.5, ζ = 0.2, v = 1:
///   the second step is about −e^(2.2e15)), the spring is stiffer than any double can
///   describe and FlowSim plays ω₀ = `saturationFrequency` (`saturated` is true): its value
///   reaches the target within 1e-140 s, which is what any stiffer spring does on screen.
///   Inputs whose steps stay finite are computed exactly as before, bit for bit.
/// - The animation lasts exactly d: at t ≥ d the progress snaps to 1. The residue it jumps
///   over is bounded by about ε/ζ of the distance, not ε: the solve bounds only the sine term's
///   envelope, and the cosine term adds up to e^(−ζω₀d) ≈ ε/|B| more (1.0e-3 for d = 1,
///   ζ = 0.65; up to several percent for small ζ).
public struct UIKitSpring: Equatable, Hashable, Sendable {
    /// The duration passed in, before clamping.
    public let requestedDuration: Double
    /// The damping ratio passed in, before clamping.
    public let requestedDampingRatio: Double
    /// The clamped duration: the animation's length.
    public let duration: Double
    /// The clamped damping ratio ζ.
    public let dampingRatio: Double
    /// `initialSpringVelocity`: fractions of the distance per second.
    public let initialVelocity: Double
    /// ω₀ = |ω| from the Newton solve, at most `saturationFrequency`.
    public let naturalFrequency: Double
    /// True when an iterate of the solve lay beyond `saturationFrequency` (see the type's
    /// documentation): the spring reaches its target at once.
    public let saturated: Bool

    /// ε of UIKit's envelope condition.
    public static let envelopeEpsilon = 0.001
    /// UIKit's clamps (docs/uikit-rules.md §3).
    public static let dampingRatioRange: ClosedRange<Double> = 1.1920929e-7...1
    public static let durationRange: ClosedRange<Double> = 0.01...10
    /// The largest ω₀ FlowSim plays: k = ω₀² = 1e300 stays finite, and e^(−ζω₀t) is 0 in
    /// doubles for every t ≥ 1e-140 s even at ζ = 1.19e-7.
    public static let saturationFrequency = 1e150

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        requestedDuration = duration
        requestedDampingRatio = dampingRatio
        let d = Self.clamp(duration, Self.durationRange)
        let zeta = Self.clamp(dampingRatio, Self.dampingRatioRange)
        self.duration = d
        self.dampingRatio = zeta
        self.initialVelocity = initialVelocity
        (naturalFrequency, saturated) = Self.solveNaturalFrequency(
            duration: d, dampingRatio: zeta, velocity: initialVelocity)
    }

    /// A note for callers that print the spring, when the solve saturated.
    public var saturationNote: String? {
        guard saturated else { return nil }
        return "UIKit's spring solve for duration \(duration) s, damping ratio "
            + "\(dampingRatio), initial velocity \(initialVelocity) "
            + "leaves the range of doubles (its exact Newton iterate is stiffer than any double): "
            + "played as ω₀ = 1e150, a spring that reaches its target at once"
    }

    /// True when the clamps changed the duration or the damping ratio.
    public var wasClamped: Bool {
        duration != requestedDuration || dampingRatio != requestedDampingRatio
    }

    /// The equivalent physical spring: mass 1, k = ω₀², c = 2ζω₀.
    public var parameters: SpringParameters {
        SpringParameters(
            naturalFrequency: naturalFrequency, dampingRatio: dampingRatio,
            initialVelocity: initialVelocity)
    }

    var oscillator: DampedOscillator {
        DampedOscillator(omega0: naturalFrequency, zeta: dampingRatio, velocity: initialVelocity)
    }

    /// 0 for t ≤ 0, exactly 1 for t ≥ duration, the free spring 1 − x(t) in between.
    public func progress(at t: Double) -> Double {
        if t.isNaN { return t }
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return 1 - oscillator.displacement(at: t)
    }

    /// Clamps to the range; NaN maps to the lower bound (UIKit's behaviour for NaN is
    /// undefined; callers reject NaN before getting here).
    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        if value.isNaN { return range.lowerBound }
        return Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
    }

    /// Exactly 12 Newton steps on `ε − |g(ω)|` from ω = 5/d, unguarded (see the type's
    /// documentation); returns |ω| and whether an iterate lay beyond `saturationFrequency`.
    static func solveNaturalFrequency(
        duration d: Double, dampingRatio zeta: Double,
        velocity v: Double
    ) -> (Double, saturated: Bool) {
        let epsilon = envelopeEpsilon
        var omega = 5 / d
        for _ in 0..<12 {
            let (g, dg) = envelope(omega, duration: d, dampingRatio: zeta, velocity: v)
            let f: Double
            let df: Double
            if zeta < 1 {
                // f = ε − |g|: f′ = −g′ where g > 0, +g′ where g ≤ 0 (g = 0 takes this branch).
                f = epsilon - abs(g)
                df = g > 0 ? -dg : dg
            } else {
                // Critical: g ∓ ε, the sign of ε set by ω − v (+ε when ω < v), not by g.
                f = g + (omega - v < 0 ? epsilon : -epsilon)
                df = dg
            }
            var next = omega - f / df
            if !next.isFinite {
                next = omega - factoredStep(omega, duration: d, dampingRatio: zeta, velocity: v)
            }
            guard next.isFinite, abs(next) <= saturationFrequency else { return (saturationFrequency, true) }
            omega = next
        }
        return (abs(omega), false)
    }

    /// The Newton step f/f′ with e^(−ζωd) factored out of g and g′ (`g = h·e^(−x)`,
    /// `g′ = k·e^(−x)`, x = ζωd): `(ε·e^x − |h|)/(∓k)` for ζ < 1 and `(h ∓ ε·e^x)/k` at ζ = 1,
    /// equal to the plain step in exact arithmetic but free of the overflow of e^(±x) where the
    /// plain one reaches ∞ or NaN. Its sign of g is the sign of h, as in exact arithmetic.
    static func factoredStep(
        _ w: Double, duration d: Double, dampingRatio zeta: Double, velocity v: Double
    ) -> Double {
        let growth = exp(zeta * w * d)
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            let h = (zeta * w - v) / (w * root)
            let k = (v + v * zeta * w * d - zeta * zeta * w * w * d) / (w * w * root)
            return (envelopeEpsilon * growth - abs(h)) / (h > 0 ? -k : k)
        }
        let h = 1 + (w - v) * d
        let k = (v - w) * d * d
        return (h + (w - v < 0 ? envelopeEpsilon : -envelopeEpsilon) * growth) / k
    }

    /// g(ω) and g′(ω) of the envelope condition.
    static func envelope(
        _ w: Double, duration d: Double, dampingRatio zeta: Double,
        velocity v: Double
    ) -> (Double, Double) {
        // The derivative divides by e^(+ζωd) rather than multiplying by e^(−ζωd): the same in
        // exact arithmetic, and the form whose overflow (to ∞, then NaN) UIKit's steps show.
        let decay = exp(-zeta * w * d)
        let growth = exp(zeta * w * d)
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            let g = (zeta * w - v) / (w * root) * decay
            // d/dω [(ζ − v/ω)/√(1−ζ²) · e^(−ζωd)] = (v + vζωd − ζ²ω²d)/(ω²√(1−ζ²) e^(ζωd))
            let dg = (v + v * zeta * w * d - zeta * zeta * w * w * d) / (w * w * root * growth)
            return (g, dg)
        }
        let g = (1 + (w - v) * d) * decay
        let dg = (v - w) * d * d / growth
        return (g, dg)
    }
}
