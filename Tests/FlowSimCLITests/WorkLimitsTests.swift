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
        // The message names the file behind it and the key that names it (resolved path, quoted).
        let photo = dir.appendingPathComponent("photo.png").path
        XCTAssertTrue(
            images.err.contains(
                "image pixels drawn in frame 0 (the largest: \"\(photo)\", 10000 pixels, named by an item's \"image\"): "
                    + "30000, beyond the limit of 20000"), images.err)
        // One 200 × 100 frame: 20,000 pixels.
        let pixels = runFlowSim(["render", path, "--out", out.path, "--max-pixels", "19999"])
        XCTAssertEqual(pixels.status, 2)
        XCTAssertTrue(pixels.err.contains("pixels to render (1 frames): 20000, beyond the limit of 19999"), pixels.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(runFlowSim(["render", path, "--out", out.path, "--quiet"]).status, 0)
    }

    /// `paginate --render` holds its frames and pixels to `--max-frames` and `--max-pixels`
    /// before anything is simulated or written.
    func testPaginateRenderHoldsFramesAndPixelsToTheLimits() throws {
        let dir = try makeTemporaryFolder(self)
        let out = dir.appendingPathComponent("session")
        // 600 s on the 60 Hz clock (--fps 240 records every step): 36,001 frames of 750 × 1334 px.
        let pixels = runFlowSim(["paginate", "--duration", "600", "--fps", "240", "--render", out.path])
        XCTAssertEqual(pixels.status, 2)
        XCTAssertEqual(
            pixels.err,
            "flowsim paginate: pixels to render (36001 frames): 36019000500, beyond the limit of 8000000000; raise it with --max-pixels N if this is intended.\n"
        )
        XCTAssertEqual(pixels.out, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        // 10 s at 30 fps: a frame every other step, 301 frames.
        let frames = runFlowSim(["paginate", "--duration", "10", "--render", out.path, "--max-frames", "300"])
        XCTAssertEqual(frames.status, 2)
        XCTAssertEqual(
            frames.err,
            "flowsim paginate: frames to sample: 301, beyond the limit of 300; raise it with --max-frames N if this is intended.\n"
        )
        XCTAssertEqual(frames.out, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let small = runFlowSim([
            "paginate", "--duration", "1", "--render", out.path, "--max-frames", "31", "--max-pixels", "31015500",
        ])
        XCTAssertEqual(small.status, 0, small.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("frame_0030.png").path))
    }

    /// A long timed scroll is held to `--max-frames` (a 60 Hz scroll step is a simulated frame)
    /// before anything is laid out, in every command that simulates.
    func testALongScrollIsRefusedBeforeItIsSimulated() throws {
        let dir = try makeTemporaryFolder(self)
        let path = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a"}, {"id": "b"}]}], "scroll": [{"at": 0, "to": {"x": 0, "y": 600}, "timing": {"curve": "linear", "duration": 3599}}]}"#
        )
        let message =
            "scroll steps to simulate (60 per second of scrolling): 215941, beyond the limit of 100000; raise it with --max-frames N if this is intended.\n"
        for command in ["layout", "frames"] {
            let run = runFlowSim([command, path])
            XCTAssertEqual(run.status, 2, command)
            XCTAssertEqual(run.err, "flowsim \(command): " + message)
            XCTAssertEqual(run.out, "")
        }
        let out = dir.appendingPathComponent("out")
        let render = runFlowSim(["render", path, "--out", out.path])
        XCTAssertEqual(render.status, 2)
        XCTAssertEqual(render.err, "flowsim render: " + message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let preview = runFlowSim(["preview", path, "--out", dir.appendingPathComponent("preview").path, "--once"])
        XCTAssertEqual(preview.status, 2)
        XCTAssertTrue(preview.err.contains("flowsim preview: " + message), preview.err)
        // `check`: a scene error like any other, nothing recorded.
        let goldens = dir.appendingPathComponent("goldens")
        let check = runFlowSim(["check", path, "--goldens", goldens.path])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.err.hasPrefix("flowsim check: \(path): " + message), check.err)
        XCTAssertEqual(check.out, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("scene").path))
    }

    /// Steps of a move after the next one takes over are not counted (the one at the takeover
    /// time is: it is laid out first); the option raises the limit.
    func testScrollStepsCountOnlyTheStepsTaken() throws {
        let dir = try makeTemporaryFolder(self)
        // The 10 s move runs 1 s (61 steps, 0 through 1 s) before the 1 s move (61 steps) takes
        // over: 122 steps.
        let path = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a"}]}], "scroll": [{"at": 0, "to": {"x": 0, "y": 100}, "timing": {"curve": "linear", "duration": 10}}, {"at": 1, "to": {"x": 0, "y": 0}, "timing": {"curve": "linear", "duration": 1}}]}"#
        )
        let run = runFlowSim(["layout", path, "--max-frames", "121"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.err,
            "flowsim layout: scroll steps to simulate (60 per second of scrolling): 122, beyond the limit of 121; raise it with --max-frames N if this is intended.\n"
        )
        XCTAssertEqual(runFlowSim(["layout", path, "--max-frames", "122"]).status, 0)
    }

    /// Each update lays out every element: the elements after each update, summed, are held to
    /// `--max-update-work` before anything is laid out (inserts counted as they grow the data).
    func testUpdateWorkIsHeldToTheLimit() throws {
        let dir = try makeTemporaryFolder(self)
        // 3 items (5 elements), four selections: 20 elements laid out.
        let selects = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}], "updates": [{"at": 0, "select": [{"section": 0, "item": 0}]}, {"at": 0, "select": [{"section": 0, "item": 1}]}, {"at": 0, "select": [{"section": 0, "item": 2}]}, {"at": 0, "select": [{"section": 0, "item": 0}]}]}"#
        )
        let run = runFlowSim(["layout", selects, "--after", "0", "--max-update-work", "19"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.err,
            "flowsim layout: elements laid out by 4 updates (up to 5 each): 20, beyond the limit of 19; raise it with --max-update-work N if this is intended.\n"
        )
        XCTAssertEqual(run.out, "")
        XCTAssertEqual(runFlowSim(["layout", selects, "--max-update-work", "20"]).status, 0)
        let frames = runFlowSim(["frames", selects, "--max-update-work", "19"])
        XCTAssertEqual(frames.status, 2)
        XCTAssertTrue(frames.err.hasPrefix("flowsim frames: elements laid out by 4 updates"), frames.err)
        // One item (3 elements), three inserts: 4 + 5 + 6 = 15.
        let inserts = try scene(
            dir,
            #"{"viewport": {"width": 300, "height": 600}, "sections": [{"items": [{"id": "a"}]}], "updates": [{"at": 0, "insert": [{"section": 0, "item": 0}]}, {"at": 0, "insert": [{"section": 0, "item": 0}]}, {"at": 0, "insert": [{"section": 0, "item": 0}]}]}"#
        )
        let out = dir.appendingPathComponent("out")
        let render = runFlowSim(["render", inserts, "--out", out.path, "--max-update-work", "14"])
        XCTAssertEqual(render.status, 2)
        XCTAssertEqual(
            render.err,
            "flowsim render: elements laid out by 3 updates (up to 6 each): 15, beyond the limit of 14; raise it with --max-update-work N if this is intended.\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(runFlowSim(["frames", inserts, "--max-update-work", "15"]).status, 0)
        let goldens = dir.appendingPathComponent("goldens")
        let check = runFlowSim(["check", inserts, "--goldens", goldens.path, "--max-update-work", "14"])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(
            check.err.hasPrefix("flowsim check: \(inserts): elements laid out by 3 updates (up to 6 each): 15,"),
            check.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("scene").path))
    }
}
