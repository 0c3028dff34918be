import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// A team's own `flowsim` (`FlowSimCommand.main(layouts: ["carousel": { CarouselFlowLayout() }])`),
/// run in-process: scenes select the registered layout with `"layout": {"class": "carousel"}`.
final class CLICustomLayoutTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-uikit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func writeScene(_ json: String) throws -> String {
        let url = directory.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        var output = ""
        var error = ""
        let context = CommandContext(
            standardOutput: { output += $0 }, standardError: { error += $0 },
            layouts: ["carousel": { CarouselFlowLayout() }, "leftAligned": { LeftAlignedFlowLayout() }])
        let status = FlowSimCommand.run(arguments, context: context)
        return (status, output, error)
    }

    /// `flowsim layout` elements as (item, x, y, width, height, scale).
    func cells(_ output: String) throws -> [(item: Int, frame: CGRect, scale: Double)] {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(root["elements"] as? [[String: Any]])
        return try elements.filter { $0["kind"] as? String == "cell" }.map { element in
            let frame = try XCTUnwrap(element["frame"] as? [String: Double])
            let transform = try XCTUnwrap(element["transform"] as? [String: Double])
            return (
                try XCTUnwrap(element["item"] as? Int),
                CGRect(
                    x: frame["x"] ?? .nan, y: frame["y"] ?? .nan, width: frame["width"] ?? .nan,
                    height: frame["height"] ?? .nan),
                transform["a"] ?? .nan
            )
        }
    }

    func testLayoutCommandUsesTheRegisteredCarousel() throws {
        // The carousel's own init() makes it horizontal with 200 × 300 items; the scene gives only
        // the class and the viewport scrolled to x = 220 (centre 407.5, item 1's centre).
        let path = try writeScene(
            """
            {"viewport": {"width": 375, "height": 400, "contentOffset": {"x": 220, "y": 0}},
             "layout": {"class": "carousel"},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]}]}
            """)
        let result = run(["layout", path])
        XCTAssertEqual(result.status, 0, result.error)
        let cells = try cells(result.output)
        XCTAssertEqual(cells.map(\.item), [0, 1, 2, 3])
        // x_i = 87.5 + 220·i, y = 50 (see CarouselFlowLayoutTests); scales 1 − 0.3·min(d/375, 1)
        // for distances 220, 0, 220, 440 → 0.824, 1, 0.824, 0.7.
        let scales = [0.824, 1, 0.824, 0.7]
        for cell in cells {
            assertFrame(
                cell.frame, CGRect(x: 87.5 + 220 * CGFloat(cell.item), y: 50, width: 200, height: 300),
                "item \(cell.item)")
            XCTAssertEqual(cell.scale, scales[cell.item], accuracy: 1e-12, "item \(cell.item)")
        }
        // Content width 87.5 + 4·200 + 3·20 + 87.5 = 1035.
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        XCTAssertEqual(root?["contentSize"] as? [String: Double], ["width": 1035, "height": 400])
    }

    func testSceneValuesOverrideTheLayoutsOwn() throws {
        // An explicit itemSize replaces the carousel's 200 × 300: 100 × 300, inset (375 − 100)/2.
        let path = try writeScene(
            """
            {"viewport": {"width": 375, "height": 400},
             "layout": {"class": "carousel", "itemSize": {"width": 100, "height": 300}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}]}
            """)
        let result = run(["layout", path])
        XCTAssertEqual(result.status, 0, result.error)
        let cells = try cells(result.output)
        assertFrame(cells.first?.frame, CGRect(x: 137.5, y: 50, width: 100, height: 300))
        assertFrame(cells.last?.frame, CGRect(x: 257.5, y: 50, width: 100, height: 300))
    }

    func testLeftAlignedThroughTheCLI() throws {
        let path = try writeScene(
            """
            {"viewport": {"width": 320, "height": 400},
             "layout": {"class": "leftAligned", "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
             "sections": [{"items": [{"id": "a", "size": {"width": 100, "height": 40}}, {"id": "b", "size": {"width": 120, "height": 40}},
                                     {"id": "c", "size": {"width": 90, "height": 40}}]}]}
            """)
        let result = run(["layout", path])
        XCTAssertEqual(result.status, 0, result.error)
        let cells = try cells(result.output)
        // Line 1 [100, 120] packed left: x = 10, 120 (the flow layout would justify b to 190).
        assertFrame(cells[1].frame, CGRect(x: 120, y: 10, width: 120, height: 40))
    }

    func testUnknownClassNamesTheRegisteredOnes() throws {
        let path = try writeScene(
            """
            {"viewport": {"width": 375, "height": 400}, "layout": {"class": "coverflow"}, "sections": [{"items": [{}]}]}
            """)
        let result = run(["layout", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("unknown layout class \"coverflow\""), result.error)
        XCTAssertTrue(result.error.contains("carousel, leftAligned"), result.error)
    }
}
