import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

final class LayoutCommandTests: XCTestCase {
    /// Three 100×40 items with ids, a header, in 320 at scale 2. n = ⌊330/110⌋ = 3, gap =
    /// (320 − 300)/2 = 10: x = 0, 110, 220 at y = 30 (after the 30 pt header).
    static let scene = """
        {"viewport": {"width": 320, "height": 480},
         "layout": {"itemSize": {"width": 100, "height": 40}, "headerReferenceSize": {"width": 0, "height": 30}},
         "sections": [{"title": "Alaska", "items": [{"id": "denali", "title": "Denali"}, {"id": "katmai"}, {}]}],
         "updates": [{"at": 0, "insert": [{"section": 0, "item": 0, "id": "new-park"}]}]}
        """

    func testLayoutJSONShape() {
        let result = CLI.run(["layout", CLI.sceneFile(Self.scene)])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let json = result.json()
        let content = json["contentSize"] as? [String: Any]
        // 30 + 40.
        XCTAssertEqual(number(content?["width"]), 320)
        XCTAssertEqual(number(content?["height"]), 70)
        let elements = json["elements"] as? [[String: Any]] ?? []
        XCTAssertEqual(elements.count, 4)
        XCTAssertEqual(elements.map { $0["kind"] as? String }, ["header", "cell", "cell", "cell"])
        let header = elements[0]
        XCTAssertNil(header["item"], "item only on cells")
        XCTAssertNil(header["id"], "id only on cells")
        XCTAssertEqual(number(header["zIndex"]), 10)
        let cell = elements[2]
        XCTAssertEqual(
            Set(cell.keys),
            ["kind", "section", "item", "id", "frame", "center", "size", "transform", "alpha", "zIndex"])
        XCTAssertEqual(cell["id"] as? String, "katmai")
        XCTAssertEqual(number(cell["section"]), 0)
        XCTAssertEqual(number(cell["item"]), 1)
        let frame = cell["frame"] as? [String: Any]
        XCTAssertEqual(
            frame.map { [number($0["x"]), number($0["y"]), number($0["width"]), number($0["height"])] },
            [110, 30, 100, 40])
        let center = cell["center"] as? [String: Any]
        XCTAssertEqual(number(center?["x"]), 160)
        XCTAssertEqual(number(center?["y"]), 50)
        let transform = cell["transform"] as? [String: Any]
        XCTAssertEqual(["a", "b", "c", "d", "tx", "ty"].map { number(transform?[$0]) }, [1, 0, 0, 1, 0, 0])
        XCTAssertEqual(number(cell["alpha"]), 1)
        // An item without id gets one from its position, distinct from the others.
        let third = elements[3]["id"] as? String
        XCTAssertNotNil(third)
        XCTAssertFalse(["denali", "katmai", "new-park"].contains(third ?? ""))
    }

    func testAfterUpdates() {
        let path = CLI.sceneFile(Self.scene)
        let before = CLI.run(["layout", path, "--after", "0"]).json()["elements"] as? [[String: Any]] ?? []
        XCTAssertEqual(before.compactMap { $0["id"] as? String }.first, "denali")
        for argument in ["1", "all"] {
            let result = CLI.run(["layout", path, "--after", argument])
            XCTAssertEqual(result.status, 0, result.stderr)
            let elements = result.json()["elements"] as? [[String: Any]] ?? []
            let cells = elements.filter { $0["kind"] as? String == "cell" }
            XCTAssertEqual(cells.count, 4)
            XCTAssertEqual(cells.first?["id"] as? String, "new-park")
            XCTAssertEqual(cells[1]["id"] as? String, "denali")
            // Four 100-wide items: three per line; the fourth (the third id'd item) wraps to
            // (0, 30 + 40 + 10 = 80). Content height 30 + 40 + 10 + 40 = 120.
            XCTAssertEqual(number((cells[3]["frame"] as? [String: Any])?["y"]), 80)
            XCTAssertEqual(number((result.json()["contentSize"] as? [String: Any])?["height"]), 120)
        }
        let tooMany = CLI.run(["layout", path, "--after", "5"])
        XCTAssertEqual(tooMany.status, 2)
        XCTAssertEqual(tooMany.stdout, "")
        XCTAssertFalse(tooMany.stderr.isEmpty)
        let garbage = CLI.run(["layout", path, "--after", "soon"])
        XCTAssertEqual(garbage.status, 2)
        XCTAssertEqual(garbage.stdout, "")
    }

    /// Without a scene the embedded national-parks scene is used: 375 wide, headers, 2 pt inset.
    func testDefaultScene() {
        let result = CLI.run(["layout"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = result.json()
        XCTAssertEqual(number((json["contentSize"] as? [String: Any])?["width"]), 375)
        let elements = json["elements"] as? [[String: Any]] ?? []
        XCTAssertEqual(elements.first?["kind"] as? String, "header")
        // Header 44 + inset 8: the first cell (110×110 at x = 8) inset by 2 → (10, 54, 106, 106).
        let firstCell = elements.first { $0["kind"] as? String == "cell" }
        let frame = firstCell?["frame"] as? [String: Any]
        XCTAssertEqual(
            [number(frame?["x"]), number(frame?["y"]), number(frame?["width"]), number(frame?["height"])],
            [10, 54, 106, 106])
    }

    func testHelpVersionAndUnknownCommand() {
        let help = CLI.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("layout") && help.stdout.contains("frames"), help.stdout)
        XCTAssertEqual(help.stderr, "")

        let version = CLI.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("flowsim "), version.stdout)
        XCTAssertEqual(version.stdout, "flowsim \(FlowSimCommand.version)\n")
        XCTAssertEqual(FlowSimCommand.version, "0.7.0")
        // The changelog's newest released entry is the version flowsim reports (an "Unreleased"
        // section above it collects what the next version will hold).
        let changelog = packageRoot.appendingPathComponent("CHANGELOG.md")
        let newest = (try? String(contentsOf: changelog, encoding: .utf8))?.components(separatedBy: "\n")
            .first { $0.hasPrefix("## ") && $0 != "## Unreleased" }
        XCTAssertEqual(newest, "## \(FlowSimCommand.version)")

        let helpLayout = CLI.run(["help", "layout"])
        XCTAssertEqual(helpLayout.status, 0)
        XCTAssertTrue(helpLayout.stdout.contains("--after"), helpLayout.stdout)
        XCTAssertEqual(CLI.run(["layout", "--help"]).stdout, helpLayout.stdout)
        let helpFrames = CLI.run(["help", "frames"])
        XCTAssertTrue(helpFrames.stdout.contains("--fps"), helpFrames.stdout)

        let unknownHelp = CLI.run(["help", "nosuch"])
        XCTAssertEqual(unknownHelp.status, 2)
        XCTAssertEqual(unknownHelp.stdout, "")

        let typo = CLI.run(["lyout"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stdout, "")
        XCTAssertTrue(typo.stderr.contains("'lyout'") && typo.stderr.contains("'layout'"), typo.stderr)

        let nothing = CLI.run([])
        XCTAssertEqual(nothing.status, 2)
        XCTAssertEqual(nothing.stdout, "")
        XCTAssertFalse(nothing.stderr.isEmpty)
    }
}
