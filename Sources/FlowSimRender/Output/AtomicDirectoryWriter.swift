import Foundation

/// Output-folder failures, with the path and the system's reason.
public enum OutputError: Error, Equatable, CustomStringConvertible, Sendable {
    case notADirectory(String)
    case cannotCreate(String, reason: String)
    case cannotWrite(String, reason: String)
    case cannotReplace(String, reason: String)
    case alreadyFinished

    public var description: String {
        switch self {
        case .notADirectory(let p): return "\(p) exists and is not a folder"
        case .cannotCreate(let p, let r): return "cannot create folder \(p): \(r)"
        case .cannotWrite(let p, let r): return "cannot write \(p): \(r)"
        case .cannotReplace(let p, let r): return "cannot move the new output into \(p): \(r)"
        case .alreadyFinished: return "output folder already committed or discarded"
        }
    }
}

/// Writes files into a hidden temporary folder beside `destination` and renames it into place in
/// `commit()`. An existing destination is replaced only then (moved aside, the new folder renamed
/// in, the old one deleted; if the rename fails the old folder is moved back). Without `commit()`
/// (an error, `discard()`, or deinit) the temporary folder is removed and the destination is left
/// exactly as it was.
public final class AtomicDirectoryWriter {
    public let destination: URL
    public let temporaryDirectory: URL
    private var finished = false

    public init(destination: URL) throws {
        let destination = destination.standardizedFileURL
        self.destination = destination
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError.notADirectory(destination.path)
        }
        let parent = destination.deletingLastPathComponent()
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotCreate(parent.path, reason: AtomicDirectoryWriter.reason(error))
        }
        let name = destination.lastPathComponent
        temporaryDirectory = parent.appendingPathComponent(
            ".\(name).flowsim-tmp-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            try fm.createDirectory(at: temporaryDirectory, withIntermediateDirectories: false)
        } catch {
            throw OutputError.cannotCreate(temporaryDirectory.path, reason: AtomicDirectoryWriter.reason(error))
        }
    }

    deinit { if !finished { try? FileManager.default.removeItem(at: temporaryDirectory) } }

    /// Writes `data` as `name` (a plain file name) in the temporary folder.
    public func write(_ data: Data, named name: String) throws {
        guard !finished else { throw OutputError.alreadyFinished }
        let url = temporaryDirectory.appendingPathComponent(name)
        do {
            try data.write(to: url)
        } catch {
            throw OutputError.cannotWrite(url.path, reason: AtomicDirectoryWriter.reason(error))
        }
    }

    /// Moves the finished folder into place, replacing an existing one.
    public func commit() throws {
        guard !finished else { throw OutputError.alreadyFinished }
        let fm = FileManager.default
        let target = destination.path
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
            try? fm.removeItem(at: backup)
        } else {
            guard rename(temporaryDirectory.path, target) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw OutputError.cannotReplace(target, reason: reason)
            }
            finished = true
        }
    }

    /// Removes the temporary folder; the destination is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(at: temporaryDirectory)
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
