import Foundation

/// UIKit's `NSDiffableDataSourceTransaction`: what an interactive reorder did to a diffable data
/// source's snapshot (its per-section transactions are not simulated).
public struct DiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public let initialSnapshot: Snapshot
    public let finalSnapshot: Snapshot
    /// The change from the initial to the final item identifiers (all sections in order, moves
    /// inferred), as UIKit's `difference`: `backingStore.applying(difference)` gives the new order.
    public let difference: CollectionDifference<ItemIdentifierType>

    public init(initialSnapshot: Snapshot, finalSnapshot: Snapshot) {
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
        difference = finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
            .inferringMoves()
    }
}

extension CollectionViewDiffableDataSource {
    public typealias Transaction = DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>

    /// UIKit's `UICollectionViewDiffableDataSource.ReorderingHandlers`.
    public struct ReorderingHandlers {
        /// Whether the item may be lifted; nil: no item may (UIKit's reordering needs it).
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// Called at the drop before the snapshot changes.
        public var willReorder: ((Transaction) -> Void)?
        /// Called at the drop after the snapshot changed: update your backing store from it.
        public var didReorder: ((Transaction) -> Void)?

        public init() {}
    }

    /// `snapshot` with the item at `source` moved to `destination` (an index path once the item
    /// has left its place); nil when either is outside it.
    static func snapshot(_ snapshot: Snapshot, moving source: IndexPath, to destination: IndexPath) -> Snapshot? {
        guard source.count == 2, destination.count == 2, snapshot.sectionIdentifiers.indices.contains(source.section),
            snapshot.sectionIdentifiers.indices.contains(destination.section),
            snapshot.items[source.section].indices.contains(source.item)
        else { return nil }
        var final = snapshot
        let item = snapshot.items[source.section][source.item]
        final.deleteItems([item])
        let section = final.sectionIdentifiers[destination.section]
        let others = final.itemIdentifiers(inSection: section)
        guard destination.item >= 0, destination.item <= others.count else { return nil }
        if destination.item < others.count {
            final.insertItems([item], beforeItem: others[destination.item])
        } else {
            final.appendItems([item], toSection: section)
        }
        return final
    }
}
