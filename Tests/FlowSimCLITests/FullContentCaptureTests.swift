import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// `render --full-content` and `golden.fullContent` (issue 30).
final class FullContentCaptureTests: XCTestCase {
    /// 60 cells of 100 × 50 pt, no spacing: a 3,000 pt list in a 100 × 200 pt viewport.
    private func listScene(count: Int = 60, extra: String = "") -> String {
        CLI.sceneFile(
            """
            {"name": "long", "viewport": {"width": 100, "height": 200, "scale": 1},
             "layout": {"itemSize": {"width": 100, "height": 50}, "minimumLineSpacing": 0},
             "style": {"background": "#FFFFFF", "cellColor": "#3366CC"},
             "sections": [{"items": [\(Array(repeating: "{}", count: count).joined(separator: ", "))]}]\(extra)}
            """)
    }

    func testRenderFullContentDrawsTheWholeThreeThousandPointList() throws {
        let dir = try makeTemporaryFolder(self)
        let run = runFlowSim(["render", listScene(), "--full-content", "--out", dir.path, "--quiet"])
        XCTAssertEqual(run.status, 0, run.err)
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(frames.count, 1, "the last frame only: \(frames)")
        guard frames.count == 1 else { return }
        let image = try PNGDecoder.decode(contentsOfFile: dir.appendingPathComponent(frames[0]).path)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.height, 3000)
        // Every cell is drawn: the centre of each 50 pt row is cell-coloured, not background.
        for row in 0..<60 {
            let pixel = image[50, row * 50 + 25]
            XCTAssertNotEqual([pixel.r, pixel.g, pixel.b], [255, 255, 255], "cell \(row) at y \(row * 50 + 25)")
        }
        // The viewport render stops at 200 pt.
        let viewportDir = try makeTemporaryFolder(self)
        XCTAssertEqual(
            runFlowSim(["render", listScene(), "--frames", "0", "--out", viewportDir.path, "--quiet"]).status, 0)
        let small = try PNGDecoder.decode(contentsOfFile: viewportDir.appendingPathComponent("frame_0000.png").path)
        XCTAssertEqual(small.height, 200)
    }

    /// 80 cells, 4,000 pt at 10× is 40,000 px, past the 32,767 px a side may have here.
    func testTooLargeContentIsRefusedWithItsSize() throws {
        let out = try makeTemporaryFolder(self).appendingPathComponent("out").path
        let run = runFlowSim(["render", listScene(count: 80), "--full-content", "--scale", "10", "--out", out])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("the whole content is 100×4000 pt, 1000×40000 px at scale 10"), run.err)
        XCTAssertTrue(run.err.contains("use a smaller scale"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertEqual(runFlowSim(["render", listScene(), "--full-content", "--chrome", "--out", out]).status, 2)
    }

    /// Goldens hold whole-content captures: recorded at the content size, then passing.
    func testGoldenFullContent() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = listScene(extra: #", "golden": {"times": [0], "fullContent": true}"#)
        let goldens = dir.appendingPathComponent("goldens")
        let first = runFlowSim(["check", scene, "--goldens", goldens.path])
        XCTAssertEqual(first.status, 0, first.out + first.err)
        let image = try PNGDecoder.decode(contentsOfFile: goldens.appendingPathComponent("long/time_0.000s.png").path)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.height, 3000)
        let second = runFlowSim(["check", scene, "--goldens", goldens.path, "--record", "never"])
        XCTAssertEqual(second.status, 0, second.out)
        XCTAssertTrue(second.out.contains("0 of 300000 pixels differ"), second.out)
    }
}
