// A horizontal page strip whose flings stop with the card nearest the middle centred: the
// snapping flow layout of editor and gallery apps. Its metrics come from the screen
// (`UIScreen.main.bounds`) in an `NSObject` namespace of static properties, the search for the
// nearest centre starts at `CGFloat(MAXFLOAT)` and asks `super` for the cards in the proposed
// bounds. Written as iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class StripMetrics: NSObject {
    static let screenSize: CGSize = UIScreen.main.bounds.size
    static let sideInset: CGFloat = 30
    static let aspectRatio: CGFloat = 320.0 / 504.0

    /// A card as wide as the screen less the side insets, as tall as its aspect wants, centred
    /// vertically by equal top and bottom insets.
    static var cardSize: CGSize {
        let width = floor(screenSize.width - sideInset * 2)
        return CGSize(width: width, height: floor(width / aspectRatio))
    }
    static var cardInsets: UIEdgeInsets {
        let vertical = floor((screenSize.height - cardSize.height) / 2)
        return UIEdgeInsets(top: vertical, left: sideInset, bottom: vertical, right: sideInset)
    }
}

final class CentreSnapFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        itemSize = StripMetrics.cardSize
        sectionInset = StripMetrics.cardInsets
        scrollDirection = .horizontal
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        itemSize = StripMetrics.cardSize
        sectionInset = StripMetrics.cardInsets
        scrollDirection = .horizontal
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView = collectionView else { return proposedContentOffset }
        var adjustment = CGFloat(MAXFLOAT)
        let middle = proposedContentOffset.x + collectionView.bounds.width / 2
        let target = CGRect(
            x: proposedContentOffset.x, y: 0, width: collectionView.bounds.width,
            height: collectionView.bounds.height)
        for attributes in super.layoutAttributesForElements(in: target) ?? []
        where abs(attributes.center.x - middle) < abs(adjustment) {
            adjustment = attributes.center.x - middle
        }
        return CGPoint(x: proposedContentOffset.x + adjustment, y: proposedContentOffset.y)
    }
}
