import Foundation

/// How an animation's progress runs from 0 to 1 over its duration.
///
/// `progress(at:)` takes the time in seconds since the animation started (delay excluded) and
/// returns 0 for t ≤ 0 and exactly 1 for t ≥ `duration`; springs may exceed 1 in between.
public enum TimingCurve: Equatable, Hashable, Sendable {
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
    case uikitSpring(UIKitSpring)
    /// A physical spring (mass, stiffness, damping, initial velocity).
    case physicalSpring(PhysicalSpring)
    /// Constant speed.
    case linear(duration: Double)
    /// A cubic Bézier timing function (the named Core Animation curves or custom control points).
    case cubicBezier(CubicBezier, duration: Double)

    /// The UIKit spring (clamps and Newton solve of docs/uikit-rules.md §3).
    public static func uikitSpring(
        duration: Double, dampingRatio: Double,
        initialVelocity: Double = 0
    ) -> TimingCurve {
        .uikitSpring(
            UIKitSpring(
                duration: duration, dampingRatio: dampingRatio,
                initialVelocity: initialVelocity))
    }

    /// A physical spring lasting its settling duration (ε = 0.001) unless `duration` is given.
    public static func physicalSpring(
        mass: Double = 1, stiffness: Double, damping: Double,
        initialVelocity: Double = 0,
        duration: Double? = nil
    ) -> TimingCurve {
        .physicalSpring(
            PhysicalSpring(
                mass: mass, stiffness: stiffness, damping: damping,
                initialVelocity: initialVelocity, duration: duration))
    }

    /// Core Animation's easeIn, (0.42, 0, 1, 1).
    public static func easeIn(duration: Double) -> TimingCurve {
        .cubicBezier(.easeIn, duration: duration)
    }

    /// Core Animation's easeOut, (0, 0, 0.58, 1).
    public static func easeOut(duration: Double) -> TimingCurve {
        .cubicBezier(.easeOut, duration: duration)
    }

    /// Core Animation's easeInEaseOut, (0.42, 0, 0.58, 1).
    public static func easeInEaseOut(duration: Double) -> TimingCurve {
        .cubicBezier(.easeInEaseOut, duration: duration)
    }

    /// Core Animation's default, (0.25, 0.1, 0.25, 1).
    public static func `default`(duration: Double) -> TimingCurve {
        .cubicBezier(.default, duration: duration)
    }

    /// Custom control points (x1 and x2 clamped to [0, 1]).
    public static func cubicBezier(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
        duration: Double
    ) -> TimingCurve {
        .cubicBezier(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2), duration: duration)
    }

    /// The animation's length in seconds.
    public var duration: Double {
        switch self {
        case .uikitSpring(let spring): return spring.duration
        case .physicalSpring(let spring): return spring.duration
        case .linear(let duration): return duration
        case .cubicBezier(_, let duration): return duration
        }
    }

    /// The progress t seconds after the start: 0 for t ≤ 0, exactly 1 for t ≥ duration.
    public func progress(at t: Double) -> Double {
        switch self {
        case .uikitSpring(let spring): return spring.progress(at: t)
        case .physicalSpring(let spring): return spring.progress(at: t)
        case .linear(let duration):
            if t.isNaN { return t }
            if t <= 0 { return 0 }
            if t >= duration { return 1 }
            return t / duration
        case .cubicBezier(let bezier, let duration):
            if t.isNaN { return t }
            if t <= 0 { return 0 }
            if t >= duration { return 1 }
            return bezier.progress(atFraction: t / duration)
        }
    }
}
