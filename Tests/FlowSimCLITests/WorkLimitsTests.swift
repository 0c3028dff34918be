import FlowSimTestSupport
import Foundation
import XCTest

/// The work limits: checked before the work starts, exit 2 with a message naming the amount, the
/// limit and the option that raises it, nothing written.
final class WorkLimitsTests: XCTestCase {
    func scene(_ dir: URL, _ json: String) throws -> String {
        let url = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func testASmallSceneEndingLateNeedsTheFramesLimitRaised() throws {
        let dir = try makeTemporaryFolder(self)
        let path = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a"}]}], "updates": [{"at": 3599, "delete": [{"section": 0, "item": 0}], "timing": {"curve": "linear", "duration": 0.5}}]}"#
        )
        // 3599.5 s at 60 fps: 215,971 frames.
        let frames = runFlowSim(["frames", path])
        XCTAssertEqual(frames.status, 2)
        XCTAssertEqual(
            frames.err,
            "flowsim frames: frames to sample: 215971, beyond the limit of 100000; raise it with --max-frames N if this is intended.\n"
        )
        XCTAssertEqual(frames.out, "")
        let out = dir.appendingPathComponent("out")
        XCTAssertEqual(runFlowSim(["render", path, "--out", out.path]).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(runFlowSim(["frames", path, "--times", "0,3599.5"]).status, 0, "two frames are fine")
    }

    /// `preview` checks the same limits on every render; a scene beyond them is an error of
    /// that render (`--once`: exit 2), with no frame written.
    func testPreviewHoldsEveryRenderToTheLimits() throws {
        let dir = try makeTemporaryFolder(self)
        let path = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a"}]}], "updates": [{"at": 3599, "delete": [{"section": 0, "item": 0}], "timing": {"curve": "linear", "duration": 0.5}}]}"#
        )
        let out = dir.appendingPathComponent("preview")
        // 3599.5 s at the preview's 30 fps: 107,986 frames.
        let run = runFlowSim(["preview", path, "--out", out.path, "--once"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.err.contains(
                "flowsim preview: frames to sample: 107986, beyond the limit of 100000; raise it with --max-frames N"),
            run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("r1").path))
        let elements = runFlowSim(["preview", path, "--out", out.path, "--once", "--max-elements", "2"])
        XCTAssertEqual(elements.status, 2)
        XCTAssertTrue(elements.err.contains("elements in the scene: 3, beyond the limit of 2"), elements.err)
    }

    func testElementsAndTextLimits() throws {
        let dir = try makeTemporaryFolder(self)
        let path = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a", "title": "0123456789"}, {"id": "b"}, {"id": "c"}]}]}"#
        )
        let elements = runFlowSim(["layout", path, "--max-elements", "4"])
        XCTAssertEqual(elements.status, 2)
        XCTAssertTrue(elements.err.contains("elements in the scene: 5, beyond the limit of 4"), elements.err)
        let text = runFlowSim(["layout", path, "--max-text", "9"])
        XCTAssertEqual(text.status, 2)
        XCTAssertTrue(text.err.contains("characters in the longest title: 10, beyond the limit of 9"), text.err)
        XCTAssertEqual(runFlowSim(["layout", path, "--max-text", "10"]).status, 0)
    }

    func testRenderPixelAndImageLimits() throws {
        let dir = try makeTemporaryFolder(self)
        try writePNG(solidImage(100, 100), dir.appendingPathComponent("photo.png"))
        let path = try scene(
            dir,
            #"{"viewport": {"width": 200, "height": 100, "scale": 1}, "sections": [{"items": [{"id": "a", "image": "photo.png"}, {"id": "b", "image": "photo.png"}, {"id": "c", "image": "photo.png"}]}]}"#
        )
        let out = dir.appendingPathComponent("out")
        // Three cells show the 100 × 100 image: 30,000 image pixels in frame 0.
        let images = runFlowSim(["render", path, "--out", out.path, "--max-image-pixels", "20000"])
        XCTAssertEqual(images.status, 2)
        XCTAssertTrue(
            images.err.contains("image pixels drawn in frame 0: 30000, beyond the limit of 20000"), images.err)
        // One 200 × 100 frame: 20,000 pixels.
        let pixels = runFlowSim(["render", path, "--out", out.path, "--max-pixels", "19999"])
        XCTAssertEqual(pixels.status, 2)
        XCTAssertTrue(pixels.err.contains("pixels to render (1 frames): 20000, beyond the limit of 19999"), pixels.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(runFlowSim(["render", path, "--out", out.path, "--quiet"]).status, 0)
    }
}
