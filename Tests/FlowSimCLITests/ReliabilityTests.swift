import FlowSimImage
import FlowSimOutput
import FlowSimRender
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

#if canImport(Glibc)
    import Glibc
#endif

/// At the command line: stdout/stderr failures, special files, the goldens lock, outputs
/// validated first, signals.
final class ReliabilityTests: XCTestCase {
    /// The built `flowsim` beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flowsim")
    }

    /// Runs `flowsim` through /bin/sh (so `trap '' PIPE` and redirections apply) and returns
    /// status and stderr.
    func shell(_ script: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", Self.executable.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// SIGTERM while frames are being written: the run ends by the signal (status 143 from a
    /// shell), prints nothing, and leaves no temporary folder, whichever write it interrupts (a
    /// writer used to report the interrupted write and exit 2 before the cleanup ran).
    func testSIGTERMDuringARenderEndsByTheSignalAndLeavesNothing() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        let dir = try makeTemporaryFolder(self)
        let scene = dir.appendingPathComponent("long.json")
        try Data(
            #"{"viewport": {"width": 300, "height": 400}, "sections": [{"items": [{"id": "a"}, {"id": "b"}]}], "updates": [{"at": 0, "delete": [{"section": 0, "item": 0}], "timing": {"curve": "linear", "duration": 60}}]}"#
                .utf8
        ).write(to: scene)
        for (run, delay) in [0.4, 0.7, 1.0, 1.3, 1.6].enumerated() {
            let out = dir.appendingPathComponent("out\(run)")
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["render", scene.path, "--out", out.path, "--fps", "500", "--scale", "0.2", "--quiet"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            process.terminate()  // SIGTERM
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "after \(delay) s: \(text)")
            XCTAssertEqual(process.terminationStatus, SIGTERM, "after \(delay) s")
            XCTAssertEqual(text, "", "after \(delay) s")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
            XCTAssertEqual(left, [], "after \(delay) s")
        }
    }

    func testStdoutOnAFullDeviceExitsTwoWithOneLine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        for command in ["--help", "help layout"] {
            let run = try shell("\"$1\" \(command) > /dev/full")
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderr, "flowsim: cannot write to standard output: No space left on device\n")
        }
    }

    func testAClosedPipeWithSIGPIPEIgnoredEndsQuietly() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        // The reader is gone before flowsim writes: `exec 3>&-` … a FIFO-free way: a pipe whose
        // reader (`true`) has exited; `sleep` makes sure it has.
        let run = try shell("trap '' PIPE; { sleep 0.3; \"$1\" --help; echo \"status $?\" >&2; } | true")
        XCTAssertEqual(run.stderr, "status 2\n", "no message, no backtrace")
    }

    func testStderrOnAFullDeviceExitsTwo() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        let run = try shell("\"$1\" no-such-command 2> /dev/full; echo \"status $?\" >&2")
        XCTAssertEqual(run.stderr, "status 2\n")
    }

    func writeScene(_ dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("tiny.json")
        try """
        {"name": "tiny", "viewport": {"width": 60, "height": 80, "scale": 1},
         "layout": {"itemSize": {"width": 20, "height": 20}},
         "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
         "updates": [{"insert": [{"section": 0, "item": 0, "id": "c"}]}]}
        """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testJUnitToAFIFOIsStreamedAndTheFIFOKept() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let fifo = dir.appendingPathComponent("junit.xml")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var xml = Data()
        Thread.detachNewThread {
            xml = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
        let run = runFlowSim([
            "check", scene.path, "--goldens", dir.appendingPathComponent("goldens").path, "--junit", fifo.path,
        ])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(String(decoding: xml, as: UTF8.self).contains("<testsuite"))
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    /// A scene path that is not a regular file says what it is.
    func testASceneThatIsNotARegularFileSaysWhatItIs() throws {
        let dir = try makeTemporaryFolder(self)
        let fifo = dir.appendingPathComponent("scene.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let run = runFlowSim(["layout", fifo.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.err, "\(fifo.path): is a FIFO, not a regular file: scenes are read from files\n")
        XCTAssertEqual(
            runFlowSim(["layout", "/dev/zero"]).err,
            "/dev/zero: is a device, not a regular file: scenes are read from files\n")
        XCTAssertEqual(runFlowSim(["layout", dir.path]).err, "\(dir.path): is a directory, not a scene file\n")
    }

    /// A FIFO named as an input (a cell image, a `diff` side) never blocks a run: it is opened
    /// without waiting for a writer, and with no writer it reads as empty.
    func testAFIFOAsAnInputNeverBlocks() throws {
        let dir = try makeTemporaryFolder(self)
        let fifo = dir.appendingPathComponent("photo.png")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let image = try writePNG(solidImage(4, 4), dir.appendingPathComponent("b.png"))
        let diff = runFlowSim(["diff", fifo.path, image.path])
        XCTAssertEqual(diff.status, 2)
        XCTAssertTrue(diff.err.contains(fifo.path) && diff.err.contains("not a PNG file"), diff.err)
        let scene = dir.appendingPathComponent("scene.json")
        try Data(
            #"{"viewport": {"width": 100, "height": 200}, "layout": {"estimatedItemSize": "automatic"}, "sections": [{"items": [{"id": "a", "image": "photo.png"}]}]}"#
                .utf8
        ).write(to: scene)
        XCTAssertEqual(
            runFlowSim(["layout", scene.path]).status, 0, "the image's size is not known: sized by its title")
        let render = runFlowSim(["render", scene.path, "--out", dir.appendingPathComponent("out").path])
        XCTAssertEqual(render.status, 2)
        XCTAssertTrue(render.err.contains("not a PNG file"), render.err)
    }

    /// Recording is one set: when any golden cannot be written (here its path is a folder; a
    /// full disk is the same), none is, and the run says so once.
    func testRecordingWritesAllGoldensOrNone() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let goldens = dir.appendingPathComponent("goldens")
        let first = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "all"])
        XCTAssertEqual(first.status, 0, first.err)
        let folder = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: goldens.path).first { !$0.hasPrefix(".") })
        let sceneFolder = goldens.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: sceneFolder.path).sorted()
        let before = try names.map { try Data(contentsOf: sceneFolder.appendingPathComponent($0)) }
        // The last golden's image becomes a folder: it cannot be written.
        let blocked = try XCTUnwrap(names.last { $0.hasSuffix(".png") })
        try FileManager.default.removeItem(at: sceneFolder.appendingPathComponent(blocked))
        try FileManager.default.createDirectory(
            at: sceneFolder.appendingPathComponent(blocked), withIntermediateDirectories: false)
        var changed = try String(contentsOf: scene, encoding: .utf8)
        changed = changed.replacingOccurrences(
            of: "\"viewport\"", with: "\"style\": {\"background\": \"#FF0000\"}, \"viewport\"")
        try Data(changed.utf8).write(to: scene)
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "all"])
        XCTAssertEqual(run.status, 2)
        let errors = run.err.split(separator: "\n").filter { !$0.hasPrefix("REC") && !$0.hasPrefix("FAIL") }
        XCTAssertEqual(errors.filter { $0.contains("nothing was recorded") }.count, 1, run.err)
        XCTAssertTrue(run.err.contains("it is a folder"), run.err)
        for (name, data) in zip(names, before) where name != blocked {
            XCTAssertEqual(try Data(contentsOf: sceneFolder.appendingPathComponent(name)), data, "\(name) unchanged")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: sceneFolder.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "no staged file left")
    }

    /// `--goldens G` and `--goldens link-to-G` take the same lock.
    func testTheGoldensLockIsNamedAfterTheRealFolder() throws {
        let dir = try makeTemporaryFolder(self)
        let goldens = dir.appendingPathComponent("G")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: false)
        let link = dir.appendingPathComponent("G-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: goldens)
        let viaLink = try AtomicOutput.FolderLock(folder: link)
        defer { viaLink.unlock() }
        let real = URL(fileURLWithPath: try XCTUnwrap(realpath(goldens.path, nil).map { String(cString: $0) }))
        XCTAssertEqual(
            viaLink.url.path, real.deletingLastPathComponent().appendingPathComponent(".G.flowsim-lock").path)
    }

    /// The lock file goes with the run that held it, and a run that waited on a file its holder
    /// removed locks the new one: never two holders.
    func testTheGoldensLockLeavesNoFileAndStaysExclusive() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let goldens = dir.appendingPathComponent("goldens")
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "all"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".goldens.flowsim-lock").path))
        let first = try AtomicOutput.FolderLock(folder: goldens)
        let acquired = expectation(description: "the second run holds the lock")
        let second = LockedBox<AtomicOutput.FolderLock?>(nil)
        Thread {
            second.value = try? AtomicOutput.FolderLock(folder: goldens)
            acquired.fulfill()
        }.start()
        usleep(100_000)
        first.unlock()
        wait(for: [acquired], timeout: 10)
        let held = try XCTUnwrap(second.value)
        XCTAssertTrue(FileManager.default.fileExists(atPath: held.url.path), "the holder's file is in place")
        // A third run cannot take it while the second holds it.
        let fd = open(held.url.path, O_RDWR)
        defer { close(fd) }
        XCTAssertNotEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        held.unlock()
        XCTAssertFalse(FileManager.default.fileExists(atPath: held.url.path))
    }

    func testABadReportFolderFailsBeforeAnythingIsRecorded() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let report = dir.appendingPathComponent("not-ours")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: report.appendingPathComponent("notes.txt"))
        let goldens = dir.appendingPathComponent("goldens")
        let run = runFlowSim([
            "check", scene.path, "--goldens", goldens.path, "--record", "missing", "--report", report.path,
        ])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("--report"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path), "nothing recorded")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: report.path), ["notes.txt"])
    }

    func testABlockDeviceOrSocketJUnitPathIsRefusedUpFront() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let goldens = dir.appendingPathComponent("goldens")
        let socketPath = dir.appendingPathComponent("s").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--junit", socketPath])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("a socket"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
    }

    func testRecordingWaitsForAnotherRunHoldingTheGoldensLock() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let goldens = dir.appendingPathComponent("goldens")
        let held = try AtomicOutput.FolderLock(folder: goldens)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: CLIResult?
        Thread.detachNewThread {
            result = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "all"])
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 1), .timedOut, "the second run waits")
        held.unlock()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(result?.status, 0, result?.err ?? "")
        XCTAssertTrue(result?.err.contains("waiting for another flowsim run") ?? false, result?.err ?? "")
    }
}

/// Messages and property-list limits.
final class MessageAndPropertyListTests: XCTestCase {
    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testAHugeUnknownKeyIsTruncated() throws {
        let dir = try makeTemporaryFolder(self)
        let key = String(repeating: "k", count: 1_000_000)
        let scene = try write("{\"name\": \"x\", \"\(key)\": 1}", "big.json", in: dir)
        let run = runFlowSim(["layout", scene])
        XCTAssertEqual(run.status, 2)
        XCTAssertLessThan(run.err.utf8.count, 3_000, String(run.err.prefix(300)))
        XCTAssertTrue(
            run.err.contains("unknown key \"\(String(repeating: "k", count: 80))… (1000000 characters in all)\""),
            String(run.err.prefix(300)))
    }

    func testControlCharactersAndANSIEscapesFromAScene_AreEscaped() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try write("{\"name\": \"x\", \"\\u001b[31mred\\u0007\": 1}", "ansi.json", in: dir)
        let run = runFlowSim(["layout", scene])
        XCTAssertEqual(run.status, 2)
        XCTAssertFalse(run.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, run.err)
        XCTAssertTrue(run.err.contains("\\u{1B}[31mred\\u{7}"), run.err)
    }

    func testAPropertyListWithADuplicateKeyIsRefused() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>name</key><string>a</string><key>name</key><string>b</string></dict></plist>
            """, "dup.plist", in: dir)
        let run = runFlowSim(["layout", scene])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("duplicate key \"name\""), run.err)
    }

    /// A binary plist of `depth` arrays, each holding ten references to the next: 10^depth values
    /// in a few hundred bytes.
    func sharedObjectPlist(depth: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<depth {
            offsets.append(bytes.count)
            bytes.append(0xAA)  // array of 10
            bytes += [UInt8](repeating: UInt8(level + 1), count: 10)
        }
        offsets.append(bytes.count)
        bytes += [0x10, 0x01]  // integer 1
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        bytes += be64(offsets.count) + be64(0) + be64(table)
        return Data(bytes)
    }

    func testASharedObjectPlistThatExpandsBeyondTheLimitIsRefusedQuickly() throws {
        let dir = try makeTemporaryFolder(self)
        let url = dir.appendingPathComponent("bomb.plist")
        try sharedObjectPlist(depth: 9).write(to: url)
        let start = Date()
        let run = runFlowSim(["layout", url.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("expands to more than"), run.err)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    // MARK: diff --diff-out to special files and odd names

    func differingPNGs(in dir: URL) throws -> (a: String, b: String) {
        let a = try writePNG(solidImage(6, 4), dir.appendingPathComponent("a.png"))
        let b = try writePNG(solidImage(6, 4, changed: [(2, 2)]), dir.appendingPathComponent("b.png"))
        return (a.path, b.path)
    }

    func testDiffOutToAFIFOWritesTheDiffAloneAndNothingBesideIt() throws {
        let dir = try makeTemporaryFolder(self)
        let (a, b) = try differingPNGs(in: dir)
        let fifo = dir.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let received = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var got = Data()
        Thread.detachNewThread {
            got = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            received.signal()
        }
        let run = runFlowSim(["diff", a, b, "--diff-out", fifo.path])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertEqual(received.wait(timeout: .now() + 10), .success)
        let image = try PNGDecoder.decode(got)
        XCTAssertEqual([image.width, image.height], [6, 4], "the diff image, not the side-by-side")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.png", "b.png", "pipe"])
    }

    func testDiffOutToALinkToDevNullDerivesNoSibling() throws {
        let dir = try makeTemporaryFolder(self)
        let (a, b) = try differingPNGs(in: dir)
        let link = dir.appendingPathComponent("d.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
        let run = runFlowSim(["diff", a, b, "--diff-out", link.path])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.png", "b.png", "d.png"])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "/dev/null")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/null-side-by-side.png"))
        XCTAssertTrue(DiffCommand.spec.helpText.contains("a FIFO or character device gets the diff PNG alone"))
    }

    func testTheSideBySideNameOfOddDiffNames() throws {
        XCTAssertEqual(DiffPair.sideBySideName(for: "diff.png"), "diff-side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: "Diff.PNG"), "Diff-side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: ".png"), "side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: "sub/.png"), "sub/side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: "sub/x.png"), "sub/x-side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: "diff"), "diff-side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: "diff.out"), "diff.out-side-by-side.png")
        XCTAssertEqual(DiffPair.sideBySideName(for: ".diff.png"), ".diff-side-by-side.png")
        let dir = try makeTemporaryFolder(self)
        let (a, b) = try differingPNGs(in: dir)
        let out = dir.appendingPathComponent("out")
        let run = runFlowSim(["diff", a, b, "--diff-out", out.appendingPathComponent(".png").path])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), [".png", "side-by-side.png"])
    }

    // MARK: a symbolic link as the output folder

    func testRenderIntoALinkedFolderWritesAtItsTargetAndKeepsTheLink() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = CLI.sceneFile(
            #"{"name": "s", "viewport": {"width": 40, "height": 40, "scale": 1}, "sections": [{"items": [{"id": "a"}]}]}"#
        )
        let real = dir.appendingPathComponent("real")
        XCTAssertEqual(runFlowSim(["render", scene, "--out", real.path, "--quiet"]).status, 0)
        try Data("old".utf8).write(to: real.appendingPathComponent("stale.txt"))
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real")
        let run = runFlowSim(["render", scene, "--out", link.path, "--quiet"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real")
        let files = try FileManager.default.contentsOfDirectory(atPath: real.path)
        XCTAssertFalse(files.contains("stale.txt"), "the linked folder holds the new render: \(files)")
        XCTAssertTrue(files.contains("frame_0000.png"), "\(files)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["link", "real"])
    }
}

/// A value shared with a thread in a test.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
