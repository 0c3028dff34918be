import FlowSim

extension Scene {
    /// The scene key naming `path` (an item's image as the renderer reads it, after
    /// `resolveImagePaths`), e.g. `sections[0].items[3].image`; nil for a path no key named.
    public func imageKey(forPath path: String) -> String? { imageKeys[path] }

    /// For each image path, the first key naming it: the file's sections (after `dataSections`
    /// from a `"data"` set, which have no images), then each update's inserted items, inserted
    /// sections and snapshot items. Uniform runs of `{}` items have no images and cost nothing;
    /// compact (scanned) items are read from their kept paths.
    static func keysNamingImages(sections: [SectionData], dataSections: Int, updates: [SceneUpdate]) -> [String: String]
    {
        var keys: [String: String] = [:]
        func note(_ path: String?, _ key: @autoclosure () -> String) {
            guard let path, !path.isEmpty, keys[path] == nil else { return }
            keys[path] = key()
        }
        func noteItems(of section: SectionData, at sectionKey: @autoclosure () -> String) {
            if let compact = section.itemList.compactItems {
                // Scanned items keep their few paths apart, by item index: read in item order.
                for i in compact.imagePaths.keys.sorted() {
                    note(compact.imagePaths[i], "\(sectionKey()).items[\(i)].image")
                }
                return
            }
            guard let items = section.itemList.listedItems else { return }
            for i in items.indices where items[i].imagePath != nil {
                note(items[i].imagePath, "\(sectionKey()).items[\(i)].image")
            }
        }
        for s in sections.indices.dropFirst(dataSections) {
            noteItems(of: sections[s], at: "sections[\(s - dataSections)]")
        }
        for (u, update) in updates.enumerated() {
            for (k, insert) in update.insert.enumerated() {
                note(insert.item.imagePath, "updates[\(u)].insert[\(k)].image")
            }
            for (k, entry) in update.insertSections.enumerated() {
                noteItems(of: entry.section, at: "updates[\(u)].insertSections[\(k)]")
            }
            for (s, section) in (update.snapshot ?? []).enumerated() {
                for (i, item) in section.items.enumerated() {
                    note(item.imagePath, "updates[\(u)].snapshot[\(s)].items[\(i)].image")
                }
            }
        }
        return keys
    }
}
