import FlowSim
import FlowSimScene
import FlowSimCLI
import Foundation
import XCTest
import FlowSimTestSupport

final class FramesCommandTests: XCTestCase {
    static func scene(timing: String, at: Double = 0) -> String {
        """
        {"viewport": {"width": 375, "height": 667},
         "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}],
         "updates": [{"at": \(at), "insert": [{"section": 0, "item": 0, "id": "n"}]\(timing.isEmpty ? "" : ", \"timing\": \(timing)")}]}
        """
    }

    private func frames(_ result: CLIResult) -> [[String: Any]] { result.json()["frames"] as? [[String: Any]] ?? [] }

    /// 1.0 s at 60 fps: t = 0, 1/60, …, 60/60 → 61 frames, the last at exactly 1.0.
    func testSpringSecondAt60FPSGives61Frames() {
        let result = CLI.run([
            "frames",
            CLI.sceneFile(Self.scene(timing: #"{"spring": {"duration": 1.0, "damping": 0.65, "velocity": 0}}"#)),
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = result.json()
        XCTAssertEqual(number(json["fps"]), 60)
        XCTAssertEqual(number(json["duration"]), 1.0)
        let list = frames(result)
        XCTAssertEqual(list.count, 61)
        XCTAssertEqual(number(list.last?["time"]), 1.0)
        XCTAssertEqual(number(list.last?["index"]), 60)
        for (i, frame) in list.enumerated() {
            XCTAssertEqual(number(frame["index"]), Double(i))
            XCTAssertEqual(number(frame["time"]) ?? -1, Double(i) / 60, accuracy: 1e-12)
        }
        // Frame 0: "n" appears with alpha 0 (base fade-in) at slot 0; a is moving to slot 1.
        let first = list[0]["elements"] as? [[String: Any]] ?? []
        let n = first.first { $0["id"] as? String == "n" }
        XCTAssertEqual(n?["state"] as? String, "appearing")
        XCTAssertEqual(number(n?["alpha"]), 0)
        XCTAssertEqual(first.first { $0["id"] as? String == "a" }?["state"] as? String, "moving")
        XCTAssertEqual(
            Set(n?.keys.map { $0 } ?? []),
            ["kind", "section", "item", "id", "frame", "center", "size", "transform", "alpha", "zIndex", "state"])
        // Last frame: static, at the final layout: a at slot 1 (x = 65).
        let last = list[60]["elements"] as? [[String: Any]] ?? []
        XCTAssertTrue(last.allSatisfy { $0["state"] as? String == "static" })
        XCTAssertEqual(number((last.first { $0["id"] as? String == "a" }?["frame"] as? [String: Any])?["x"]), 65)
        XCTAssertEqual(number(last.first { $0["id"] as? String == "a" }?["item"]), 1)
    }

    /// Default timing 0.3 s: 0.3·60 = 18 (up to rounding) → 19 frames; at 25 fps 7.5 → 8 whole
    /// steps plus the exact end: t = 0, 0.04, …, 0.28, 0.3 → 9 frames. An update at 0.5 with a
    /// 0.2 s linear curve ends at 0.7 → 0.7·30 = 21 → 22 frames.
    func testFrameCounts() {
        let path = CLI.sceneFile(Self.scene(timing: ""))
        XCTAssertEqual(frames(CLI.run(["frames", path])).count, 19)
        let at25 = frames(CLI.run(["frames", path, "--fps", "25"]))
        XCTAssertEqual(at25.count, 9)
        XCTAssertEqual(number(at25.last?["time"]), 0.3)
        XCTAssertEqual(number(at25[7]["time"]) ?? -1, 0.28, accuracy: 1e-12)
        let delayed = CLI.run([
            "frames", CLI.sceneFile(Self.scene(timing: #"{"curve": "linear", "duration": 0.2}"#, at: 0.5)), "--fps",
            "30",
        ])
        XCTAssertEqual(number(delayed.json()["duration"]), 0.7)
        XCTAssertEqual(frames(delayed).count, 22)
        XCTAssertEqual(number(frames(delayed).last?["time"]), 0.7)
    }

    /// A linear 1 s insert sampled at 0.5: "n" has alpha 0.5 (the base fade-in at p = ½).
    func testLinearMidpointAlpha() {
        let result = CLI.run([
            "frames", CLI.sceneFile(Self.scene(timing: #"{"curve": "linear", "duration": 1}"#)), "--fps", "2",
        ])
        let list = frames(result)
        XCTAssertEqual(list.count, 3)
        let n = (list[1]["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "n" }
        XCTAssertEqual(number(n?["alpha"]), 0.5)
    }

    /// The literal-nil inset layout produces snapshot elements, marked "snapshot": true.
    func testSnapshotFlagInFrames() {
        let scene = """
            {"viewport": {"width": 375, "height": 667},
             "layout": {"cellInset": 2, "shiftedCells": "literalNil"},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
             "updates": [{"insert": [{"section": 0, "item": 0, "id": "n"}], "timing": {"curve": "linear", "duration": 1}}]}
            """
        let list = frames(CLI.run(["frames", CLI.sceneFile(scene), "--fps", "2"]))
        let middle = list[1]["elements"] as? [[String: Any]] ?? []
        let ghosts = middle.filter { ($0["snapshot"] as? Bool) == true }
        XCTAssertEqual(Set(ghosts.compactMap { $0["id"] as? String }), ["a", "b"])
        XCTAssertTrue(ghosts.allSatisfy { $0["state"] as? String == "disappearing" })
        // Ghost a stays at its old slot 0 (inset frame x = 2) with alpha ½.
        let ghostA = ghosts.first { $0["id"] as? String == "a" }
        XCTAssertEqual(number((ghostA?["frame"] as? [String: Any])?["x"]), 2)
        XCTAssertEqual(number(ghostA?["alpha"]), 0.5)
        XCTAssertEqual(number(ghostA?["item"]), 0)
        XCTAssertTrue((list[2]["elements"] as? [[String: Any]] ?? []).allSatisfy { $0["snapshot"] == nil })
    }

    func testBadFPS() {
        let path = CLI.sceneFile(Self.scene(timing: ""))
        for fps in ["0", "-5", "abc"] {
            let result = CLI.run(["frames", path, "--fps", fps])
            XCTAssertEqual(result.status, 2, "fps \(fps)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertFalse(result.stderr.isEmpty)
        }
    }
}
