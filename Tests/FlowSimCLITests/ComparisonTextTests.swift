import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// `flowsim diff`, `flowsim check` and FlowSimTesting describe a comparison with one function.
final class ComparisonTextTests: XCTestCase {
    func testDiffLineUsesTheSharedDescription() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(10, 10), dir.appendingPathComponent("a.png"))
        let b = try writePNG(
            solidImage(10, 10, changed: [(1, 1), (2, 2), (3, 3)]), dir.appendingPathComponent("b.png"))
        var options = ImageComparisonOptions()
        options.maxDiffPixels = 1
        options.maxDiffPixelRatio = 0.5
        let result = ImageComparator.compare(
            try PNGDecoder.decode(contentsOfFile: a.path), try PNGDecoder.decode(contentsOfFile: b.path),
            options: options)
        let expected = GoldenCaseResult.describe(result, options: options)
        XCTAssertEqual(expected, "3 of 100 pixels differ (3.0000%), 10×10, limit 1 pixels and ratio 0.5, threshold 0.1")
        let run = runFlowSim(["diff", a.path, b.path, "--max-diff-pixels", "1", "--max-diff-ratio", "0.5"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.out, "FAIL \(a.path) ↔ \(b.path): \(expected)\n")

        let exactRun = runFlowSim(["diff", a.path, b.path, "--metric", "exact"])
        XCTAssertTrue(exactRun.out.hasSuffix(", limit 0 pixels, metric exact\n"), exactRun.out)
    }
}
