// A horizontal carousel: cells shrink with their distance from the visible centre, the layout
// is invalidated on every bounds change and scrolling snaps to a page. Written as iOS
// developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

class CarouselFlowLayout: UICollectionViewFlowLayout {
    let minimumScale: CGFloat = 0.7

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 300)
        minimumLineSpacing = 20
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepare() {
        guard let collectionView = collectionView else { return super.prepare() }
        let horizontalInset = (collectionView.bounds.width - itemSize.width) / 2
        sectionInset = UIEdgeInsets(top: 0, left: horizontalInset, bottom: 0, right: horizontalInset)
        super.prepare()
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
            let attributes = super.layoutAttributesForElements(in: rect)
        else { return nil }
        let centerX = collectionView.contentOffset.x + collectionView.bounds.width / 2
        return attributes.map { original in
            let attributes = original.copy() as! UICollectionViewLayoutAttributes
            let distance = abs(attributes.center.x - centerX)
            let ratio = min(distance / collectionView.bounds.width, 1)
            let scale = 1 - (1 - minimumScale) * ratio
            attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
            return attributes
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint,
        withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView = collectionView else { return proposedContentOffset }
        let pageWidth = itemSize.width + minimumLineSpacing
        let page = (proposedContentOffset.x / pageWidth).rounded()
        let maxOffsetX = collectionViewContentSize.width - collectionView.bounds.width
        return CGPoint(x: min(max(page * pageWidth, 0), maxOffsetX), y: proposedContentOffset.y)
    }
}
