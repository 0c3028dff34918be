// Full-page horizontal paging where each page turns like the face of a cube as it scrolls: the
// idiom of "animator" page layouts. The layout stores each page's distance from the centre in
// its own attributes class, finds the page's cell with `cellForItem(at:)`, and turns the cell's
// content view about its near edge (`layer.anchorPoint`), moving it back by half the layer's
// width (`layer.bounds`) so the edge stays put. Written as iOS developers write it; only the
// imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class PageTurnAttributes: UICollectionViewLayoutAttributes {
    /// The page centre's distance from the visible centre, in pages (0 when centred).
    var pageOffset: CGFloat = 0
    weak var contentView: UIView?

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! PageTurnAttributes
        copy.pageOffset = pageOffset
        copy.contentView = contentView
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PageTurnAttributes else { return false }
        return super.isEqual(other) && other.pageOffset == pageOffset && other.contentView === contentView
    }
}

final class CubePageLayout: UICollectionViewFlowLayout {
    let perspective: CGFloat = -1 / 500
    let maximumAngle: CGFloat = .pi / 2

    override class var layoutAttributesClass: AnyClass { PageTurnAttributes.self }

    override init() {
        super.init()
        scrollDirection = .horizontal
        minimumLineSpacing = 0
        minimumInteritemSpacing = 0
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepare() {
        if let collectionView { itemSize = collectionView.bounds.size }
        super.prepare()
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?
            .compactMap { $0.copy() as? PageTurnAttributes }
            .map(turn)
    }

    private func turn(_ attributes: PageTurnAttributes) -> UICollectionViewLayoutAttributes {
        guard let collectionView else { return attributes }
        let width = collectionView.bounds.width
        attributes.pageOffset = (attributes.center.x - collectionView.contentOffset.x) / width - 0.5
        if attributes.contentView == nil {
            attributes.contentView = collectionView.cellForItem(at: attributes.indexPath)?.contentView
        }
        guard let contentView = attributes.contentView else { return attributes }

        let position = attributes.pageOffset
        if abs(position) >= 1 {
            contentView.layer.transform = CATransform3DIdentity
            contentView.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            return attributes
        }
        // A page right of centre turns about its left edge, one left of centre about its right.
        let halfWidth = contentView.layer.bounds.width / 2
        var transform = CATransform3DMakeTranslation(position > 0 ? -halfWidth : halfWidth, 0, 0)
        transform.m34 = perspective
        transform = CATransform3DRotate(transform, maximumAngle * position, 0, 1, 0)
        contentView.layer.transform = transform
        contentView.layer.anchorPoint = CGPoint(x: position > 0 ? 0 : 1, y: 0.5)
        return attributes
    }
}
