import Foundation

/// UIKit's `UIAttachmentBehavior`: an item tied to a fixed anchor point, or two items tied to
/// each other, by a spring (`frequency` > 0) or a rigid rod (`frequency` 0, the default).
///
/// The spring, as FlowSim integrates it (`DynamicAnimator`): with ω = 2π·`frequency` (Hz),
/// ζ = `damping` (a ratio: 0 undamped, 1 critically damped) and the stretch s = |d| − `length`
/// along the unit direction n of d (item minus anchor, or item 1 minus item 2), the force is
/// F = −(k·s + c·(v·n))·n with k = m·ω² and c = 2·ζ·m·ω, m the item's mass (for two items the
/// reduced mass m₁m₂/(m₁+m₂)). The masses cancel, so an item on an anchor follows
/// x″ + 2ζω·x′ + ω²·x = 0 whatever its size or density. With `length` 0 the force is
/// F = −k·d − c·v (d and v as vectors).
///
/// Apple documents `frequency` as "the frequency of oscillation" and `damping` as "the amount
/// of damping"; FlowSim takes them as the frequency in hertz and the damping ratio (1 =
/// critical), as Box2D-style distance joints do.
///
/// The rod: after each substep the item is put back at distance `length` from the anchor (two
/// items: each moved by its share of inverse mass) and the velocity along the rod is removed.
///
/// Not modelled: attachment points off the items' centres (`offsetFromCenter` initialisers),
/// rotation and `frictionTorque`, `attachmentRange`, and the sliding, limit, fixed and pin
/// attachments of iOS 9.
open class AttachmentBehavior: DynamicBehavior {
    /// UIKit's `UIAttachmentBehavior.AttachmentType`.
    public enum AttachmentType: Int, Sendable {
        case items = 0
        case anchor = 1
    }

    /// The attached item, or the two attached items.
    public let items: [DynamicItem]
    public let attachedBehaviorType: AttachmentType

    /// The anchor in the animator's coordinate system (a layout's content coordinates). For an
    /// item–item attachment it is stored and not used.
    open var anchorPoint: CGPoint { didSet { changed() } }
    /// The rest length; the initialisers set it to the distance at creation, as UIKit does.
    open var length: CGFloat { didSet { changed() } }
    /// The damping ratio ζ (0: none, 1: critical).
    open var damping: CGFloat = 0 { didSet { changed() } }
    /// The spring's frequency in hertz; 0 makes the attachment a rigid rod.
    open var frequency: CGFloat = 0 { didSet { changed() } }
    /// Stored and read back (rotation is not simulated).
    open var frictionTorque: CGFloat = 0

    public init(item: DynamicItem, attachedToAnchor point: CGPoint) {
        items = [item]
        attachedBehaviorType = .anchor
        anchorPoint = point
        length = hypot(item.center.x - point.x, item.center.y - point.y)
        super.init()
    }

    public init(item item1: DynamicItem, attachedTo item2: DynamicItem) {
        items = [item1, item2]
        attachedBehaviorType = .items
        anchorPoint = .zero
        length = hypot(item1.center.x - item2.center.x, item1.center.y - item2.center.y)
        super.init()
    }

    override var ownItems: [DynamicItem] { items }
}
