// A honeycomb of one section: item 0 in the middle, then rings of 6, 12, 18 … items around it,
// each ring a hexagon walked corner to corner. The shape of app honeycomb layouts: the content
// starts as the screen (`UIScreen.main.bounds`), the middle is the collection view's `center`
// while the comb fits, the layout sets `contentInset` and scrolls the middle item into view from
// `prepare()`, once (a cache guard). Written as iOS developers write it; only the imports are
// FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class HexRingLayout: UICollectionViewLayout {
    var elementWidth: CGFloat = 60
    let itemSpacing: CGFloat = 20

    private var computedContentSize = CGSize(
        width: UIScreen.main.bounds.width, height: UIScreen.main.bounds.height)
    private var cellAttributes = [IndexPath: UICollectionViewLayoutAttributes]()
    private(set) var middle = CGPoint.zero

    override func prepare() {
        super.prepare()
        guard cellAttributes.isEmpty, let collectionView = collectionView else { return }
        let count = collectionView.numberOfItems(inSection: 0)
        guard count > 0 else { return }
        let radius = elementWidth + itemSpacing
        let rings = Self.rings(holding: count)
        let extent = CGFloat(2 * rings) * radius + elementWidth

        // The middle of the view, unless the comb is larger: then the middle of the comb.
        middle = CGPoint(
            x: max(collectionView.center.x, extent / 2), y: max(collectionView.center.y, extent / 2))
        computedContentSize = CGSize(
            width: max(extent, collectionView.frame.width), height: max(extent, collectionView.frame.height))

        for item in 0..<count {
            let indexPath = IndexPath(item: item, section: 0)
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            let centre = position(of: item, radius: radius)
            attributes.frame = CGRect(
                x: centre.x - elementWidth / 2, y: centre.y - elementWidth / 2, width: elementWidth,
                height: elementWidth)
            cellAttributes[indexPath] = attributes
        }

        collectionView.contentInset = UIEdgeInsets(top: 0, left: 2 * elementWidth, bottom: 0, right: elementWidth)
        collectionView.scrollToItem(at: IndexPath(item: 0, section: 0), at: .centeredHorizontally, animated: false)
    }

    /// Rings needed for `count` items: ring r holds 6r, so r rings hold 1 + 3r(r + 1).
    private static func rings(holding count: Int) -> Int {
        var rings = 0
        while 1 + 3 * rings * (rings + 1) < count { rings += 1 }
        return rings
    }

    /// Item 0 in the middle; in ring r, item j walks from corner j / r towards the next corner.
    private func position(of item: Int, radius: CGFloat) -> CGPoint {
        guard item > 0 else { return middle }
        var ring = 1
        var first = 1
        while item >= first + 6 * ring {
            first += 6 * ring
            ring += 1
        }
        let step = item - first
        let side = step / ring
        let along = CGFloat(step % ring) / CGFloat(ring)
        func corner(_ index: Int) -> CGPoint {
            let angle = Double(index) * .pi / 3
            return CGPoint(
                x: middle.x + radius * CGFloat(ring) * CGFloat(cos(angle)),
                y: middle.y + radius * CGFloat(ring) * CGFloat(sin(angle)))
        }
        let from = corner(side)
        let to = corner(side + 1)
        return CGPoint(x: from.x + (to.x - from.x) * along, y: from.y + (to.y - from.y) * along)
    }

    override var collectionViewContentSize: CGSize { computedContentSize }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cellAttributes.values.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cellAttributes[indexPath]
    }
}
