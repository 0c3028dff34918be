import Foundation

/// UIKit's `UICollectionViewLayoutInvalidationContext`: what part of a layout an invalidation
/// concerns. UIKit makes one of the layout's `invalidationContextClass` for every invalidation:
/// `invalidateLayout()` marks it `invalidateEverything`, data changes also
/// `invalidateDataSourceCounts`, and bounds changes ask the layout for one with
/// `invalidationContext(forBoundsChange:)` (Apple's documentation of those methods; the decompiled
/// UIKit flow layout's property setters build a context with `invalidateEverything` and call
/// `invalidateLayout(with:)`).
///
/// Subclass it for your own flags (override `invalidateEverything` to widen them, as real
/// layouts do); FlowSim makes it with `init()`.
open class LayoutInvalidationContext: NSObject {
    var everything = false
    var dataSourceCounts = false

    public required override init() { super.init() }

    /// True for `invalidateLayout()` and data reloads: every cached value is stale.
    open var invalidateEverything: Bool { everything }
    /// True when the data source's counts changed (reloads and batch updates).
    open var invalidateDataSourceCounts: Bool { dataSourceCounts }

    /// Added to the collection view's content offset at the next layout pass.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// Recorded for layouts that read it back; FlowSim asks the layout for its content size at
    /// every pass, so the adjustment itself changes nothing.
    open var contentSizeAdjustment: CGSize = .zero

    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?

    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var kinds = invalidatedSupplementaryIndexPaths ?? [:]
        kinds[elementKind, default: []] += indexPaths
        invalidatedSupplementaryIndexPaths = kinds
    }

    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var kinds = invalidatedDecorationIndexPaths ?? [:]
        kinds[elementKind, default: []] += indexPaths
        invalidatedDecorationIndexPaths = kinds
    }

    /// Interactive movement (`Layout/CollectionViewLayout+InteractiveMovement.swift`): set by the
    /// layout's interactive-movement contexts, read-only as in UIKit; nil / zero otherwise.
    open var previousIndexPathsForInteractivelyMovingItems: [IndexPath]? { movement.previous }
    open var targetIndexPathsForInteractivelyMovingItems: [IndexPath]? { movement.targets }
    open var interactiveMovementTarget: CGPoint { movement.position }
    var movement: (previous: [IndexPath]?, targets: [IndexPath]?, position: CGPoint) = (nil, nil, .zero)
}

/// UIKit's `UICollectionViewFlowLayoutInvalidationContext`: whether the flow layout must ask
/// its delegate for sizes again and recompute its attributes. Both default to true (Apple's
/// documentation); a flow layout's bounds-change context clears both when the size across the
/// scroll axis is unchanged, so scrolling (sticky headers) does not re-solve the lines.
open class FlowLayoutInvalidationContext: LayoutInvalidationContext {
    open var invalidateFlowLayoutDelegateMetrics = true
    open var invalidateFlowLayoutAttributes = true
}

extension CollectionViewLayout {
    /// A new context of the layout's `invalidationContextClass` (UIKit makes it with `new`); a
    /// class that is not a context subclass gives a plain context.
    public func makeInvalidationContext() -> LayoutInvalidationContext {
        let contextClass = type(of: self).invalidationContextClass as? LayoutInvalidationContext.Type
        return (contextClass ?? LayoutInvalidationContext.self).init()
    }

    /// A batch update's invalidation: the data source's counts changed (UIKit's update context
    /// sets `invalidateDataSourceCounts`, not `invalidateEverything`).
    func invalidateForBatchUpdate() {
        let context = makeInvalidationContext()
        context.dataSourceCounts = true
        invalidateLayout(with: context)
    }

    /// Invalidates through `invalidateLayout(with:)` with UIKit's flags for a data change or a
    /// change of the collection view's own settings.
    func invalidateEverything(dataSourceCounts: Bool = false) {
        let context = makeInvalidationContext()
        context.everything = true
        context.dataSourceCounts = dataSourceCounts
        invalidateLayout(with: context)
    }
}
