import Foundation

/// A timing curve started after a delay, as one UIView animation block applies it.
public struct AnimationTiming: Equatable, Hashable, Sendable {
    public var curve: TimingCurve
    /// Seconds between the start of the block and the start of the curve.
    public var delay: Double

    public init(curve: TimingCurve, delay: Double = 0) {
        self.curve = curve
        self.delay = delay
    }

    /// The progress `t` seconds after the block started: `curve.progress(at: t − delay)`.
    public func progress(atTimeSinceStart t: Double) -> Double {
        curve.progress(at: t - delay)
    }

    /// When the animation ends, in seconds after the block started: delay + duration.
    public var endTime: Double { delay + curve.duration }

    /// The timing of a batch update made outside any animation block. UIKit documents no
    /// number for it; FlowSim's working assumption (docs/uikit-rules.md §2) is 0.3 s ease-in-ease-out
    /// (Core Animation's (0.42, 0, 0.58, 1)), with no delay.
    public static let uikitDefault = AnimationTiming(curve: .easeInEaseOut(duration: 0.3))

    /// Mirrors `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
    public static func spring(
        duration: Double, delay: Double = 0, dampingRatio: Double,
        initialVelocity: Double = 0
    ) -> AnimationTiming {
        AnimationTiming(
            curve: .uikitSpring(
                duration: duration, dampingRatio: dampingRatio,
                initialVelocity: initialVelocity),
            delay: delay)
    }
}
