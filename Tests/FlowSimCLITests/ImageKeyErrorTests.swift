import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// A cell image that cannot be read is reported at the scene key naming it, not only by its path.
final class ImageKeyErrorTests: XCTestCase {
    func scene(in folder: URL, items: String, updates: String = "[]") throws -> String {
        let url = folder.appendingPathComponent("scene.json")
        try Data(
            """
            {"viewport": {"width": 100, "height": 100, "scale": 1}, "layout": {"itemSize": {"width": 40, "height": 40}},
             "sections": [{"items": [{"id": "a"}]}, {"items": \(items)}], "updates": \(updates)}
            """.utf8
        ).write(to: url)
        return url.path
    }

    func testRenderNamesTheItemKeyOfAMissingImage() throws {
        let folder = try makeTemporaryFolder(self)
        let path = try scene(in: folder, items: #"[{"id": "b"}, {"id": "c", "image": "missing.png"}]"#)
        let run = runFlowSim(["render", path, "--frames", "0", "--out", folder.appendingPathComponent("out").path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.err,
            "\(path): sections[1].items[1].image: cannot read image missing.png: No such file or directory\n")
    }

    func testRenderNamesTheKeyOfABadImage() throws {
        let folder = try makeTemporaryFolder(self)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("bad.png"))
        let path = try scene(in: folder, items: #"[{"id": "b", "image": "bad.png"}]"#)
        let run = runFlowSim(["render", path, "--frames", "0", "--out", folder.appendingPathComponent("out").path])
        XCTAssertEqual(run.status, 2)
        // The path is the one the renderer read: made absolute against the scene's folder.
        let resolved = folder.appendingPathComponent("bad.png").standardizedFileURL.path
        XCTAssertEqual(
            run.err,
            "\(path): sections[1].items[0].image: cannot read image \(resolved): "
                + "not a PNG file: missing the PNG signature\n")
    }
}
