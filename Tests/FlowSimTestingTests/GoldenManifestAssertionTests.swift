import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimTesting
import Foundation
import XCTest

/// The duration-change case through FlowSimTesting: the assertion fails with what changed
/// and ends with the command that accepts it, locally and on CI, and records nothing.
final class GoldenManifestAssertionTests: XCTestCase {
    func scene(_ dir: URL, damping: Double) throws -> Scene {
        let url = dir.appendingPathComponent("springy.json")
        try """
        {"name": "springy", "viewport": {"width": 60, "height": 80, "scale": 1},
         "layout": {"itemSize": {"width": 20, "height": 20}},
         "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
         "updates": [{"insert": [{"section": 0, "item": 0, "id": "c"}],
                      "timing": {"spring": {"response": 0.5, "damping-fraction": \(damping)}}}]}
        """.write(to: url, atomically: true, encoding: .utf8)
        return try SceneDecoder.load(path: url.path)
    }

    func testChangedDurationFailsWithTheAcceptCommand() throws {
        let dir = try makeTemporaryFolder(self)
        let goldens = dir.appendingPathComponent("goldens")
        let artifacts = ["FLOWSIM_ARTIFACTS": dir.appendingPathComponent("artifacts").path]
        func verify(_ damping: Double, _ environment: [String: String]) throws -> [String] {
            FlowSimGolden.verify(
                try SceneSimulation(scene: try scene(dir, damping: damping)), goldens: goldens,
                environment: environment.merging(artifacts) { a, _ in a }, filePath: "/x/SpringTests.swift")
        }
        XCTAssertFalse(try verify(0.8, [:]).isEmpty, "the first run records and fails once")
        XCTAssertEqual(try verify(0.8, [:]), [])
        let folder = goldens.appendingPathComponent("springy")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for environment in [[:], ["CI": "1"]] {
            let messages = try verify(0.6, environment)
            XCTAssertTrue(
                messages.contains { $0.contains("golden springy/manifest changed") && $0.contains("duration 0.") },
                messages.joined(separator: "\n---\n"))
            for message in messages {
                XCTAssertTrue(
                    message.hasSuffix("accept:   FLOWSIM_RECORD=failed swift test --filter SpringTests"), message)
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), before)
        }
        XCTAssertFalse(try verify(0.6, ["FLOWSIM_RECORD": "failed"]).isEmpty, "re-recorded: fails once")
        XCTAssertEqual(try verify(0.6, ["CI": "1"]), [])
    }
}
