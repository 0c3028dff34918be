import Foundation

// The base layout's interactive-movement answers, as decompiled UIKit 18.2 gives them
// (`UICollectionViewLayout.m`; docs/reorder.md quotes each). The open methods in
// `CollectionViewLayout.swift` call these, so a subclass may override them and call `super`.
extension CollectionViewLayout {
    /// The rect the base target query asks for: the 1 × 1 pt square at the position
    /// (`layoutAttributesForElementsInRect:(x, y, 1, 1)`).
    static func targetQueryRect(at position: CGPoint) -> CGRect {
        CGRect(x: position.x, y: position.y, width: 1, height: 1)
    }

    /// UIKit's base `targetIndexPathForInteractivelyMovingItem:withPosition:`: of the cells the
    /// layout returns for the 1 × 1 square at the position, the one with the highest zIndex (the
    /// first of equals: UIKit replaces its pick only on a strictly greater zIndex); none (the
    /// finger over a gap, a header or an empty section): `previousIndexPath`, so the target stays.
    func baseTargetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        guard position.x.isFinite, position.y.isFinite else { return previousIndexPath }
        var best: LayoutAttributes?
        for attributes in layoutAttributesForElements(in: Self.targetQueryRect(at: position)) ?? []
        where attributes.representedElementCategory == .cell {
            if best == nil || attributes.zIndex > best!.zIndex { best = attributes }
        }
        return best?.indexPath ?? previousIndexPath
    }

    /// UIKit's base `layoutAttributesForInteractivelyMovingItemAtIndexPath:withTargetPosition:`:
    /// a copy of `layoutAttributesForItem(at:)` with `center` = the position and `zIndex` =
    /// `NSIntegerMax` (`Int.max`). A layout with no attributes for the item gets plain cell
    /// attributes at the position (UIKit would message nil and return nil).
    func baseLayoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> LayoutAttributes
    {
        let attributes = layoutAttributesForItem(at: indexPath)?.copied() ?? LayoutAttributes(forCellWith: indexPath)
        attributes.center = position
        attributes.zIndex = Int.max
        return attributes
    }

    /// UIKit's base `invalidationContextForInteractivelyMovingItems:…`: a new context of
    /// `invalidationContextClass` holding the previous and target index paths and the position;
    /// when the target did not change, the moving items are invalidated too.
    func baseInvalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath]
    ) -> LayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.movement = (previousIndexPaths, targetIndexPaths, targetPosition)
        if targetIndexPaths == previousIndexPaths { context.invalidateItems(at: targetIndexPaths) }
        return context
    }

    /// UIKit's base `invalidationContextForEndingInteractiveMovementOfItemsToFinalIndexPaths:…`:
    /// the previous and final index paths (no position: UIKit's base leaves it unset), the items
    /// invalidated when they are equal.
    func baseEndingInvalidationContext(toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath])
        -> LayoutInvalidationContext
    {
        let context = makeInvalidationContext()
        context.movement = (previousIndexPaths, indexPaths, .zero)
        if indexPaths == previousIndexPaths { context.invalidateItems(at: indexPaths) }
        return context
    }
}
