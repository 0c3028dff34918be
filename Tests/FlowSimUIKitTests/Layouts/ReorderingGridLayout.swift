// A flow layout that customises interactive reordering as apps do: the lifted cell grows and
// fades a little, items stay in their section, and the layout keeps the target it was told
// about. Written against UIKit's names only; the overrides are UIKit's exact Swift signatures.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

class ReorderingGridLayout: UICollectionViewFlowLayout {
    /// The targets of the last interactive-movement context, and whether the last ending cancelled.
    private(set) var lastTargets: [IndexPath]?
    private(set) var lastEndingCancelled: Bool?

    override func targetIndexPath(
        forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint
    )
        -> IndexPath
    {
        let proposed = super.targetIndexPath(forInteractivelyMovingItem: previousIndexPath, withPosition: position)
        return proposed.section == previousIndexPath.section ? proposed : previousIndexPath
    }

    override func layoutAttributesForInteractivelyMovingItem(
        at indexPath: IndexPath, withTargetPosition position: CGPoint
    ) -> UICollectionViewLayoutAttributes {
        let attributes = super.layoutAttributesForInteractivelyMovingItem(at: indexPath, withTargetPosition: position)
        attributes.alpha = 0.8
        attributes.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
        return attributes
    }

    override func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forInteractivelyMovingItems: targetIndexPaths, withTargetPosition: targetPosition,
            previousIndexPaths: previousIndexPaths, previousPosition: previousPosition)
        lastTargets = context.targetIndexPathsForInteractivelyMovingItems
        return context
    }

    override func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> UICollectionViewLayoutInvalidationContext {
        lastEndingCancelled = movementCancelled
        return super.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: indexPaths, previousIndexPaths: previousIndexPaths, movementCancelled: movementCancelled)
    }
}

/// A view controller's delegate as UIKit code writes it: the newer target method keeps the first
/// item of every section in place.
final class PinnedFirstItemDelegate: NSObject, UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        proposedIndexPath.item == 0 ? currentIndexPath : proposedIndexPath
    }
}
