import Foundation

/// FlowSim's one way of writing output: a file, a set of files (all or none) or a folder
/// (`AtomicOutput.Folder`), each staged under a hidden temporary name beside its target and
/// renamed into place (rename(2) is atomic within a file system), so readers see the old output
/// or the complete new one, never a half-written one. On any failure the temporary items are
/// removed and the targets are left as they were.
///
/// The rules, all here:
/// - temporary items are named `.<target name>.flowsim-tmp-<pid>-<8 characters>` beside their
///   target; items of processes that no longer exist are removed by the next write in that
///   folder (`removeStaleTemporaryItems`), and live ones on SIGINT / SIGTERM;
/// - missing folders above a target are created (`createFolder`), naming the component in the
///   way when one is a file;
/// - a folder is replaced only when FlowSim wrote it (its marker file, `markerFileName`) or it is
///   empty, and never `/`, the home folder, the working directory or an ancestor of it.
public enum AtomicOutput {
    /// The marker file in every folder `Folder` writes.
    public static let markerFileName = ".flowsim-output"
    static let markerContents = Data(
        "This folder was written by flowsim. flowsim replaces it when asked to write here again.\n".utf8)

    /// One file to write: a relative path (may contain folders) and its bytes.
    public struct File: Sendable, Equatable {
        public var name: String
        public var data: Data

        public init(name: String, data: Data) {
            self.name = name
            self.data = data
        }
    }

    /// Writes one file. With `creatingFolders` the missing folders above it are created;
    /// without, its folder must exist.
    public static func write(_ data: Data, to destination: URL, creatingFolders: Bool = false) throws {
        let url = destination.standardizedFileURL
        try write(
            [File(name: url.lastPathComponent, data: data)], in: url.deletingLastPathComponent(),
            creatingFolders: creatingFolders)
    }

    /// Writes several files under `directory`, all or nothing: each to a temporary file beside
    /// its target, then every temporary file is renamed into place; on any failure before the
    /// renames no target is touched.
    public static func write(_ files: [File], in directory: URL, creatingFolders: Bool = true) throws {
        let fm = FileManager.default
        var staged: [(temporary: URL, target: URL)] = []
        defer { for entry in staged { removeTemporary(entry.temporary) } }
        var cleaned = Set<String>()
        for file in files {
            let target = directory.appendingPathComponent(file.name).standardizedFileURL
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw OutputError.cannotWrite(target.path, reason: .isAFolder)
            }
            let parent = target.deletingLastPathComponent()
            if creatingFolders {
                try createFolder(parent, for: target)
            } else {
                guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw OutputError.cannotWrite(target.path, reason: .folderMissing(parent.path))
                }
            }
            if cleaned.insert(parent.path).inserted { removeStaleTemporaryItems(in: parent) }
            let temporary = temporaryURL(beside: target)
            TemporaryItemRegistry.shared.add(temporary.path)
            staged.append((temporary, target))
            do {
                try file.data.write(to: temporary)
            } catch {
                throw OutputError.cannotWrite(target.path, reason: OutputReason(error))
            }
        }
        while let entry = staged.first {
            guard rename(entry.temporary.path, entry.target.path) == 0 else {
                throw OutputError.cannotReplace(entry.target.path, reason: .lastSystemError)
            }
            TemporaryItemRegistry.shared.remove(entry.temporary.path)
            staged.removeFirst()
        }
    }

    /// Creates `folder` and the missing folders above it (for writing `target`). When a
    /// component is a file the error names it: `cannot write TARGET: COMPONENT is a file, not a
    /// folder`.
    public static func createFolder(_ folder: URL, for target: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            var ancestor = folder.standardizedFileURL
            while ancestor.path != "/" {
                if fm.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                    if !isDirectory.boolValue {
                        throw OutputError.cannotWrite(target.path, reason: .notAFolder(ancestor.path))
                    }
                    break
                }
                ancestor = ancestor.deletingLastPathComponent()
            }
            throw OutputError.cannotCreate(folder.path, reason: OutputReason(error))
        }
    }

    /// A fresh temporary name beside `target`: `.<name>.flowsim-tmp-<pid>-<8 characters>`.
    static func temporaryURL(beside target: URL, kind: String = "tmp") -> URL {
        target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).flowsim-\(kind)-\(getpid())-\(UUID().uuidString.prefix(8))")
    }

    static func removeTemporary(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        TemporaryItemRegistry.shared.remove(url.path)
    }

    /// Removes what interrupted runs left in `folder`: `.<name>.flowsim-tmp-<pid>-<id>` folders
    /// and files whose process no longer exists (`kill(pid, 0)` fails with ESRCH). Items of live
    /// processes (another render writing beside us) are left alone. Errors are ignored.
    /// Caveat: a process in another PID namespace (another container sharing the folder) looks
    /// dead here; its render then fails at commit with a clear error instead of being corrupted.
    public static func removeStaleTemporaryItems(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let pid = temporaryItemPID(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The pid in a temporary item's name `.<name>.flowsim-tmp-<pid>-<8 characters>`, else nil.
    static func temporaryItemPID(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".flowsim-tmp-", options: .backwards),
            marker.lowerBound > name.index(after: name.startIndex)
        else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 8, let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }
}
