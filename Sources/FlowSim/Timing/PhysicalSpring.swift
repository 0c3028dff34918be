import Foundation

/// A spring given by its physics (CASpringAnimation, `UISpringTimingParameters(mass:…)`) as a
/// timing curve: it runs for its settling duration at ε = 0.001 unless a duration is given
/// (as a CASpringAnimation is usually given `duration = settlingDuration`, and as
/// UIViewPropertyAnimator does with a spring whose duration it computes), then snaps to 1.
///
/// The settling duration is Core Animation's estimate (`SpringMetrics.settlingDuration`, not
/// the exact last crossing), computed once, at initialization.
public struct PhysicalSpring: Equatable, Hashable, Sendable {
    public let parameters: SpringParameters
    /// The explicit duration, if one was given.
    public let explicitDuration: Double?
    /// The animation's length: `explicitDuration` or the settling duration at ε = 0.001
    /// (+∞ for an undamped spring, which callers should reject with `validate()`).
    public let duration: Double

    /// ε of the default duration, CASpringAnimation's `settlingDuration` threshold.
    public static let settlingEpsilon = 0.001

    public init(_ parameters: SpringParameters, duration: Double? = nil) {
        self.parameters = parameters
        explicitDuration = duration
        self.duration =
            duration
            ?? parameters.oscillator.settlingEstimate(epsilon: Self.settlingEpsilon)
    }

    public init(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0,
        duration: Double? = nil
    ) {
        self.init(
            SpringParameters(
                mass: mass, stiffness: stiffness, damping: damping,
                initialVelocity: initialVelocity),
            duration: duration)
    }

    /// 0 for t ≤ 0, exactly 1 for t ≥ duration, the free spring's value in between.
    public func progress(at t: Double) -> Double {
        if t.isNaN { return t }
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return parameters.value(at: t)
    }
}
