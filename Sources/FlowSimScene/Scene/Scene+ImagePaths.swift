import FlowSim
import Foundation

extension Scene {
    /// A copy of the scene whose relative image paths that exist relative to `directory` (the
    /// scene file's folder) are made absolute, so a scene renders the same from any working
    /// directory. Paths that exist relative to the working directory are left alone.
    public func resolvingImagePaths(relativeTo directory: URL) -> Scene {
        var scene = self
        scene.resolveImagePaths(relativeTo: directory)
        return scene
    }

    /// `resolvingImagePaths(relativeTo:)` in place: items whose path stays are not copied, and
    /// each distinct path is looked up once (a million items share a few images).
    public mutating func resolveImagePaths(relativeTo directory: URL) {
        var resolved: [String: String] = [:]
        func resolvedPath(_ path: String) -> String {
            if let known = resolved[path] { return known }
            let fileManager = FileManager.default
            var result = path
            if !fileManager.fileExists(atPath: path) {
                let candidate = directory.appendingPathComponent(path).standardizedFileURL.path
                if fileManager.fileExists(atPath: candidate) { result = candidate }
            }
            resolved[path] = result
            return result
        }
        func resolve(_ item: ItemData) -> ItemData {
            guard let path = item.imagePath, !path.isEmpty, !path.hasPrefix("/") else { return item }
            let result = resolvedPath(path)
            if result == path { return item }
            var copy = item
            copy.imagePath = result
            return copy
        }
        // A uniform run of items has no images: it stays a count.
        for s in sections.indices {
            // Read from the listed array (no `ItemData` copied per item); the changed paths are
            // written after it is let go, so the list is still uniquely held and changed in place.
            func changedPaths() -> [(item: Int, path: String)] {
                if let compact = sections[s].itemList.compactItems {
                    // Compact items keep their paths apart: only those are read and changed.
                    return compact.imagePaths.compactMap { item, path in
                        guard !path.isEmpty, !path.hasPrefix("/") else { return nil }
                        let result = resolvedPath(path)
                        return result == path ? nil : (item, result)
                    }
                }
                guard let items = sections[s].itemList.listedItems else { return [] }
                var changed: [(item: Int, path: String)] = []
                for i in items.indices {
                    guard let path = items[i].imagePath, !path.isEmpty, !path.hasPrefix("/") else { continue }
                    let result = resolvedPath(path)
                    if result != path { changed.append((i, result)) }
                }
                return changed
            }
            for (item, path) in changedPaths() { sections[s].itemList.setImagePath(path, at: item) }
        }
        imageKeys = Dictionary(imageKeys.map { (resolvedPath($0.key), $0.value) }, uniquingKeysWith: min)
        for u in updates.indices {
            updates[u].insert = updates[u].insert.map { ($0.path, resolve($0.item)) }
            updates[u].insertSections = updates[u].insertSections.map { entry in
                var section = entry.section
                if section.itemList.uniformIDPrefix == nil { section.items = section.items.map(resolve) }
                return (entry.index, section)
            }
            updates[u].snapshot = updates[u].snapshot?.map { section in
                var section = section
                section.items = section.items.map { item in
                    var item = item
                    item.imagePath = item.imagePath.flatMap { resolve(ItemData(id: item.id, imagePath: $0)).imagePath }
                    return item
                }
                return section
            }
        }
    }
}
