import Foundation

/// Why a file could not be read or written: the system's errno, or a rule of the writer.
/// The one place a system error becomes text (`strerror`), for the writers and the PNG decoder.
public indirect enum OutputReason: Error, Equatable, Sendable, CustomStringConvertible {
    /// A POSIX error number ("No such file or directory", "Permission denied"…).
    case system(errno: Int32)
    /// The target of a file write is a folder.
    case isAFolder
    /// The folder a file goes into does not exist (writers that do not create folders).
    case folderMissing(String)
    /// A component of the path is a file where a folder is needed.
    case notAFolder(String)
    /// The folder holding the target could not be created.
    case cannotCreateFolder(OutputReason)
    /// A streamed file was written after `close()`.
    case closed
    /// The target exists and is neither a regular file nor something written as a stream
    /// (a block device, a socket): FlowSim never renames over it.
    case notARegularFile(String)
    /// The target is a FIFO that no process opened for reading within this many seconds.
    case noReader(seconds: Int)
    /// Foundation's own description, when the error carries no POSIX code.
    case other(String)

    /// The POSIX error underneath a Foundation error, or the POSIX equivalent of its Cocoa code
    /// (Foundation on Linux often reports a missing file as a bare
    /// `CocoaError.fileReadNoSuchFile` with a vague text), else Foundation's description.
    public init(_ error: Error) {
        if let reason = error as? OutputReason {
            self = reason
            return
        }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            self = .system(errno: Int32(underlying.code))
            return
        }
        if ns.domain == NSPOSIXErrorDomain {
            self = .system(errno: Int32(ns.code))
            return
        }
        if ns.domain == NSCocoaErrorDomain {
            let posix: Int32?
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: posix = ENOENT
            case .fileReadNoPermission, .fileWriteNoPermission: posix = EACCES
            case .fileWriteOutOfSpace: posix = ENOSPC
            case .fileWriteVolumeReadOnly: posix = EROFS
            case .fileWriteFileExists: posix = EEXIST
            case .fileReadTooLarge: posix = EFBIG
            default: posix = nil
            }
            if let posix {
                self = .system(errno: posix)
                return
            }
        }
        self = .other(ns.localizedDescription)
    }

    /// The current `errno`, after a failed system call.
    public static var lastSystemError: OutputReason { .system(errno: errno) }

    public var description: String {
        switch self {
        case .system(let code): return String(cString: strerror(code))
        case .isAFolder: return "it is a folder"
        case .folderMissing(let path): return "the folder \(path) does not exist"
        case .notAFolder(let path): return "\(path) is a file, not a folder"
        case .cannotCreateFolder(let reason): return "cannot create folder: \(reason)"
        case .closed: return "the file is closed"
        case .notARegularFile(let kind):
            return "it is \(kind), not a regular file; flowsim writes only files, FIFOs and character devices"
        case .noReader(let seconds):
            return "it is a FIFO and no process opened it for reading within \(seconds) s"
        case .other(let text): return text
        }
    }
}

/// Output failures, with the path and the reason.
public enum OutputError: Error, Equatable, CustomStringConvertible, Sendable {
    case notADirectory(String)
    case cannotCreate(String, reason: OutputReason)
    case cannotWrite(String, reason: OutputReason)
    case cannotReplace(String, reason: OutputReason)
    /// The destination is a non-empty folder without FlowSim's marker file: not ours to replace.
    case notFlowSimOutput(String)
    /// The destination is `/`, the home folder, the working directory or one of its ancestors.
    case protectedFolder(String)
    /// A symbolic link FlowSim does not follow (`OutputTarget`): the path as given, the link,
    /// and the link's owner.
    case untrustedLink(String, link: String, owner: uid_t)
    case alreadyFinished

    /// The path the error is about (nil for `alreadyFinished`).
    public var path: String? {
        switch self {
        case .notADirectory(let p), .cannotCreate(let p, _), .cannotWrite(let p, _), .cannotReplace(let p, _),
            .notFlowSimOutput(let p), .protectedFolder(let p), .untrustedLink(let p, _, _):
            return p
        case .alreadyFinished: return nil
        }
    }

    /// The same error naming `new` where it named `old` (a link's target named with the link,
    /// `OutputTarget.naming`).
    public func replacingPath(_ old: String, with new: String) -> OutputError {
        func swap(_ p: String) -> String { p == old ? new : p }
        switch self {
        case .notADirectory(let p): return .notADirectory(swap(p))
        case .cannotCreate(let p, let r): return .cannotCreate(swap(p), reason: r)
        case .cannotWrite(let p, let r): return .cannotWrite(swap(p), reason: r)
        case .cannotReplace(let p, let r): return .cannotReplace(swap(p), reason: r)
        case .notFlowSimOutput(let p): return .notFlowSimOutput(swap(p))
        case .protectedFolder(let p): return .protectedFolder(swap(p))
        case .untrustedLink, .alreadyFinished: return self
        }
    }

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
        case .untrustedLink(let p, let link, let owner):
            let named = p == link ? p : "\(p): \(link)"
            return
                "\(named) is a symbolic link owned by user \(owner) in a sticky folder anyone may write (such as /tmp); flowsim does not follow it, as the kernel does not: remove the link or give the path it points to"
        case .alreadyFinished: return "output folder already committed or discarded"
        }
    }
}
