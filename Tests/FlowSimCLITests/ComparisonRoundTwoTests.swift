import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// `diff` and `check` with perceptual precision, SSIM and masks; `render --full-content` and the
/// golden keys behind them (issue 30).
final class ComparisonRoundTwoTests: XCTestCase {
    /// 20×12 images of a UI blue; `b` has its left 10 × 10 px shifted to `colour`.
    private func pair(_ dir: URL, _ colour: (UInt8, UInt8, UInt8)) throws -> (String, String) {
        let a = try writePNG(solidImage(20, 12, rgb: (0, 122, 255)), dir.appendingPathComponent("a.png"))
        var image = solidImage(20, 12, rgb: (0, 122, 255))
        for y in 0..<10 {
            for x in 0..<10 {
                image.pixels[(y * 20 + x) * 4] = colour.0
                image.pixels[(y * 20 + x) * 4 + 1] = colour.1
                image.pixels[(y * 20 + x) * 4 + 2] = colour.2
            }
        }
        let b = try writePNG(image, dir.appendingPathComponent("b-\(colour.1).png"))
        return (a.path, b.path)
    }

    /// ΔE94 1.597 (scikit-image, Fixtures/perceptual/deltae94.json "jnd_blue") passes at 0.98;
    /// 4.404 ("visible_blue") fails; --precision 0.58 accepts 100 of 240 pixels off (1 − 100/240 = 0.583).
    func testDiffPerceptualPrecision() throws {
        let dir = try makeTemporaryFolder(self)
        let (a, jnd) = try pair(dir, (0, 118, 248))
        let (_, visible) = try pair(dir, (0, 110, 240))
        let pass = runFlowSim(["diff", a, jnd, "--perceptual-precision", "0.98"])
        XCTAssertEqual(pass.status, 0, pass.out + pass.err)
        XCTAssertTrue(pass.out.contains("perceptual precision 0.98 (ΔE94 ≤ 2)"), pass.out)
        XCTAssertEqual(runFlowSim(["diff", a, jnd, "--metric", "exact"]).status, 1)
        let fail = runFlowSim(["diff", a, visible, "--perceptual-precision", "0.98", "--json"])
        XCTAssertEqual(fail.status, 1)
        let object = fail.json()
        XCTAssertEqual(object["diffPixels"] as? Int, 100)
        XCTAssertEqual(number(object["maxDeltaE"]) ?? 0, 4.40431217745044, accuracy: 1e-9)
        XCTAssertEqual(
            runFlowSim(["diff", a, visible, "--perceptual-precision", "0.98", "--precision", "0.58"]).status, 0)
        XCTAssertEqual(
            runFlowSim(["diff", a, visible, "--perceptual-precision", "0.98", "--precision", "0.59"]).status, 1)
        let conflict = runFlowSim(["diff", a, jnd, "--perceptual-precision", "0.98", "--metric", "exact"])
        XCTAssertEqual(conflict.status, 2)
        XCTAssertTrue(conflict.err.contains("--perceptual-precision"), conflict.err)
        XCTAssertEqual(runFlowSim(["diff", a, jnd, "--perceptual-precision", "1.5"]).status, 2)
    }

    func testDiffSSIM() throws {
        let dir = try makeTemporaryFolder(self)
        let (a, visible) = try pair(dir, (0, 110, 240))
        let run = runFlowSim(["diff", a, visible, "--metric", "ssim", "--json"])
        let ssim = number(run.json()["ssim"]) ?? -1
        XCTAssertGreaterThan(ssim, 0)
        XCTAssertLessThan(ssim, 1)
        XCTAssertEqual(run.status, ssim >= 0.99 ? 0 : 1)
        let loose = runFlowSim(["diff", a, visible, "--metric", "ssim", "--ssim-threshold", String(ssim - 0.001)])
        XCTAssertEqual(loose.status, 0, loose.out)
        XCTAssertTrue(loose.out.contains("SSIM ≥"), loose.out)
        let misplaced = runFlowSim(["diff", a, visible, "--ssim-threshold", "0.9"])
        XCTAssertEqual(misplaced.status, 2)
        XCTAssertTrue(misplaced.err.contains("--ssim-threshold"), misplaced.err)
    }

    /// A mask over the changed half turns the failing pair into a passing one; a mask outside
    /// the image, or not four numbers, exits 2 and says so.
    func testDiffMasks() throws {
        let dir = try makeTemporaryFolder(self)
        let (a, b) = try pair(dir, (0, 110, 240))
        XCTAssertEqual(runFlowSim(["diff", a, b, "--metric", "exact"]).status, 1)
        XCTAssertEqual(runFlowSim(["diff", a, b, "--metric", "exact", "--mask", "0,0,5,10"]).status, 1)
        let masked = runFlowSim([
            "diff", a, b, "--metric", "exact", "--mask", "0,0,5,10", "--mask", "5,0,5,10", "--json",
        ])
        XCTAssertEqual(masked.status, 0, masked.out + masked.err)
        XCTAssertEqual(masked.json()["maskedPixels"] as? Int, 100)
        // Points at --scale 2: 5 × 5 pt are the 10 × 10 px half.
        XCTAssertEqual(runFlowSim(["diff", a, b, "--metric", "exact", "--mask", "0,0,5,5", "--scale", "2"]).status, 0)
        let outside = runFlowSim(["diff", a, b, "--mask", "15,0,10,10"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertEqual(
            outside.err.trimmingCharacters(in: .newlines),
            "flowsim diff: mask --mask 15,0,10,10 is not inside the 20×12 px image (a mask must lie within it)")
        XCTAssertTrue(outside.out.isEmpty)
        let malformed = runFlowSim(["diff", a, b, "--mask", "1,2,3"])
        XCTAssertEqual(malformed.status, 2)
        XCTAssertTrue(malformed.err.contains("X,Y,W,H"), malformed.err)
        XCTAssertEqual(runFlowSim(["diff", a, b, "--mask", "0,0,0,4"]).status, 2)
    }

    /// A scene (60 × 80 pt at 1×) whose golden at t = 0 is recorded, then spoiled in a 10 × 10
    /// block at (0, 60) (below the cells).
    private func spoiledGolden(_ dir: URL, golden: String) throws -> (scene: URL, goldens: URL) {
        let scene = dir.appendingPathComponent("masked.json")
        try """
        {"name": "masked", "viewport": {"width": 60, "height": 80, "scale": 1},
         "layout": {"itemSize": {"width": 20, "height": 20}},
         "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
         "golden": {"times": [0]\(golden)}}
        """.write(to: scene, atomically: true, encoding: .utf8)
        let goldens = dir.appendingPathComponent("goldens")
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path]).status, 0)
        let file = goldens.appendingPathComponent("masked/time_0.000s.png")
        var image = try PNGDecoder.decode(contentsOfFile: file.path)
        for y in 60..<70 { for x in 0..<10 { image.pixels[(y * 60 + x) * 4] = 0 } }
        try writePNG(image, file)
        return (scene, goldens)
    }

    func testCheckMasksFromTheSceneAndTheCommandLine() throws {
        let dir = try makeTemporaryFolder(self)
        let (scene, goldens) = try spoiledGolden(dir, golden: "")
        let failing = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.out.contains("100 of 4800 pixels differ"), failing.out)
        let passing = runFlowSim([
            "check", scene.path, "--goldens", goldens.path, "--record", "never", "--mask", "0,60,10,10",
        ])
        XCTAssertEqual(passing.status, 0, passing.out + passing.err)
        let outside = runFlowSim([
            "check", scene.path, "--goldens", goldens.path, "--record", "never", "--mask", "55,0,10,10",
        ])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.err.contains("mask [55, 0, 10, 10]"), outside.err)
        XCTAssertTrue(outside.err.contains("not inside the 60×80 pt golden image"), outside.err)

        let inScene = try spoiledGolden(
            try makeTemporaryFolder(self), golden: ", \"mask\": [[0, 60, 10, 10]], \"maxDiffPixels\": 0")
        XCTAssertEqual(
            runFlowSim(["check", inScene.scene.path, "--goldens", inScene.goldens.path, "--record", "never"]).status, 0)
    }

    /// An element id masks the element's frame at each golden time: spoiling cell "a" (0, 0,
    /// 20, 20) fails without the mask and passes with `"mask": ["a"]`.
    func testCheckMaskByElementID() throws {
        let dir = try makeTemporaryFolder(self)
        let (scene, goldens) = try spoiledGolden(dir, golden: ", \"mask\": [\"a\"]")
        let file = goldens.appendingPathComponent("masked/time_0.000s.png")
        var image = try PNGDecoder.decode(contentsOfFile: file.path)
        for y in 60..<70 { for x in 0..<10 { image.pixels[(y * 60 + x) * 4] = 242 } }
        for y in 2..<18 { for x in 2..<18 { image.pixels[(y * 60 + x) * 4 + 1] = 7 } }
        try writePNG(image, file)
        let json = try String(contentsOf: scene)
        try json.replacingOccurrences(of: ", \"mask\": [\"a\"]", with: "").write(
            to: scene, atomically: true, encoding: .utf8)
        XCTAssertEqual(runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"]).status, 1)
        try json.write(to: scene, atomically: true, encoding: .utf8)
        let masked = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"])
        XCTAssertTrue(masked.out.contains("PASS masked/time_0.000s"), masked.out + masked.err)
    }

    /// `golden.perceptualPrecision` selects the perceptual metric; a conflicting metric is a
    /// scene error naming the key.
    func testGoldenPerceptualKeys() throws {
        let scene = CLI.sceneFile(
            """
            {"viewport": {"width": 60, "height": 80, "scale": 1}, "sections": [{"items": [{"id": "a"}]}],
             "golden": {"perceptualPrecision": 0.98, "precision": 0.99}}
            """)
        let loaded = try SceneArgument.load(scene)
        let options = GoldenSuite.options(for: loaded)
        XCTAssertEqual(options.metric, .perceptual)
        XCTAssertEqual(options.perceptualPrecision, 0.98)
        XCTAssertEqual(options.precision, 0.99)
        let bad = CLI.sceneFile(
            """
            {"viewport": {"width": 60, "height": 80}, "sections": [{"items": [{"id": "a"}]}],
             "golden": {"metric": "ssim", "perceptualPrecision": 0.98}}
            """)
        let run = runFlowSim(["layout", bad])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("golden.perceptualPrecision"), run.err)
    }

    /// The new golden keys change no scene digest (goldens recorded before them keep theirs).
    func testNewGoldenKeysKeepTheDigest() throws {
        let base = """
            {"viewport": {"width": 60, "height": 80}, "sections": [{"items": [{"id": "a"}]}]
            """
        let plain = try SceneArgument.load(CLI.sceneFile(base + "}"))
        let keyed = try SceneArgument.load(
            CLI.sceneFile(
                base
                    + #", "golden": {"metric": "perceptual", "perceptualPrecision": 0.98, "precision": 0.99, "#
                    + #""mask": [[0, 0, 10, 10], "a"], "fullContent": true}}"#))
        XCTAssertEqual(keyed.golden.mask, [.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), .element("a")])
        XCTAssertTrue(keyed.golden.fullContent)
        XCTAssertEqual(GoldenManifest.digest(keyed), GoldenManifest.digest(plain))
    }

    /// The report, results.json and the Markdown summary say what each case was judged by.
    func testReportAndSummaryShowMetricAndThresholds() throws {
        let dir = try makeTemporaryFolder(self)
        let (scene, goldens) = try spoiledGolden(
            dir, golden: ", \"perceptualPrecision\": 0.98, \"mask\": [[0, 60, 5, 10]]")
        let report = dir.appendingPathComponent("report")
        let summary = dir.appendingPathComponent("summary.md")
        let run = runFlowSim([
            "check", scene.path, "--goldens", goldens.path, "--record", "never", "--report", report.path, "--summary",
            summary.path,
        ])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        let criteria = "perceptual precision 0.98 (ΔE94 ≤ 2), limit 0 pixels, 1 mask"
        XCTAssertTrue(run.out.contains("50 of 4800 pixels differ (1.0526%), 60×80, 50 masked"), run.out)
        let markdown = try String(contentsOf: summary)
        XCTAssertTrue(markdown.contains("| Case | Status | Pixels differing | Judged by | Layout | Images |"), markdown)
        XCTAssertTrue(markdown.contains("| 50 (1.053 %), 50 masked | \(criteria) |"), markdown)
        let html = try String(contentsOf: report.appendingPathComponent("index.html"))
        XCTAssertTrue(html.contains("judged by \(criteria)"), html)
        XCTAssertTrue(html.contains("50 pixels masked (hatched in the diff)"), html)
        let merged = try ReportResults.read(report)
        let comparison = try XCTUnwrap(merged.results.first { $0.stem == "time_0.000s" }?.comparison)
        XCTAssertEqual(comparison.criteria, criteria)
        XCTAssertEqual(comparison.maskedPixels, 50)
        XCTAssertGreaterThan(comparison.maxDeltaE ?? 0, 2, "the spoiled block is a visible change")
    }
}
