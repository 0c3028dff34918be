import FlowSimTestSupport
import Foundation
import XCTest

/// Scene-file compositional layouts measured from the safe area (`contentInsetsReference`,
/// `supplementaryContentInsetsReference`) and laid out right to left (docs/compositional.md, R1
/// and R11).
final class CompositionalInsetsSceneTests: XCTestCase {
    private func frames(_ result: CLIResult) throws -> [String: [String: Double]] {
        let elements = try XCTUnwrap(result.json()["elements"] as? [[String: Any]])
        var frames: [String: [String: Double]] = [:]
        for element in elements {
            guard let frame = element["frame"] as? [String: Double] else { continue }
            let section = (element["section"] as? Double).map { String(Int($0)) } ?? "?"
            let key = (element["id"] as? String) ?? "\(element["kind"] as? String ?? "?")-\(section)"
            frames[key] = frame
        }
        return frames
    }

    private let row = """
        "group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 40}},
                  "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]}
        """

    /// Landscape iPhone, 47 pt of safe area each side: the default `.safeArea` reference puts a
    /// row at 47 and 750 wide; `"none"` at 0; a header that does not follow the content insets
    /// keeps to its own reference.
    func testSafeAreaReferencesInAScene() throws {
        let path = CLI.sceneFile(
            """
            {"viewport": {"width": 844, "height": 390, "scale": 3, "safeAreaInsets": {"left": 47, "right": 47}},
             "layout": {"compositional": {"contentInsetsReference": "safeArea", "sections": [
               {\(row)},
               {\(row), "contentInsetsReference": "none"},
               {\(row), "supplementariesFollowContentInsets": false, "supplementaryContentInsetsReference": "safeArea",
                "boundarySupplementaryItems": [{"elementKind": "header", "alignment": "top",
                  "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 20}}}]}]}},
             "sections": [{"items": [{"id": "a"}]}, {"items": [{"id": "b"}]}, {"items": [{"id": "c"}]}]}
            """)
        let result = runFlowSim(["layout", path])
        XCTAssertEqual(result.status, 0, result.err)
        let found = try frames(result)
        XCTAssertEqual(found["a"], ["x": 47, "y": 0, "width": 750, "height": 40])
        XCTAssertEqual(found["b"], ["x": 0, "y": 40, "width": 844, "height": 40])
        XCTAssertEqual(found["header-2"], ["x": 47, "y": 80, "width": 750, "height": 20])
        XCTAssertEqual(found["c"], ["x": 47, "y": 100, "width": 750, "height": 40])
    }

    /// Right to left, a 0.3-wide leading item sits at the right edge: 390 − 117 = 273.
    func testRightToLeftScene() throws {
        let path = CLI.sceneFile(
            """
            {"viewport": {"width": 390, "height": 600, "scale": 3}, "traits": {"layoutDirection": "rightToLeft"},
             "layout": {"compositional": {"sections": [{"group": {"axis": "horizontal",
               "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}},
               "subitems": [{"size": {"width": {"fractionalWidth": 0.3}, "height": {"fractionalHeight": 1}}}]}}]}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}]}
            """)
        let result = runFlowSim(["layout", path])
        XCTAssertEqual(result.status, 0, result.err)
        let found = try frames(result)
        XCTAssertEqual(found["a"], ["x": 273, "y": 0, "width": 117, "height": 50])
        XCTAssertEqual(found["b"], ["x": 156, "y": 0, "width": 117, "height": 50])
    }

    /// A group's `supplementaryItems` anchor to each instance of the group: a 4 pt underline at
    /// the bottom of each 100 pt row, at the index path of the row's first item.
    func testGroupSupplementaryItemsInAScene() throws {
        let path = CLI.sceneFile(
            """
            {"viewport": {"width": 390, "height": 600, "scale": 3},
             "layout": {"compositional": {"sections": [{"interGroupSpacing": 10, "group": {"axis": "horizontal",
               "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 100}},
               "supplementaryItems": [{"elementKind": "underline", "containerAnchor": {"edges": ["bottom"]},
                 "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 4}}}],
               "subitems": [{"size": {"width": {"fractionalWidth": 0.5}, "height": {"fractionalHeight": 1}}}]}}]}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}]}
            """)
        let result = runFlowSim(["layout", path])
        XCTAssertEqual(result.status, 0, result.err)
        let elements = try XCTUnwrap(result.json()["elements"] as? [[String: Any]])
        let underlines = elements.filter { $0["elementKind"] as? String == "underline" }
            .compactMap { $0["frame"] as? [String: Double] }
        let paths = elements.filter { $0["elementKind"] as? String == "underline" }.compactMap {
            $0["indexPath"] as? [Int]
        }
        XCTAssertEqual(paths, [[0, 0], [0, 2]])
        XCTAssertEqual(
            underlines,
            [["x": 0, "y": 96, "width": 390, "height": 4], ["x": 0, "y": 206, "width": 390, "height": 4]])
    }

    func testUnknownReferenceNamesTheKey() {
        let path = CLI.sceneFile(
            """
            {"viewport": {"width": 390, "height": 600},
             "layout": {"compositional": {"contentInsetsReference": "safeAreas", "sections": [{\(row)}]}},
             "sections": [{"items": [{"id": "a"}]}]}
            """)
        let result = runFlowSim(["layout", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("layout.compositional.contentInsetsReference"), result.err)
    }
}
