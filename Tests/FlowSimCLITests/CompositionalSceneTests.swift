import FlowSimTestSupport
import Foundation
import XCTest

/// `"layout": {"compositional": …}` through the CLI: frames, and errors that name the key path
/// (or, for layouts UIKit refuses, UIKit's words) with exit 2.
final class CompositionalSceneTests: XCTestCase {
    private func scene(layout: String, items: Int = 4) -> String {
        let list = (0..<items).map { "{\"id\": \"i\($0)\"}" }.joined(separator: ", ")
        return CLI.sceneFile(
            """
            {"viewport": {"width": 390, "height": 600, "scale": 3},
             "layout": \(layout),
             "sections": [{"items": [\(list)]}]}
            """)
    }

    private let grid = """
        {"compositional": {"sections": [{
          "contentInsets": {"leading": 10, "trailing": 10},
          "group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
                    "interItemSpacing": 10, "count": 2,
                    "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]},
          "interGroupSpacing": 5,
          "boundarySupplementaryItems": [{"elementKind": "header", "alignment": "top",
             "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 30}}}]}]}}
        """

    func testGridFramesThroughLayoutCommand() throws {
        let result = runFlowSim(["layout", scene(layout: grid)])
        XCTAssertEqual(result.status, 0, result.err)
        let elements = try XCTUnwrap(result.json()["elements"] as? [[String: Any]])
        let cells = elements.filter { $0["kind"] as? String == "cell" }
        let frames = cells.compactMap { $0["frame"] as? [String: Double] }
        // Section container 370 wide; two columns of (370 − 10) / 2 = 180 below a 30 pt header.
        XCTAssertEqual(frames.first, ["x": 10, "y": 30, "width": 180, "height": 44])
        XCTAssertEqual(frames.last, ["x": 200, "y": 79, "width": 180, "height": 44])
        let header = try XCTUnwrap(elements.first { $0["kind"] as? String == "header" })
        XCTAssertEqual(header["frame"] as? [String: Double], ["x": 10, "y": 0, "width": 370, "height": 30])
        XCTAssertEqual(result.json()["contentSize"] as? [String: Double], ["width": 390, "height": 123])
    }

    func testTypoNamesThePathAndTheNearestKey() {
        let result = runFlowSim([
            "layout",
            scene(
                layout: """
                    {"compositional": {"sections": [{"group": {"axis": "horizontal",
                      "size": {"width": {"fractionalWidth": 1}, "height": {"absolut": 44}},
                      "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]}}]}}
                    """),
        ])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.err.contains(
                "layout.compositional.sections[0].group.size.height.absolut: unknown key \"absolut\"; did you mean \"absolute\"?"
            ), result.err)
    }

    func testUIKitsNoRoomErrorExitsTwo() {
        let result = runFlowSim([
            "layout",
            scene(
                layout: """
                    {"compositional": {"sections": [{"group": {"axis": "horizontal",
                      "contentInsets": {"leading": 200, "trailing": 200},
                      "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
                      "subitems": [{"size": {"width": {"absolute": 10}, "height": {"absolute": 10}}}]}}]}}
                    """),
        ])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.err.contains(": layout: UICollectionViewCompositionalLayout ran into an error"), result.err)
        XCTAssertTrue(result.err.contains("There is no room for this NSCollectionLayoutGroup"), result.err)
    }

    /// A scroll of one section moves that section's cells only, through its orthogonal offset.
    func testSectionScrollMovesTheCarousel() throws {
        let path = CLI.sceneFile(
            """
            {"viewport": {"width": 320, "height": 400, "scale": 1},
             "layout": {"compositional": {"sections": [{"orthogonalScrollingBehavior": "groupPaging",
               "interGroupSpacing": 10, "contentInsets": {"leading": 16, "trailing": 16},
               "group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 0.8}, "height": {"absolute": 100}},
                         "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]}}]}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}],
             "scroll": [{"at": 0, "section": 0, "to": {"x": 266, "y": 0}, "timing": {"curve": "linear", "duration": 0.2}}]}
            """)
        let result = runFlowSim(["layout", path, "--after", "all", "--rect", "visible"])
        XCTAssertEqual(result.status, 0, result.err)
        let elements = try XCTUnwrap(result.json()["elements"] as? [[String: Any]])
        // Group stride 256 + 10; scrolled one group: b at the leading inset, a off to the left.
        let frames = Dictionary(
            uniqueKeysWithValues: elements.compactMap { element -> (String, [String: Double])? in
                guard let id = element["id"] as? String, let frame = element["frame"] as? [String: Double] else {
                    return nil
                }
                return (id, frame)
            })
        XCTAssertEqual(frames["b"], ["x": 16, "y": 0, "width": 256, "height": 100])
        XCTAssertEqual(frames["a"]?["x"], -250)
        let plain = runFlowSim([
            "layout",
            CLI.sceneFile(
                """
                {"viewport": {"width": 320, "height": 400},
                 "sections": [{"items": [{"id": "a"}]}], "scroll": [{"at": 0, "section": 0, "to": {"x": 10, "y": 0}}]}
                """),
        ])
        XCTAssertEqual(plain.status, 2)
        XCTAssertTrue(plain.err.contains("scroll[0].section: section 0 does not scroll on its own"), plain.err)
    }

    /// Values UIKit would raise on, or that would exhaust memory, stop with a message, never a trap.
    func testNegativeSizesAndHugeCountsExitTwo() {
        let negative = """
            {"compositional": {"sections": [{"group": {"axis": "horizontal",
              "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
              "subitems": [{"size": {"width": {"absolute": 10}, "height": {"fractionalHeight": 1}},
                            "contentInsets": {"leading": 20}}]}}]}}
            """
        let huge = """
            {"compositional": {"sections": [{"group": {"axis": "horizontal", "repeatingCount": 1000000000,
              "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
              "subitems": [{"size": {"width": {"absolute": 1}, "height": {"absolute": 1}}}]}}]}}
            """
        for (layout, message) in [
            (negative, "UICollectionView received layout attributes with invalid frame"),
            (huge, "a group of 1000000000 items is more than FlowSim lays out"),
        ] {
            let result = runFlowSim(["layout", scene(layout: layout)])
            XCTAssertEqual(result.status, 2, result.err)
            XCTAssertTrue(result.err.contains(message), result.err)
        }
    }

    func testStructuralMistakesAreErrors() {
        let cases: [(String, String)] = [
            (
                #"{"class": "x", "compositional": {"sections": []}}"#,
                "layout.compositional: give either \"class\" or \"compositional\", not both"
            ),
            (
                #"{"compositional": {"sections": []}}"#,
                "layout.compositional.sections: \"sections\" needs at least one section"
            ),
            (
                #"{"compositional": {"sections": [{"contentInsets": {"top": 1}}]}}"#,
                "layout.compositional.sections[0]: give exactly one of \"group\", \"list\""
            ),
            (
                #"{"compositional": {"sections": [{"list": {"appearance": "insetGroupd"}}]}}"#,
                "did you mean \"insetGrouped\"?"
            ),
            (
                #"{"compositional": {"sections": [{"group": {"size": {"width": {"absolute": 1}, "height": {"absolute": 1}}}}]}}"#,
                "a section's group needs \"subitems\" and an \"axis\""
            ),
            (
                #"{"compositional": {"sections": [{"group": {"axis": "vertical", "count": 2, "size": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "subitems": [{"size": {"width": {"absolute": 1}, "height": {"absolute": 1}}}, {"size": {"width": {"absolute": 1}, "height": {"absolute": 1}}}]}}]}}"#,
                "\"count\" repeats exactly one subitem"
            ),
            (
                #"{"compositional": {"sections": [{"group": {"axis": "vertical", "size": {"width": {"absolute": 1, "estimated": 2}, "height": {"absolute": 1}}, "subitems": [{"size": {"width": {"absolute": 1}, "height": {"absolute": 1}}}]}}]}}"#,
                "give exactly one of \"fractionalWidth\""
            ),
        ]
        for (layout, message) in cases {
            let result = runFlowSim(["layout", scene(layout: layout)])
            XCTAssertEqual(result.status, 2, layout)
            XCTAssertTrue(result.err.contains(message), "\(layout): \(result.err)")
        }
    }
}
