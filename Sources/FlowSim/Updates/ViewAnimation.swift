import Foundation

/// UIKit's `UIView.animate(...)` for collection view updates: the timing of the innermost
/// enclosing block applies to the updates made inside it; outside any block an update uses
/// `AnimationTiming.uikitDefault`.
public enum ViewAnimation {
    /// UIKit's `UIView.AnimationOptions` that matter to a simulation (others are accepted and
    /// ignored).
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let beginFromCurrentState = Options(rawValue: 1 << 2)
        public static let curveEaseInOut = Options([])
        public static let curveEaseIn = Options(rawValue: 1 << 16)
        public static let curveEaseOut = Options(rawValue: 2 << 16)
        public static let curveLinear = Options(rawValue: 3 << 16)
    }

    struct Frame {
        var timing: AnimationTiming
        var completion: ((Bool) -> Void)?
        var usedBy: CollectionView?
    }

    /// The stack of open animation blocks (UIKit's is per thread; simulations run on one).
    nonisolated(unsafe) static var stack: [Frame] = []

    static var currentTiming: AnimationTiming? { stack.last?.timing }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: Options = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        run(
            AnimationTiming.spring(
                duration: duration, delay: delay, dampingRatio: dampingRatio, initialVelocity: velocity),
            animations: animations, completion: completion)
    }

    /// `UIView.animate(withDuration:delay:options:animations:completion:)`.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: Options = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let curve: TimingCurve
        switch options.rawValue & (3 << 16) {
        case Options.curveEaseIn.rawValue: curve = .easeIn(duration: duration)
        case Options.curveEaseOut.rawValue: curve = .easeOut(duration: duration)
        case Options.curveLinear.rawValue: curve = .linear(duration: duration)
        default: curve = .easeInEaseOut(duration: duration)
        }
        run(AnimationTiming(curve: curve, delay: delay), animations: animations, completion: completion)
    }

    /// Runs `animations` with `timing` applying to the updates made inside.
    public static func run(_ timing: AnimationTiming, animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        stack.append(Frame(timing: timing, completion: completion))
        animations()
        let frame = stack.removeLast()
        guard let completion = frame.completion else { return }
        if let collectionView = frame.usedBy {
            collectionView.timeline.addCompletion(at: collectionView.currentTime + timing.endTime, completion)
        } else {
            completion(true)  // Nothing animated: UIKit calls the completion at once.
        }
    }

    /// Notes that an update inside the current block belongs to `collectionView`, so the block's
    /// completion fires when its animation ends on that collection view's clock.
    static func noteUse(by collectionView: CollectionView) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].usedBy = collectionView
    }
}
