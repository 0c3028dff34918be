import Foundation

/// Output-folder failures, with the path and the system's reason.
public enum OutputError: Error, Equatable, CustomStringConvertible, Sendable {
    case notADirectory(String)
    case cannotCreate(String, reason: String)
    case cannotWrite(String, reason: String)
    case cannotReplace(String, reason: String)
    /// The destination is a non-empty folder without FlowSim's marker file: not ours to replace.
    case notFlowSimOutput(String)
    /// The destination is `/`, the home folder, the working directory or one of its ancestors.
    case protectedFolder(String)
    case alreadyFinished

    public var description: String {
        switch self {
        case .notADirectory(let p): return "\(p) exists and is not a folder"
        case .cannotCreate(let p, let r): return "cannot create folder \(p): \(r)"
        case .cannotWrite(let p, let r): return "cannot write \(p): \(r)"
        case .cannotReplace(let p, let r): return "cannot move the new output into \(p): \(r)"
        case .notFlowSimOutput(let p):
            return "\(p) exists and was not written by flowsim; choose another folder or remove it"
        case .protectedFolder(let p):
            return
                "\(p) is the root, home or current folder (or a parent of it); flowsim will not replace it: choose another folder"
        case .alreadyFinished: return "output folder already committed or discarded"
        }
    }
}

/// Writes files into a hidden temporary folder beside `destination` and renames it into place in
/// `commit()`. An existing destination is replaced only then (moved aside, the new folder renamed
/// in, the old one deleted; if the rename fails the old folder is moved back). Without `commit()`
/// (an error, `discard()`, or deinit) the temporary folder is removed and the destination is left
/// exactly as it was.
///
/// Only folders FlowSim wrote are ever replaced: every folder this writer creates holds a marker
/// file (`AtomicDirectoryWriter.markerFileName`), and an existing destination is replaced only if
/// it is empty or has that marker (`OutputError.notFlowSimOutput` otherwise). `/`, the user's
/// home folder, the working directory and its ancestors are never replaced
/// (`OutputError.protectedFolder`). Both checks run in `init` (fail before any work) and again
/// in `commit()`.
public final class AtomicDirectoryWriter {
    /// The marker file in every folder this writer creates.
    public static let markerFileName = ".flowsim-output"
    static let markerContents = Data(
        "This folder was written by flowsim. flowsim replaces it when asked to write here again.\n".utf8)

    public let destination: URL
    public let temporaryDirectory: URL
    private var finished = false

    public init(destination: URL) throws {
        let destination = destination.standardizedFileURL
        self.destination = destination
        let fm = FileManager.default
        try AtomicDirectoryWriter.checkReplaceable(destination)
        let parent = destination.deletingLastPathComponent()
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotCreate(parent.path, reason: systemErrorReason(error))
        }
        let name = destination.lastPathComponent
        AtomicDirectoryWriter.removeStaleTemporaryItems(in: parent)
        temporaryDirectory = parent.appendingPathComponent(
            ".\(name).flowsim-tmp-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            try fm.createDirectory(at: temporaryDirectory, withIntermediateDirectories: false)
        } catch {
            throw OutputError.cannotCreate(temporaryDirectory.path, reason: systemErrorReason(error))
        }
        TemporaryFolderRegistry.shared.add(temporaryDirectory.path)
        do {
            try AtomicDirectoryWriter.markerContents.write(
                to: temporaryDirectory.appendingPathComponent(AtomicDirectoryWriter.markerFileName))
        } catch {
            try? fm.removeItem(at: temporaryDirectory)
            throw OutputError.cannotWrite(
                temporaryDirectory.appendingPathComponent(AtomicDirectoryWriter.markerFileName).path,
                reason: systemErrorReason(error))
        }
    }

    /// Throws unless `destination` may be replaced: it does not exist, or is an empty folder, or a
    /// folder with FlowSim's marker, and it is not `/`, the home folder, the working directory or
    /// an ancestor of it.
    public static func checkReplaceable(_ destination: URL) throws {
        let path = destination.standardizedFileURL.path
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if isProtected(path) { throw OutputError.protectedFolder(path) }
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw OutputError.notADirectory(path) }
        let entries: [String]
        do {
            entries = try fm.contentsOfDirectory(atPath: path)
        } catch {
            throw OutputError.cannotReplace(path, reason: systemErrorReason(error))
        }
        if entries.isEmpty || entries.contains(markerFileName) { return }
        throw OutputError.notFlowSimOutput(path)
    }

    /// `/`, the home folder, the working directory and its ancestors (compared after resolving
    /// symbolic links, so `.`, `..` or a link to the working directory are caught too).
    static func isProtected(_ path: String) -> Bool {
        let target = resolved(path)
        if target == "/" { return true }
        var protected: Set<String> = ["/"]
        for home in [NSHomeDirectory(), ProcessInfo.processInfo.environment["HOME"]].compactMap({ $0 })
        where !home.isEmpty {
            protected.insert(resolved(home))
        }
        var folder = resolved(fm.currentDirectoryPath)
        while true {
            protected.insert(folder)
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        return protected.contains(target)
    }

    private static var fm: FileManager { FileManager.default }

    /// `path` with symbolic links resolved (realpath), or standardized when it does not exist.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(real) }
        return String(cString: real)
    }

    deinit {
        if !finished { try? FileManager.default.removeItem(at: temporaryDirectory) }
        TemporaryFolderRegistry.shared.remove(temporaryDirectory.path)
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

    /// Writes `data` as `name` (a plain file name) in the temporary folder.
    public func write(_ data: Data, named name: String) throws {
        guard !finished else { throw OutputError.alreadyFinished }
        let url = temporaryDirectory.appendingPathComponent(name)
        do {
            try data.write(to: url)
        } catch {
            throw OutputError.cannotWrite(url.path, reason: systemErrorReason(error))
        }
    }

    /// Creates `name` (a plain file name) in the temporary folder for writing piece by piece
    /// (e.g. a long animation streamed frame by frame).
    public func createFile(named name: String) throws -> OutputFile {
        guard !finished else { throw OutputError.alreadyFinished }
        return try OutputFile(url: temporaryDirectory.appendingPathComponent(name))
    }

    /// Moves the finished folder into place, replacing an existing one.
    public func commit() throws {
        guard !finished else { throw OutputError.alreadyFinished }
        let fm = FileManager.default
        let target = destination.path
        do {
            try AtomicDirectoryWriter.checkReplaceable(destination)
        } catch {
            discard()
            throw error
        }
        if fm.fileExists(atPath: target) {
            let backup = destination.deletingLastPathComponent().appendingPathComponent(
                ".\(destination.lastPathComponent).flowsim-old-\(getpid())-\(UUID().uuidString.prefix(8))")
            guard rename(target, backup.path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw OutputError.cannotReplace(target, reason: reason)
            }
            guard rename(temporaryDirectory.path, target) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = rename(backup.path, target)
                discard()
                throw OutputError.cannotReplace(target, reason: reason)
            }
            finished = true
            TemporaryFolderRegistry.shared.remove(temporaryDirectory.path)
            try? fm.removeItem(at: backup)
        } else {
            guard rename(temporaryDirectory.path, target) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw OutputError.cannotReplace(target, reason: reason)
            }
            finished = true
            TemporaryFolderRegistry.shared.remove(temporaryDirectory.path)
        }
    }

    /// Removes the temporary folder; the destination is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(at: temporaryDirectory)
        TemporaryFolderRegistry.shared.remove(temporaryDirectory.path)
    }
}

/// A file written piece by piece (see `AtomicDirectoryWriter.createFile(named:)`); errors are
/// `OutputError.cannotWrite` with the path.
public final class OutputFile {
    public let url: URL
    public private(set) var bytesWritten = 0
    private var handle: FileHandle?

    init(url: URL) throws {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { throw OutputError.cannotWrite(url.path, reason: String(cString: strerror(errno))) }
        self.handle = handle
    }

    deinit { try? handle?.close() }

    public func write(_ data: Data) throws {
        guard let handle else { throw OutputError.cannotWrite(url.path, reason: "the file is closed") }
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw OutputError.cannotWrite(url.path, reason: systemErrorReason(error))
        }
        bytesWritten += data.count
    }

    public func close() throws {
        guard let handle else { return }
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw OutputError.cannotWrite(url.path, reason: systemErrorReason(error))
        }
    }
}

/// The temporary folders of writers still at work, removed when the process gets SIGINT or
/// SIGTERM, so an interrupted render leaves nothing behind.
///
/// How, without doing unsafe work in a signal handler: the first writer installs (with
/// `sigaction`) a handler for SIGINT and SIGTERM, only for signals whose disposition is still the
/// default (a host program's own handlers and ignored signals are left alone). The handler does
/// one async-signal-safe thing: it `write(2)`s the signal number to a pipe. A dedicated thread
/// blocked on that pipe then removes the registered folders (ordinary code, off the signal
/// context), restores the default disposition and re-raises the signal, so the process still
/// dies of it with the usual status. Handlers (unlike ignored signals) are reset by exec, so
/// child processes are unaffected. A SIGKILL cannot be caught: its leftovers are removed by
/// the next writer in that folder (`removeStaleTemporaryItems`).
final class TemporaryFolderRegistry: @unchecked Sendable {
    static let shared = TemporaryFolderRegistry()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var installed = false

    func add(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.insert(path)
        if !installed {
            installed = true
            installSignalHandlers()
        }
    }

    func remove(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    private func removeAll() {
        lock.lock()
        let current = paths
        paths.removeAll()
        lock.unlock()
        for path in current { try? FileManager.default.removeItem(atPath: path) }
    }

    private func installSignalHandlers() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        signalPipeWriteEnd = fds[1]
        let readEnd = fds[0]
        var installedAny = false
        for sig in [SIGINT, SIGTERM] {
            var current = sigaction()
            guard sigaction(sig, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            if sigaction(sig, &action, nil) == 0 { installedAny = true }
        }
        guard installedAny else { return }
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n == 1 { break }
                if n < 0, errno == EINTR { continue }
                return
            }
            removeAll()
            let sig = Int32(byte)
            signal(sig, SIG_DFL)
            raise(sig)
        }
        thread.name = "flowsim-signal-cleanup"
        thread.start()
    }
}

/// Written once before the handlers are installed, only read by the signal handler.
private var signalPipeWriteEnd: Int32 = -1
