// Sticky section headers done by hand with an invalidation context of the layout's own: the
// idiom of layouts that avoid recomputing lines on every scroll. A scroll asks for a context
// (`invalidationContext(forBoundsChange:)`), marks only the headers, and keeps the flow
// layout's metrics. Written as iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class PinnedHeaderInvalidationContext: UICollectionViewFlowLayoutInvalidationContext {
    var invalidatePinnedHeaders = false
}

final class PinnedHeaderLayout: UICollectionViewFlowLayout {
    /// Every context the layout was invalidated with, for the tests.
    private(set) var contexts: [PinnedHeaderInvalidationContext] = []

    override class var invalidationContextClass: AnyClass {
        PinnedHeaderInvalidationContext.self
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! PinnedHeaderInvalidationContext
        guard let collectionView = collectionView else { return context }
        context.invalidateFlowLayoutDelegateMetrics = newBounds.size != collectionView.bounds.size
        context.invalidatePinnedHeaders = true
        let headers = (0..<collectionView.numberOfSections).map { IndexPath(item: 0, section: $0) }
        context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, at: headers)
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if let context = context as? PinnedHeaderInvalidationContext { contexts.append(context) }
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
            var attributes = super.layoutAttributesForElements(in: rect)?.map({
                $0.copy() as! UICollectionViewLayoutAttributes
            })
        else { return nil }
        // Sections with a cell in the rect keep their header on screen, even when UIKit's answer
        // for the rect holds no header for them.
        var sections = Set<Int>()
        for item in attributes where item.representedElementCategory == .cell {
            sections.insert(item.indexPath.section)
        }
        for item in attributes where item.representedElementKind == UICollectionView.elementKindSectionHeader {
            sections.remove(item.indexPath.section)
        }
        for section in sections.sorted() {
            if let header = layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
            {
                attributes.append(header)
            }
        }
        let top = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        for header in attributes where header.representedElementKind == UICollectionView.elementKindSectionHeader {
            let section = header.indexPath.section
            let count = collectionView.numberOfItems(inSection: section)
            guard count > 0,
                let first = super.layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
                let last = super.layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
            else { continue }
            let height = header.frame.height
            let natural = first.frame.minY - sectionInset.top - height
            let limit = last.frame.maxY + sectionInset.bottom - height
            header.frame.origin.y = min(max(top, natural), limit)
            header.zIndex = 1024
        }
        return attributes
    }
}
