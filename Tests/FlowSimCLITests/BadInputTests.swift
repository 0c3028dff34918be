import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

/// Bad input: every failure is one paragraph on stderr, exit status 2, nothing on
/// stdout, and the message names the key path.
final class BadInputTests: XCTestCase {
    static let valid = #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{"id": "a"}]}]}"#

    /// Runs `layout` (and `frames`) on `text` and checks the common contract; returns stderr.
    @discardableResult
    private func failure(
        _ text: String, name: String = "scene.json", file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        let path = CLI.sceneFile(text, name: name)
        var message = ""
        for command in ["layout", "frames"] {
            let result = CLI.run([command, path])
            XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", command, file: file, line: line)
            XCTAssertTrue(result.stderr.hasSuffix("\n"), file: file, line: line)
            let body = result.stderr.dropLast()
            XCTAssertFalse(body.isEmpty, file: file, line: line)
            XCTAssertFalse(body.contains("\n\n"), "one paragraph: \(result.stderr)", file: file, line: line)
            // The message names the file.
            XCTAssertTrue(result.stderr.contains(path), result.stderr, file: file, line: line)
            message = result.stderr
        }
        return message
    }

    func testValidSceneIsAccepted() {
        XCTAssertEqual(CLI.run(["layout", CLI.sceneFile(Self.valid)]).status, 0)
    }

    func testNegativeItemSizeNamesTheKeyPath() {
        let scene = """
            {"viewport": {"width": 375, "height": 667},
             "sections": [{"items": []}, {"items": []}, {"items": [{"size": {"width": -5, "height": 10}}]}]}
            """
        XCTAssertTrue(failure(scene).contains("sections[2].items[0].size.width: expected a finite number ≥ 0, got -5"))
    }

    func testMalformedJSONSaysWhere() {
        // Line 2, column 23: the stray '}' after "height": 667.
        let text = "{\"viewport\": {\"width\": 375,\n  \"height\": 667, \"x\": }, \"sections\": []}"
        let message = failure(text)
        XCTAssertTrue(message.contains("line 2"), message)
        XCTAssertTrue(message.contains("column 23"), message)
        let truncated = failure(#"{"viewport": {"width": 375"#)
        XCTAssertTrue(truncated.contains("line 1"), truncated)
        XCTAssertTrue(failure("").contains("line 1, column 1"))
    }

    func testMissingRequiredKeys() {
        XCTAssertTrue(
            failure(#"{"viewport": {"height": 667}, "sections": []}"#).contains(
                "viewport: missing required key \"width\""))
        XCTAssertTrue(
            failure(#"{"viewport": {"width": 375, "height": 667}}"#).contains("missing required key \"sections\""))
        XCTAssertTrue(failure(#"{"sections": []}"#).contains("missing required key \"viewport\""))
    }

    func testUnknownKeySuggestsTheNearest() {
        let message = failure(#"{"viewport": {"widht": 375, "width": 375, "height": 667}, "sections": []}"#)
        XCTAssertTrue(message.contains("viewport.widht"), message)
        XCTAssertTrue(message.contains("did you mean \"width\""), message)
        let layout = failure(
            #"{"viewport": {"width": 375, "height": 667}, "layout": {"minimumLineSpacng": 3}, "sections": []}"#)
        XCTAssertTrue(layout.contains("layout.minimumLineSpacng") && layout.contains("\"minimumLineSpacing\""), layout)
    }

    func testWrongTypes() {
        let message = failure(#"{"viewport": {"width": "375", "height": 667}, "sections": []}"#)
        XCTAssertTrue(message.contains("viewport.width: expected a finite number"), message)
        XCTAssertTrue(message.contains("\"375\""), message)
        XCTAssertTrue(
            failure(#"{"viewport": {"width": 375, "height": 667}, "sections": {}}"#).contains(
                "sections: expected an array"))
        XCTAssertTrue(
            failure(#"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{"id": 7}]}]}"#).contains(
                "sections[0].items[0].id: expected a string"))
        XCTAssertTrue(failure("[]").contains("expected an object"))
    }

    func testNegativeOrNonFiniteSizesSpacingsAndScale() {
        let base = #"{"viewport": {"width": 375, "height": 667%@}, "layout": {%@}, "sections": []}"#
        func scene(viewport: String = "", layout: String = "") -> String {
            String(format: base, viewport, layout)
        }
        XCTAssertTrue(
            failure(scene(layout: #""minimumLineSpacing": -1"#)).contains(
                "layout.minimumLineSpacing: expected a finite number ≥ 0, got -1"))
        XCTAssertTrue(
            failure(scene(layout: #""minimumInteritemSpacing": -0.5"#)).contains("layout.minimumInteritemSpacing"))
        XCTAssertTrue(
            failure(scene(layout: #""itemSize": {"width": 50, "height": -2}"#)).contains("layout.itemSize.height"))
        XCTAssertTrue(failure(scene(layout: #""sectionInset": {"left": -3}"#)).contains("layout.sectionInset.left"))
        // 1e999 overflows to infinity: not finite.
        let infinite = failure(scene(layout: #""itemSize": {"width": 1e999, "height": 2}"#))
        XCTAssertTrue(infinite.contains("layout.itemSize.width: expected a finite number"), infinite)
        XCTAssertTrue(failure(scene(viewport: #", "scale": 0"#)).contains("viewport.scale"))
        XCTAssertTrue(failure(scene(viewport: #", "scale": -2"#)).contains("viewport.scale"))
        let section = failure(#"{"viewport": {"width": 375, "height": 667}, "sections": [{"minimumLineSpacing": -4}]}"#)
        XCTAssertTrue(section.contains("sections[0].minimumLineSpacing"), section)
    }

    func testZeroViewport() {
        XCTAssertTrue(failure(#"{"viewport": {"width": 0, "height": 667}, "sections": []}"#).contains("viewport.width"))
        XCTAssertTrue(
            failure(#"{"viewport": {"width": 375, "height": 0}, "sections": []}"#).contains("viewport.height"))
    }

    func testUnknownScrollDirection() {
        let message = failure(
            #"{"viewport": {"width": 375, "height": 667}, "layout": {"scrollDirection": "horizontl"}, "sections": []}"#)
        XCTAssertTrue(message.contains("layout.scrollDirection"), message)
        XCTAssertTrue(message.contains("\"horizontl\""), message)
        XCTAssertTrue(message.contains("did you mean \"horizontal\""), message)
    }

    func testUnreadableFiles() {
        for path in ["/nonexistent/flowsim/scene.json", FileManager.default.temporaryDirectory.path] {
            for command in ["layout", "frames"] {
                let result = CLI.run([command, path])
                XCTAssertEqual(result.status, 2)
                XCTAssertEqual(result.stdout, "")
                XCTAssertTrue(result.stderr.contains(path), result.stderr)
            }
        }
    }

    func testMalformedPropertyList() {
        failure("<?xml version=\"1.0\"?><plist><dict><key>viewport</key>", name: "scene.plist")
    }

    /// An invalid update is rejected with UIKit's message; the CLI prints it and exits 2.
    /// Deleting item 5 of a 1-item section: out of range.
    func testInvalidUpdate() {
        let scene =
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{"id": "a"}]}], "updates": [{"delete": [{"section": 0, "item": 5}]}]}"#
        let path = CLI.sceneFile(scene)
        // The whole scene is checked, so `layout` without `--after` rejects it too.
        for arguments in [
            ["frames", path], ["layout", path], ["layout", path, "--after", "all"], ["layout", path, "--after", "1"],
        ] {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.contains("updates[0]"), result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    "attempt to delete item 5 from section 0 which only contains 1 items before the update"),
                result.stderr)
        }
    }

    /// Hostile inputs never trap: deep nesting, huge numbers, odd bytes.
    func testNoTrapOnHostileInput() {
        failure(String(repeating: "[", count: 100_000))
        failure(
            #"{"viewport": {"width": 1e308, "height": 1e308, "scale": 1e-308}, "sections": [{"items": [{"size": {"width": 1e300, "height": 1e300}}]}], "updates": [{"delete": [{"section": 0, "item": 1e20}]}]}"#
        )
        failure("\u{FEFF}\u{0}garbage")
        failure(
            #"{"viewport": {"width": 375, "height": 667}, "sections": [], "updates": [{"insert": [{"section": -1, "item": 0}]}]}"#
        )
    }

    /// Spacings that add up to infinity: no command prints `null` for a frame or exits 0.
    func testANonFiniteLayoutIsRefusedByEveryCommand() throws {
        let text = """
            {"name": "inf", "viewport": {"width": 200, "height": 400}, "layout": {"minimumLineSpacing": 1e308},
             "sections": [{"items": [{"id": "a", "size": {"width": 150, "height": 50}},
              {"id": "b", "size": {"width": 150, "height": 50}}, {"id": "c", "size": {"width": 150, "height": 50}}]}]}
            """
        let message = failure(text)
        let path = message.components(separatedBy: ": ").first ?? ""
        XCTAssertEqual(
            message,
            "\(path): the layout's content size is not finite (height inf): check the spacings, sizes and insets "
                + "(their sum must stay finite)\n")
        let out = try makeTemporaryFolder(self).appendingPathComponent("render")
        let render = CLI.run(["render", path, "--out", out.path, "--quiet"])
        XCTAssertEqual(render.status, 2, render.stderr)
        XCTAssertEqual(render.stderr, message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// An update that makes the layout infinite is refused at that update, naming it.
    func testAnUpdateMakingTheLayoutNonFiniteIsRefused() {
        let text = """
            {"name": "inf", "viewport": {"width": 200, "height": 400}, "layout": {"minimumLineSpacing": 1e308},
             "sections": [{"items": [{"id": "a", "size": {"width": 150, "height": 50}}]}],
             "updates": [{"at": 0, "insert": [{"section": 0, "item": 1, "id": "b", "size": {"width": 150, "height": 50}},
               {"section": 0, "item": 2, "id": "c", "size": {"width": 150, "height": 50}}]}]}
            """
        let message = failure(text)
        XCTAssertTrue(
            message.hasSuffix(
                ": updates[0]: the layout's content size is not finite (height inf): check the spacings, sizes and "
                    + "insets (their sum must stay finite)\n"), message)
    }
}
