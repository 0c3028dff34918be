// Sticky headers as a short snippet often does it: every header in the flow layout's answer for
// the queried rect is moved down to the top of the visible area. It pins only the headers its
// answer holds, so which rect the collection view queries decides how long a header stays.
// Written as app teams write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class InRectPinnedHeaderLayout: UICollectionViewFlowLayout {
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
            let attributes = super.layoutAttributesForElements(in: rect)?.map({
                $0.copy() as! UICollectionViewLayoutAttributes
            })
        else { return nil }
        let top = collectionView.contentOffset.y
        for header in attributes where header.representedElementKind == UICollectionView.elementKindSectionHeader {
            header.frame.origin.y = max(header.frame.origin.y, top)
            header.zIndex = 100
        }
        return attributes
    }
}
