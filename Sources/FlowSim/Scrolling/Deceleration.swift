import Foundation

/// UIScrollView's deceleration after a fling (docs/uikit-rules.md §6): the velocity decays by `rate`
/// every millisecond,
///
///     v(t) = v₀ · rate^(1000 t)
///     x(t) = x₀ + v₀ · (rate^(1000 t) − 1) / (1000 · ln rate)
///
/// (the integral of v), so the offset approaches x(∞) = x₀ − v₀ / (1000 · ln rate). Rates are
/// `UIScrollView.DecelerationRate.normal` (0.998) and `.fast` (0.99). Units: points, seconds.
///
/// Stop threshold: motion ends once the distance still to travel, |x(∞) − x(t)| =
/// |v(t)| / (1000 · |ln rate|), is under `threshold` points — FlowSim uses half a pixel,
/// 0.5 / screen scale (as in Ilya Lobanov's "Designing scroll physics" reconstruction of
/// UIScrollView). At scale 2 that is |v| < 0.5 pt/s for the normal rate, reached after
/// 4.25 s from a 2500 pt/s fling.
public struct Deceleration: Equatable, Sendable {
    public static let normalRate = 0.998
    public static let fastRate = 0.99

    public var initialOffset: Double
    /// Points per second; positive scrolls toward larger offsets.
    public var initialVelocity: Double
    /// Velocity factor per millisecond, in (0, 1).
    public var rate: Double

    public init(initialOffset: Double = 0, initialVelocity: Double, rate: Double = normalRate) {
        self.initialOffset = initialOffset
        self.initialVelocity = initialVelocity
        self.rate = rate
    }

    /// 1000 · ln rate (negative): the exponent's coefficient per second.
    var coefficient: Double { 1000 * log(rate) }

    /// v(t) = v₀ · rate^(1000 t).
    public func velocity(at t: Double) -> Double {
        initialVelocity * exp(coefficient * t)
    }

    /// x(t) = x₀ + v₀ · (rate^(1000 t) − 1) / (1000 · ln rate).
    public func offset(at t: Double) -> Double {
        initialOffset + initialVelocity * (exp(coefficient * t) - 1) / coefficient
    }

    /// x(∞) = x₀ − v₀ / (1000 · ln rate): where the scroll comes to rest.
    public var restingOffset: Double { initialOffset - initialVelocity / coefficient }

    /// When the distance left to travel falls under `threshold` points:
    /// t = ln(threshold · |1000 ln rate| / |v₀|) / (1000 ln rate), 0 if already under it.
    public func duration(threshold: Double) -> Double {
        let speed = abs(initialVelocity)
        let ratio = threshold * abs(coefficient) / speed
        guard speed > 0, ratio < 1 else { return 0 }
        return log(ratio) / coefficient
    }

    /// The time the offset first reaches `target`, nil if the motion never gets there.
    /// From x(t) = target: rate^(1000 t) = 1 + (target − x₀) · 1000 ln rate / v₀.
    public func time(toReach target: Double) -> Double? {
        guard initialVelocity != 0 else { return target == initialOffset ? 0 : nil }
        let factor = 1 + (target - initialOffset) * coefficient / initialVelocity
        guard factor > 0, factor <= 1 else { return nil }
        return log(factor) / coefficient
    }
}
