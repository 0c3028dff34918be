import FlowSimImage
import Foundation
import XCTest

@testable import FlowSimGoldens

/// The one golden run `flowsim check` and FlowSimTesting share, and its one formatter.
final class GoldenRunTests: XCTestCase {
    let commands = GoldenAcceptCommands(
        missing: "record missing", missingOnCI: "on CI: record locally", failed: "re-record",
        manifestChanged: "accept the manifest")

    func goldens() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("golden-run-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A 2×2 frame compared with a golden that does not exist yet: missing, recorded by `missing`.
    func missingCase(_ suite: GoldenSuite, frame: Int = 0) -> GoldenCaseResult {
        suite.compare(
            name: "grid", frame: frame, time: 0, actual: RGBAImage(width: 2, height: 2, fill: (9, 9, 9, 255)),
            options: ImageComparisonOptions())
    }

    func testAcceptCommandIsChosenByManifestStatusAndCI() {
        var result = GoldenCaseResult.sceneError("s", message: "m")
        result.isSceneError = false
        result.status = .missing
        let local = GoldenFormatter(onCI: false)
        let ci = GoldenFormatter(onCI: true)
        XCTAssertEqual(local.acceptCommand(for: result, manifestFailed: false, commands: commands), "record missing")
        XCTAssertEqual(
            ci.acceptCommand(for: result, manifestFailed: false, commands: commands), "on CI: record locally")
        XCTAssertEqual(
            ci.acceptCommand(for: result, manifestFailed: true, commands: commands), "accept the manifest",
            "a changed manifest is accepted as a whole, even for a missing image")
        for status in [GoldenStatus.failed, .error] {
            result.status = status
            XCTAssertEqual(ci.acceptCommand(for: result, manifestFailed: false, commands: commands), "re-record")
        }
    }

    func testSummaryNamesEveryCount() {
        var counts = GoldenRun.Counts()
        (counts.goldens, counts.passed, counts.failed, counts.recorded) = (4, 1, 2, 1)
        (counts.manifestsChanged, counts.crashed, counts.sceneErrors) = (1, 2, 1)
        let text = GoldenFormatter(onCI: false).summary(
            scenes: 3, shard: (1, 2, 5), counts: counts, mode: .missing, orphaned: 3, pruned: 1)
        XCTAssertEqual(
            text,
            "3 scenes (shard 1/2 of 5), 4 goldens: 1 passed, 2 failed, 1 recorded, 0 errors (mode missing), "
                + "1 manifest changed, 2 scenes failed in a worker, 1 scene error, 3 orphaned, 1 pruned")
        XCTAssertEqual(
            GoldenFormatter(onCI: false).summary(
                scenes: 1, shard: nil, counts: GoldenRun.Counts(), mode: .never, orphaned: 0, pruned: 0),
            "1 scene, 0 goldens: 0 passed, 0 failed, 0 recorded, 0 errors (mode never)")
    }

    func testResultLines() {
        let formatter = GoldenFormatter(onCI: false)
        var result = missingCase(GoldenSuite(goldensDirectory: goldens(), mode: .never))
        result.acceptCommand = "re-run"
        XCTAssertEqual(
            formatter.line(result, quiet: true), "MISS grid/frame_0000  \(result.message!) → accept: re-run")
        result.status = .passed
        result.comparison = ImageComparator.compare(
            RGBAImage(width: 2, height: 2), RGBAImage(width: 2, height: 2), options: ImageComparisonOptions())
        XCTAssertNil(formatter.line(result, quiet: true))
        XCTAssertEqual(formatter.line(result, quiet: false), "PASS grid/frame_0000  0 of 4 pixels differ")
        XCTAssertEqual(
            formatter.orphanLine("/g/x.png", deleteCommand: "rm"),
            "ORPH /g/x.png  no checked scene produces it; delete it with `rm`")
    }

    /// A strict scene's UIKit logs are one case; a test words it as one line, with no artefacts.
    func testUIKitLogsCaseIsOneLine() {
        let result = GoldenCaseResult.uikitLogs("grid", messages: ["a", "b"])
        XCTAssertTrue(result.isUIKitLogs)
        let message = GoldenFormatter(onCI: false).failureMessage(result, options: ImageComparisonOptions()) {
            XCTFail("no artefacts for UIKit logs")
            return []
        }
        XCTAssertEqual(message, "golden grid: UIKit would log: a | b")
    }

    /// `flowsim check`'s policy: an error anywhere records nothing and says so on missing cases;
    /// a test's: record what can be recorded.
    func testRecordPolicy() throws {
        for policy in [GoldenRun.RecordPolicy.withoutErrors, .always] {
            let folder = goldens()
            let suite = GoldenSuite(goldensDirectory: folder, mode: .missing)
            var run = GoldenRun(suite: suite, onCI: false)
            run.add(.frames(named: "grid", goldens: folder, cases: [missingCase(suite)]), accept: commands)
            run.addSceneError("broken.json", message: "cannot be read")
            run.finish(policy: policy)
            let result = run.checks[0].cases[0]
            let golden = folder.appendingPathComponent("grid/frame_0000.png")
            if policy == .always {
                XCTAssertTrue(run.recorded)
                XCTAssertEqual(result.status, .recorded)
                XCTAssertTrue(FileManager.default.fileExists(atPath: golden.path))
                XCTAssertNil(result.acceptCommand)
            } else {
                XCTAssertFalse(run.recorded)
                XCTAssertEqual(result.status, .missing)
                XCTAssertTrue(result.message!.hasSuffix("; not recorded: the run has errors"))
                XCTAssertFalse(FileManager.default.fileExists(atPath: golden.path))
                XCTAssertEqual(result.acceptCommand, "record missing")
            }
            XCTAssertEqual(run.results.map(\.isSceneError), [false, true], "scene errors last")
            XCTAssertEqual(run.counts.sceneErrors, 1)
            XCTAssertEqual(run.counts.goldens, 1)
        }
    }

    /// Strict logs become a failing case at the end of their scene; others are warnings.
    func testUIKitLogsStrictOrWarnings() {
        let folder = goldens()
        let suite = GoldenSuite(goldensDirectory: folder, mode: .never)
        var run = GoldenRun(suite: suite, onCI: false)
        run.add(
            .frames(named: "strict", goldens: folder, cases: []), accept: commands, uikitLogs: ["x"], strict: true)
        run.add(
            .frames(named: "loose", goldens: folder, cases: []), accept: commands, uikitLogs: ["y", "z"], strict: false)
        run.finish(policy: .withoutErrors)
        XCTAssertEqual(run.checks[0].cases.map(\.caseName), ["strict/uikit"])
        XCTAssertEqual(run.checks[1].cases.count, 0)
        XCTAssertEqual(run.uikitWarnings.map(\.message), ["y", "z"])
        XCTAssertEqual(run.counts.failed, 1)
    }
}
