import Foundation

extension CollectionView {
    /// `selectItem(at:)` for each path in order, the selection updated once: setting
    /// `selectedItemIDs` rebuilds its set, so selecting k items one at a time costs k², which a
    /// scene of 10⁶ items with every 11th selected cannot afford.
    package func selectItems(at indexPaths: [IndexPath?]) {
        var ids = selectedItemIDs
        var set = selectedIDSet
        for path in indexPaths {
            guard let path, let id = itemID(at: path), set.insert(id).inserted else { continue }
            ids.append(id)
        }
        if ids.count != selectedItemIDs.count { selectedItemIDs = ids }
    }

    /// `indexPath(forItemID:)` of each of `ids` (the first section, then item, holding it), found
    /// in one pass over the items without building the index of every id: a few selected items
    /// of a million cost a scan, not a dictionary of a million entries.
    package func indexPaths(forItemIDs ids: [String]) -> [IndexPath?] {
        guard !ids.isEmpty else { return [] }
        var remaining = Set(ids)
        var found: [String: IndexPath] = [:]
        for (section, list) in itemIDs.enumerated() where !remaining.isEmpty {
            switch list.storage {
            case .uniform:
                for id in remaining {
                    if let item = list.uniformIndex(of: id) {
                        found[id] = IndexPath(item: item, section: section)
                        remaining.remove(id)
                    }
                }
            case .list(let items):
                for (item, id) in items.enumerated() where remaining.remove(id) != nil {
                    found[id] = IndexPath(item: item, section: section)
                    if remaining.isEmpty { break }
                }
            }
        }
        return ids.map { found[$0] }
    }
}
