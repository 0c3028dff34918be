import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimOutput

#if canImport(Glibc)
    import Glibc
#endif

/// The one rule for output paths (`OutputTarget`, docs/output-paths.md): a link is written at
/// its target and kept, a folder FlowSim did not create is written into in place (its inode,
/// owner, mode and ACLs kept), refusals name the path as given and the link's target.
final class OutputPathRuleTests: XCTestCase {
    private func info(_ path: String) -> stat {
        var result = stat()
        XCTAssertEqual(stat(path, &result), 0, path)
        return result
    }

    private func link(_ link: URL, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
    }

    private func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func write(_ text: String, into folder: URL) throws {
        let writer = try AtomicOutput.Folder(replacing: folder)
        try writer.write(Data(text.utf8), named: "frame.txt")
        try writer.write(Data(text.utf8), named: "sub/inner.txt")
        try writer.commit()
    }

    func testALinkToAFolderFlowSimDidNotWriteIsRefusedNamingTheLinkAndItsTarget() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: real.appendingPathComponent("todo.txt"))
        let out = dir.appendingPathComponent("out")
        try link(out, to: "notes")
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: out)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(out.path) (a symbolic link to \(real.path)) exists and was not written by flowsim; "
                    + "choose another folder or remove it")
        }
        XCTAssertEqual(try names(real), ["todo.txt"])
        XCTAssertEqual(try names(dir), ["notes", "out"])
    }

    func testALinkToTheWorkingDirectoryIsRefusedNamingBoth() throws {
        let dir = try makeTemporaryFolder(self)
        let out = dir.appendingPathComponent("here")
        let cwd = FileManager.default.currentDirectoryPath
        try link(out, to: cwd)
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: out)) { error in
            guard case .protectedFolder(let named) = error as? OutputError else { return XCTFail("\(error)") }
            XCTAssertEqual(named, "\(out.path) (a symbolic link to \(cwd))")
        }
    }

    func testALinkToAnEmptyFolderIsWrittenIntoInPlaceAndKept() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        let before = info(real.path)
        let out = dir.appendingPathComponent("out")
        try link(out, to: "empty")
        try write("1", into: out)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out.path), "empty")
        XCTAssertEqual(info(real.path).st_ino, before.st_ino)
        XCTAssertEqual(try names(real), [".flowsim-output", "frame.txt", "sub"])
        // Again: the previous output is replaced, the folder and the link stay.
        let writer = try AtomicOutput.Folder(replacing: out)
        try writer.write(Data("2".utf8), named: "other.txt")
        try writer.commit()
        XCTAssertEqual(info(real.path).st_ino, before.st_ino)
        XCTAssertEqual(try names(real), [".flowsim-output", "other.txt"])
        XCTAssertEqual(try names(dir), ["empty", "out"])
    }

    /// A shared folder (mode 1777, owned by another user) FlowSim did not create keeps its
    /// inode, owner, mode and ACLs; a file someone else put there since is left alone.
    func testASharedStickyFolderKeepsItsInodeOwnerModeAndACL() throws {
        let dir = try makeTemporaryFolder(self)
        let shared = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(shared.path, 0o1777), 0)
        let owned = geteuid() == 0 && chown(shared.path, 4242, 4343) == 0
        let acl = setfacl(["-m", "u:4242:rwx", shared.path])
        let before = info(shared.path)
        try write("1", into: shared)
        try Data("theirs".utf8).write(to: shared.appendingPathComponent("theirs.txt"))
        try write("2", into: shared)
        let after = info(shared.path)
        XCTAssertEqual(after.st_ino, before.st_ino)
        XCTAssertEqual(after.st_mode & 0o7777, 0o1777)
        if owned {
            XCTAssertEqual(after.st_uid, 4242)
            XCTAssertEqual(after.st_gid, 4343)
        }
        if acl { XCTAssertTrue(getfacl(shared.path).contains("user:4242:rwx"), getfacl(shared.path)) }
        XCTAssertEqual(try names(shared), [".flowsim-output", "frame.txt", "sub", "theirs.txt"])
        XCTAssertEqual(try String(contentsOf: shared.appendingPathComponent("frame.txt"), encoding: .utf8), "2")
        XCTAssertEqual(try names(dir), ["shared"])
    }

    /// A name in the folder FlowSim wrote into that FlowSim did not write is never replaced.
    func testAFileSomeoneElsePutInTheFolderIsNotReplaced() throws {
        let dir = try makeTemporaryFolder(self)
        let folder = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try write("1", into: folder)
        let writer = try AtomicOutput.Folder(replacing: folder)
        try writer.write(Data("new".utf8), named: "notes.txt")
        try Data("theirs".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try writer.commit()) { error in
            XCTAssertEqual(error as? OutputError, .notFlowSimOutput(folder.appendingPathComponent("notes.txt").path))
        }
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8), "theirs")
        XCTAssertEqual(try names(folder), [".flowsim-output", "frame.txt", "notes.txt", "sub"])
    }

    func testAFileLinkIsWrittenAtItsTargetKeepingTheLinkAndTheTargetsMode() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("reports/junit.xml")
        try FileManager.default.createDirectory(
            at: real.deletingLastPathComponent(), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: real)
        XCTAssertEqual(chmod(real.path, 0o640), 0)
        let junit = dir.appendingPathComponent("junit.xml")
        try link(junit, to: "reports/junit.xml")
        try AtomicOutput.write(Data("new".utf8), to: junit)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: junit.path), "reports/junit.xml")
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), "new")
        XCTAssertEqual(info(real.path).st_mode & 0o7777, 0o640)
        // A dangling link: the file is created where it points.
        let later = dir.appendingPathComponent("later.xml")
        try link(later, to: "reports/later.xml")
        try AtomicOutput.write(Data("x".utf8), to: later)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("reports/later.xml"), encoding: .utf8), "x")
        // A link to a folder, given as a file: refused, naming the link and its target.
        let folderLink = dir.appendingPathComponent("folder.xml")
        try link(folderLink, to: "reports")
        XCTAssertThrowsError(try AtomicOutput.write(Data("x".utf8), to: folderLink)) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot write \(folderLink.path) (a symbolic link to \(real.deletingLastPathComponent().path)): it is a folder"
            )
        }
    }

    /// In a sticky folder anyone may write (as /tmp), a link owned by another user than the
    /// one running flowsim and the folder's owner is not followed (the kernel's
    /// protected_symlinks rule).
    func testALinkPlantedByAnotherUserInAStickyFolderIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to make a link owned by another user") }
        let dir = try makeTemporaryFolder(self)
        let sticky = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(sticky.path, 0o1777), 0)
        let victim = dir.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
        let planted = sticky.appendingPathComponent("out")
        try link(planted, to: victim.path)
        XCTAssertEqual(lchown(planted.path, 4242, 4242), 0)
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: planted)) { error in
            XCTAssertEqual(error as? OutputError, .untrustedLink(planted.path, link: planted.path, owner: 4242))
            XCTAssertTrue("\(error)".contains("flowsim does not follow it"), "\(error)")
        }
        XCTAssertThrowsError(try AtomicOutput.write(Data("x".utf8), to: planted))
        XCTAssertEqual(try names(victim), [])
        // The same link owned by the user running flowsim is followed.
        XCTAssertEqual(lchown(planted.path, geteuid(), getegid()), 0)
        try write("1", into: planted)
        XCTAssertEqual(try names(victim), [".flowsim-output", "frame.txt", "sub"])
    }

    /// A loop of links is refused for files and folders alike, naming the path as given.
    func testALoopOfLinksIsRefused() throws {
        let dir = try makeTemporaryFolder(self)
        let a = dir.appendingPathComponent("a")
        try link(a, to: "b")
        try link(dir.appendingPathComponent("b"), to: "a")
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: a)) { error in
            XCTAssertEqual(error as? OutputError, .cannotWrite(a.path, reason: .system(errno: ELOOP)))
        }
        XCTAssertThrowsError(try AtomicOutput.write(Data("x".utf8), to: a)) { error in
            XCTAssertEqual(error as? OutputError, .cannotWrite(a.path, reason: .system(errno: ELOOP)))
        }
        XCTAssertEqual(try names(dir), ["a", "b"])
    }

    /// A folder FlowSim creates is still replaced whole and atomically (a new inode).
    func testAFolderFlowSimCreatedIsReplacedWhole() throws {
        let dir = try makeTemporaryFolder(self)
        let out = dir.appendingPathComponent("out")
        try write("1", into: out)
        let first = info(out.path).st_ino
        try write("2", into: out)
        XCTAssertNotEqual(info(out.path).st_ino, first)
        XCTAssertEqual(try names(out), [".flowsim-output", "frame.txt", "sub"])
    }

    private func setfacl(_ arguments: [String]) -> Bool {
        run("/usr/bin/setfacl", arguments).status == 0
    }

    private func getfacl(_ path: String) -> String {
        run("/usr/bin/getfacl", ["-c", path]).output
    }

    private func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return (127, "") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        do { try process.run() } catch { return (127, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
