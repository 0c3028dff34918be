// The API surface real layout files touch, in the idioms they use it, compiled with only the
// import lines changed (and -warnings-as-errors, as the target builds). Each function is one
// idiom; `CompatibilitySurfaceTests` runs them.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

/// Attributes with a value of their own, copied and compared as UIKit asks.
final class CardLayoutAttributes: UICollectionViewLayoutAttributes {
    var displayTransform: CATransform3D = CATransform3DIdentity
    var parallax: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CardLayoutAttributes
        copy.displayTransform = displayTransform
        copy.parallax = parallax
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CardLayoutAttributes else { return false }
        return super.isEqual(object) && CATransform3DEqualToTransform(displayTransform, other.displayTransform)
            && parallax == other.parallax
    }
}

final class CardStackLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { CardLayoutAttributes.self }

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 300)
        minimumLineSpacing = 16
        sectionInset = UIEdgeInsets(top: 0, left: 24, bottom: 0, right: 24)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        collectionView.decelerationRate = .fast
        let inset = (collectionView.bounds.width - itemSize.width) / 2
        sectionInset = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
            let attributes = super.layoutAttributesForElements(in: rect)?.compactMap({
                $0.copy() as? CardLayoutAttributes
            })
        else { return nil }
        let centerX = collectionView.contentOffset.x + collectionView.bounds.size.width / 2
        for item in attributes where item.representedElementCategory == .cell {
            let distance = abs(item.center.x - centerX)
            let scale = max(0.8, 1 - distance / collectionView.bounds.width * 0.4)
            var transform = CATransform3DIdentity
            transform.m34 = -1.0 / 800
            transform = CATransform3DRotate(transform, (item.center.x - centerX) / 1000, 0, 1, 0)
            transform = CATransform3DScale(transform, scale, scale, 1)
            item.transform3D = transform
            item.displayTransform = transform
            item.parallax = distance
            item.alpha = 1 - min(distance / collectionView.bounds.width, 0.5)
            item.zIndex = Int(-distance)
        }
        return attributes
    }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView = collectionView else { return proposedContentOffset }
        let targetRect = CGRect(origin: CGPoint(x: proposedContentOffset.x, y: 0), size: collectionView.bounds.size)
        guard let candidates = layoutAttributesForElements(in: targetRect) else { return proposedContentOffset }
        let midX = proposedContentOffset.x + collectionView.bounds.width / 2
        var offsetAdjustment = CGFloat.greatestFiniteMagnitude
        for candidate in candidates where abs(candidate.center.x - midX) < abs(offsetAdjustment) {
            offsetAdjustment = candidate.center.x - midX
        }
        return CGPoint(x: proposedContentOffset.x + offsetAdjustment, y: proposedContentOffset.y)
    }
}

/// An animator that reads the view hierarchy and gestures as scroll-driven layouts do.
final class GestureAwareLayout: UICollectionViewFlowLayout {
    private(set) var lastTouch: CGPoint = .zero

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        let pan = collectionView.panGestureRecognizer
        switch pan.state {
        case .began, .changed:
            lastTouch = pan.location(in: collectionView)
            _ = pan.translation(in: collectionView.superview)
            _ = pan.velocity(in: collectionView)
        default:
            break
        }
        if collectionView.isDragging || collectionView.isTracking || collectionView.isDecelerating {
            return true
        }
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    override func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
        let attributes = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: elementKind, with: elementIndexPath)
        attributes.alpha = 0
        return attributes
    }

    /// The traits and direction a layout reads before mirroring or rounding.
    func environment() -> (scale: CGFloat, rightToLeft: Bool, insets: UIEdgeInsets) {
        guard let collectionView = collectionView else { return (1, false, .zero) }
        let rightToLeft =
            collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft
            || UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft
            || collectionView.traitCollection.layoutDirection == .rightToLeft
        let insets = UIEdgeInsets(
            top: collectionView.safeAreaInsets.top + collectionView.adjustedContentInset.top, left: 0, bottom: 0,
            right: 0)
        return (collectionView.traitCollection.displayScale, rightToLeft, insets)
    }

    /// Cells and views as animators touch them.
    func touchCells() -> Int {
        guard let collectionView = collectionView else { return 0 }
        var touched = 0
        for cell in collectionView.visibleCells {
            cell.contentView.transform = CGAffineTransform(scaleX: 0.98, y: 0.98)
            cell.layer.zPosition = 1
            cell.alpha = 0.9
            if cell.contentView == cell.contentView, cell.bounds.width > 0, cell.frame.height > 0 {
                touched += 1
            }
        }
        for indexPath in collectionView.indexPathsForVisibleItems {
            _ = collectionView.cellForItem(at: indexPath)?.contentView.subviews.count
        }
        let vector = CGVector(dx: 0, dy: 1)
        _ = vector.dy
        return touched
    }
}
