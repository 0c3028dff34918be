import FlowSim
import Foundation

extension Scene {
    /// A copy of the scene whose relative image paths that exist relative to `directory` (the
    /// scene file's folder) are made absolute, so a scene renders the same from any working
    /// directory. Paths that exist relative to the working directory are left alone.
    public func resolvingImagePaths(relativeTo directory: URL) -> Scene {
        func resolve(_ item: ItemData) -> ItemData {
            guard let path = item.imagePath, !path.isEmpty, !path.hasPrefix("/") else { return item }
            let fileManager = FileManager.default
            if fileManager.fileExists(atPath: path) { return item }
            let candidate = directory.appendingPathComponent(path).standardizedFileURL.path
            guard fileManager.fileExists(atPath: candidate) else { return item }
            var copy = item
            copy.imagePath = candidate
            return copy
        }
        var scene = self
        // A uniform run of items has no images: it stays a count.
        for s in scene.sections.indices where scene.sections[s].itemList.uniformIDPrefix == nil {
            scene.sections[s].items = scene.sections[s].items.map(resolve)
        }
        for u in scene.updates.indices {
            scene.updates[u].insert = scene.updates[u].insert.map { ($0.path, resolve($0.item)) }
            scene.updates[u].insertSections = scene.updates[u].insertSections.map { entry in
                var section = entry.section
                if section.itemList.uniformIDPrefix == nil { section.items = section.items.map(resolve) }
                return (entry.index, section)
            }
            scene.updates[u].snapshot = scene.updates[u].snapshot?.map { section in
                var section = section
                section.items = section.items.map { item in
                    var item = item
                    item.imagePath = item.imagePath.flatMap { resolve(ItemData(id: item.id, imagePath: $0)).imagePath }
                    return item
                }
                return section
            }
        }
        return scene
    }
}
