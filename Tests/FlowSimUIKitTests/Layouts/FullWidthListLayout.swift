// A list layout that overrides `collectionView` to drop the optional, as layouts that are never
// used without a collection view do: `override var collectionView: UICollectionView`. UIKit's
// property is read-only, which makes the override legal. Rows are full width, 60 pt tall.
// Written as iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class FullWidthListLayout: UICollectionViewLayout {
    override var collectionView: UICollectionView {
        super.collectionView!
    }

    let rowHeight: CGFloat = 60

    override var collectionViewContentSize: CGSize {
        CGSize(
            width: collectionView.bounds.width, height: CGFloat(collectionView.numberOfItems(inSection: 0)) * rowHeight)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView.numberOfItems(inSection: 0)).compactMap { item in
            layoutAttributesForItem(at: IndexPath(item: item, section: 0))
        }.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(
            x: 0, y: CGFloat(indexPath.item) * rowHeight, width: collectionView.bounds.width, height: rowHeight)
        return attributes
    }
}
