import FlowSimTestSupport
import Foundation
import XCTest

/// `flowsim check` and `flowsim diff` on a compositional layout's layout goldens: a badge or a
/// section background that changes is reported by its kind string and index path, so the failure
/// says which supplementary or decoration view moved.
final class CompositionalGoldenDiffTests: XCTestCase {
    /// Two 100 × 50 cells in a 200 × 200 viewport (1×), each with a 10 × 10 badge at its top
    /// trailing corner moved by `badgeOffset` of its size, and a section background inset by
    /// `backgroundInset`. Pixels may differ freely, so only the layout golden can fail.
    func writeScene(_ dir: URL, badgeOffset: Double = 0, backgroundInset: Double = 0) throws -> URL {
        let json = """
            {"name": "badged", "viewport": {"width": 200, "height": 200, "scale": 1},
             "layout": {"compositional": {"sections": [{
               "group": {"axis": "horizontal",
                 "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}},
                 "subitems": [{"size": {"width": {"fractionalWidth": 0.5}, "height": {"fractionalHeight": 1}},
                   "supplementaryItems": [{"elementKind": "badge",
                     "size": {"width": {"absolute": 10}, "height": {"absolute": 10}},
                     "containerAnchor": {"edges": ["top", "trailing"],
                       "fractionalOffset": {"x": \(badgeOffset), "y": 0}}}]}]},
               "decorationItems": [{"background": "bg", "contentInsets":
                 {"top": \(backgroundInset), "leading": \(backgroundInset),
                  "bottom": \(backgroundInset), "trailing": \(backgroundInset)}}]}]}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
             "golden": {"times": ["start"], "maxDiffPixelRatio": 1}}
            """
        let url = dir.appendingPathComponent("badged.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testCheckNamesAMovedBadgeAndAResizedBackgroundByKindAndIndexPath() throws {
        let dir = try makeTemporaryFolder(self)
        let goldens = dir.appendingPathComponent("goldens")
        let scene = try writeScene(dir)
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        _ = try writeScene(dir, badgeOffset: 0.5, backgroundInset: 4)
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(run.status, 1, run.out)
        let line = run.out.split(separator: "\n").first { $0.hasPrefix("FAIL") }.map(String.init) ?? ""
        XCTAssertTrue(line.contains("layout difference"), line)
        // Badges sit at their item's index path: both moved right by half their width, 5 pt.
        XCTAssertTrue(line.contains("supplementary(badge) 0.0 moved"), line)
        XCTAssertTrue(line.contains("supplementary(badge) 0.1 moved"), line)
        XCTAssertTrue(line.contains("by (+5.0, +0.0)"), line)
        // The background is (0, section 0): 4 pt in on every side, 8 pt smaller each way.
        XCTAssertTrue(line.contains("decoration(bg) 0.0 resized: 200.0×50.0 → 192.0×42.0"), line)
    }

    func testDiffNamesTheChangedDecorationAndBadge() throws {
        let dir = try makeTemporaryFolder(self)
        let goldens = dir.appendingPathComponent("goldens")
        let scene = try writeScene(dir)
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        let recorded = goldens.appendingPathComponent("badged/time_0.000s.json")
        let before = dir.appendingPathComponent("before.json")
        try FileManager.default.copyItem(at: recorded, to: before)
        _ = try writeScene(dir, badgeOffset: 0.5, backgroundInset: 4)
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "all"]).status, 0)
        let run = runFlowSim(["diff", before.path, recorded.path])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("supplementary(badge) 0.1 moved"), run.out)
        XCTAssertTrue(run.out.contains("decoration(bg) 0.0 resized"), run.out)
        XCTAssertFalse(run.out.contains("cell"), run.out)
    }
}
