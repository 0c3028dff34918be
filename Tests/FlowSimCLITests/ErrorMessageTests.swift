import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI
@testable import FlowSimOutput

/// Exit-2 messages name the command, the option or key, and the file.
final class ErrorMessageTests: XCTestCase {
    func sceneText(style: String = "") -> String {
        """
        {"name": "m", "viewport": {"width": 40, "height": 40, "scale": 1},
         "layout": {"itemSize": {"width": 10, "height": 10}}, "sections": [{"items": [{"id": "a", "title": "A"}]}],
         "golden": {"frames": [0]}\(style)}
        """
    }

    func testMissingFrameHasTheCommandPrefix() {
        let run = runFlowSim([
            "render", CLI.sceneFile(sceneText()), "--frames", "999", "--out",
            NSTemporaryDirectory() + "/flowsim-never-\(UUID().uuidString)",
        ])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.hasPrefix("flowsim render: frame 999 does not exist"), run.err)
    }

    func testGoldensThatIsAFileSaysSo() throws {
        let dir = try makeTemporaryFolder(self)
        let file = dir.appendingPathComponent("goldens.txt")
        try Data("x".utf8).write(to: file)
        let run = runFlowSim(["check", CLI.sceneFile(sceneText()), "--goldens", file.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.out, "")
        XCTAssertTrue(run.err.contains("--goldens \(file.path) is a file, not a folder"), run.err)
        XCTAssertFalse(run.err.contains("NSCocoaErrorDomain"), run.err)
        // The shared writer says which component is in the way, too.
        XCTAssertThrowsError(
            try AtomicOutput.write(Data(), to: file.appendingPathComponent("a/b.png"), creatingFolders: true)
        ) { error in
            XCTAssertTrue("\(error)".contains("\(file.path) is a file, not a folder"), "\(error)")
        }
    }

    func testJUnitAndReportPathsAreValidatedBeforeRendering() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = CLI.sceneFile(sceneText())
        let goldens = dir.appendingPathComponent("goldens")
        let file = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let cases: [([String], String)] = [
            (["--junit", dir.path], "is a folder, not a file"),
            (["--junit", file.appendingPathComponent("j.xml").path], "is a file, not a folder"),
            (["--report", file.path], "is a file, not a folder"),
            (["--report", file.appendingPathComponent("r").path], "is a file, not a folder"),
        ]
        for (options, text) in cases {
            let run = runFlowSim(["check", scene, "--goldens", goldens.path, "--record", "missing"] + options)
            XCTAssertEqual(run.status, 2, "\(options)")
            XCTAssertEqual(run.out, "", "\(options)")
            XCTAssertTrue(run.err.contains(options[0]) && run.err.contains(text), "\(options): \(run.err)")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: goldens.path),
                "nothing rendered or recorded before the check (\(options))")
        }
        if getuid() != 0 {
            let locked = dir.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
            defer { chmod(locked.path, 0o755) }
            let run = runFlowSim([
                "check", scene, "--goldens", goldens.path, "--junit", locked.appendingPathComponent("j.xml").path,
            ])
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.err.contains("not writable"), run.err)
        }
    }

    func testHugeFontSizeAndCornerRadiusNameTheKey() {
        for (style, key) in [
            (", \"style\": {\"fontSize\": 1e300}", "style.fontSize"),
            (", \"style\": {\"headerFontSize\": 201}", "style.headerFontSize"),
            (", \"style\": {\"cornerRadius\": 1e12}", "style.cornerRadius"),
        ] {
            let run = runFlowSim([
                "render", CLI.sceneFile(sceneText(style: style)), "--frames", "0", "--out",
                NSTemporaryDirectory() + "/flowsim-never-\(UUID().uuidString)",
            ])
            XCTAssertEqual(run.status, 2, style)
            XCTAssertTrue(run.err.contains(key), "\(style): \(run.err)")
            XCTAssertFalse(run.err.contains("Cairo"), run.err)
        }
        XCTAssertEqual(
            runFlowSim([
                "layout", CLI.sceneFile(sceneText(style: ", \"style\": {\"fontSize\": 200, \"cornerRadius\": 1000}")),
            ]).status, 0)
    }

    // MARK: scene text in messages

    func testNewlinesAndCarriageReturnsInAKeyAreEscaped() {
        let run = runFlowSim(["layout", CLI.sceneFile(#"{"name": "x", "\u001b[31mRED\u0007\n\r\t": 1}"#)])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.err.filter { $0 == "\n" }.count, 1, run.err)
        XCTAssertTrue(
            run.err.contains(#": \u{1B}[31mRED\u{7}\u{A}\u{D}\u{9}: unknown key "\u{1B}[31mRED\u{7}\u{A}\u{D}\u{9}""#),
            run.err)
    }

    func testANewlineInAPropertyListKeyIsEscaped() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>name</key><string>x</string><key>bad&#10;key&#13;</key><integer>1</integer></dict></plist>
            """
        let run = runFlowSim(["layout", CLI.sceneFile(plist, name: "scene.plist")])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.err.filter { $0 == "\n" }.count, 1, run.err)
        XCTAssertTrue(run.err.contains(#"unknown key "bad\u{A}key\u{D}""#), run.err)
    }

    func testAStringValueWithControlsIsEscaped() {
        let run = runFlowSim([
            "layout",
            CLI.sceneFile(
                #"{"name": "x", "viewport": {"width": 10, "height": 10}, "layout": {"scrollDirection": "up\nward"}, "sections": []}"#
            ),
        ])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.err.filter { $0 == "\n" }.count, 1, run.err)
        XCTAssertTrue(run.err.contains(#"got "up\u{A}ward""#), run.err)
    }

    func testAHugeValueIsCutWithItsLength() {
        let name = String(repeating: "n", count: 5_000_000)
        let run = runFlowSim(["layout", CLI.sceneFile("{\"name\": \"/\(name)\"}")])
        XCTAssertEqual(run.status, 2)
        XCTAssertLessThan(run.err.utf8.count, 400, String(run.err.prefix(400)))
        XCTAssertTrue(
            run.err.hasSuffix(
                "at most 200 bytes), got \"/\(String(repeating: "n", count: 79))… (5000001 characters in all)\"\n"),
            String(run.err.prefix(400)))
    }

    func testDuplicateSnapshotIdsAreListedOnOneLine() {
        let scene = """
            {"name": "d", "viewport": {"width": 40, "height": 40}, "sections": [{"id": "s", "items": [{"id": "a"}]}],
             "updates": [{"at": 0, "snapshot": [{"id": "s", "items": ["a", "b", "a\\n"]}, {"id": "t", "items": ["a"]}]}]}
            """
        let run = runFlowSim(["layout", CLI.sceneFile(scene)])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.err.hasSuffix(
                ": updates[0].snapshot[1].items[0]: Fatal: supplied item identifiers are not unique. Duplicate identifiers: a\n"
            ),
            run.err)
        XCTAssertEqual(
            SnapshotError.notUnique(.item, duplicates: (0..<12).map { "id\($0)" }).singleLineDescription,
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
                + "id0, id1, id2, id3, id4, id5, id6, id7, id8, id9 (and 2 more)")
        XCTAssertEqual(
            SnapshotError.notUnique(.section, duplicates: ["x\ny"]).singleLineDescription,
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: x\\u{A}y")
    }
}
