import Foundation

/// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`: a
/// unit-mass spring whose decay envelope reaches ε = 0.001 exactly at t = duration
/// (docs/uikit-rules.md §3).
///
/// - Clamps: ζ to [1.1920929e-7, 1] (`Float.ulpOfOne` … critical; UIKit has no overdamped
///   spring) and the duration d to [0.01, 10] s. The velocity is not clamped.
/// - ω₀ is the root of `f(ω) = |g(ω)| − ε`, found with exactly 12 Newton iterations from
///   ω = 5/d, where `g(ω) = (ζω − v)/(ω√(1−ζ²)) · e^(−ζωd)` for ζ < 1 and
///   `g(ω) = (1 + (ω − v)d) · e^(−ωd)` for ζ = 1. The absolute value is the envelope's `±ε` (docs/uikit-rules.md §3):
///   when ω ≥ v (every v ≤ 0 case) it is `g(ω) − ε`. Newton stops early (keeping the last
///   iterate) only if an iterate would be non-finite or ≤ 0, which happens only for initial
///   velocities far beyond anything UIKit accepts in practice; that guard is FlowSim's.
/// - Stiffness k = ω₀², damping c = 2ζω₀, mass 1.
/// - The animation lasts exactly d: at t ≥ d the progress snaps to 1 (the residue it jumps
///   over is about 0.1 % of the distance, e.g. 1.0e-3 for d = 1, ζ = 0.65).
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
    /// ω₀ from the Newton solve.
    public let naturalFrequency: Double

    /// ε of UIKit's envelope condition.
    public static let envelopeEpsilon = 0.001
    /// UIKit's clamps (docs/uikit-rules.md §3).
    public static let dampingRatioRange: ClosedRange<Double> = 1.1920929e-7...1
    public static let durationRange: ClosedRange<Double> = 0.01...10

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        requestedDuration = duration
        requestedDampingRatio = dampingRatio
        let d = Self.clamp(duration, Self.durationRange)
        let zeta = Self.clamp(dampingRatio, Self.dampingRatioRange)
        self.duration = d
        self.dampingRatio = zeta
        self.initialVelocity = initialVelocity
        naturalFrequency = Self.solveNaturalFrequency(
            duration: d, dampingRatio: zeta, velocity: initialVelocity)
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

    /// 12 Newton iterations on `|g(ω)| − ε` from ω = 5/d (see the type's documentation).
    static func solveNaturalFrequency(
        duration d: Double, dampingRatio zeta: Double,
        velocity v: Double
    ) -> Double {
        let epsilon = envelopeEpsilon
        var omega = 5 / d
        for _ in 0..<12 {
            let (g, dg) = envelope(omega, duration: d, dampingRatio: zeta, velocity: v)
            let f = abs(g) - epsilon
            let df = g < 0 ? -dg : dg
            guard df != 0 else { break }
            let next = omega - f / df
            guard next.isFinite, next > 0 else { break }
            omega = next
        }
        return omega
    }

    /// g(ω) and g′(ω) of the envelope condition.
    static func envelope(
        _ w: Double, duration d: Double, dampingRatio zeta: Double,
        velocity v: Double
    ) -> (Double, Double) {
        let decay = exp(-zeta * w * d)
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            let g = (zeta * w - v) / (w * root) * decay
            // d/dω [(ζ − v/ω)/√(1−ζ²) · e^(−ζωd)] = e^(−ζωd)(v + vζωd − ζ²ω²d)/(ω²√(1−ζ²))
            let dg = decay * (v + v * zeta * w * d - zeta * zeta * w * w * d) / (w * w * root)
            return (g, dg)
        }
        let g = (1 + (w - v) * d) * decay
        let dg = (v - w) * d * d * decay
        return (g, dg)
    }
}
