import Foundation

/// The edits of one `performBatchUpdates` (or one lone update call), in UIKit's index spaces:
/// deletes in the old space, inserts in the new one, moves from old to new; a reload is a
/// delete plus an insert of the same path (docs/uikit-rules.md §2).
public struct BatchUpdate: Equatable, Sendable {
    public var deletedItems: [IndexPath] = []
    public var insertedItems: [IndexPath] = []
    public var movedItems: [(from: IndexPath, to: IndexPath)] = []
    public var reloadedItems: [IndexPath] = []
    public var deletedSections: [Int] = []
    public var insertedSections: [Int] = []
    public var movedSections: [(from: Int, to: Int)] = []

    public init() {}

    public var isEmpty: Bool {
        deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
            && deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
    }

    public static func == (lhs: BatchUpdate, rhs: BatchUpdate) -> Bool {
        lhs.deletedItems == rhs.deletedItems && lhs.insertedItems == rhs.insertedItems
            && lhs.movedItems.map(\.from) == rhs.movedItems.map(\.from)
            && lhs.movedItems.map(\.to) == rhs.movedItems.map(\.to)
            && lhs.reloadedItems == rhs.reloadedItems && lhs.deletedSections == rhs.deletedSections
            && lhs.insertedSections == rhs.insertedSections
            && lhs.movedSections.map(\.from) == rhs.movedSections.map(\.from)
            && lhs.movedSections.map(\.to) == rhs.movedSections.map(\.to)
    }

    /// The update items the layout receives in `prepare(forCollectionViewUpdates:)`, in UIKit's
    /// order: deletes, inserts, reloads, moves; section edits before item edits.
    public var updateItems: [CollectionViewUpdateItem] {
        func section(_ s: Int) -> IndexPath { IndexPath(item: NSNotFound, section: s) }
        var items: [CollectionViewUpdateItem] = []
        items += deletedSections.sorted(by: >).map { .init(action: .delete, before: section($0), after: nil) }
        items += insertedSections.sorted().map { .init(action: .insert, before: nil, after: section($0)) }
        items += movedSections.map { .init(action: .move, before: section($0.from), after: section($0.to)) }
        items += deletedItems.sorted(by: >).map { .init(action: .delete, before: $0, after: nil) }
        items += insertedItems.sorted().map { .init(action: .insert, before: nil, after: $0) }
        items += reloadedItems.sorted().map { .init(action: .reload, before: $0, after: $0) }
        items += movedItems.map { .init(action: .move, before: $0.from, after: $0.to) }
        return items
    }
}

/// Where every old element went and where every new element came from, once a batch is valid.
public struct UpdateMapping: Sendable {
    /// A compact (section, item) pair; `item == -1` marks a section-level position.
    public struct Position: Hashable, Sendable {
        public var section: Int32
        public var item: Int32
        public var indexPath: IndexPath { IndexPath(item: Int(item), section: Int(section)) }
        init(_ section: Int, _ item: Int) {
            self.section = Int32(truncatingIfNeeded: section)
            self.item = Int32(truncatingIfNeeded: item)
        }
    }

    /// Old section → new section, nil when deleted.
    public var newSectionForOld: [Int?]
    /// New section → old section, nil when inserted.
    public var oldSectionForNew: [Int?]
    /// Per old section, per old item: its new position, nil when deleted (or reloaded).
    public var newItemForOld: [[Position?]]
    /// Per new section, per new item: its old position, nil when inserted (or reloaded).
    public var oldItemForNew: [[Position?]]
    /// Supplementary kinds whose views are anchored to items (a compositional layout's badges):
    /// their views follow their item across the update, not their section (UIKit maps them with
    /// the item map, decompiled `UICollectionViewUpdate`'s auxiliary mapping for anchor kind 3).
    /// The collection view fills it from the layout before planning.
    public var itemAnchoredKinds: Set<String> = []

    public func newPath(forOld path: IndexPath) -> IndexPath? {
        guard newItemForOld.indices.contains(path.section), newItemForOld[path.section].indices.contains(path.item)
        else { return nil }
        return newItemForOld[path.section][path.item]?.indexPath
    }

    public func oldPath(forNew path: IndexPath) -> IndexPath? {
        guard oldItemForNew.indices.contains(path.section), oldItemForNew[path.section].indices.contains(path.item)
        else { return nil }
        return oldItemForNew[path.section][path.item]?.indexPath
    }
}
