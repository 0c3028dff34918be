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
        let table = ItemIDTable(ids)
        var found = [IndexPath?](repeating: nil, count: table.keys.count)
        var remaining = table.keys.count
        for (section, list) in itemIDs.enumerated() where remaining > 0 {
            switch list.storage {
            case .uniform:
                for (key, id) in table.keys.enumerated() where found[key] == nil {
                    if let item = list.uniformIndex(of: id) {
                        found[key] = IndexPath(item: item, section: section)
                        remaining -= 1
                    }
                }
            case .compact(let items):
                // Looked up by the ids' bytes in the file: no string made per item.
                items.forEachID { item, id in
                    guard let key = table.index(ofUTF8: id), found[key] == nil else { return true }
                    found[key] = IndexPath(item: item, section: section)
                    remaining -= 1
                    return remaining > 0
                }
            case .list, .items:
                for item in list.indices {
                    guard let key = table.index(of: list[item]), found[key] == nil else { continue }
                    found[key] = IndexPath(item: item, section: section)
                    remaining -= 1
                    if remaining == 0 { break }
                }
            }
        }
        return table.keyOfID.map { found[$0] }
    }
}
