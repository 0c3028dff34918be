import Foundation

/// What an item shows, for FlowSim's drawing and reports (UIKit's cells show whatever the cell
/// provider configures; FlowSim draws from layout attributes and this content). Nil fields take
/// the defaults: the identifier's description as title, the layout's size, no image.
public struct DiffableItemContent: Equatable, Sendable {
    public var title: String?
    /// What `itemData(at:)` reports as the item's size, for a flow delegate's `sizeForItemAt`
    /// (the data source is not the delegate, as in UIKit).
    public var size: CGSize?
    public var imagePath: String?

    public init(title: String? = nil, size: CGSize? = nil, imagePath: String? = nil) {
        self.title = title
        self.size = size
        self.imagePath = imagePath
    }
}

/// UIKit's `UICollectionViewDiffableDataSource`: the collection view's data source, fed with
/// snapshots. `apply(_:animatingDifferences:completion:)` diffs the new snapshot against the
/// current one (`DiffableDataSourceSnapshot.difference(from:to:)`) and applies the batch
/// update through the collection view, validated and animated like any other.
///
/// FlowSim identifies items by string (`ItemData.id`): each identifier gets its description
/// as its id, made unique with a `#2`, `#3`… suffix if two live identifiers describe alike, and
/// keeps it while it is in the snapshot. Content (title, size, image) comes from
/// `itemContentProvider`, read as UIKit calls the cell provider: for new items, and again only
/// for reloaded and reconfigured ones; the cell provider itself is called for those that are
/// visible after the update.
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
    CollectionViewDataSource
{
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionReusableView?

    /// The collection view (weak, as the collection view holds its data source weakly: keep
    /// the data source alive, as in UIKit).
    public private(set) weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// UIKit's `supplementaryViewProvider`; kept, not called (FlowSim draws headers itself).
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// FlowSim: what each item shows; nil uses the identifier's description as title.
    public var itemContentProvider: ((ItemIdentifierType) -> DiffableItemContent)?
    /// FlowSim: each section's title (what its header shows); nil uses its description.
    public var sectionTitleProvider: ((SectionIdentifierType) -> String)?

    private var current = Snapshot()
    /// Content and string id of every item shown, parallel to `current`'s sections and items.
    private var currentData: [[ItemData]] = []
    /// Which identifier holds each string id (items gone since are kept until pruned).
    private var itemOwners: [String: ItemIdentifierType] = [:]
    private var sectionCache: [SectionIdentifierType: SectionData] = [:]
    private var sectionOwners: [String: SectionIdentifierType] = [:]

    /// How often the cell provider has been called (new, reloaded and reconfigured items that
    /// were visible after an update).
    public private(set) var cellProviderCalls = 0

    /// UIKit's `reorderingHandlers` (`CollectionViewDiffableDataSource+Reordering.swift`): without
    /// `canReorderItem` no item can be moved interactively.
    public var reorderingHandlers = ReorderingHandlers()

    /// Becomes `collectionView`'s data source, as UIKit's initialiser does.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// True while `apply` runs (UIKit's re-entrance check).
    private var isApplying = false

    /// A copy of the current snapshot (reload and reconfigure marks already applied are cleared).
    public func snapshot() -> Snapshot { current }

    /// UIKit's `apply(_:animatingDifferences:completion:)`: animated with the enclosing
    /// `UIView.animate` block's timing or UIKit's default (`AnimationTiming.uikitDefault`), or
    /// without animation (the new layout at once, as under `performWithoutAnimation`).
    /// An invalid snapshot changes nothing; its error is kept in `collectionView.updateErrors`
    /// (UIKit raises an exception Swift cannot catch; `applyChecked` throws it instead).
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        // UIKit 26.1 raises when a snapshot is applied from underneath another apply (a cell
        // provider that applies one): reported as that exception, and nothing changes.
        guard !isApplying else {
            collectionView?.diagnostics.report(.reentrantApply(collectionView: collectionView))
            return
        }
        isApplying = true
        defer { isApplying = false }
        collectionView?.attemptedBatch = nil
        // What the snapshot's mutations logged (an identifier appended twice …), as UIKit logs it.
        for warning in snapshot.warnings {
            collectionView?.diagnostics.report(
                UIKitDiagnostic(check: .invalidSnapshot, severity: .log, message: warning))
        }
        do { try applyChecked(snapshot, animatingDifferences: animatingDifferences, completion: completion) } catch {
            collectionView?.recordUpdateFailure(error, batch: collectionView?.attemptedBatch)
        }
    }

    /// `apply(_:animatingDifferences:completion:)` that throws UIKit's message for a bad
    /// snapshot (duplicate identifiers, a mutation UIKit rejects) or an invalid batch, before
    /// anything changes. Returns the difference it applied.
    @discardableResult
    public func applyChecked(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil)
        throws(UpdateError) -> SnapshotDifference
    {
        let collectionView = try checkedCollectionView()
        try Self.validate(snapshot)
        let difference = Snapshot.difference(from: current, to: snapshot)
        let previous = (current, currentData)
        var undo = Undo()
        let refreshed = refreshContent(for: snapshot, difference: difference, undo: &undo)
        current = snapshot.clearingMarks()
        let timing: AnimationTiming
        do {
            timing = try collectionView.apply(
                difference.batch, timing: animatingDifferences ? nil : AnimationTiming(curve: .linear(duration: 0)))
        } catch {
            (current, currentData) = previous
            undo.revert(self)
            throw error
        }
        pruneContent()
        callCellProvider(for: refreshed, in: collectionView)
        if let completion {
            collectionView.timeline.addCompletion(at: collectionView.currentTime + timing.endTime) { _ in completion() }
        }
        return difference
    }

    /// UIKit's `applySnapshotUsingReloadData(_:completion:)`: the snapshot replaces the data
    /// without a diff or animation (`reloadData`). A bad snapshot changes nothing; its error
    /// goes to `collectionView.updateErrors`.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        do {
            let collectionView = try checkedCollectionView()
            try Self.validate(snapshot)
            itemOwners = [:]
            sectionCache = [:]
            sectionOwners = [:]
            var undo = Undo()
            let refreshed = refreshContent(for: snapshot, difference: nil, undo: &undo)
            current = snapshot.clearingMarks()
            collectionView.reloadData()
            callCellProvider(for: refreshed, in: collectionView)
            completion?()
        } catch {
            collectionView?.recordUpdateFailure(error, batch: nil)
        }
    }

    // MARK: Identifiers and index paths

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < current.numberOfSections else {
            return nil
        }
        let items = current.items[indexPath.section]
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier)
    }

    /// iOS 15's `sectionIdentifier(for:)`.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// iOS 15's `index(for:)`.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    /// FlowSim: the item's id and content as the collection view sees them (a flow delegate
    /// can answer `sizeForItemAt` from its `size`).
    public func itemData(at indexPath: IndexPath) -> ItemData? {
        itemIdentifier(for: indexPath) == nil ? nil : currentData[indexPath.section][indexPath.item]
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section >= 0 && section < current.numberOfSections ? current.items[section].count : 0
    }

    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        currentData[indexPath.section][indexPath.item]
    }

    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        let identifier = current.sectionIdentifiers[section]
        return sectionCache[identifier] ?? SectionData(id: "\(identifier)")
    }

    // MARK: Reordering

    /// Asks `reorderingHandlers.canReorderItem` (false without it).
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath) else {
            return false
        }
        return canReorder(item)
    }

    /// The drop of an interactive movement: the snapshot becomes the one with the item moved
    /// (`willReorder` sees the transaction first, `didReorder` after it is committed).
    open func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        guard let final = Self.snapshot(current, moving: sourceIndexPath, to: destinationIndexPath) else { return }
        let transaction = Transaction(initialSnapshot: current, finalSnapshot: final)
        reorderingHandlers.willReorder?(transaction)
        var data = currentData
        let moved = data[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        data[destinationIndexPath.section].insert(moved, at: destinationIndexPath.item)
        current = final
        currentData = data
        reorderingHandlers.didReorder?(transaction)
    }

    // MARK: Private

    private func checkedCollectionView() throws(UpdateError) -> CollectionView {
        guard let collectionView else { throw .snapshot(.collectionViewGone) }
        guard collectionView.dataSource === self else {
            throw .snapshot(.dataSourceReplaced)
        }
        return collectionView
    }

    /// UIKit's checks of a whole snapshot: the first mutation error, then uniqueness (which the
    /// mutations keep, so this finds nothing unless a mutation was refused).
    private static func validate(_ snapshot: Snapshot) throws(UpdateError) {
        if let error = snapshot.errors.first { throw error }
    }

    /// Makes `currentData` for `snapshot`: content carried over from the old data for items the
    /// batch keeps or moves (by `difference.sources`, no hashing), read again (the content
    /// provider) for inserted items (new ones, reloaded ones that moved, items of inserted or
    /// reloaded sections), reloads in place and reconfigures; read for every item without a
    /// difference (reload data). Section titles are read for inserted sections. Returns the new
    /// index paths of the items read.
    private func refreshContent(for snapshot: Snapshot, difference: SnapshotDifference?, undo: inout Undo)
        -> Set<IndexPath>
    {
        let sections = difference?.batch.insertedSections ?? Array(snapshot.sectionIdentifiers.indices)
        for s in sections {
            let section = snapshot.sectionIdentifiers[s]
            undo.sections.append((section, sectionCache[section]))
            let id =
                sectionCache[section]?.id
                ?? uniqueID("\(section)", owner: section, owners: &sectionOwners, added: &undo.sectionIDs)
            sectionCache[section] = SectionData(id: id, title: sectionTitleProvider?(section))
        }
        var refreshed = Set<IndexPath>()
        var data: [[ItemData]] = []
        data.reserveCapacity(snapshot.numberOfSections)
        for (j, items) in snapshot.items.enumerated() {
            let row = difference.map { $0.sources[j] }
            var list: [ItemData] = []
            list.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                if let row, row[k] >= 0 {
                    list.append(currentData[row[k] >> 32][row[k] & 0xFFFF_FFFF])
                } else {
                    list.append(content(of: item, id: nil, undo: &undo))
                    refreshed.insert(IndexPath(item: k, section: j))
                }
            }
            data.append(list)
        }
        for path in (difference?.batch.reloadedItems ?? []) + (difference?.reconfiguredItems ?? []) {
            let item = snapshot.items[path.section][path.item]
            data[path.section][path.item] = content(of: item, id: data[path.section][path.item].id, undo: &undo)
            refreshed.insert(path)
        }
        currentData = data
        return refreshed
    }

    private func content(of item: ItemIdentifierType, id: String?, undo: inout Undo) -> ItemData {
        let id = id ?? uniqueID("\(item)", owner: item, owners: &itemOwners, added: &undo.itemIDs)
        let content = itemContentProvider?(item)
        return ItemData(id: id, title: content?.title, size: content?.size, imagePath: content?.imagePath)
    }

    /// Forgets the ids of items long gone (they may then be reused).
    private func pruneContent() {
        guard itemOwners.count > 2 * max(64, current.numberOfItems) else { return }
        itemOwners = itemOwners.filter { current.containsItem($0.value) }
    }

    /// What `refreshContent` changed, to put back when the collection view refuses the batch
    /// (a log rather than a copy, so a large cache is not copied on every apply).
    private struct Undo {
        var sections: [(SectionIdentifierType, SectionData?)] = []
        var itemIDs: [String] = []
        var sectionIDs: [String] = []

        func revert(_ source: CollectionViewDiffableDataSource) {
            for (section, data) in sections.reversed() { source.sectionCache[section] = data }
            for id in itemIDs { source.itemOwners[id] = nil }
            for id in sectionIDs { source.sectionOwners[id] = nil }
        }
    }

    private func uniqueID<T: Hashable>(_ base: String, owner: T, owners: inout [String: T], added: inout [String])
        -> String
    {
        var candidate = base
        var suffix = 2
        while let existing = owners[candidate], existing != owner {
            candidate = "\(base)#\(suffix)"
            suffix += 1
        }
        if owners[candidate] == nil { added.append(candidate) }
        owners[candidate] = owner
        return candidate
    }

    private func callCellProvider(for refreshed: Set<IndexPath>, in collectionView: CollectionView) {
        guard !refreshed.isEmpty else { return }
        for path in collectionView.indexPathsForVisibleItems where refreshed.contains(path) {
            guard let item = itemIdentifier(for: path) else { continue }
            _ = cellProvider(collectionView, path, item)
            cellProviderCalls += 1
        }
    }
}
