// One column of cards that pile up under the top edge as they scroll away instead of leaving the
// screen: the idiom of card-swiper libraries. A flow-layout subclass that copies what super
// answers, widens the rect upwards so cards already under the top are still asked for, holds each
// card's top at the visible top, narrows a card the further it has slid under, fades it once it is
// deeper than the pile shows, and snaps a fling to whole cards. Written as iOS developers write
// it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class StackedCardFlowLayout: UICollectionViewFlowLayout {
    /// How much narrower a card gets per card height it has slid under the top.
    var narrowingPerCard: CGFloat = 0.05
    /// How many cards the pile shows under the top one before they fade.
    var pileDepth = 1

    override init() {
        super.init()
        scrollDirection = .vertical
        minimumLineSpacing = 20
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The pile moves with every scroll.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        // A card held at the top lies, by super's arithmetic, above the rect: ask for the pile too.
        let reach = CGFloat(pileDepth) * (itemSize.height + minimumLineSpacing)
        let widened = CGRect(x: rect.minX, y: max(0, rect.minY - reach), width: rect.width, height: rect.height + reach)
        let cards = (super.layoutAttributesForElements(in: widened) ?? []).map {
            $0.copy() as! UICollectionViewLayoutAttributes
        }
        cards.forEach(pile)
        return cards
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let card = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes
        else { return nil }
        pile(card)
        return card
    }

    private func pile(_ card: UICollectionViewLayoutAttributes) {
        guard let collectionView else { return }
        let top = collectionView.bounds.minY + collectionView.contentInset.top
        let resting = card.frame
        let y = max(top, resting.minY)
        let slid = (y - resting.minY) / resting.height  // in card heights
        card.frame = CGRect(
            x: (collectionView.bounds.width - resting.width) / 2, y: y, width: resting.width, height: resting.height)
        card.zIndex = card.indexPath.item  // a later card slides over the pile
        card.alpha = min(1, max(0, 1 - (slid - CGFloat(pileDepth))))
        card.transform = CGAffineTransform(scaleX: max(0, 1 - slid * narrowingPerCard), y: 1)
    }

    /// A drag ends on a whole card: the nearest one when it stops, the next one in the direction
    /// of a fling.
    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView else { return proposedContentOffset }
        let page = itemSize.height + minimumLineSpacing
        let position = collectionView.contentOffset.y / page
        let card: CGFloat
        if velocity.y == 0 {
            card = position.rounded()
        } else {
            card = velocity.y < 0 ? position.rounded(.down) : position.rounded(.up)
        }
        return CGPoint(x: proposedContentOffset.x, y: card * page - collectionView.contentInset.top)
    }
}
