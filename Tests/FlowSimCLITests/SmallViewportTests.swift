import FlowSimImage
import FlowSimRender
import FlowSimTestSupport
import Foundation
import XCTest

/// Viewports at the edge of what makes sense still render: thumbnails fit a box, so a tall,
/// narrow viewport's contact sheet stays within Cairo's limits.
final class SmallViewportTests: XCTestCase {
    func testATallNarrowViewportRendersWithItsContactSheet() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = dir.appendingPathComponent("narrow.json")
        try Data(
            #"""
            {"viewport": {"width": 1.5, "height": 300, "scale": 1}, "sections": [{"items": [{"id": "a"}]}],
             "updates": [{"at": 0, "delete": [{"section": 0, "item": 0}]}]}
            """#.utf8
        ).write(to: scene)
        let out = dir.appendingPathComponent("out")
        let run = runFlowSim(["render", scene.path, "--out", out.path, "--quiet"])
        XCTAssertEqual(run.status, 0, run.err)
        let sheet = try PNGDecoder.decode(contentsOfFile: out.appendingPathComponent("contact-sheet.png").path)
        // Thumbnails fit 160 × 320: a 2 × 300 px frame becomes about 1 × 320.
        XCTAssertLessThan(sheet.width, 2000)
        XCTAssertLessThan(sheet.height, 4000)
    }

    /// A viewport too large to render is the scene's error: the message names the file and key.
    func testAnUnrenderableViewportNamesTheFileAndKey() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = dir.appendingPathComponent("huge.json")
        try Data(
            #"{"viewport": {"width": 9223372036854775807, "height": 600}, "sections": [{"items": [{"id": "a"}]}]}"#
                .utf8
        ).write(to: scene)
        let out = dir.appendingPathComponent("out")
        let run = runFlowSim(["render", scene.path, "--out", out.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.hasPrefix("\(scene.path): viewport: frames of "), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written")
    }
}
