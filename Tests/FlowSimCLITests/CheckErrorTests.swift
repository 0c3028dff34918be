import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation
import XCTest

@testable import FlowSimCLI
import FlowSimTestSupport

/// `flowsim check` with errors: exit 2, errors and summary on stderr, nothing on stdout,
/// nothing recorded; --junit and --report list the scenes that could not be checked.
final class CheckErrorTests: XCTestCase {
    func scene(_ name: String) -> String {
        """
        {"name": "\(name)", "viewport": {"width": 40, "height": 40, "scale": 1},
         "layout": {"itemSize": {"width": 10, "height": 10}},
         "sections": [{"items": [{"id": "a"}]}], "golden": {"frames": [0]}}
        """
    }

    /// scenes/a-good.json, scenes/b-broken.json (invalid JSON), scenes/c-good.json.
    func scenesWithOneBroken() throws -> (scenes: URL, dir: URL) {
        let dir = try makeTemporaryFolder(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try scene("good-a").write(to: scenes.appendingPathComponent("a-good.json"), atomically: true, encoding: .utf8)
        try "{\"name\": 3".write(to: scenes.appendingPathComponent("b-broken.json"), atomically: true, encoding: .utf8)
        try scene("good-c").write(to: scenes.appendingPathComponent("c-good.json"), atomically: true, encoding: .utf8)
        return (scenes, dir)
    }

    func testSceneErrorPrintsNothingOnStdoutAndRecordsNothing() throws {
        let (scenes, dir) = try scenesWithOneBroken()
        let goldens = dir.appendingPathComponent("goldens")
        let run = runFlowSim(["check", scenes.path, "--goldens", goldens.path, "--record", "missing"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.out, "", "nothing on stdout for exit 2")
        XCTAssertTrue(run.err.contains("b-broken.json"), run.err)
        XCTAssertTrue(run.err.contains("1 scene error"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path), "a run with errors records nothing")
    }

    func testCorruptGoldenIsAnErrorBeforeAnythingIsPrintedOrRecorded() throws {
        let dir = try makeTemporaryFolder(self)
        let goldens = dir.appendingPathComponent("goldens")
        for name in ["a", "b"] {
            try scene(name).write(to: dir.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("b"), withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: goldens.appendingPathComponent("b/frame_0000.png"))
        let run = runFlowSim([
            "check", dir.appendingPathComponent("a.json").path, dir.appendingPathComponent("b.json").path,
            "--goldens", goldens.path, "--record", "missing",
        ])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.out, "")
        XCTAssertTrue(run.err.contains("b/frame_0000.png"), run.err)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: goldens.appendingPathComponent("a").path),
            "a's golden must not be recorded")
        XCTAssertTrue(CheckCommand.spec.helpText.contains("nothing is printed on stdout"))
    }

    func testJUnitAndReportListScenesThatFailedToLoad() throws {
        let (scenes, dir) = try scenesWithOneBroken()
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(
            runFlowSim([
                "check", scenes.appendingPathComponent("a-good.json").path,
                scenes.appendingPathComponent("c-good.json").path, "--goldens", goldens.path,
            ]).status, 0)
        let junit = dir.appendingPathComponent("junit.xml")
        let report = dir.appendingPathComponent("report")
        let run = runFlowSim([
            "check", scenes.path, "--goldens", goldens.path, "--record", "never", "--junit", junit.path, "--report",
            report.path,
        ])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.out, "")
        let xml = try String(contentsOf: junit)
        XCTAssertTrue(xml.contains("<testsuites name=\"flowsim check\" tests=\"5\" failures=\"0\" errors=\"1\""), xml)
        XCTAssertTrue(xml.contains("name=\"scene\""), xml)
        XCTAssertTrue(xml.contains("<error type=\"error\" message=\"\(scenes.path)/b-broken.json"), xml)
        let index = try String(contentsOf: report.appendingPathComponent("index.html"))
        XCTAssertTrue(index.contains("data-case=\"\(scenes.path)/b-broken.json\""), "the report lists the broken scene")
        XCTAssertTrue(run.err.contains("2 passed, 0 failed, 0 recorded, 0 errors"), run.err)
        XCTAssertTrue(run.err.contains("1 scene error"), run.err)
    }
}
