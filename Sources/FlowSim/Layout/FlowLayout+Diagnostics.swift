import Foundation

extension FlowLayout {
    /// UIKit's size checks for one section, as `_UIFlowLayoutSection` makes them while it computes
    /// the section: an item larger across the scroll axis than the collection view minus the
    /// content and section insets (`v21 > v6` in 26.1's `computeLayoutInRect:…`: strictly larger),
    /// logged once per section each time the section is computed, and negative header or footer
    /// sizes.
    func checkSizes(metrics: FlowSectionMetrics, sizes: [CGSize]?, fromDelegate: Bool, section: Int) {
        let horizontal = scrollDirection == .horizontal
        let inset = metrics.inset
        let available = crossDimension - (horizontal ? inset.top + inset.bottom : inset.left + inset.right)
        func across(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        if let sizes {
            if let item = sizes.firstIndex(where: { across($0) > available }) {
                report(
                    .itemTooLarge(
                        horizontalScrolling: horizontal, sizesFromDelegate: fromDelegate,
                        indexPath: IndexPath(item: item, section: section), layout: self))
            }
        } else if (collectionView?.numberOfItems(inSection: section) ?? 0) > 0, across(metrics.itemSize) > available {
            report(
                .itemTooLarge(
                    horizontalScrolling: horizontal, sizesFromDelegate: false,
                    indexPath: IndexPath(item: 0, section: section), layout: self))
        }
        for (size, footer) in [(metrics.headerReferenceSize, false), (metrics.footerReferenceSize, true)]
        where size.width < 0 || size.height < 0 {
            report(.negativeSupplementarySize(size, footer: footer, section: section, layout: self))
        }
    }
}
