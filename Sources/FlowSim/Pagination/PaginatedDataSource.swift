import Foundation

/// The data a paginating collection view shows: one section of the items loaded so far, plus
/// the loading cell as the last item while a page loads.
///
/// The loading cell is a full-width row `loadingCellHeight` tall in a vertical flow layout (the
/// usual footer-like spinner row); in a horizontal one it takes the layout's item size.
public final class PaginatedDataSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    /// The loading cell's item id (`PresentedElement.isLoadingIndicator` is true for it).
    public static let loadingItemID = "loading-more"
    public static let sectionID = "items"

    public var items: [ItemData] = []
    public var showsLoadingCell = false
    public var loadingCellHeight: CGFloat = 60

    public init() {}

    public var numberOfItems: Int { items.count + (showsLoadingCell ? 1 : 0) }

    public func isLoadingCell(_ indexPath: IndexPath) -> Bool {
        showsLoadingCell && indexPath.section == 0 && indexPath.item == items.count
    }

    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? numberOfItems : 0
    }

    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        if isLoadingCell(indexPath) { return ItemData(id: Self.loadingItemID, title: "") }
        guard indexPath.section == 0, items.indices.contains(indexPath.item) else {
            return ItemData(id: "missing-\(indexPath.item)")
        }
        return items[indexPath.item]
    }

    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        SectionData(id: Self.sectionID, title: "")
    }

    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        let itemSize = collectionViewLayout.flowMetricsForDelegateDefaults.itemSize
        guard isLoadingCell(indexPath), let layout = collectionViewLayout as? FlowLayout,
            layout.scrollDirection == .vertical
        else { return itemSize }
        let width =
            collectionView.bounds.width - layout.sectionInset.left - layout.sectionInset.right
            - collectionView.adjustedContentInset.left - collectionView.adjustedContentInset.right
        return CGSize(width: max(1, width), height: loadingCellHeight)
    }
}
