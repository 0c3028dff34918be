import FlowSim
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

final class CheckCommandTests: XCTestCase {
    /// A small scene file (one insert, 0.3 s: 19 frames at 60 fps) in `dir`.
    func writeScene(_ dir: URL, name: String, frames: [Int]? = nil, extra: String = "") throws -> URL {
        let golden = frames.map { ", \"golden\": {\"frames\": \($0)}" } ?? ""
        let json = """
            {"name": "\(name)", "viewport": {"width": 60, "height": 80, "scale": 1},
             "layout": {"itemSize": {"width": 20, "height": 20}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
             "updates": [{"insert": [{"section": 0, "item": 0, "id": "c"}]}]\(golden)\(extra)}
            """
        let url = dir.appendingPathComponent("\(name).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testMissingModeRecordsAtomicallyThenPasses() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, name: "tiny")
        let goldens = dir.appendingPathComponent("goldens")
        let first = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(first.status, 0, first.out + first.err)
        // Default times: start, middle (frame 9 of 19) and end, each an image and a layout.
        for stem in ["time_0.000s", "time_middle", "time_end"] {
            XCTAssertTrue(first.out.contains("recorded \(goldens.path)/tiny/\(stem).png"), first.out)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: goldens.appendingPathComponent("tiny").path)
            .sorted()
        XCTAssertEqual(
            files,
            [
                "manifest.json", "time_0.000s.json", "time_0.000s.png", "time_end.json", "time_end.png",
                "time_middle.json", "time_middle.png",
            ], "no temporary files left behind")
        let second = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.out.contains("3 passed, 0 failed, 0 recorded"), second.out)
    }

    func testNeverIsTheDefaultOnCIAndMissingGoldensFail() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, name: "tiny", frames: [0])
        let goldens = dir.appendingPathComponent("goldens")
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path], environment: ["CI": "true"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.out.contains("missing golden"), run.out)
        XCTAssertTrue(run.out.contains("--record missing"), run.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path), "CI never records silently")
        // FLOWSIM_RECORD overrides the CI default, with a warning.
        let recorded = runFlowSim(
            ["check", scene.path, "--goldens", goldens.path], environment: ["CI": "1", "FLOWSIM_RECORD": "missing"])
        XCTAssertEqual(recorded.status, 0)
        XCTAssertTrue(recorded.err.contains("warning"), recorded.err)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: goldens.appendingPathComponent("tiny/frame_0000.png").path))
        // --record beats FLOWSIM_RECORD; bad values are errors.
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "sometimes"]).status, 2)
        XCTAssertEqual(
            runFlowSim(["check", scene.path, "--goldens", goldens.path], environment: ["FLOWSIM_RECORD": "x"]).status, 2
        )
    }

    func testMismatchFailsAndFailedModeReRecordsAndAllRewrites() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, name: "tiny", frames: [0, 18])
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "missing"]).status, 0)
        let golden = goldens.appendingPathComponent("tiny/frame_0018.png")
        let good = try Data(contentsOf: golden)
        var image = try PNGDecoder.decode(contentsOfFile: golden.path)
        for x in 0..<10 {
            image.pixels[(5 * image.width + x) * 4] = 0
            image.pixels[(5 * image.width + x) * 4 + 1] = 0
        }
        try writePNG(image, golden)

        let never = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"])
        XCTAssertEqual(never.status, 1)
        XCTAssertTrue(never.out.contains("FAIL tiny/frame_0018"), never.out)
        XCTAssertTrue(never.out.contains("10 of 4800 pixels differ"), never.out)
        // `missing` does not touch an existing golden.
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "missing"]).status, 1)

        let failed = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "failed"])
        XCTAssertEqual(failed.status, 0, failed.out)
        XCTAssertTrue(failed.out.contains("re-recorded \(golden.path)"), failed.out)
        XCTAssertTrue(
            failed.out.contains("PASS tiny/frame_0000"), "a passing golden is not rewritten: \(failed.out)")
        XCTAssertEqual(try Data(contentsOf: golden), good)

        let all = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "all"])
        XCTAssertEqual(all.status, 0)
        XCTAssertTrue(all.out.contains("2 recorded"), all.out)
    }

    func testThresholdAndLimitsComeFromTheScene() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, name: "tolerant", frames: [0], extra: "")
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        let golden = goldens.appendingPathComponent("tolerant/frame_0000.png")
        var image = try PNGDecoder.decode(contentsOfFile: golden.path)
        for x in 0..<3 { image.pixels[(70 * image.width + x) * 4] = 0 }
        try writePNG(image, golden)
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"]).status, 1)
        let json = try String(contentsOf: scene).replacingOccurrences(
            of: "\"frames\": [0]", with: "\"frames\": [0], \"maxDiffPixels\": 3")
        try json.write(to: scene, atomically: true, encoding: .utf8)
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"]).status, 0)
    }

    func testFolderArgumentShardsJUnitAndReport() throws {
        let dir = try makeTemporaryFolder(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["s1", "s2", "s3", "s4", "s5"] { _ = try writeScene(scenes, name: name, frames: [0]) }
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scenes.path, "--goldens", goldens.path]).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        XCTAssertEqual(names, ["s1", "s2", "s3", "s4", "s5"])

        let shard = runFlowSim(["check", scenes.path, "--goldens", goldens.path, "--shard", "2/2"])
        XCTAssertEqual(shard.status, 0)
        XCTAssertTrue(shard.out.contains("s2/frame_0000") && shard.out.contains("s4/frame_0000"), shard.out)
        XCTAssertFalse(shard.out.contains("s1/") || shard.out.contains("s3/") || shard.out.contains("s5/"), shard.out)
        XCTAssertTrue(shard.out.contains("shard 2/2 of 5"), shard.out)
        for bad in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
            XCTAssertEqual(
                runFlowSim(["check", scenes.path, "--goldens", goldens.path, "--shard", bad]).status, 2, bad)
        }

        try FileManager.default.removeItem(at: goldens.appendingPathComponent("s3"))
        let junit = dir.appendingPathComponent("out/junit.xml")
        let report = dir.appendingPathComponent("report")
        let run = runFlowSim([
            "check", scenes.path, "--goldens", goldens.path, "--record", "never", "--junit", junit.path, "--report",
            report.path,
        ])
        XCTAssertEqual(run.status, 1)
        let xml = try String(contentsOf: junit)
        XCTAssertTrue(xml.contains("<testsuites name=\"flowsim check\" tests=\"10\" failures=\"2\""), xml)
        XCTAssertTrue(xml.contains("<failure type=\"missing\""), xml)
        let index = try String(contentsOf: report.appendingPathComponent("index.html"))
        XCTAssertTrue(index.contains("data-case=\"s3/frame_0000\""))
    }

    func testErrorsExitTwo() throws {
        let dir = try makeTemporaryFolder(self)
        XCTAssertEqual(
            runFlowSim(["check", "--goldens", dir.path, dir.appendingPathComponent("nope.json").path]).status, 2)
        XCTAssertEqual(runFlowSim(["check", dir.path]).status, 2, "--goldens is required")
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertEqual(runFlowSim(["check", empty.path, "--goldens", dir.path]).status, 2)
        let scene = try writeScene(dir, name: "far", frames: [500])
        let run = runFlowSim(["check", scene.path, "--goldens", dir.appendingPathComponent("g").path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("frame 500"), run.err)
        let broken = dir.appendingPathComponent("broken.json")
        try "{\"name\": 3".write(to: broken, atomically: true, encoding: .utf8)
        let bad = runFlowSim(["check", broken.path, "--goldens", dir.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("broken.json"), bad.err)
        // A corrupt golden is an error, not a mismatch.
        let ok = try writeScene(dir, name: "ok", frames: [0])
        let goldens = dir.appendingPathComponent("g2")
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("ok"), withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: goldens.appendingPathComponent("ok/frame_0000.png"))
        XCTAssertEqual(runFlowSim(["check", ok.path, "--goldens", goldens.path]).status, 2)
    }

    func testProjectGoldensPassThroughTheCLI() throws {
        let root = packageRoot
        let goldens = root.appendingPathComponent("Goldens").path
        let run = runFlowSim(["check", goldens, "--goldens", goldens, "--record", "never", "--quiet"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("29 scenes"), run.out)
    }
}
