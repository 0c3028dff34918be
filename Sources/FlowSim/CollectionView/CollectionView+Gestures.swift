import Foundation

/// UIKit's `UIGestureRecognizer` as layouts read it: a `state` and a touch `location(in:)`.
/// FlowSim has no touches: recognizers are driven by scripted drags (a scene's `"scroll"` moves,
/// see `CollectionView.beginScriptedDrag(touch:)`), and read back by layout code.
open class GestureRecognizer: NSObject {
    /// The view the recognizer is attached to (a collection view's pan: the collection view).
    public internal(set) weak var view: View?
    /// Stored and read back; a disabled recognizer is still driven by scripted drags.
    open var isEnabled = true
    /// The state as last driven. `.ended` lasts for the clock instant the drag ended at: once the
    /// view's clock (`CollectionView.currentTime`) has moved past it the state reads `.possible`,
    /// as UIKit resets a recognizer after delivering `.ended`.
    public var state: GestureRecognizerState {
        if drivenState == .ended, let endedAt, let clock = (view as? CollectionView)?.currentTime, clock > endedAt {
            return .possible
        }
        return drivenState
    }
    var drivenState: GestureRecognizerState = .possible
    var endedAt: Double?

    public override init() { super.init() }

    /// One touch while a drag is under way (between `.began` and `.ended`), else none.
    open var numberOfTouches: Int {
        switch state {
        case .began, .changed: return 1
        default: return 0
        }
    }

    /// The touch point in `view`'s coordinates (nil: the root of the hierarchy). The base class
    /// has no touch: its view's centre.
    open func location(in view: View?) -> CGPoint {
        guard let own = self.view else { return .zero }
        let bounds = own.bounds
        return own.convert(CGPoint(x: bounds.midX, y: bounds.midY), to: view)
    }
}

/// UIKit's `UIPanGestureRecognizer`, as a collection view's `panGestureRecognizer` is read by
/// layouts (the springy layout's `location(in: collectionView)`, `translation(in:)`,
/// `velocity(in:)`).
///
/// What is modelled, for a scripted drag (a scene `"scroll"` move with a timing):
/// - `state`: `.began` at the move's first step, `.changed` at every later step, `.ended` after
///   the last step (for that instant), then `.possible`.
/// - `translation(in:)`: the content offset moved since the drag began, negated (a finger drags
///   the content the opposite way to the offset), plus any `setTranslation(_:in:)` adjustment.
///   FlowSim views have no transforms, so the result is the same in every view.
/// - `velocity(in:)`: the negated rate of change of the scripted offset (points per second) at
///   the step's time, from the move's timing curve (`ContentOffsetAnimation.offset(at:)`).
/// - `location(in:)`: the touch is held at a fixed point of the viewport (the scene scroll's
///   `"touch"`, default the viewport's centre), so in the collection view's own coordinates it
///   is that point plus the current `contentOffset`. A real finger moves with the content it
///   drags (its location in content coordinates stays put); FlowSim keeps it on screen so that a
///   long scripted move still has a touch inside the viewport.
///
/// Not modelled: touches, multiple fingers, gesture delegates, target/action, the fling after
/// release (scripted drags end at their target; `isDecelerating` stays false).
open class PanGestureRecognizer: GestureRecognizer {
    /// The touch in viewport coordinates (relative to the view's bounds origin); nil: centre.
    var touchInViewport: CGPoint?
    var dragStartOffset: CGPoint = .zero
    var dragOffset: CGPoint = .zero
    var translationAdjustment: CGPoint = .zero
    var dragVelocity: CGPoint = .zero
    var movesSinceBegin = 0

    public override init() { super.init() }

    init(scrollView: CollectionView) {
        super.init()
        view = scrollView
    }

    /// UIKit's `minimumNumberOfTouches` / `maximumNumberOfTouches`: stored and read back.
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    open override func location(in view: View?) -> CGPoint {
        guard let own = self.view else { return .zero }
        let bounds = own.bounds
        let touch = touchInViewport ?? CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        return own.convert(CGPoint(x: bounds.minX + touch.x, y: bounds.minY + touch.y), to: view)
    }

    /// The drag's translation since it began (see the type's notes), zero before any drag.
    open func translation(in view: View?) -> CGPoint {
        CGPoint(
            x: translationAdjustment.x - (dragOffset.x - dragStartOffset.x),
            y: translationAdjustment.y - (dragOffset.y - dragStartOffset.y))
    }

    /// UIKit's `setTranslation(_:in:)`: later `translation(in:)` answers count from `translation`.
    open func setTranslation(_ translation: CGPoint, in view: View?) {
        translationAdjustment = CGPoint(
            x: translation.x + (dragOffset.x - dragStartOffset.x), y: translation.y + (dragOffset.y - dragStartOffset.y)
        )
    }

    /// The finger's velocity in points per second while dragging and at release; zero otherwise.
    open func velocity(in view: View?) -> CGPoint {
        switch state {
        case .began, .changed, .ended: return dragVelocity
        default: return .zero
        }
    }
}

extension CollectionView {
    /// UIScrollView's `isTracking`: true while a scripted drag is under way.
    public var isTracking: Bool {
        let state = panGestureRecognizer.state
        return state == .began || state == .changed
    }

    /// UIScrollView's `isDragging`: true while a scripted drag is under way (FlowSim's drags move
    /// the content from their first step).
    public var isDragging: Bool { isTracking }

    /// UIScrollView's `isDecelerating`: always false. Scripted drags end at their target offset;
    /// FlowSim does not fling the content after them (see `Deceleration` and `ScrollDriver` for
    /// the deceleration model used elsewhere).
    public var isDecelerating: Bool { false }

    /// Starts a scripted drag at `currentTime` from the current `contentOffset`: the pan is
    /// `.began`, `isTracking` and `isDragging` turn true. `touch` is the finger in viewport
    /// coordinates (nil: the viewport's centre).
    public func beginScriptedDrag(touch: CGPoint?) {
        let pan = panGestureRecognizer
        pan.touchInViewport = touch
        pan.dragStartOffset = contentOffset
        pan.dragOffset = contentOffset
        pan.translationAdjustment = .zero
        pan.dragVelocity = .zero
        pan.movesSinceBegin = 0
        pan.drivenState = .began
        pan.endedAt = nil
    }

    /// One step of a scripted drag, made just before `contentOffset` is set to `offset` (so a
    /// layout asked `shouldInvalidateLayout(forBoundsChange:)` reads the new translation, as the
    /// pan's action runs before UIKit moves the bounds): the pan moves to `offset` with the
    /// scroll velocity `offsetVelocity` (the offset's rate of change, points per second).
    /// The first step after `beginScriptedDrag` keeps `.began`; later ones are `.changed`.
    public func stepScriptedDrag(to offset: CGPoint, offsetVelocity: CGPoint) {
        let pan = panGestureRecognizer
        guard pan.drivenState == .began || pan.drivenState == .changed else { return }
        pan.dragOffset = offset
        pan.dragVelocity = CGPoint(x: -offsetVelocity.x, y: -offsetVelocity.y)
        if pan.movesSinceBegin > 0 { pan.drivenState = .changed }
        pan.movesSinceBegin += 1
    }

    /// Ends a scripted drag at `currentTime`: the pan is `.ended` for this instant, then
    /// `.possible`; `isTracking` and `isDragging` turn false. The touch point is kept.
    public func endScriptedDrag() {
        let pan = panGestureRecognizer
        guard pan.drivenState == .began || pan.drivenState == .changed else { return }
        pan.drivenState = .ended
        pan.endedAt = currentTime
    }
}
