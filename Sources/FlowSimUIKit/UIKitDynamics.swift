#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // UIKit Dynamics and the scroll view's gesture recognizers under UIKit's names. What each
    // simulates, and what it leaves out, is documented on FlowSim's types.

    /// `UIDynamicAnimator`, for collection view layouts (`init(collectionViewLayout:)`), on the
    /// collection view's clock: see `DynamicAnimator`.
    public typealias UIDynamicAnimator = DynamicAnimator
    /// `UIDynamicAnimatorDelegate`.
    public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
    /// `UIDynamicItem` (`UICollectionViewLayoutAttributes` and `UIView` adopt it).
    public typealias UIDynamicItem = DynamicItem
    /// `UIDynamicBehavior`.
    public typealias UIDynamicBehavior = DynamicBehavior
    /// `UIAttachmentBehavior`: springs (frequency in Hz, damping ratio) and rigid rods.
    public typealias UIAttachmentBehavior = AttachmentBehavior
    /// `UIDynamicItemBehavior`: density, resistance, elasticity, friction, anchoring, velocities.
    public typealias UIDynamicItemBehavior = DynamicItemBehavior
    /// `UICollisionBehavior`: items against the reference bounds (no item–item collisions).
    public typealias UICollisionBehavior = CollisionBehavior
    /// `UIGravityBehavior`: magnitude 1 = 1000 points per second².
    public typealias UIGravityBehavior = GravityBehavior

    /// `UIGestureRecognizer`, as layouts read one.
    public typealias UIGestureRecognizer = GestureRecognizer
    /// `UIPanGestureRecognizer`: the collection view's `panGestureRecognizer`, driven by a scene's
    /// scroll moves (see `PanGestureRecognizer`).
    public typealias UIPanGestureRecognizer = PanGestureRecognizer

    extension GestureRecognizer {
        /// `UIGestureRecognizer.State` (`.possible`, `.began`, `.changed`, `.ended`, …).
        public typealias State = GestureRecognizerState
    }
#endif
