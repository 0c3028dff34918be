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
    /// Content and string id of every item shown (and of items gone since, until pruned).
    private var itemCache: [ItemIdentifierType: ItemData] = [:]
    private var itemOwners: [String: ItemIdentifierType] = [:]
    private var sectionCache: [SectionIdentifierType: SectionData] = [:]
    private var sectionOwners: [String: SectionIdentifierType] = [:]

    /// How often the cell provider has been called (new, reloaded and reconfigured items that
    /// were visible after an update).
    public private(set) var cellProviderCalls = 0

    /// Becomes `collectionView`'s data source, as UIKit's initialiser does.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the current snapshot (reload and reconfigure marks already applied are cleared).
    public func snapshot() -> Snapshot { current }

    /// UIKit's `apply(_:animatingDifferences:completion:)`: animated with the enclosing
    /// `UIView.animate` block's timing or UIKit's default (`AnimationTiming.uikitDefault`), or
    /// without animation (the new layout at once, as under `performWithoutAnimation`).
    /// An invalid snapshot changes nothing; its error is kept in `collectionView.updateErrors`
    /// (UIKit raises an exception Swift cannot catch; `applyChecked` throws it instead).
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        do { try applyChecked(snapshot, animatingDifferences: animatingDifferences, completion: completion) } catch {
            collectionView?.updateErrors.append(error as? UpdateError ?? UpdateError("\(error)"))
        }
    }

    /// `apply(_:animatingDifferences:completion:)` that throws UIKit's message for a bad
    /// snapshot (duplicate identifiers, a mutation UIKit rejects) or an invalid batch, before
    /// anything changes. Returns the difference it applied.
    @discardableResult
    public func applyChecked(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil)
        throws -> SnapshotDifference
    {
        let collectionView = try checkedCollectionView()
        try Self.validate(snapshot)
        let difference = Snapshot.difference(from: current, to: snapshot)
        let saved = (current, itemCache, itemOwners, sectionCache, sectionOwners)
        let refreshed = refreshContent(for: snapshot)
        current = snapshot.clearingMarks()
        let timing: AnimationTiming
        do {
            timing = try collectionView.apply(
                difference.batch, timing: animatingDifferences ? nil : AnimationTiming(curve: .linear(duration: 0)))
        } catch {
            (current, itemCache, itemOwners, sectionCache, sectionOwners) = saved
            throw error
        }
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
            itemCache = [:]
            itemOwners = [:]
            sectionCache = [:]
            sectionOwners = [:]
            let refreshed = refreshContent(for: snapshot)
            current = snapshot.clearingMarks()
            collectionView.reloadData()
            callCellProvider(for: refreshed, in: collectionView)
            completion?()
        } catch {
            collectionView?.updateErrors.append(error as? UpdateError ?? UpdateError("\(error)"))
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
        itemIdentifier(for: indexPath).flatMap { itemCache[$0] }
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section >= 0 && section < current.numberOfSections ? current.items[section].count : 0
    }

    public func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        let item = current.items[indexPath.section][indexPath.item]
        return itemCache[item] ?? ItemData(id: "\(item)")
    }

    public func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        let identifier = current.sectionIdentifiers[section]
        return sectionCache[identifier] ?? SectionData(id: "\(identifier)")
    }

    // MARK: Private

    private func checkedCollectionView() throws -> CollectionView {
        guard let collectionView else { throw UpdateError("the diffable data source's collection view is gone") }
        guard collectionView.dataSource === self else {
            throw UpdateError(
                "the collection view's data source is no longer this diffable data source: "
                    + "set its dataSource only through the diffable data source")
        }
        return collectionView
    }

    /// UIKit's checks of a whole snapshot: the first mutation error, then uniqueness (which the
    /// mutations keep, so this finds nothing unless a mutation was refused).
    private static func validate(_ snapshot: Snapshot) throws {
        if let error = snapshot.errors.first { throw error }
    }

    /// Reads the content of new items and of reloaded and reconfigured ones (and the titles of
    /// new and reloaded sections); returns the identifiers read.
    private func refreshContent(for snapshot: Snapshot) -> Set<ItemIdentifierType> {
        var refreshed = Set<ItemIdentifierType>()
        let again = Set(snapshot.reloadedItemIdentifiers).union(snapshot.reconfiguredItemIdentifiers)
        let sectionsAgain = Set(snapshot.reloadedSectionIdentifiers)
        for section in snapshot.sectionIdentifiers where sectionCache[section] == nil || sectionsAgain.contains(section)
        {
            let id = sectionCache[section]?.id ?? uniqueID("\(section)", owner: section, owners: &sectionOwners)
            sectionCache[section] = SectionData(id: id, title: sectionTitleProvider?(section))
        }
        for (s, section) in snapshot.sectionIdentifiers.enumerated() {
            let wholeSection = sectionsAgain.contains(section)
            for item in snapshot.items[s] {
                let known = itemCache[item]
                guard known == nil || wholeSection || (!again.isEmpty && again.contains(item)) else { continue }
                let id = known?.id ?? uniqueID("\(item)", owner: item, owners: &itemOwners)
                let content = itemContentProvider?(item)
                itemCache[item] = ItemData(
                    id: id, title: content?.title, size: content?.size, imagePath: content?.imagePath)
                refreshed.insert(item)
            }
        }
        // Forget items long gone (their ids may be reused).
        if itemCache.count > 2 * max(64, snapshot.numberOfItems) {
            itemCache = itemCache.filter { snapshot.containsItem($0.key) }
            itemOwners = itemOwners.filter { itemCache[$0.value] != nil }
        }
        return refreshed
    }

    private func uniqueID<T: Hashable>(_ base: String, owner: T, owners: inout [String: T]) -> String {
        var candidate = base
        var suffix = 2
        while let existing = owners[candidate], existing != owner {
            candidate = "\(base)#\(suffix)"
            suffix += 1
        }
        owners[candidate] = owner
        return candidate
    }

    private func callCellProvider(for refreshed: Set<ItemIdentifierType>, in collectionView: CollectionView) {
        guard !refreshed.isEmpty else { return }
        for path in collectionView.indexPathsForVisibleItems {
            guard let item = itemIdentifier(for: path), refreshed.contains(item) else { continue }
            _ = cellProvider(collectionView, path, item)
            cellProviderCalls += 1
        }
    }
}
