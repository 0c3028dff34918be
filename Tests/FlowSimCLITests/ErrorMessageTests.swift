import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation
import XCTest

@testable import FlowSimCLI
@testable import FlowSimOutput
import FlowSimTestSupport

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
}
