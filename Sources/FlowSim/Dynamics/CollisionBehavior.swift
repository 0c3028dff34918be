import Foundation

/// UIKit's `UICollisionBehavior`, reduced to what FlowSim simulates: items kept inside the
/// animator's reference bounds (a layout's content rect, origin zero and size
/// `collectionViewContentSize`), inset by `setTranslatesReferenceBoundsIntoBoundary(with:)`.
///
/// After every substep an item whose rect (its bounds around its centre, transform ignored)
/// crosses the boundary is put back against it; its velocity into the boundary is reversed and
/// scaled by the item's `elasticity` (a `DynamicItemBehavior`'s, default 0) — contacts slower
/// than `DynamicAnimator.restingContactSpeed` (30 pt/s) do not bounce, so resting contact
/// settles — and its tangential speed is reduced by up to
/// `friction` × the normal impulse. An item larger than the boundary is centred on it.
///
/// Not modelled: item–item collisions (`collisionMode` is stored, and `.items` alone turns the
/// boundary off), boundaries from Bézier paths or line segments, and `collisionDelegate`.
open class CollisionBehavior: ItemsBehavior {
    /// UIKit's `UICollisionBehavior.Mode`.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1 << 0)
        public static let boundaries = Mode(rawValue: 1 << 1)
        public static let everything: Mode = [.items, .boundaries]
    }

    open var collisionMode: Mode = .everything { didSet { changed() } }
    /// Whether the reference bounds (inset by `boundaryInsets`) are a boundary.
    open var translatesReferenceBoundsIntoBoundary = false { didSet { changed() } }
    /// The insets of the reference-bounds boundary.
    public private(set) var boundaryInsets = EdgeInsets.zero

    /// Turns the reference bounds, inset by `insets`, into a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        boundaryInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

}
