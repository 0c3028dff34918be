// A flow layout whose update animations look at the cells on screen: the idiom of "animator"
// layouts that read `collectionView.cellForItem(at:)` (its frame, transform, contentView) when
// an item goes away, and nudge the cell's layer. Written as iOS developers write it; only the
// imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class CellAwareFlowLayout: UICollectionViewFlowLayout {
    private var deletedIndexPaths: Set<IndexPath> = []
    /// The cells' frames read when the update began, for the tests.
    private(set) var cellFramesAtUpdate: [IndexPath: CGRect] = [:]

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        deletedIndexPaths = []
        for update in updateItems {
            switch update.updateAction {
            case .delete:
                if let indexPath = update.indexPathBeforeUpdate { deletedIndexPaths.insert(indexPath) }
            default:
                break
            }
        }
        for indexPath in deletedIndexPaths {
            guard let cell = collectionView?.cellForItem(at: indexPath) else { continue }
            cellFramesAtUpdate[indexPath] = cell.frame
            cell.layer.zPosition = 100
            cell.contentView.alpha = 0.5
        }
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        deletedIndexPaths = []
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        let attributes =
            super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)?.copy()
            as? UICollectionViewLayoutAttributes
        guard deletedIndexPaths.contains(itemIndexPath), let attributes = attributes,
            let cell = collectionView?.cellForItem(at: itemIndexPath)
        else { return attributes }
        // Shrink into the cell's own centre and spin away, above the cells that stay.
        attributes.center = CGPoint(x: cell.frame.midX, y: cell.frame.midY)
        attributes.transform = CGAffineTransform(scaleX: 0.2, y: 0.2).rotated(by: .pi / 2)
        attributes.alpha = 0
        attributes.zIndex = 100
        return attributes
    }
}
