// A one-column list that caches nothing: every query walks the items the collection view
// reports and asks its delegate for each row's height, as layouts backed by a view model often
// do. Written as app teams write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

protocol LazyHeightsLayoutDelegate: AnyObject {
    func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
}

final class LazyHeightsLayout: UICollectionViewLayout {
    weak var delegate: LazyHeightsLayoutDelegate?
    var spacing: CGFloat = 10

    private func frames() -> [(IndexPath, CGRect)] {
        guard let collectionView = collectionView, let delegate = delegate else { return [] }
        var result: [(IndexPath, CGRect)] = []
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let height = delegate.collectionView(collectionView, heightForItemAt: path)
                result.append((path, CGRect(x: 0, y: y, width: collectionView.bounds.width, height: height)))
                y += height + spacing
            }
        }
        return result
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: frames().last.map { $0.1.maxY } ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        frames().filter { $0.1.intersects(rect) }.map { path, frame in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
            attributes.frame = frame
            return attributes
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let frame = frames().first(where: { $0.0 == indexPath })?.1 else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frame
        return attributes
    }
}
