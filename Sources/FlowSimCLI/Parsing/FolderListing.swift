import Foundation

/// The files of one kind under a folder, as paths relative to it: what `diff` pairs and what
/// `check` runs.
enum FolderListing {
    /// Relative paths of the files under `root` (recursively, hidden files skipped) whose
    /// extension is `fileExtension` (case-insensitive), sorted. A symlinked root is resolved
    /// first: FileManager does not descend into a symlink given as the enumerator's root, and
    /// relative names must come from the resolved path.
    static func files(under root: String, withExtension fileExtension: String) throws -> [String] {
        let base = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else {
            throw CommandError.unlistableFolder(path: root)
        }
        var result: [String] = []
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        for case let url as URL in enumerator where url.pathExtension.lowercased() == fileExtension {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            result.append(String(path.dropFirst(prefix.count)))
        }
        return result.sorted()
    }
}
