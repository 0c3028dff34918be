import Foundation

/// A content-offset move on the simulation clock: UIScrollView's `contentOffset = …`,
/// `setContentOffset(_:animated:)`, or a scene's `"scroll": [{"at", "to", "timing"}]` entry.
///
/// The offset is interpolated by the timing's progress p(t), which may exceed 1 for springs
/// (the content overshoots and settles, as a spring-animated bounds change does in UIKit):
/// `offset(t) = from + (to − from)·p(t − start)`. Without timing the move is a jump at `start`.
public struct ContentOffsetAnimation: Equatable, Sendable {
    /// When the move starts, in seconds on the collection view's clock.
    public var start: Double
    public var from: CGPoint
    public var to: CGPoint
    /// nil: the offset jumps to `to` at `start` (an unanimated set).
    public var timing: AnimationTiming?

    public init(start: Double, from: CGPoint, to: CGPoint, timing: AnimationTiming?) {
        self.start = start
        self.from = from
        self.to = to
        self.timing = timing
    }

    /// UIScrollView's `setContentOffset(_:animated: true)`. Apple documents no duration or curve
    /// for it; FlowSim's working assumption is UIKit's implicit 0.3 s ease-in-ease-out (the same
    /// as an update outside an animation block, `AnimationTiming.uikitDefault`).
    public static let setContentOffsetAnimatedTiming = AnimationTiming.uikitDefault

    /// When the move ends (start + delay + duration; `start` for a jump).
    public var endTime: Double { start + (timing?.endTime ?? 0) }

    /// The offset at `time`: `from` before the start, `to` from the end on.
    public func offset(at time: Double) -> CGPoint {
        guard let timing else { return time < start ? from : to }
        if time <= start { return from }
        if time >= endTime { return to }
        let p = CGFloat(timing.progress(atTimeSinceStart: time - start))
        return CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
    }

    /// Times at which a simulation lays out during the move: `fps` per second from the start
    /// through the end, the last exactly at `endTime` (only `start` for a jump).
    public func layoutTimes(fps: Double) -> [Double] {
        guard timing != nil else { return [start] }
        return FrameClock.times(duration: endTime - start, fps: fps).map { start + $0 }
    }
}

extension CollectionView {
    /// Moves the content offset from `currentTime` on, as UIKit would while scrolling: at each
    /// layout time (`fps` per second) the offset is set — so the layout is asked
    /// `shouldInvalidateLayout(forBoundsChange:)` on every bounds change and invalidated when it
    /// answers true — and the layout is re-queried for the visible bounds; what it answers is
    /// recorded on the timeline from that moment (a layout pass, see `recordLayoutPass()`).
    ///
    /// Returns the move. The offsets are recorded on the timeline (frames show them); the call
    /// leaves `contentOffset` at `target` and `currentTime` unchanged, so a caller that interleaves
    /// updates with a scroll steps the clock itself (as `SceneSimulation` does).
    @discardableResult
    public func scroll(to target: CGPoint, timing: AnimationTiming?, fps: Double = 60) -> ContentOffsetAnimation {
        let start = currentTime
        let animation = ContentOffsetAnimation(start: start, from: contentOffset, to: target, timing: timing)
        layoutIfNeeded()
        for time in animation.layoutTimes(fps: max(1, fps)) {
            currentTime = time
            contentOffset = animation.offset(at: time)  // a bounds change: a layout pass at `time`
        }
        currentTime = start
        return animation
    }

    /// UIScrollView's `setContentOffset(_:animated:)`: a jump, or a move with
    /// `ContentOffsetAnimation.setContentOffsetAnimatedTiming`.
    @discardableResult
    public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) -> ContentOffsetAnimation {
        scroll(to: contentOffset, timing: animated ? ContentOffsetAnimation.setContentOffsetAnimatedTiming : nil)
    }
}
