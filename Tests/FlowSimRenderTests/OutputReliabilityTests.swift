import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimOutput

#if canImport(Glibc)
    import Glibc
#endif

/// Special files, atomic folder commit,
/// stale folders, full disks, the goldens lock.
final class OutputReliabilityTests: XCTestCase {
    private func kind(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & S_IFMT
    }

    private func hidden(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }

    func testAFIFOIsWrittenAsAStreamAndStaysAFIFO() throws {
        let dir = try makeTemporaryFolder(self)
        let fifo = dir.appendingPathComponent("plot.svg")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let received = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var got = Data()
        Thread.detachNewThread {
            got = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            received.signal()
        }
        try AtomicOutput.write(Data("streamed".utf8), to: fifo)
        XCTAssertEqual(received.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(String(decoding: got, as: UTF8.self), "streamed")
        XCTAssertEqual(kind(fifo.path), S_IFIFO, "the FIFO is not replaced by a file")
        XCTAssertEqual(try hidden(dir), [])
    }

    /// A folder someone puts at the destination after `commit()` checked it (another process,
    /// in the instant before the swap) is swapped back whole and the commit fails: it is never
    /// deleted as "the old output". With the atomic exchange and with the two-rename fallback.
    func testAForeignFolderAppearingBeforeTheSwapIsPutBackNotDeleted() throws {
        for fallback in [false, true] {
            let dir = try makeTemporaryFolder(self)
            let destination = dir.appendingPathComponent("out")
            let writer = try AtomicOutput.Folder(replacing: destination)
            try writer.write(Data("new".utf8), named: "frame_0000.png")
            let putFolderThere: @Sendable (URL) -> Void = { url in
                try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                try? Data("precious".utf8).write(to: url.appendingPathComponent("thesis.txt"))
            }
            try FileSystem.$exchangeDisabled.withValue(fallback) {
                try AtomicOutput.Folder.$beforeSwap.withValue(putFolderThere) {
                    XCTAssertThrowsError(try writer.commit()) { error in
                        XCTAssertEqual(
                            error as? OutputError, .notFlowSimOutput(destination.path), "fallback \(fallback)")
                    }
                }
            }
            XCTAssertEqual(
                try String(contentsOf: destination.appendingPathComponent("thesis.txt"), encoding: .utf8), "precious")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.path), ["thesis.txt"])
            XCTAssertEqual(try hidden(dir), [], "fallback \(fallback): nothing left beside it")
        }
    }

    /// A set of files that fails leaves no folder it created (a failed `init` left empty folders
    /// that made its next run refuse).
    func testAFailedSetRemovesTheFoldersItCreated() throws {
        let dir = try makeTemporaryFolder(self)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Goldens/x.png"), withIntermediateDirectories: true)
        XCTAssertThrowsError(
            try AtomicOutput.write(
                [
                    .init(name: "Scenes/deep/a.json", data: Data("{}".utf8)),
                    .init(name: "Goldens/x.png", data: Data("png".utf8)),
                ], in: dir))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["Goldens"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("Goldens").path), ["x.png"])
    }

    /// A FIFO nobody opens for reading fails after the wait instead of hanging the run.
    func testAFIFOWithoutAReaderFailsInsteadOfHanging() throws {
        let dir = try makeTemporaryFolder(self)
        let fifo = dir.appendingPathComponent("junit.xml")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let start = Date()
        try FileSystem.$fifoReaderWait.withValue(1) {
            XCTAssertThrowsError(try AtomicOutput.write(Data("x".utf8), to: fifo)) { error in
                XCTAssertEqual(error as? OutputError, .cannotWrite(fifo.path, reason: .noReader(seconds: 1)))
                XCTAssertTrue("\(error)".contains("no process opened it for reading within 1 s"), "\(error)")
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(kind(fifo.path), S_IFIFO)
        XCTAssertEqual(try hidden(dir), [])
    }

    func testACharacterDeviceIsWrittenNotReplacedAndItsErrorReported() throws {
        // /dev/full: every write fails with ENOSPC. The device must stay a device.
        XCTAssertThrowsError(try AtomicOutput.write(Data("x".utf8), to: URL(fileURLWithPath: "/dev/full"))) { error in
            XCTAssertEqual(error as? OutputError, .cannotWrite("/dev/full", reason: .system(errno: ENOSPC)))
        }
        XCTAssertEqual(kind("/dev/full"), S_IFCHR)
    }

    func testASocketIsRefused() throws {
        let dir = try makeTemporaryFolder(self)
        let path = dir.appendingPathComponent("s").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertThrowsError(try AtomicOutput.write(Data("x".utf8), to: URL(fileURLWithPath: path))) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
        XCTAssertEqual(kind(path), S_IFSOCK)
    }

    func testASymbolicLinkIsFollowedAndKept() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("real.txt")
        try Data("old".utf8).write(to: real)
        let link = dir.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try AtomicOutput.write(Data("new".utf8), to: link)
        XCTAssertEqual(kind(link.path), S_IFLNK)
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), "new")
    }

    func testAFolderThroughASymbolicLinkIsCommittedAtItsTargetAndTheLinkKept() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("sub/real")
        let old = try AtomicOutput.Folder(replacing: real)
        try old.write(Data("old".utf8), named: "old.txt")
        try old.commit()
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "sub/real")
        let folder = try AtomicOutput.Folder(replacing: link)
        XCTAssertEqual(folder.destination.path, real.resolvingSymlinksInPath().path)
        try folder.write(Data("new".utf8), named: "new.txt")
        try folder.commit()
        XCTAssertEqual(kind(link.path), S_IFLNK)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "sub/real")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: real.path).sorted(), [".flowsim-output", "new.txt"])
        XCTAssertEqual(try hidden(dir), [])
        XCTAssertEqual(try hidden(dir.appendingPathComponent("sub")), [])
        // A dangling link: the folder is created where it points.
        let dangling = dir.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "sub/later")
        let later = try AtomicOutput.Folder(replacing: dangling)
        try later.write(Data("x".utf8), named: "x.txt")
        try later.commit()
        XCTAssertEqual(kind(dangling.path), S_IFLNK)
        XCTAssertEqual(kind(dir.appendingPathComponent("sub/later/x.txt").path), S_IFREG)
        // A link to a file is refused as a file is.
        try Data("f".utf8).write(to: dir.appendingPathComponent("file.txt"))
        let fileLink = dir.appendingPathComponent("file-link")
        try FileManager.default.createSymbolicLink(atPath: fileLink.path, withDestinationPath: "file.txt")
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: fileLink))
        XCTAssertEqual(kind(fileLink.path), S_IFLNK)
    }

    func testAFailedWriteLeavesNoTemporaryFile() throws {
        // A file-size limit makes the write fail part-way, as a full disk does.
        let dir = try makeTemporaryFolder(self)
        var old = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var small = old
        small.rlim_cur = 4096
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small), 0)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
            signal(SIGXFSZ, oldHandler)
        }
        let files = [
            AtomicOutput.File(name: "a.png", data: Data(count: 100)),
            AtomicOutput.File(name: "a-side-by-side.png", data: Data(count: 100_000)),
        ]
        XCTAssertThrowsError(try AtomicOutput.write(files, in: dir)) { error in
            XCTAssertEqual(
                error as? OutputError,
                .cannotWrite(dir.appendingPathComponent("a-side-by-side.png").path, reason: .system(errno: EFBIG)))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testAnEmptyForeignFolderKeepsItsMode() throws {
        let dir = try makeTemporaryFolder(self)
        let target = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(target.path, 0o1777), 0)
        let writer = try AtomicOutput.Folder(replacing: target)
        try writer.write(Data("a".utf8), named: "a.txt")
        try writer.commit()
        var info = stat()
        XCTAssertEqual(stat(target.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o1777)
        XCTAssertEqual(try hidden(dir), [])
    }

    func testCommitExchangesAtomicallyAndTheFallbackLeavesNothing() throws {
        for fallback in [false, true] {
            let dir = try makeTemporaryFolder(self)
            let target = dir.appendingPathComponent("out")
            for round in 0..<3 {
                let writer = try AtomicOutput.Folder(replacing: target)
                try writer.write(Data("\(round)".utf8), named: "frame.txt")
                try FileSystem.$exchangeDisabled.withValue(fallback) { try writer.commit() }
                XCTAssertEqual(
                    try String(contentsOf: target.appendingPathComponent("frame.txt"), encoding: .utf8), "\(round)")
                XCTAssertEqual(try hidden(dir), [], "fallback \(fallback)")
            }
        }
    }

    func testTheExchangeIsAvailableHere() {
        // Linux ≥ 3.15 with glibc ≥ 2.28 on tmpfs/ext4/xfs/btrfs: the fallback is the exception.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("a"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("b"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertTrue(FileSystem.exchange(dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path))
    }

    private func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func testAStaleOldFolderIsMovedBackOrRemoved() throws {
        let dir = try makeTemporaryFolder(self)
        let pid = try deadPID()
        // Killed between the two renames of the fallback: no destination, the old folder aside.
        let aside = dir.appendingPathComponent(".out.flowsim-old-\(pid)-abcdefgh")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: aside.appendingPathComponent("frame.txt"))
        // And a stale temporary folder and an old folder whose destination exists.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(".out.flowsim-tmp-\(pid)-12345678"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("other"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(".other.flowsim-old-\(pid)-12345678"), withIntermediateDirectories: false)
        AtomicOutput.removeStaleTemporaryItems(in: dir)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("out/frame.txt"), encoding: .utf8), "old")
        XCTAssertEqual(try hidden(dir), [])
    }

    func testAFolderLockMakesTheSecondWriterWait() throws {
        let dir = try makeTemporaryFolder(self)
        let first = try AtomicOutput.FolderLock(folder: dir)
        let waited = expectation(description: "second writer told to wait")
        let acquired = expectation(description: "second writer gets the lock")
        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            var isSet: Bool {
                get { lock.withLock { value } }
                set { lock.withLock { value = newValue } }
            }
        }
        let releasedFirst = Flag()
        Thread.detachNewThread {
            let second = try? AtomicOutput.FolderLock(folder: dir, waiting: { waited.fulfill() })
            XCTAssertTrue(releasedFirst.isSet, "the lock was taken while held")
            XCTAssertNotNil(second)
            acquired.fulfill()
        }
        wait(for: [waited], timeout: 5)
        Thread.sleep(forTimeInterval: 0.2)
        releasedFirst.isSet = true
        first.unlock()
        wait(for: [acquired], timeout: 5)
    }
}
