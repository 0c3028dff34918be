import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// The golden rules: manifests compared first, goldens by time, layout goldens,
/// orphans, CI, accept commands, summaries and merged shard reports.
final class GoldenManifestTests: XCTestCase {
    /// A scene with one spring insert (response 0.5 s) and the given golden settings.
    func writeScene(
        _ dir: URL, name: String = "springy", damping: Double = 0.8, itemWidth: Double = 20, golden: String = ""
    ) throws -> URL {
        let goldenKey = golden.isEmpty ? "" : ", \"golden\": {\(golden)}"
        let json = """
            {"name": "\(name)", "viewport": {"width": 60, "height": 80, "scale": 1},
             "layout": {"itemSize": {"width": \(itemWidth), "height": 20}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
             "updates": [{"insert": [{"section": 0, "item": 0, "id": "c"}],
                          "timing": {"spring": {"response": 0.5, "damping-fraction": \(damping)}}}]\(goldenKey)}
            """
        let url = dir.appendingPathComponent("\(name).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func failLines(_ out: String) -> [Substring] {
        out.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.hasPrefix("MISS") }
    }

    // MARK: The duration-change case

    /// A spring changed from damping fraction 0.8 to 0.6 makes the animation longer: locally
    /// (mode missing) and on CI (never) the check fails, saying the duration changed, records
    /// nothing and leaves the old goldens; only an explicit re-record accepts it.
    func testChangedSpringDurationFailsLocallyAndOnCIAndRecordsNothing() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir)
        let goldens = dir.appendingPathComponent("goldens")
        let folder = goldens.appendingPathComponent("springy")
        let first = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(first.status, 0, first.out + first.err)
        let recorded = files(folder)
        XCTAssertEqual(
            recorded,
            [
                "manifest.json", "time_0.000s.json", "time_0.000s.png", "time_end.json", "time_end.png",
                "time_middle.json", "time_middle.png",
            ])
        let manifest = try GoldenManifest.parse(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        let before = String(format: "%.3f s", manifest.duration)

        _ = try writeScene(dir, damping: 0.6)
        for environment in [[:], ["CI": "true"]] {
            let run = runFlowSim(["check", scene.path, "--goldens", goldens.path], environment: environment)
            XCTAssertEqual(run.status, 1, "\(environment): " + run.out + run.err)
            let line = run.out.split(separator: "\n").first { $0.hasPrefix("FAIL springy/manifest") } ?? ""
            XCTAssertTrue(line.contains("duration \(before) → "), String(line))
            XCTAssertTrue(
                line.hasSuffix("--goldens \(goldens.path) --record failed --prune"),
                "ends with the accept command: \(line)")
            XCTAssertFalse(run.out.contains("REC "), "nothing recorded silently: \(run.out)")
            XCTAssertEqual(files(folder), recorded, "the goldens are untouched")
        }
        // FLOWSIM_RECORD=missing on CI does not accept it either.
        let missing = runFlowSim(
            ["check", scene.path, "--goldens", goldens.path], environment: ["CI": "1", "FLOWSIM_RECORD": "missing"])
        XCTAssertEqual(missing.status, 1, missing.out)

        let accept = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "failed", "--prune"])
        XCTAssertEqual(accept.status, 0, accept.out + accept.err)
        XCTAssertTrue(accept.out.contains("REC  springy/manifest  re-recorded"), accept.out)
        let after = runFlowSim(["check", scene.path, "--goldens", goldens.path], environment: ["CI": "true"])
        XCTAssertEqual(after.status, 0, after.out)
    }

    // MARK: Times and names

    func testGoldenTimesNameTheirFilesAndTimesPastTheEndAreErrors() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, golden: "\"times\": [0, 0.25, \"end\", 0.25]")
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        XCTAssertEqual(
            files(goldens.appendingPathComponent("springy")).filter { $0.hasSuffix(".png") },
            ["time_0.000s.png", "time_0.250s.png", "time_end.png"])
        let manifest = try GoldenManifest.parse(
            Data(contentsOf: goldens.appendingPathComponent("springy/manifest.json")))
        XCTAssertEqual(manifest.goldens.map(\.time).prefix(2), [0, 0.25])
        XCTAssertEqual(manifest.fps, 60)
        XCTAssertEqual(manifest.elementCount, 3)
        XCTAssertEqual(manifest.renderer["font"], "DejaVuSans.ttf")
        XCTAssertNotNil(manifest.renderer["cairo"])

        _ = try writeScene(dir, golden: "\"times\": [5]")
        let late = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(late.status, 2)
        XCTAssertTrue(late.err.contains("golden time 5 s is past the end"), late.err)
        _ = try writeScene(dir, golden: "\"times\": [\"later\"]")
        XCTAssertTrue(runFlowSim(["check", scene.path, "--goldens", goldens.path]).err.contains("golden.times[0]"))
        _ = try writeScene(dir, golden: "\"times\": [0], \"frames\": [0]")
        XCTAssertTrue(
            runFlowSim(["check", scene.path, "--goldens", goldens.path]).err.contains("either \"frames\""))
    }

    /// Goldens recorded as frame_NNNN.png before times existed still pass once the scene asks
    /// for the same times; the manifest accepts the renamed set.
    func testOlderFrameNamesAreStillRead() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, golden: "\"frames\": [0, 15]")
        let goldens = dir.appendingPathComponent("goldens")
        let folder = goldens.appendingPathComponent("springy")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        XCTAssertTrue(files(folder).contains("frame_0015.png"))
        _ = try writeScene(dir, golden: "\"times\": [0, 0.25]")
        for file in ["frame_0000.json", "frame_0015.json"] {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertFalse(run.out.contains("springy/time_0.250s.png"), "the image is read from frame_0015.png: \(run.out)")
        XCTAssertFalse(run.out.contains("ORPH"), run.out)
    }

    // MARK: Layout goldens

    /// Cells 0.5 pt wider: the pixels are within a generous image limit, the layout is not, and
    /// the failure names the elements and the points.
    func testLayoutDifferenceFailsEvenWhenPixelsAreWithinTheLimits() throws {
        let dir = try makeTemporaryFolder(self)
        let golden = "\"times\": [\"end\"], \"maxDiffPixelRatio\": 1"
        let scene = try writeScene(dir, golden: golden)
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        _ = try writeScene(dir, itemWidth: 20.5, golden: golden)
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(run.status, 1, run.out)
        let line = String(failLines(run.out).first ?? "")
        XCTAssertTrue(line.hasPrefix("FAIL springy/time_end"), line)
        XCTAssertTrue(line.contains("layout difference"), line)
        XCTAssertTrue(line.contains("cell 0.0 id=c resized: 20.0×20.0 → 20.5×20.0"), line)
        XCTAssertTrue(line.contains("by (+0.2, +0.0)"), line)
        XCTAssertTrue(line.hasSuffix("--record failed"), line)
    }

    /// `flowsim diff` on layout JSON reports a changed contentSize.
    func testLayoutDiffReportsContentSize() throws {
        let a = try JSONParser.parse(
            #"{"contentSize": {"width": 375, "height": 1200}, "elements": []}"#)
        let b = try JSONParser.parse(
            #"{"contentSize": {"width": 375, "height": 1320}, "elements": []}"#)
        let changes = try LayoutDiff.compare(a, b)
        XCTAssertEqual(changes.map(\.description), ["contentSize changed: 375×1200 → 375×1320 (+0.0 pt, +120.0 pt)"])
        XCTAssertEqual(try LayoutDiff.compare(a, a), [])
    }

    // MARK: Orphans

    func testOrphansAreReportedAndPrunedOnlyWhenRecording() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, golden: "\"frames\": [0, 18]")
        let goldens = dir.appendingPathComponent("goldens")
        let folder = goldens.appendingPathComponent("springy")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        _ = try writeScene(dir, golden: "\"frames\": [0]")
        // The golden set changed: the manifest fails; accepting it leaves frame_0018 orphaned.
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 1)
        let accept = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "failed"])
        XCTAssertEqual(accept.status, 0, accept.out)
        XCTAssertTrue(accept.out.contains("ORPH \(folder.path)/frame_0018.png"), accept.out)
        XCTAssertTrue(accept.out.contains("ORPH \(folder.path)/frame_0018.json"), accept.out)
        XCTAssertTrue(accept.out.contains("2 orphaned"), accept.out)

        let never = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never", "--prune"])
        XCTAssertEqual(never.status, 2)
        XCTAssertTrue(never.err.contains("only when recording"), never.err)
        XCTAssertTrue(files(folder).contains("frame_0018.png"))
        let prune = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--prune"])
        XCTAssertEqual(prune.status, 0, prune.out)
        XCTAssertTrue(prune.out.contains("PRUNED \(folder.path)/frame_0018.png"), prune.out)
        XCTAssertEqual(files(folder), ["frame_0000.json", "frame_0000.png", "manifest.json"])
    }

    /// A scene file and the images a scene draws may sit beside its goldens: only files named
    /// as FlowSim names goldens can be orphans, so `--prune` never deletes a scene's own files.
    func testFilesNotNamedAsGoldensAreNeverOrphans() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, golden: "\"frames\": [0]")
        let goldens = dir.appendingPathComponent("goldens")
        let folder = goldens.appendingPathComponent("springy")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        try Data([1]).write(to: folder.appendingPathComponent("photo.png"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("scene.json"))
        try Data([1]).write(to: folder.appendingPathComponent("frame_0042.png"))
        let prune = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--prune"])
        XCTAssertEqual(prune.status, 0, prune.out)
        XCTAssertTrue(prune.out.contains("PRUNED \(folder.path)/frame_0042.png"), prune.out)
        XCTAssertTrue(files(folder).contains("photo.png"))
        XCTAssertTrue(files(folder).contains("scene.json"))
    }

    /// A goldens folder no scene of a folder run produces is an orphan; a single-scene run does
    /// not judge other scenes' folders.
    func testFoldersOfScenesNoLongerCheckedAreOrphansOfFolderRuns() throws {
        let dir = try makeTemporaryFolder(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let scene = try writeScene(scenes, golden: "\"times\": [0]")
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scenes.path, "--goldens", goldens.path]).status, 0)
        let old = goldens.appendingPathComponent("removed-scene")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data([1]).write(to: old.appendingPathComponent("time_end.png"))
        XCTAssertTrue(runFlowSim(["check", scenes.path, "--goldens", goldens.path]).out.contains("ORPH \(old.path)"))
        XCTAssertFalse(runFlowSim(["check", scene.path, "--goldens", goldens.path]).out.contains("ORPH"))
    }

    // MARK: CI and accept commands

    func testMissingGoldenOnCIFailsAndSaysToRecordLocallyAndCommit() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, golden: "\"times\": [0]")
        let goldens = dir.appendingPathComponent("goldens")
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path], environment: ["CI": "true"])
        XCTAssertEqual(run.status, 1)
        let lines = failLines(run.out)
        XCTAssertEqual(lines.count, 2, run.out)  // the manifest and time_0.000s
        for line in lines {
            XCTAssertTrue(line.contains("run locally and commit"), String(line))
            XCTAssertTrue(
                line.hasSuffix(
                    "flowsim check \(scene.path) --goldens \(goldens.path) --record missing && git add \(goldens.path)/springy"
                ),
                String(line))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
    }

    // MARK: Summary and merged reports

    func testSummaryMarkdownAndGitHubStepSummary() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, golden: "\"times\": [0, \"end\"]")
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        _ = try writeScene(dir, itemWidth: 24, golden: "\"times\": [0, \"end\"]")
        let step = dir.appendingPathComponent("step.md")
        try "previous step\n".write(to: step, atomically: true, encoding: .utf8)
        let summary = dir.appendingPathComponent("out/summary.md")
        let report = dir.appendingPathComponent("out/report")
        let run = runFlowSim(
            ["check", scene.path, "--goldens", goldens.path, "--report", report.path, "--summary", summary.path],
            environment: ["GITHUB_STEP_SUMMARY": step.path])
        XCTAssertEqual(run.status, 1)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("## ❌ FlowSim golden check"), text)
        XCTAssertTrue(text.contains("| Case | Status | Pixels differing | Layout | Images |"), text)
        XCTAssertTrue(text.contains("| `springy/time_end` | failed |"), text)
        XCTAssertTrue(text.contains("[diff](report/springy--time_end-diff.png)"), text)
        XCTAssertTrue(text.contains("--record failed"), text)
        XCTAssertLessThan(text.count, 4000, "short enough for a PR comment")
        let stepText = try String(contentsOf: step, encoding: .utf8)
        XCTAssertTrue(stepText.hasPrefix("previous step\n## ❌"), stepText)
        XCTAssertTrue(stepText.contains("`springy--time_end-diff.png`"), "no dead links on GitHub: \(stepText)")
    }

    func testMergeReportsOfShards() throws {
        let dir = try makeTemporaryFolder(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        _ = try writeScene(scenes, name: "one", golden: "\"times\": [0]")
        _ = try writeScene(scenes, name: "two", golden: "\"times\": [0]")
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scenes.path, "--goldens", goldens.path]).status, 0)
        _ = try writeScene(scenes, name: "two", itemWidth: 25, golden: "\"times\": [0]")
        var reports: [String] = []
        for shard in 1...2 {
            let report = dir.appendingPathComponent("shard\(shard)").path
            reports.append(report)
            _ = runFlowSim(
                ["check", scenes.path, "--goldens", goldens.path, "--shard", "\(shard)/2", "--report", report],
                environment: ["CI": "1"])
        }
        let merged = dir.appendingPathComponent("merged")
        let junit = dir.appendingPathComponent("merged.xml")
        let run = runFlowSim(
            ["check", "--merge-reports"] + reports + ["--report", merged.path, "--junit", junit.path])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("merged 2 reports, 4 cases: 1 failing"), run.out)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("<testsuite name=\"one\""), xml)
        XCTAssertTrue(xml.contains("<testsuite name=\"two\""), xml)
        XCTAssertTrue(xml.contains("failures=\"1\""), xml)
        let html = try String(contentsOf: merged.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("two/time_0.000s"), html)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: merged.appendingPathComponent("two--time_0.000s-diff.png").path))
        XCTAssertEqual(runFlowSim(["check", "--merge-reports", dir.path, "--report", merged.path]).status, 2)
    }
}
