#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    /// `NSDiffableDataSourceSnapshot`: sections and items by identifier, with UIKit's mutations
    /// (`appendSections`, `appendItems(_:toSection:)`, `insertItems(_:beforeItem:)`, `moveItem`,
    /// `reloadItems`, `reconfigureItems`, …) and queries (`numberOfItems`, `indexOfItem`, …).
    public typealias NSDiffableDataSourceSnapshot = DiffableDataSourceSnapshot

    /// `UICollectionViewDiffableDataSource`: `init(collectionView:cellProvider:)`,
    /// `apply(_:animatingDifferences:completion:)`, `snapshot()`, `itemIdentifier(for:)`,
    /// `indexPath(for:)`, `applySnapshotUsingReloadData(_:completion:)`.
    public typealias UICollectionViewDiffableDataSource = CollectionViewDiffableDataSource

    /// `NSDiffableDataSourceTransaction`: what an interactive reorder did (`initialSnapshot`,
    /// `finalSnapshot`, `difference`), handed to `reorderingHandlers.willReorder` / `didReorder`.
    public typealias NSDiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> =
        DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
#endif
