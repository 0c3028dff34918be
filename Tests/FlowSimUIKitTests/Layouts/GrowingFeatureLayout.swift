// A list whose top row is the "feature": full height at the top, and the row below grows into it
// as the list scrolls, one feature per `scrollPerFeature` points. The idiom of the
// featured-cell (Ultravisual-style) tutorials: a flow-layout subclass that ignores super's
// attributes, rebuilds every frame from the content offset in `prepare()`, makes the content tall
// enough for the last row to become the feature, and snaps to whole features. Written as iOS
// developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class GrowingFeatureLayout: UICollectionViewFlowLayout {
    var rowHeight: CGFloat = 100
    var featureHeight: CGFloat = 280
    /// Scrolling this far makes the next row the feature.
    var scrollPerFeature: CGFloat = 180

    private var rows: [UICollectionViewLayoutAttributes] = []

    /// The feature, and how far (0…1) the next row has grown towards it.
    private var progress: (feature: Int, growth: CGFloat) {
        let position = max(0, (collectionView?.contentOffset.y ?? 0) / scrollPerFeature)
        let feature = Int(position)
        return (feature, position - CGFloat(feature))
    }

    override var collectionViewContentSize: CGSize {
        guard let collectionView else { return .zero }
        let count = CGFloat(collectionView.numberOfItems(inSection: 0))
        // The last row must be able to reach the top: one feature step per row, then a screen.
        return CGSize(
            width: collectionView.bounds.width,
            height: count * scrollPerFeature + collectionView.bounds.height - scrollPerFeature)
    }

    override func prepare() {
        // super's grid is not used: every frame comes from the offset.
        guard let collectionView else { return }
        let (feature, growth) = progress
        let width = collectionView.bounds.width
        var y: CGFloat = 0
        rows = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let row = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            row.zIndex = item
            var height = rowHeight
            if item == feature {
                // The feature slides up under the top as the next one grows.
                y = collectionView.contentOffset.y - rowHeight * growth
                height = featureHeight
            } else if item == feature + 1 {
                height = rowHeight + (featureHeight - rowHeight) * growth
                y = y + rowHeight - height  // grows upwards, its bottom fixed
            }
            row.frame = CGRect(x: 0, y: y, width: width, height: height)
            y = row.frame.maxY
            return row
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        rows.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        rows.indices.contains(indexPath.item) ? rows[indexPath.item] : nil
    }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        CGPoint(x: 0, y: (proposedContentOffset.y / scrollPerFeature).rounded() * scrollPerFeature)
    }
}
