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

    /// One open animation block. A class: an update inside the block notes which collection
    /// view it animated (`noteUse(by:)`) on the frame the block itself holds.
    final class Frame: @unchecked Sendable {
        let timing: AnimationTiming
        let completion: ((Bool) -> Void)?
        /// Guarded by `lock`: a child task started inside a block inherits its frames.
        private var _usedBy: CollectionView?
        private let lock = NSLock()

        init(timing: AnimationTiming, completion: ((Bool) -> Void)?) {
            self.timing = timing
            self.completion = completion
        }

        var usedBy: CollectionView? {
            get { lock.withLock { _usedBy } }
            set { lock.withLock { _usedBy = newValue } }
        }
    }

    /// The open animation blocks, innermost last. Task-local, as UIKit's is per thread: each
    /// task (or thread outside tasks) has its own, so tests running in parallel never see each
    /// other's blocks.
    @TaskLocal static var stack: [Frame] = []

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
        let frame = Frame(timing: timing, completion: completion)
        $stack.withValue(stack + [frame]) { animations() }
        guard let completion else { return }
        if let collectionView = frame.usedBy {
            collectionView.timeline.addCompletion(at: collectionView.currentTime + timing.endTime, completion)
        } else {
            completion(true)  // Nothing animated: UIKit calls the completion at once.
        }
    }

    /// Notes that an update inside the current block belongs to `collectionView`, so the block's
    /// completion fires when its animation ends on that collection view's clock.
    static func noteUse(by collectionView: CollectionView) {
        stack.last?.usedBy = collectionView
    }
}
