// Tags packed against the reading edge: left to right they start at the left inset, right to left
// at the right one, whichever way the collection view's semantic content attribute (or the app's
// appearance proxy) says the text runs. The idiom of chip layouts in apps localised for Arabic and
// Hebrew, with the right-to-left switches such layouts override. Written as iOS developers write
// it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class DirectionalTagLayout: UICollectionViewFlowLayout {
    /// The direction the tags run: the collection view's own attribute when it forces one, else
    /// the app-wide appearance's.
    var isRightToLeft: Bool {
        guard let collectionView else { return false }
        let attribute =
            collectionView.semanticContentAttribute == .unspecified
            ? UIView.appearance().semanticContentAttribute : collectionView.semanticContentAttribute
        return UIView.userInterfaceLayoutDirection(for: attribute) == .rightToLeft
    }

    // The layout places tags itself in both directions, so UIKit must not mirror it again.
    override var flipsHorizontallyInOppositeLayoutDirection: Bool { false }
    override var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView,
            let attributes = super.layoutAttributesForElements(in: rect)?.map({
                $0.copy() as! UICollectionViewLayoutAttributes
            })
        else { return nil }

        let rightToLeft = isRightToLeft
        let trailingEdge = collectionView.bounds.width - sectionInset.right
        var cursor: CGFloat = 0
        var lineMaxY: CGFloat = -.greatestFiniteMagnitude
        for tag in attributes where tag.representedElementCategory == .cell {
            if tag.frame.minY >= lineMaxY {  // a new line
                cursor = rightToLeft ? trailingEdge : sectionInset.left
            }
            if rightToLeft {
                tag.frame.origin.x = cursor - tag.frame.width
                cursor = tag.frame.minX - minimumInteritemSpacing
            } else {
                tag.frame.origin.x = cursor
                cursor = tag.frame.maxX + minimumInteritemSpacing
            }
            lineMaxY = max(lineMaxY, tag.frame.maxY)
        }
        return attributes
    }
}
