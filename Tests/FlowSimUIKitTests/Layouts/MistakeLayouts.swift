// Layouts with the mistakes UIKit reports at run time, written the way they are made in apps
// (our own files). Each should make FlowSim say what UIKit would say (DiagnosticsTests).
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

/// Scales the cells near the centre, changing the attributes super returned in place: the
/// "cached frame mismatch" UIKit logs once the layout is asked again (a scroll).
class ZoomingFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        itemSize = CGSize(width: 100, height: 100)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect), let collectionView = collectionView
        else { return nil }
        let centerY = collectionView.contentOffset.y + collectionView.bounds.height / 2
        for item in attributes where item.representedElementCategory == .cell {
            // The mistake: no copy() before changing the frame.
            let distance = abs(item.center.y - centerY)
            let grow = max(0, 20 - distance / 10)
            item.frame = item.frame.insetBy(dx: -grow, dy: -grow)
        }
        return attributes
    }
}

/// A custom layout that caches attributes for the number of items it was built for, not the
/// number the data source has now: it answers for cells that do not exist.
class FixedGridLayout: UICollectionViewLayout {
    var columns = 2
    var expectedItems = 6
    private var cache: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        super.prepare()
        guard cache.isEmpty, let collectionView = collectionView else { return }
        let width = collectionView.bounds.width / CGFloat(columns)
        for index in 0..<expectedItems {
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
            attributes.frame = CGRect(
                x: CGFloat(index % columns) * width, y: CGFloat(index / columns) * width, width: width, height: width)
            cache.append(attributes)
        }
    }

    override var collectionViewContentSize: CGSize {
        let width = collectionView?.bounds.width ?? 0
        let rows = (expectedItems + columns - 1) / columns
        return CGSize(width: width, height: width / CGFloat(columns) * CGFloat(rows))
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return cache.first { $0.indexPath == indexPath }
    }
}

/// A delegate that computes the height from a text measurement that can go negative (a fixed
/// chrome height subtracted from a small value).
final class NegativeHeightDelegate: NSObject, UICollectionViewDelegateFlowLayout {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        let textHeight: CGFloat = indexPath.item == 2 ? 10 : 60
        return CGSize(width: 100, height: textHeight - 24)
    }
}
