// A masonry (waterfall) layout with its own delegate protocol refining
// UICollectionViewDelegate, reached through `collectionView.delegate`, that refuses to run
// without it: the idiom of the waterfall libraries. A plain UICollectionViewLayout subclass.
// Written as iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

protocol MasonryLayoutDelegate: UICollectionViewDelegate {
    func numberOfColumns(in collectionView: UICollectionView) -> Int
    func collectionView(
        _ collectionView: UICollectionView, layout: MasonryLayout, heightForItemAt indexPath: IndexPath,
        columnWidth: CGFloat
    ) -> CGFloat
}

final class MasonryLayout: UICollectionViewLayout {
    var columnSpacing: CGFloat = 8
    var contentInsets = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    private var itemAttributes: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    private var delegate: MasonryLayoutDelegate {
        guard let delegate = collectionView?.delegate as? MasonryLayoutDelegate else {
            preconditionFailure("MasonryLayout needs a MasonryLayoutDelegate as the collection view's delegate")
        }
        return delegate
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        itemAttributes.removeAll()
        contentHeight = 0
        guard let collectionView = collectionView else { return }
        let columns = max(1, delegate.numberOfColumns(in: collectionView))
        let available = collectionView.bounds.width - contentInsets.left - contentInsets.right
        let columnWidth = (available - CGFloat(columns - 1) * columnSpacing) / CGFloat(columns)
        var heights = [CGFloat](repeating: contentInsets.top, count: columns)
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let column = heights.firstIndex(of: heights.min() ?? 0) ?? 0
                let height = delegate.collectionView(
                    collectionView, layout: self, heightForItemAt: indexPath, columnWidth: columnWidth)
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(
                    x: contentInsets.left + CGFloat(column) * (columnWidth + columnSpacing), y: heights[column],
                    width: columnWidth, height: height)
                itemAttributes.append(attributes)
                heights[column] += height + columnSpacing
            }
        }
        contentHeight = (heights.max() ?? 0) - columnSpacing + contentInsets.bottom
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        itemAttributes.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        itemAttributes.first { $0.indexPath == indexPath }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
