import FlowSimOutput
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

#if canImport(Glibc)
    import Glibc
#endif

/// The output-path rule at the command line (docs/output-paths.md), the goldens lock on a full
/// disk and the scene file's size bound (issue 29, items 2–7).
final class OutputPathCommandTests: XCTestCase {
    static let scene =
        #"{"name": "s", "viewport": {"width": 40, "height": 40, "scale": 1}, "sections": [{"items": [{"id": "a"}]}]}"#

    private func inode(_ path: String) -> ino_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, path)
        return info.st_ino
    }

    func testRenderIntoALinkToAFolderFlowSimDidNotWriteNamesTheLinkAndItsTarget() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: real.appendingPathComponent("cat.jpg"))
        let link = dir.appendingPathComponent("out")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "photos")
        let run = runFlowSim(["render", CLI.sceneFile(Self.scene), "--out", link.path, "--quiet"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.contains(
                "\(link.path) (a symbolic link to \(real.path)) exists and was not written by flowsim"),
            run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: real.path), ["cat.jpg"])
    }

    func testRenderIntoALinkToTheWorkingDirectoryIsRefusedNamingBoth() throws {
        let dir = try makeTemporaryFolder(self)
        let link = dir.appendingPathComponent("here")
        let cwd = FileManager.default.currentDirectoryPath
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: cwd)
        let run = runFlowSim(["render", CLI.sceneFile(Self.scene), "--out", link.path, "--quiet"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.contains("\(link.path) (a symbolic link to \(cwd)) is the root, home or current folder"),
            run.stderr)
    }

    /// `--out` an empty shared folder (1777, another owner) FlowSim did not create: written into,
    /// the folder keeps its inode, owner and mode, and a second render replaces its own files.
    func testRenderIntoASharedFolderKeepsItsInodeOwnerAndMode() throws {
        let dir = try makeTemporaryFolder(self)
        let shared = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(shared.path, 0o1777), 0)
        let owned = geteuid() == 0 && chown(shared.path, 4242, 4242) == 0
        let before = inode(shared.path)
        for _ in 0..<2 {
            let run = runFlowSim(["render", CLI.sceneFile(Self.scene), "--out", shared.path, "--quiet"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        var info = stat()
        XCTAssertEqual(stat(shared.path, &info), 0)
        XCTAssertEqual(info.st_ino, before)
        XCTAssertEqual(info.st_mode & 0o7777, 0o1777)
        if owned { XCTAssertEqual(info.st_uid, 4242) }
        let files = try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()
        XCTAssertTrue(files.contains("frame_0000.png"), "\(files)")
        XCTAssertFalse(files.contains { $0.contains("flowsim-tmp") }, "\(files)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["shared"])
    }

    /// `--junit` a symbolic link: the link's target is written and the link kept, as for every
    /// output path.
    func testJUnitThroughALinkWritesItsTarget() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = dir.appendingPathComponent("s.json")
        try Data(Self.scene.utf8).write(to: scene)
        let goldens = dir.appendingPathComponent("goldens").path
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens, "--record", "all"]).status, 0)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("reports"), withIntermediateDirectories: false)
        let real = dir.appendingPathComponent("reports/junit.xml")
        try Data("old".utf8).write(to: real)
        let link = dir.appendingPathComponent("junit.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports/junit.xml")
        let run = runFlowSim(["check", scene.path, "--goldens", goldens, "--junit", link.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "reports/junit.xml")
        XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).hasPrefix("<?xml"))
        // A link to a folder is refused before any work, naming the link and its target.
        let folderLink = dir.appendingPathComponent("junit-folder.xml")
        try FileManager.default.createSymbolicLink(atPath: folderLink.path, withDestinationPath: "reports")
        let refused = runFlowSim(["check", scene.path, "--goldens", goldens, "--junit", folderLink.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(
            refused.stderr.contains(
                "--junit \(folderLink.path) (a symbolic link to \(dir.appendingPathComponent("reports").path)): "
                    + "is a folder, not a file"),
            refused.stderr)
    }

    /// Item 7: stdout on a full disk makes `check` exit 2 at once; the goldens lock file went
    /// with it only in `unlock()` and stayed behind. `/dev/full` fails as a full disk does.
    func testAFullStdoutLeavesNoGoldensLock() throws {
        let executable = ReliabilityTests.executable
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path))
        let dir = try makeTemporaryFolder(self)
        let scene = dir.appendingPathComponent("s.json")
        try Data(Self.scene.utf8).write(to: scene)
        let goldens = dir.appendingPathComponent("g").path
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens, "--record", "all"]).status, 0)
        let status = try shell(
            executable, ["check", scene.path, "--goldens", goldens, "--record", "missing"], stdout: "/dev/full")
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["g", "s.json"])
    }

    /// The same on a real full disk: a 64 KiB tmpfs holding the goldens and stdout (needs root
    /// and a kernel that lets this container mount; skipped otherwise).
    func testCheckRecordAllOnAFullDiskLeavesNoGoldensLock() throws {
        let executable = ReliabilityTests.executable
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path))
        let mountPoint = try makeTemporaryFolder(self)
        let mounted = Process()
        mounted.executableURL = URL(fileURLWithPath: "/bin/mount")
        mounted.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]
        mounted.standardError = Pipe()
        guard (try? mounted.run()) != nil else { throw XCTSkip("no mount(8)") }
        mounted.waitUntilExit()
        try XCTSkipUnless(mounted.terminationStatus == 0, "cannot mount a tmpfs here")
        defer { _ = umount2(mountPoint.path, Int32(MNT_DETACH)) }
        let scene = CLI.sceneFile(Self.scene)
        let goldens = mountPoint.appendingPathComponent("g").path
        XCTAssertEqual(runFlowSim(["check", scene, "--goldens", goldens, "--record", "all"]).status, 0)
        // Fill the disk, then record again with stdout on it.
        let fill = mountPoint.appendingPathComponent("fill").path
        let fd = open(fill, O_WRONLY | O_CREAT, 0o644)
        var block = [UInt8](repeating: 0, count: 4096)
        while write(fd, &block, block.count) > 0 {}
        close(fd)
        for mode in ["all", "missing"] {
            let status = try shell(
                executable, ["check", scene, "--goldens", goldens, "--record", mode],
                stdout: mountPoint.appendingPathComponent("log-\(mode)").path)
            XCTAssertEqual(status, 2, mode)
            let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).filter {
                $0.hasSuffix("flowsim-lock") || $0.contains("flowsim-tmp")
            }
            XCTAssertEqual(left, [], mode)
        }
    }

    /// A scene file beyond 512 MiB is refused from its size, before it is read (a sparse file:
    /// nothing is written to the disk).
    func testAHugeSceneFileIsRefusedBeforeItIsRead() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = dir.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: scene.path, contents: Data("{".utf8)))
        XCTAssertEqual(truncate(scene.path, (512 << 20) + 1), 0)
        let started = Date()
        let run = runFlowSim(["layout", scene.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.contains("is 536870913 bytes, more than the 536870912 bytes (512 MiB) a scene file may have"),
            run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// Runs `executable arguments` with stdout to `stdout` and returns its exit status.
    private func shell(_ executable: URL, _ arguments: [String], stdout: String) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !FileManager.default.fileExists(atPath: stdout) {
            XCTAssertTrue(FileManager.default.createFile(atPath: stdout, contents: nil), stdout)
        }
        guard let output = FileHandle(forWritingAtPath: stdout) else { throw XCTSkip("cannot open \(stdout)") }
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        try? output.close()
        return process.terminationStatus
    }
}
