import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation
import XCTest

@testable import FlowSimCLI
import FlowSimTestSupport

/// Exit status 2 means nothing on stdout and no half-written output.
final class ExitTwoStdoutTests: XCTestCase {
    /// expected/ and actual/ with a matching pair, a differing pair and one corrupt PNG.
    func foldersWithOneCorruptPNG() throws -> (expected: URL, actual: URL, root: URL) {
        let dir = try makeTemporaryFolder(self)
        let expected = dir.appendingPathComponent("expected")
        let actual = dir.appendingPathComponent("actual")
        _ = try writePNG(solidImage(6, 6), expected.appendingPathComponent("a.png"))
        _ = try writePNG(solidImage(6, 6), actual.appendingPathComponent("a.png"))
        _ = try writePNG(solidImage(6, 6), expected.appendingPathComponent("sub/b.png"))
        _ = try writePNG(solidImage(6, 6, changed: [(1, 1)]), actual.appendingPathComponent("sub/b.png"))
        _ = try writePNG(solidImage(6, 6), expected.appendingPathComponent("z.png"))
        try Data("not a png".utf8).write(to: actual.appendingPathComponent("z.png"))
        return (expected, actual, dir)
    }

    func testFolderDiffWithACorruptPNGPrintsAndWritesNothing() throws {
        let (expected, actual, dir) = try foldersWithOneCorruptPNG()
        let out = dir.appendingPathComponent("diffs")
        for extra in [[], ["--json"]] {
            let run = runFlowSim(["diff", expected.path, actual.path, "--diff-out", out.path] + extra)
            XCTAssertEqual(run.status, 2, "\(extra)")
            XCTAssertEqual(run.out, "", "nothing on stdout for exit 2 (\(extra))")
            XCTAssertTrue(run.err.contains("z.png"), run.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no --diff-out folder on error")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
            XCTAssertEqual(leftovers, [], "no temporary folders left")
        }
    }

    func testFolderDiffOutIsWrittenWholeWhenEveryPairDecodes() throws {
        let (expected, actual, dir) = try foldersWithOneCorruptPNG()
        try FileManager.default.removeItem(at: actual.appendingPathComponent("z.png"))
        try FileManager.default.removeItem(at: expected.appendingPathComponent("z.png"))
        let out = dir.appendingPathComponent("diffs")
        let run = runFlowSim(["diff", expected.path, actual.path, "--diff-out", out.path])
        XCTAssertEqual(run.status, 1, run.err)
        for name in ["a.png", "sub/b.png", "sub/b-side-by-side.png", "a-side-by-side.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), name)
        }
    }

    func testSinglePairDiffOutIsAllOrNothing() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(6, 6), dir.appendingPathComponent("a.png"))
        let b = try writePNG(solidImage(6, 6, changed: [(2, 2)]), dir.appendingPathComponent("b.png"))
        // The side-by-side target is a folder: the diff PNG must not be written either.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("d-side-by-side.png"), withIntermediateDirectories: true)
        let run = runFlowSim(["diff", a.path, b.path, "--diff-out", dir.appendingPathComponent("d.png").path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.out, "")
        XCTAssertTrue(run.err.contains("d-side-by-side.png"), run.err)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.png").path),
            "half of --diff-out written")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
        // The help says where the side-by-side goes.
        XCTAssertTrue(DiffCommand.spec.helpText.contains("<stem>-side-by-side.png"))
        XCTAssertFalse(DiffCommand.spec.helpText.contains("PATH-side-by-side.png"))
    }

    func testPaginateRenderFailurePrintsNoEventLog() throws {
        let dir = try makeTemporaryFolder(self)
        let file = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let run = runFlowSim([
            "paginate", "--duration", "0.2", "--fps", "10", "--render", file.appendingPathComponent("out").path,
        ])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.out, "", "the event log must not be printed before a render failure")
        XCTAssertFalse(run.err.isEmpty)
    }
}
