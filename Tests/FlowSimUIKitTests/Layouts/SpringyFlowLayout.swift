// The "springy" collection view: every visible cell hangs from its flow-layout position on a
// soft spring (a UIKit Dynamics attachment), and a scroll pushes the cells by the scroll delta,
// scaled by how far they are from the finger, so cells near the touch follow the content and
// distant ones lag, then bounce back. Written as iOS developers write it; only the imports are
// FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

class SpringyFlowLayout: UICollectionViewFlowLayout {
    /// Points of distance from the touch that make an item lag by the whole scroll delta.
    let resistanceDistance: CGFloat = 1500
    /// Items this far outside the visible rect already hang on springs, so that cells scrolled
    /// in arrive springing.
    let visibleMargin: CGFloat = 100

    private(set) var animator: UIDynamicAnimator!
    /// Index paths that already hang on a spring.
    private var attachedIndexPaths = Set<IndexPath>()
    /// The last scroll delta, to push cells that get their spring mid-scroll.
    private var latestDelta: CGFloat = 0

    override init() {
        super.init()
        itemSize = CGSize(width: 300, height: 44)
        minimumLineSpacing = 10
        animator = UIDynamicAnimator(collectionViewLayout: self)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        animator = UIDynamicAnimator(collectionViewLayout: self)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let visibleRect = CGRect(origin: collectionView.bounds.origin, size: collectionView.bounds.size)
            .insetBy(dx: -visibleMargin, dy: -visibleMargin)
        let visibleItems = super.layoutAttributesForElements(in: visibleRect) ?? []
        let visiblePaths = Set(visibleItems.map { $0.indexPath })

        // Springs of items that left the visible rect go.
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            guard let attributes = spring.items.first as? UICollectionViewLayoutAttributes,
                !visiblePaths.contains(attributes.indexPath)
            else { continue }
            animator.removeBehavior(spring)
            attachedIndexPaths.remove(attributes.indexPath)
        }

        // New visible items get a spring at their flow-layout centre.
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for original in visibleItems where !attachedIndexPaths.contains(original.indexPath) {
            let item = original.copy() as! UICollectionViewLayoutAttributes
            let anchor = item.center
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 1
            // Mid-scroll, a newly attached item starts where the drag would have pushed it.
            if latestDelta != 0 {
                item.center.y += push(latestDelta, anchor: anchor, touch: touch)
            }
            animator.addBehavior(spring)
            attachedIndexPaths.insert(item.indexPath)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        let delta = newBounds.origin.y - collectionView.bounds.origin.y
        latestDelta = delta
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            guard let item = spring.items.first else { continue }
            item.center.y += push(delta, anchor: spring.anchorPoint, touch: touch)
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }

    /// The scroll delta scaled by the distance from the touch, never more than the delta itself.
    private func push(_ delta: CGFloat, anchor: CGPoint, touch: CGPoint) -> CGFloat {
        let distance = abs(touch.x - anchor.x) + abs(touch.y - anchor.y)
        let scaled = delta * distance / resistanceDistance
        return delta < 0 ? max(delta, scaled) : min(delta, scaled)
    }
}
