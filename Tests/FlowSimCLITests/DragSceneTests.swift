import FlowSimTestSupport
import Foundation
import XCTest

/// A scene's `"drag"` through the CLI: after a drop `layout --after` shows the moved data (ids
/// and index paths); a bad drag exits 2 with its key path (docs/reorder.md).
final class DragSceneTests: XCTestCase {
    /// 100 × 100 items, three a line: a0 at (0, 0), b0 at (0, 110) in section 1 (section 0's one
    /// line ends at y = 100; sections follow each other without spacing).
    private func scene(_ drag: String) -> String {
        CLI.sceneFile(
            """
            {"viewport": {"width": 320, "height": 480},
             "layout": {"itemSize": {"width": 100, "height": 100}, "minimumLineSpacing": 10, "minimumInteritemSpacing": 10},
             "sections": [{"items": [{"id": "a0"}, {"id": "a1"}]}, {"items": [{"id": "b0"}]}],
             "updates": [{"at": 0, "drag": \(drag)}]}
            """)
    }

    func testLayoutAfterADropShowsTheMovedData() throws {
        // a0 from its centre (50, 50) to b0's (50, 150): it joins section 1 before b0.
        let path = scene(
            #"{"item": {"section": 0, "item": 0}, "path": [{"x": 50, "y": 50}, {"x": 50, "y": 150}], "duration": 0.3}"#)
        let before = CLI.run(["layout", path, "--after", "0"])
        XCTAssertEqual(before.status, 0, before.stderr)
        let after = CLI.run(["layout", path, "--after", "all"])
        XCTAssertEqual(after.status, 0, after.stderr)
        let cells = (after.json()["elements"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "cell" }
        XCTAssertEqual(cells.compactMap { $0["id"] as? String }, ["a1", "a0", "b0"])
        XCTAssertEqual(cells[1]["section"] as? Int ?? (cells[1]["section"] as? Double).map(Int.init), 1)
    }

    func testABadDragExitsTwoNamingTheKeyPath() {
        let result = CLI.run([
            "layout", scene(#"{"item": {"section": 0, "item": 0}, "path": {"x": 1}, "duration": 1}"#),
        ])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("updates[0].drag.path: expected an array"), result.stderr)
        let missing = CLI.run([
            "frames", scene(#"{"item": {"section": 3, "item": 0}, "path": [{"x": 1}], "duration": 1}"#),
        ])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("updates[0].drag.item: no item at section 3, item 0"), missing.stderr)
    }
}
