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

    /// Returns at once, unless the process is ending by SIGINT or SIGTERM: then it waits for
    /// the cleanup thread to remove the temporary items and re-raise the signal (it never
    /// returns). A command calls it before reporting an error or exiting, so an interrupted run
    /// ends by its signal, not with a message about the write the signal interrupted.
    public static func waitIfEndingBySignal() {
        TemporaryItemRegistry.shared.waitIfTerminating()
    }

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
    ///
    /// Special targets: an existing FIFO or character device (`/dev/stdout`, a named pipe) is
    /// written as a stream, after every regular file was staged and before the renames; a block
    /// device or socket is refused. A symbolic link is followed (`OutputTarget`): the file it
    /// points to is replaced and the link kept. A file replaced keeps its mode (as root, its
    /// owner too). Nothing but a regular file is ever renamed over.
    public static func write(_ files: [File], in directory: URL, creatingFolders: Bool = true) throws {
        // Errors about a link's target name the link too (`OutputTarget`).
        var targets: [OutputTarget] = []
        func naming(_ error: Error) -> Error {
            for target in targets {
                let named = target.naming(error)
                if (named as? OutputError) != (error as? OutputError) { return named }
            }
            return error
        }
        do {
            try write(files, in: directory, creatingFolders: creatingFolders, targets: &targets)
        } catch {
            throw naming(error)
        }
    }

    private static func write(
        _ files: [File], in directory: URL, creatingFolders: Bool, targets: inout [OutputTarget]
    ) throws {
        let fm = FileManager.default
        var staged: [(temporary: URL, target: URL)] = []
        var streams: [(target: URL, data: Data)] = []
        // Folders this call created, removed again (when still empty) if it fails: a failed
        // `init` left empty folders its next run refused to write into.
        var createdFolders: [String] = []
        var finished = false
        defer {
            for entry in staged { removeTemporary(entry.temporary) }
            if !finished {
                for folder in createdFolders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
            }
        }
        var cleaned = Set<String>()
        for file in files {
            let output = try OutputTarget(directory.appendingPathComponent(file.name))
            targets.append(output)
            let target = output.resolved
            switch FileSystem.kind(target.path, followingLinks: true) {
            case .directory:
                throw OutputError.cannotWrite(target.path, reason: .isAFolder)
            case .fifo, .characterDevice:
                streams.append((target, file.data))
                continue
            case .blockDevice, .socket, .symbolicLink:
                throw OutputError.cannotWrite(
                    target.path, reason: .notARegularFile(FileSystem.kind(target.path, followingLinks: true).wording))
            case .missing, .regular:
                break
            }
            var isDirectory: ObjCBool = false
            let parent = target.deletingLastPathComponent()
            if creatingFolders {
                var missing = parent
                while missing.path != "/", FileSystem.kind(missing.path, followingLinks: true) == .missing {
                    createdFolders.append(missing.path)
                    missing = missing.deletingLastPathComponent()
                }
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
                try TemporaryItemRegistry.shared.writing {
                    try FileSystem.writeNewFile(file.data, to: temporary.path)
                    // A file replaced keeps its mode (and, as root, its owner and group).
                    if let existing = FileSystem.status(target.path), existing.st_mode & S_IFMT == S_IFREG {
                        _ = chmod(temporary.path, existing.st_mode & 0o7777)
                        if geteuid() == 0 { _ = chown(temporary.path, existing.st_uid, existing.st_gid) }
                    }
                }
            } catch {
                throw OutputError.cannotWrite(target.path, reason: OutputReason(error))
            }
        }
        for stream in streams {
            do {
                try FileSystem.writeStream(stream.data, to: stream.target.path)
            } catch {
                throw OutputError.cannotWrite(stream.target.path, reason: OutputReason(error))
            }
        }
        // Every rename in one write: a SIGINT or SIGTERM arriving now waits for the last one (the
        // cleanup waits for running writes), so a signal never leaves half a set renamed.
        try TemporaryItemRegistry.shared.writing {
            while let entry = staged.first {
                // Checked again just before the rename: never rename over a special file that
                // appeared since.
                let kind = FileSystem.kind(entry.target.path, followingLinks: false)
                guard kind == .missing || kind == .regular else {
                    throw OutputError.cannotWrite(entry.target.path, reason: .notARegularFile(kind.wording))
                }
                guard rename(entry.temporary.path, entry.target.path) == 0 else {
                    throw OutputError.cannotReplace(entry.target.path, reason: .lastSystemError)
                }
                TemporaryItemRegistry.shared.remove(entry.temporary.path)
                staged.removeFirst()
            }
        }
        finished = true
    }

    /// Whether `destination` (symbolic links followed) is an existing FIFO or character device
    /// (`/dev/null`, `/dev/stdout`, a named pipe): `write` streams to it and never renames over
    /// it, so nothing should be derived from its name (a sibling file beside `/dev/null`).
    public static func isStreamTarget(_ destination: URL) -> Bool {
        FileSystem.kind(destination.standardizedFileURL.path, followingLinks: true).isStream
    }

    /// Removes every temporary item of this process now (before an `exit` on a fatal error such
    /// as a failed write to stdout). Later writes fail.
    public static func removeTemporaryItemsBeforeExit() {
        TemporaryItemRegistry.shared.removeAllForTermination()
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
    /// A `.<name>.flowsim-old-<pid>-<id>` folder (the previous output, moved aside by the
    /// two-rename fallback of `Folder.commit`) of a dead process is moved back to `<name>` when
    /// `<name>` is missing (the process died between the renames), else removed.
    /// Caveat: a process in another PID namespace (another container sharing the folder) looks
    /// dead here; its render then fails at commit with a clear error instead of being corrupted.
    public static func removeStaleTemporaryItems(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let item = temporaryItem(name), item.pid != getpid(), kill(item.pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = folder.appendingPathComponent(name).path
            if item.kind == "old" {
                let original = folder.appendingPathComponent(item.target).path
                if FileSystem.kind(original, followingLinks: false) == .missing, rename(path, original) == 0 {
                    continue
                }
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The pid in a temporary item's name `.<name>.flowsim-tmp-<pid>-<8 characters>`, else nil.
    static func temporaryItemPID(_ name: String) -> pid_t? {
        guard let item = temporaryItem(name), item.kind == "tmp" else { return nil }
        return item.pid
    }

    /// The parts of `.<target>.flowsim-<kind>-<pid>-<8 characters>` (kind `tmp` or `old`).
    static func temporaryItem(_ name: String) -> (target: String, kind: String, pid: pid_t)? {
        for kind in ["tmp", "old"] {
            guard name.hasPrefix("."), let marker = name.range(of: ".flowsim-\(kind)-", options: .backwards),
                marker.lowerBound > name.index(after: name.startIndex)
            else { continue }
            let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 8, let pid = pid_t(parts[0]), pid > 0 else { continue }
            return (String(name[name.index(after: name.startIndex)..<marker.lowerBound]), kind, pid)
        }
        return nil
    }
}

extension AtomicOutput {
    /// An advisory lock (`flock(2)`) on a folder several runs write into file by file (a goldens
    /// folder recorded by `check --record`): the hidden file `.<folder name>.flowsim-lock`
    /// beside it (so the folder itself is neither created nor changed by locking), held until
    /// `unlock()` or deinit, released by the kernel when the process dies (even on kill -9).
    /// A second run blocks until the first is done (`waiting` is called once before it blocks,
    /// to say so), so two runs never interleave their files.
    public final class FolderLock {
        public let url: URL
        private var fd: Int32

        public init(folder: URL, waiting: () -> Void = {}) throws {
            // Named after the folder's real path (links resolved): `--goldens G` and
            // `--goldens link-to-G` take the same lock.
            let folder = FolderLock.resolved(folder.standardizedFileURL)
            url = folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent).flowsim-lock")
            try AtomicOutput.createFolder(folder.deletingLastPathComponent(), for: url)
            fd = -1
            var saidWaiting = false
            // The holder removes the file when it unlocks (nothing is left beside the folder, even
            // after a failed run); a run that got the lock on a file already removed (it waited
            // on it) opens the new one and locks again, so two runs never hold the lock at once.
            while true {
                fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
                guard fd >= 0 else { throw OutputError.cannotWrite(url.path, reason: .lastSystemError) }
                if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                    guard errno == EWOULDBLOCK else {
                        let reason = OutputReason.lastSystemError
                        close(fd)
                        throw OutputError.cannotWrite(url.path, reason: reason)
                    }
                    if !saidWaiting {
                        waiting()
                        saidWaiting = true
                    }
                    while flock(fd, LOCK_EX) != 0 {
                        guard errno == EINTR else {
                            let reason = OutputReason.lastSystemError
                            close(fd)
                            throw OutputError.cannotWrite(url.path, reason: reason)
                        }
                    }
                }
                if FolderLock.isCurrentFile(fd, path: url.path) {
                    // Registered as a temporary item: a run that ends without `unlock()` (stdout
                    // on a full disk exits 2 at once, SIGINT, SIGTERM) still removes the file.
                    TemporaryItemRegistry.shared.add(url.path)
                    return
                }
                close(fd)
            }
        }

        /// Whether the open `fd` is still the file at `path` (its holder may have removed it
        /// while this run waited).
        static func isCurrentFile(_ fd: Int32, path: String) -> Bool {
            var opened = stat()
            var named = stat()
            guard fstat(fd, &opened) == 0, stat(path, &named) == 0 else { return false }
            return opened.st_ino == named.st_ino && opened.st_dev == named.st_dev
        }

        /// `folder` with symbolic links resolved: the folder itself when it exists, else its
        /// parent (a goldens folder recorded for the first time).
        static func resolved(_ folder: URL) -> URL {
            func real(_ path: String) -> String? {
                guard let pointer = realpath(path, nil) else { return nil }
                defer { free(pointer) }
                return String(cString: pointer)
            }
            if let path = real(folder.path) { return URL(fileURLWithPath: path) }
            if let parent = real(folder.deletingLastPathComponent().path) {
                return URL(fileURLWithPath: parent).appendingPathComponent(folder.lastPathComponent)
            }
            return folder
        }

        /// Removes the lock file, then releases it (see `init`).
        public func unlock() {
            guard fd >= 0 else { return }
            TemporaryItemRegistry.shared.remove(url.path)
            unlink(url.path)
            close(fd)
            fd = -1
        }

        deinit { unlock() }
    }
}
