#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    /// UIKit's `NSDiffableDataSourceSectionSnapshot` (iOS 14): one section's items as an outline.
    /// Children appended under a parent start collapsed, as in UIKit; only `visibleItems` (roots
    /// and the children of expanded parents, depth first) reach the collection view.
    public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
        private var roots: [ItemIdentifierType] = []
        private var childrenOf: [ItemIdentifierType: [ItemIdentifierType]] = [:]
        private var parentOf: [ItemIdentifierType: ItemIdentifierType] = [:]
        private var expanded: Set<ItemIdentifierType> = []

        public init() {}
        public init(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) { self = snapshot }

        // MARK: Reading

        /// Every item, depth first.
        public var items: [ItemIdentifierType] { flatten(roots, onlyVisible: false) }
        /// The items a collection view shows: roots, and children of expanded parents.
        public var visibleItems: [ItemIdentifierType] { flatten(roots, onlyVisible: true) }
        public var rootItems: [ItemIdentifierType] { roots }

        public func contains(_ item: ItemIdentifierType) -> Bool { isRoot(item) || parentOf[item] != nil }
        public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }
        public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parentOf[child] }
        /// 0 for a root item, one more per parent.
        public func level(of item: ItemIdentifierType) -> Int {
            var level = 0
            var current = item
            while let parent = parentOf[current] {
                level += 1
                current = parent
            }
            return level
        }
        public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
        /// Whether every ancestor of the item is expanded.
        public func isVisible(_ item: ItemIdentifierType) -> Bool {
            guard contains(item) else { return false }
            var current = item
            while let parent = parentOf[current] {
                if !expanded.contains(parent) { return false }
                current = parent
            }
            return true
        }

        /// The children of `parent` as their own outline (with `parent` as its root if asked).
        public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
            -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
        {
            var result = Self()
            if includingParent {
                result.append([parent])
                result.copyChildren(of: parent, from: self, under: parent)
            } else {
                result.append(childrenOf[parent] ?? [])
                for child in childrenOf[parent] ?? [] { result.copyChildren(of: child, from: self, under: child) }
            }
            return result
        }

        /// An indented outline, one item a line (UIKit's debugging aid).
        public func visualDescription() -> String {
            items.map { String(repeating: "  ", count: level(of: $0)) + "\($0)" }.joined(separator: "\n")
        }

        // MARK: Changing

        /// Appends the items under `parent`, or at the root when nil. Items already in the
        /// snapshot, and a parent that is not, are ignored.
        public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
            let fresh = items.filter { !contains($0) }
            guard let parent else { return roots.append(contentsOf: fresh) }
            guard contains(parent) else { return }
            childrenOf[parent, default: []].append(contentsOf: fresh)
            for item in fresh { parentOf[item] = parent }
        }

        public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
            insert(items, next: item, offset: 0)
        }

        public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
            insert(items, next: item, offset: 1)
        }

        /// Removes the items and everything under them.
        public mutating func delete(_ items: [ItemIdentifierType]) {
            for item in items where contains(item) {
                for child in childrenOf[item] ?? [] { delete([child]) }
                childrenOf[item] = nil
                expanded.remove(item)
                if let parent = parentOf.removeValue(forKey: item) {
                    childrenOf[parent]?.removeAll { $0 == item }
                } else {
                    roots.removeAll { $0 == item }
                }
            }
        }

        public mutating func deleteAll() { self = Self() }

        public mutating func expand(_ items: [ItemIdentifierType]) {
            for item in items where contains(item) { expanded.insert(item) }
        }

        public mutating func collapse(_ items: [ItemIdentifierType]) {
            for item in items { expanded.remove(item) }
        }

        /// Replaces the children of `parent` with the roots (and their children) of `snapshot`.
        public mutating func replace(
            childrenOf parent: ItemIdentifierType,
            using snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
        ) {
            guard contains(parent) else { return }
            delete(childrenOf[parent] ?? [])
            append(snapshot.roots, to: parent)
            for root in snapshot.roots { copyChildren(of: root, from: snapshot, under: root) }
        }

        // MARK: Helpers

        private func isRoot(_ item: ItemIdentifierType) -> Bool { parentOf[item] == nil && roots.contains(item) }

        private func flatten(_ level: [ItemIdentifierType], onlyVisible: Bool) -> [ItemIdentifierType] {
            var result: [ItemIdentifierType] = []
            for item in level {
                result.append(item)
                if !onlyVisible || expanded.contains(item) {
                    result.append(contentsOf: flatten(childrenOf[item] ?? [], onlyVisible: onlyVisible))
                }
            }
            return result
        }

        private mutating func copyChildren(
            of item: ItemIdentifierType, from source: Self, under parent: ItemIdentifierType
        ) {
            if source.expanded.contains(item) { expanded.insert(parent) }
            let children = source.childrenOf[item] ?? []
            append(children, to: parent)
            for child in children { copyChildren(of: child, from: source, under: child) }
        }

        private mutating func insert(_ items: [ItemIdentifierType], next item: ItemIdentifierType, offset: Int) {
            guard contains(item) else { return }
            let fresh = items.filter { !contains($0) }
            if let parent = parentOf[item], let index = childrenOf[parent]?.firstIndex(of: item) {
                childrenOf[parent]?.insert(contentsOf: fresh, at: index + offset)
                for new in fresh { parentOf[new] = parent }
            } else if let index = roots.firstIndex(of: item) {
                roots.insert(contentsOf: fresh, at: index + offset)
            }
        }
    }

    /// Each data source's applied section snapshots, by section.
    private let appliedSectionSnapshots = SideTable<[AnyHashable: Any]>(default: [:])

    extension CollectionViewDiffableDataSource {
        /// UIKit's `apply(_:to:animatingDifferences:completion:)`: the section (appended when new)
        /// gets the section snapshot's visible items, through the same update as a full snapshot.
        public func apply(
            _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
            animatingDifferences: Bool = true, completion: (() -> Void)? = nil
        ) {
            var full = self.snapshot()
            if full.indexOfSection(section) == nil { full.appendSections([section]) }
            full.deleteItems(full.itemIdentifiers(inSection: section))
            full.appendItems(snapshot.visibleItems, toSection: section)
            appliedSectionSnapshots[self][AnyHashable(section)] = snapshot
            apply(full, animatingDifferences: animatingDifferences, completion: completion)
        }

        /// UIKit's `snapshot(for:)`: the outline last applied to the section while its items are
        /// still the ones shown, else the section's items as roots.
        public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<
            ItemIdentifierType
        > {
            let shown = snapshot().indexOfSection(section) == nil ? [] : snapshot().itemIdentifiers(inSection: section)
            if let applied = appliedSectionSnapshots[self][AnyHashable(section)]
                as? NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, applied.visibleItems == shown
            {
                return applied
            }
            var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
            flat.append(shown)
            return flat
        }
    }
#endif
