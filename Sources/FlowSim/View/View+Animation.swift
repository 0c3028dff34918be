import Foundation

/// UIKit's `UIView` animation class methods: collection view updates made inside the
/// `animations` block animate with the block's timing (`ViewAnimation`).
///
/// Every UIKit form compiles: `animate(withDuration:animations:)`,
/// `animate(withDuration:animations:completion:)`,
/// `animate(withDuration:delay:options:animations:completion:)` and
/// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`,
/// with trailing closures. The completion runs when the animation ends on the collection view's
/// clock, or at once when nothing in the block animated (as UIKit does). View properties set
/// inside the block (a cell's alpha) are set at once: FlowSim draws from layout attributes.
extension View {
    /// `UIView.AnimationOptions`: every member UIKit has, with UIKit's raw values; only the
    /// curve members (`.curveEaseIn`, `.curveEaseOut`, `.curveLinear`, `.curveEaseInOut`)
    /// change the timing, the others are accepted and ignored.
    public typealias AnimationOptions = ViewAnimation.Options

    /// `UIView.animate(withDuration:delay:options:animations:completion:)` and its shorter forms.
    /// The curve comes from the options (ease-in-out by default, as in UIKit).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimation.animate(
            withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`:
    /// UIKit's spring.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval = 0, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimation.animate(
            withDuration: duration, delay: delay, usingSpringWithDamping: Double(dampingRatio),
            initialSpringVelocity: Double(velocity), options: options, animations: animations,
            completion: completion)
    }

    /// `UIView.performWithoutAnimation(_:)`: updates inside apply at once (a zero-length
    /// animation), nested animation blocks excepted.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        ViewAnimation.run(AnimationTiming(curve: .linear(duration: 0)), animations: actionsWithoutAnimation)
    }
}
