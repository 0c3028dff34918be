// A flow-layout grid that adds two supplementary kinds of its own in every section: a "badge"
// on each item's top-right corner (at the item's index path) and a "ribbon" along the section's
// leading edge (at a one-index index path, the section alone). Written as app teams write it;
// only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class BadgedGridLayout: UICollectionViewFlowLayout {
    static let badgeKind = "badge"
    static let ribbonKind = "ribbon"

    var badgeSize = CGSize(width: 20, height: 20)
    var ribbonWidth: CGFloat = 6

    /// Kinds the collection view asked the update hooks about that this layout does not make.
    private(set) var rejectedKinds: [String] = []
    /// Every kind the update hooks were asked about.
    private(set) var askedKinds: Set<String> = []

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard var attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        var sections = Set<Int>()
        for cell in attributes where cell.representedElementCategory == .cell {
            sections.insert(cell.indexPath.section)
            if let badge = layoutAttributesForSupplementaryView(ofKind: Self.badgeKind, at: cell.indexPath) {
                attributes.append(badge)
            }
        }
        for section in sections.sorted() {
            if let ribbon = layoutAttributesForSupplementaryView(
                ofKind: Self.ribbonKind, at: IndexPath(index: section))
            {
                attributes.append(ribbon)
            }
        }
        return attributes
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        switch elementKind {
        case Self.badgeKind:
            guard let cell = layoutAttributesForItem(at: indexPath) else { return nil }
            let badge = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
            badge.frame = CGRect(
                x: cell.frame.maxX - badgeSize.width / 2, y: cell.frame.minY - badgeSize.height / 2,
                width: badgeSize.width, height: badgeSize.height)
            badge.zIndex = 1
            return badge
        case Self.ribbonKind:
            let section = indexPath[0]
            guard let collectionView = collectionView, section < collectionView.numberOfSections else { return nil }
            let count = collectionView.numberOfItems(inSection: section)
            guard count > 0, let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
                let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
            else { return nil }
            let ribbon = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
            ribbon.frame = CGRect(
                x: 0, y: first.frame.minY, width: ribbonWidth, height: last.frame.maxY - first.frame.minY)
            return ribbon
        default:
            return super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
        }
    }

    override func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        askedKinds.insert(elementKind)
        guard [Self.badgeKind, Self.ribbonKind].contains(elementKind) else {
            rejectedKinds.append(elementKind)
            return nil
        }
        return super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }

    override func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        askedKinds.insert(elementKind)
        guard [Self.badgeKind, Self.ribbonKind].contains(elementKind) else {
            rejectedKinds.append(elementKind)
            return nil
        }
        return super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }
}
