// A "cover flow" carousel: horizontal cards that turn about their vertical axis, away from the
// visible centre, seen in perspective, with the centred card in front. Written as iOS developers
// write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

class CoverFlowLayout: UICollectionViewFlowLayout {
    /// The turn of a card one collection-view width (or more) from the centre.
    let maximumAngle: CGFloat = .pi / 3
    /// The eye's distance from the screen, in points.
    let eyeDistance: CGFloat = 500

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 160, height: 220)
        minimumLineSpacing = 10
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
            let offset = (attributes.center.x - centerX) / collectionView.bounds.width
            let clamped = max(-1, min(offset, 1))
            var transform = CATransform3DIdentity
            transform.m34 = -1 / eyeDistance
            // Cards right of the centre turn their inner (left) edge towards the viewer.
            transform = CATransform3DRotate(transform, -clamped * maximumAngle, 0, 1, 0)
            attributes.transform3D = transform
            attributes.zIndex = -Int((abs(offset) * 100).rounded())
            return attributes
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }
}
