import FlowSim
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

/// `check --devices` and a scene's `"devices"`: one run per device, goldens in
/// `<scene>/<device id>[-landscape]/`, a row per device.
final class CheckDevicesTests: XCTestCase {
    /// A still scene drawn at scale 1 (small goldens) on whatever device runs it.
    private func writeScene(_ dir: URL, devices: String) throws -> URL {
        let json = """
            {"name": "grid", "viewport": {"scale": 1, "width": 100, "height": 100}, \(devices)
             "layout": {"itemSize": {"width": 40, "height": 40}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}]}
            """
        let url = dir.appendingPathComponent("grid.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testTheScenesDevicesEachGetAGoldenFolderAndARow() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(
            dir, devices: #""devices": ["iPhone SE (3rd generation)", "iPhone 16 Pro landscape"],"#)
        let goldens = dir.appendingPathComponent("goldens")
        let first = runFlowSim(["check", scene.path, "--goldens", goldens.path])
        XCTAssertEqual(first.status, 0, first.out + first.err)
        let folders = try FileManager.default.contentsOfDirectory(atPath: goldens.appendingPathComponent("grid").path)
        XCTAssertEqual(folders.sorted(), ["iphone-16-pro-landscape", "iphone-se-3"])
        // The device's size wins over the scene's own viewport size: the SE's 375 pt width.
        let layout = try Data(
            contentsOf: goldens.appendingPathComponent("grid/iphone-se-3/time_0.000s.json"))
        let json = try JSONSerialization.jsonObject(with: layout) as? [String: Any]
        XCTAssertEqual(number((json?["contentSize"] as? [String: Any])?["width"]), 375)
        let second = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--record", "never"])
        XCTAssertEqual(second.status, 0, second.out + second.err)
        XCTAssertTrue(second.out.contains("grid/iphone-se-3"), second.out)
        XCTAssertTrue(second.out.contains("grid/iphone-16-pro-landscape"), second.out)
    }

    func testDevicesFlagReplacesTheScenesListAndUnknownNamesExitTwo() throws {
        let dir = try makeTemporaryFolder(self)
        let scene = try writeScene(dir, devices: "")
        let goldens = dir.appendingPathComponent("goldens")
        let run = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--devices", "ipad-mini:landscape"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: goldens.appendingPathComponent("grid/ipad-mini-landscape/manifest.json").path))
        let bad = runFlowSim(["check", scene.path, "--goldens", goldens.path, "--devices", "iPhone 16,iPad maxi"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--devices expects devices of `flowsim devices`"), bad.err)
        XCTAssertTrue(bad.err.contains("Did you mean 'iPad mini (A17 Pro)'?"), bad.err)
    }
}
