import Foundation

/// The temporary files and folders of writers still at work, removed when the process gets SIGINT or
/// SIGTERM, so an interrupted render leaves nothing behind.
///
/// How, without doing unsafe work in a signal handler: the first write installs (with
/// `sigaction`) a handler for SIGINT and SIGTERM, only for signals whose disposition is still the
/// default (a host program's own handlers and ignored signals are left alone). The handler does
/// one async-signal-safe thing: it `write(2)`s the signal number to a pipe. A dedicated thread
/// blocked on that pipe then removes the registered folders (ordinary code, off the signal
/// context), restores the default disposition and re-raises the signal, so the process still
/// dies of it with the usual status. Handlers (unlike ignored signals) are reset by exec, so
/// child processes are unaffected. A SIGKILL cannot be caught: its leftovers are removed by
/// the next writer in that folder (`removeStaleTemporaryItems`).
///
/// No race with the writers: every write into a temporary item runs inside `writing { }`,
/// which counts active writes. The cleanup thread first marks the process as terminating (new
/// writes then wait for the end instead of creating files, and so does a command about to
/// report an error or exit: `AtomicOutput.waitIfEndingBySignal()`), waits (at most two seconds, in case a
/// write is stuck on a full pipe) until the active writes finished, and only then removes the
/// registered items, so no writer can add a file to a folder being removed.
final class TemporaryItemRegistry: @unchecked Sendable {
    static let shared = TemporaryItemRegistry()

    private let lock = NSCondition()
    private var paths: Set<String> = []
    private var installed = false
    private var activeWrites = 0
    private var terminating = false

    /// Runs one write into a temporary item. Once a signal is being handled the calling thread
    /// waits for the end instead: an error here would let it report the interrupted write and
    /// exit 2 before the cleanup thread removed the temporary items and re-raised the signal
    /// (a SIGTERM then left a folder of frames and exit status 2 instead of 143).
    func writing<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        while terminating { lock.wait() }
        activeWrites += 1
        lock.unlock()
        defer {
            lock.lock()
            activeWrites -= 1
            if activeWrites == 0 { lock.broadcast() }
            lock.unlock()
        }
        return try body()
    }

    /// Returns at once unless the process is ending by a signal; then never returns (the cleanup
    /// thread re-raises the signal). Called before an error is reported and before exiting.
    func waitIfTerminating() {
        lock.lock()
        while terminating { lock.wait() }
        lock.unlock()
    }

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

    /// Stops new writes, waits for the running ones, removes every registered item.
    func removeAllForTermination() {
        lock.lock()
        terminating = true
        let deadline = Date(timeIntervalSinceNow: 2)
        while activeWrites > 0 && lock.wait(until: deadline) {}
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
            removeAllForTermination()
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
