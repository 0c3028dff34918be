import Foundation

/// The cells layouts and animators reach through the collection view (`cellForItem(at:)`,
/// `visibleCells`). FlowSim does not run cell code and draws from layout attributes: a cell here
/// is a `CollectionViewCell` that carries what UIKit would have given it (frame, transform,
/// alpha, zPosition from the layout's current attributes, `apply(_:)` called), and whatever an
/// animator sets on it is stored and read back but not drawn.
extension CollectionView {
    /// UIKit's `indexPathsForVisibleItems`: items whose frames meet the bounds, in index order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }.map(\.indexPath).sorted()
    }

    /// UIKit's `cellForItem(at:)`: the visible cell at `indexPath`, nil when the item is not
    /// visible (as in UIKit). The same item keeps the same cell object while it stays visible.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        collectionViewLayout.prepareIfNeeded()
        guard let id = itemID(at: indexPath),
            let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath),
            attributes.frame.meets(bounds)
                || visibleLayoutAttributes().contains(where: {
                    $0.representedElementCategory == .cell && $0.indexPath == indexPath
                })
        else { return nil }
        return cell(id: id, attributes: attributes)
    }

    /// UIKit's `visibleCells`, in index order.
    public var visibleCells: [CollectionViewCell] {
        visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }
            .sorted { $0.indexPath < $1.indexPath }
            .compactMap { attributes in itemID(at: attributes.indexPath).map { cell(id: $0, attributes: attributes) } }
    }

    /// UIKit's `indexPath(for:)`: where a visible cell's item is now.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        guard let id = cellStore.first(where: { $0.value === cell })?.key else { return nil }
        return indexPath(forItemID: id)
    }

    /// The cell object of item `id`, configured with `attributes`. Cells of items no longer in
    /// the data are dropped.
    private func cell(id: String, attributes: LayoutAttributes) -> CollectionViewCell {
        let cell = cellStore[id] ?? CollectionViewCell(frame: attributes.frame)
        if cellStore[id] == nil {
            if cellStore.count >= cellStorePruneThreshold {
                // Items gone from the data lose their cells (and the cells leave the hierarchy);
                // the threshold doubles with what remains, so pruning stays amortised O(1).
                for (gone, stale) in cellStore where indexPath(forItemID: gone) == nil {
                    stale.removeFromSuperview()
                    cellStore[gone] = nil
                }
                cellStorePruneThreshold = max(64, cellStore.count * 2)
            }
            cellStore[id] = cell
            addSubview(cell)
        }
        cell.isSelected = selectedIDSet.contains(id)
        cell.configure(with: attributes)
        return cell
    }
}
