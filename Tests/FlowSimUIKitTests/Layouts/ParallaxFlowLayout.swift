// A vertical flow layout whose cells carry a parallax offset for their image (a custom
// attributes class), proportional to their distance from the visible centre and rounded to
// the screen's pixels. It touches the UIKit members real layout files use around a flow layout:
// layoutAttributesClass, estimatedItemSize, sectionInsetReference, decelerationRate, the
// layout-direction switch and the bounds-change / self-sizing hooks. Written as iOS developers
// write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class ParallaxLayoutAttributes: UICollectionViewLayoutAttributes {
    var parallaxOffset: CGPoint = .zero

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! ParallaxLayoutAttributes
        copy.parallaxOffset = parallaxOffset
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let attributes = object as? ParallaxLayoutAttributes else { return false }
        guard attributes.parallaxOffset.equalTo(parallaxOffset) else { return false }
        return super.isEqual(object)
    }
}

class ParallaxFlowLayout: UICollectionViewFlowLayout {
    var parallaxFactor: CGFloat = 0.13
    private(set) var animatedBoundsChanges = 0
    private var previousSize: CGSize = .zero

    override class var layoutAttributesClass: AnyClass {
        return ParallaxLayoutAttributes.self
    }

    override init() {
        super.init()
        itemSize = CGSize(width: 100, height: 100)
        sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        estimatedItemSize = .zero
        sectionInsetReference = .fromSafeArea
        sectionFootersPinToVisibleBounds = false
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var flipsHorizontallyInOppositeLayoutDirection: Bool {
        return true
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        collectionView.decelerationRate = .fast
        if collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft {
            sectionInset = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 10)
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
        super.prepare(forAnimatedBoundsChange: oldBounds)
        animatedBoundsChanges += 1
        previousSize = oldBounds.size
    }

    override func finalizeAnimatedBoundsChange() {
        super.finalizeAnimatedBoundsChange()
        previousSize = .zero
    }

    override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        return !preferredAttributes.size.equalTo(originalAttributes.size)
    }

    override func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
        return super.indexPathsToInsertForSupplementaryView(ofKind: elementKind)
    }

    override func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
        return super.indexPathsToDeleteForSupplementaryView(ofKind: elementKind)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        return attributes.compactMap { original in
            guard let attributes = original.copy() as? ParallaxLayoutAttributes else { return nil }
            applyParallax(to: attributes)
            return attributes
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath)?.copy() as? ParallaxLayoutAttributes
        else { return nil }
        applyParallax(to: attributes)
        return attributes
    }

    private func applyParallax(to attributes: ParallaxLayoutAttributes) {
        guard let collectionView = collectionView, attributes.representedElementCategory == .cell else { return }
        let scale = UIScreen.main.scale
        let distance = attributes.center.y - collectionView.bounds.midY
        let offset = (distance * parallaxFactor * scale).rounded() / scale
        attributes.parallaxOffset = CGPoint(x: 0, y: offset)
    }
}
