import Foundation

/// What applying a snapshot changes: the batch update the collection view animates, and the
/// items whose content is read again without animation (reconfigured).
public struct SnapshotDifference: Equatable, Sendable {
    /// In UIKit's index spaces: deletes and reloads in the old one, inserts in the new one,
    /// moves from old to new.
    public var batch = BatchUpdate()
    /// New index paths of reconfigured items that are not also reloaded or inserted.
    public var reconfiguredItems: [IndexPath] = []
    /// Per new section, per new item: its old position packed as section << 32 | item when the
    /// batch carries it over (moved or kept, reloads in place included), −1 when the batch
    /// inserts it. The data source carries content over by it without hashing.
    var sources: [[Int]] = []

    public init() {}
}

extension DiffableDataSourceSnapshot {
    /// The batch update that turns `old` into `new`, by identifier, as a diffable data source
    /// plans it.
    ///
    /// - Sections: a section only in `old` is deleted, one only in `new` inserted, and one in
    ///   `new`'s `reloadedSectionIdentifiers` is deleted and inserted (UIKit's section reload).
    ///   Of the sections in both, the longest run that keeps its relative order stays (the
    ///   longest increasing subsequence of their new positions, taken in old order); each other
    ///   one is a move.
    /// - Items: an item only in `old` is deleted, one only in `new` inserted. Of the items that
    ///   stay in the same section (same identifier before and after), the longest increasing
    ///   subsequence of their old positions, taken in new order, stays; the others are moves.
    ///   An item whose section changes is a move between sections; one whose old section is
    ///   deleted (or reloaded) is inserted, one whose new section is inserted (or reloaded) is
    ///   deleted, because a move cannot leave a deleted section or enter an inserted one.
    /// - Reloads (`new.reloadedItemIdentifiers`): a reloaded item whose index path is the same
    ///   before and after, and that is not moved, is a reload; one that moves or shifts is a
    ///   delete at its old path and an insert at its new one: UIKit's batch rules forbid a
    ///   reload and a move of one item (a reload is a delete and an insert of the same path).
    /// - Reconfigures (`new.reconfiguredItemIdentifiers`): no batch entry; the item's new path
    ///   is listed in `reconfiguredItems` so its content is read again in place.
    ///
    /// The moves are minimal for the given inserts and deletes: n common elements with a longest
    /// increasing subsequence of length L need exactly n − L moves, the fewest any batch can use
    /// (the elements that do not move keep their relative order). Where several subsequences
    /// are longest, the one patience sorting finds (the last one ending at each length) stays.
    /// UIKit does not document its own choice; it may pick other moves of the same count.
    ///
    /// Cost: O(n log n) for n items (hash lookups by identifier, and the subsequence by patience
    /// sorting with binary search), plus sorting the edits.
    @_specialize(where SectionIdentifierType == String, ItemIdentifierType == String)
    @_specialize(where SectionIdentifierType == Int, ItemIdentifierType == Int)
    @_specialize(where SectionIdentifierType == Int, ItemIdentifierType == String)
    @_specialize(where SectionIdentifierType == String, ItemIdentifierType == Int)
    public static func difference(from old: Self, to new: Self) -> SnapshotDifference {
        var result = SnapshotDifference()
        var batch = BatchUpdate()

        // Sections.
        let reloadedSections = Set(new.reloadedSectionIdentifiers)
        var newForOld = [Int?](repeating: nil, count: old.sections.count)
        var oldForNew = [Int?](repeating: nil, count: new.sections.count)
        for (j, section) in new.sections.enumerated() {
            guard let i = old.sectionIndex[section], !reloadedSections.contains(section) else { continue }
            newForOld[i] = j
            oldForNew[j] = i
        }
        batch.deletedSections = newForOld.indices.filter { newForOld[$0] == nil }
        batch.insertedSections = oldForNew.indices.filter { oldForNew[$0] == nil }
        let commonSections = newForOld.indices.compactMap { i in newForOld[i].map { (old: i, new: $0) } }
        let keptSections = longestIncreasingSubsequence(commonSections.map(\.new))
        for (k, pair) in commonSections.enumerated() where !keptSections[k] {
            batch.movedSections.append((from: pair.old, to: pair.new))
        }

        // Items: where each old item was.
        // Old position of each item of a surviving section, packed as section << 32 | item.
        var oldPosition: [ItemIdentifier: Int] = [:]
        oldPosition.reserveCapacity(old.numberOfItems)
        for (s, list) in old.items.enumerated() where newForOld[s] != nil {
            for (k, item) in list.enumerated() { oldPosition[item] = s << 32 | k }
        }
        // Whether each old item reached a surviving section (the others are deleted).
        var survived = old.items.map { [Bool](repeating: false, count: $0.count) }
        let reloaded = Set(new.reloadedItemIdentifiers)
        func reload(_ item: ItemIdentifier) -> Bool { !reloaded.isEmpty && reloaded.contains(item) }

        var deleted: [IndexPath] = []
        var inserted: [IndexPath] = []
        var moved: [(from: IndexPath, to: IndexPath)] = []
        var reloadedPaths: [IndexPath] = []
        var survivorsInNew = 0
        var sources = new.items.map { [Int](repeating: -1, count: $0.count) }
        for (j, list) in new.items.enumerated() {
            guard let os = oldForNew[j] else { continue }  // inserted sections bring their items
            var sameOld: [Int] = []
            var sameNew: [Int] = []
            for (k, item) in list.enumerated() {
                guard let position = oldPosition[item] else {
                    inserted.append(IndexPath(item: k, section: j))
                    continue
                }
                let (ps, pk) = (position >> 32, position & 0xFFFF_FFFF)
                survived[ps][pk] = true
                survivorsInNew += 1
                if ps == os {
                    sameOld.append(pk)
                    sameNew.append(k)
                    sources[j][k] = position
                } else if reload(item) {
                    deleted.append(IndexPath(item: pk, section: ps))
                    inserted.append(IndexPath(item: k, section: j))
                } else {
                    moved.append((IndexPath(item: pk, section: ps), IndexPath(item: k, section: j)))
                    sources[j][k] = position
                }
            }
            let kept = longestIncreasingSubsequence(sameOld)
            for index in sameOld.indices where !kept[index] || !reloaded.isEmpty {
                let from = IndexPath(item: sameOld[index], section: os)
                let to = IndexPath(item: sameNew[index], section: j)
                if reload(list[sameNew[index]]) {
                    if kept[index] && from == to {
                        reloadedPaths.append(from)
                    } else {
                        deleted.append(from)
                        inserted.append(to)
                        sources[j][to.item] = -1
                    }
                } else if !kept[index] {
                    moved.append((from, to))
                }
            }
        }

        // Old items of surviving sections that did not survive into a surviving section.
        if survivorsInNew < oldPosition.count {
            for (s, flags) in survived.enumerated() where newForOld[s] != nil {
                for (k, flag) in flags.enumerated() where !flag { deleted.append(IndexPath(item: k, section: s)) }
            }
        }

        batch.deletedItems = deleted.sorted()
        batch.insertedItems = inserted.sorted()
        batch.reloadedItems = reloadedPaths.sorted()
        batch.movedItems = moved.sorted { $0.to < $1.to }
        result.batch = batch
        result.sources = sources

        // Reconfigures: items that survive, are not reloaded, and whose section is not reloaded.
        for item in new.reconfiguredItemIdentifiers where !reload(item) {
            guard let section = new.sectionOfItem[item], let j = new.sectionIndex[section], oldForNew[j] != nil,
                oldPosition[item] != nil, let path = new.indexPath(of: item)
            else { continue }
            result.reconfiguredItems.append(path)
        }
        return result
    }
}

/// Which elements of `values` form a longest strictly increasing subsequence (true = in it), by
/// patience sorting: each value goes on the leftmost pile whose top is not smaller (binary
/// search), remembering the top of the pile to its left; the chain back from the last pile's
/// top is the subsequence. O(n log n) time, O(n) space. Values must be distinct.
public func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    var mask = [Bool](repeating: false, count: values.count)
    guard !values.isEmpty else { return mask }
    var tops: [Int] = []  // index of each pile's top value
    tops.reserveCapacity(64)
    var previous = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
        var low = 0
        var high = tops.count
        while low < high {
            let middle = (low + high) / 2
            if values[tops[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[i] = tops[low - 1] }
        if low == tops.count { tops.append(i) } else { tops[low] = i }
    }
    var index = tops[tops.count - 1]
    while index >= 0 {
        mask[index] = true
        index = previous[index]
    }
    return mask
}
