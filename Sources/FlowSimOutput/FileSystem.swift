import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The system calls the writers use directly (POSIX, not Foundation), so every failure is an
/// errno the writer handles itself: a failed write removes its own partial file, a special file
/// is never renamed over, and a folder is exchanged atomically.
enum FileSystem {
    /// What a path is, from `lstat` (links not followed) or `stat` (followed).
    enum Kind: Equatable {
        case missing, regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symbolicLink
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .socket
            }
        }

        /// Written to as a stream (opened without creating or truncating), never renamed over.
        var isStream: Bool { self == .fifo || self == .characterDevice }

        var wording: String {
            switch self {
            case .missing: return "missing"
            case .regular: return "a file"
            case .directory: return "a folder"
            case .symbolicLink: return "a symbolic link"
            case .fifo: return "a FIFO"
            case .characterDevice: return "a character device"
            case .blockDevice: return "a block device"
            case .socket: return "a socket"
            }
        }
    }

    static func kind(_ path: String, followingLinks: Bool) -> Kind {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? Kind(mode: info.st_mode) : .missing
    }

    static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// Writes all of `data` to `fd`, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { raw in
            guard var pointer = raw.baseAddress else { return }
            var remaining = raw.count
            while remaining > 0 {
                let n = Glibc.write(fd, pointer, min(remaining, 1 << 30))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputReason.lastSystemError
                }
                if n == 0 { throw OutputReason.system(errno: EIO) }
                pointer += n
                remaining -= n
            }
        }
    }

    /// Creates `path` (it must not exist) with `data`; on any failure the partial file is
    /// removed before the error is thrown.
    static func writeNewFile(_ data: Data, to path: String, truncating: Bool = false) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : O_EXCL), 0o666)
        guard fd >= 0 else { throw OutputReason.lastSystemError }
        do {
            try writeAll(fd, data)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        if close(fd) != 0 {
            let reason = OutputReason.lastSystemError
            unlink(path)
            throw reason
        }
    }

    /// How long a FIFO may go without a reader before the write is given up: long enough for a
    /// reader started beside FlowSim (`flowsim check --junit fifo & cat fifo`), short enough
    /// that a FIFO nobody reads never hangs a run. Task-local, not a global, so a test shortens it
    /// with `$fifoReaderWait.withValue(1) { … }` for its own writes only (they run on its task).
    @TaskLocal static var fifoReaderWait = 10

    /// Writes `data` to an existing FIFO or character device as a stream (no create, no
    /// truncate, no rename). A FIFO is opened without blocking, retried until a reader comes
    /// (ENXIO until then) for `fifoReaderWait` seconds, then written to as a blocking stream.
    static func writeStream(_ data: Data, to path: String) throws {
        let deadline = Date().addingTimeInterval(Double(fifoReaderWait))
        var fd: Int32
        while true {
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            if fd >= 0 { break }
            if errno == EINTR { continue }
            guard errno == ENXIO else { throw OutputReason.lastSystemError }
            guard Date() < deadline else { throw OutputReason.noReader(seconds: fifoReaderWait) }
            usleep(20_000)
        }
        defer { close(fd) }
        // Blocking writes from here on: a slow reader is waited for, as by any pipe's writer.
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw OutputReason.lastSystemError }
        try writeAll(fd, data)
    }

    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32)
        -> Int32

    /// glibc's `renameat2` (2.28+), looked up at run time: Swift cannot call the variadic
    /// `syscall(2)`, and the wrapper's declaration is hidden behind `_GNU_SOURCE`.
    private static let renameat2Function: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    static let renameExchange: UInt32 = 1 << 1

    /// Whether exchanging two paths atomically is turned off: tests force the fallback with
    /// `$exchangeDisabled.withValue(true) { … }`, for their own task only.
    @TaskLocal static var exchangeDisabled = false

    /// Atomically swaps `first` and `second` (both must exist): `renameat2(RENAME_EXCHANGE)`.
    /// Returns false with errno set; ENOSYS when the C library has no `renameat2`; EINVAL
    /// (or ENOSYS) when the kernel or file system cannot exchange.
    static func exchange(_ first: String, _ second: String) -> Bool {
        guard !exchangeDisabled, let function = renameat2Function else {
            errno = ENOSYS
            return false
        }
        return function(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
    }
}
