import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation
import XCTest

@testable import FlowSimCLI
import FlowSimTestSupport

/// A symlink to a folder, given as a root, is the folder it points to (not an empty folder).
final class SymlinkRootTests: XCTestCase {
    func testDiffFollowsSymlinkedFolderRoots() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("real")
        let other = dir.appendingPathComponent("other")
        _ = try writePNG(solidImage(4, 4), real.appendingPathComponent("sub/a.png"))
        _ = try writePNG(solidImage(4, 4), other.appendingPathComponent("sub/a.png"))
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        XCTAssertEqual(try DiffFolders.pngFiles(link.path), ["sub/a.png"])
        let run = runFlowSim(["diff", link.path, other.path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("\(link.path)/sub/a.png"), run.out)
        XCTAssertTrue(run.out.contains("1 files: 1 match"), run.out)
    }

    func testCheckFollowsSymlinkedSceneFolders() throws {
        let dir = try makeTemporaryFolder(self)
        let real = dir.appendingPathComponent("real/nested")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try """
        {"name": "linked", "viewport": {"width": 40, "height": 40, "scale": 1},
         "layout": {"itemSize": {"width": 10, "height": 10}}, "sections": [{"items": [{"id": "a"}]}],
         "golden": {"frames": [0]}}
        """.write(to: real.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: dir.appendingPathComponent("real"))
        XCTAssertEqual(try CheckSceneFiles.expand([link.path]), ["\(link.path)/nested/s.json"])
        let run = runFlowSim([
            "check", link.path, "--goldens", dir.appendingPathComponent("g").path, "--record", "missing",
        ])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("1 scene"), run.out)
    }
}
