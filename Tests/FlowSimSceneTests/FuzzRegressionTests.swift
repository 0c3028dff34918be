import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Inputs that once trapped (found with Scripts/fuzz, or by reviewing its findings' class); each
/// must now decode or fail with a SceneError, never trap.
final class FuzzRegressionTests: XCTestCase {
    private func decode(_ text: String) throws -> Scene {
        try SceneDecoder.decode(Data(text.utf8), source: "fuzz.json", defaultName: "fuzz")
    }

    private func assertSceneError(_ text: String, path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(text), file: file, line: line) { error in
            guard let error = error as? SceneError else {
                return XCTFail("not a SceneError: \(error)", file: file, line: line)
            }
            XCTAssertEqual(error.path, path, file: file, line: line)
            XCTAssertTrue(error.message.contains("must end by 3600 s"), error.message, file: file, line: line)
        }
    }

    /// `"at": 1e300`: `flowsim frames` trapped in `SceneSimulation.frameTimes` converting
    /// duration × fps to Int ("Double value cannot be converted to Int").
    func testUpdateAtHugeTimeIsAnError() {
        assertSceneError(
            #"{"viewport":{"width":100,"height":100},"sections":[{"items":[{}]}],"updates":[{"at":1e300,"delete":[{"section":0,"item":0}]}]}"#,
            path: "updates[0]")
    }

    /// A huge timing duration: `run()` trapped planning the scroll's layout steps (same conversion).
    func testScrollWithHugeDurationIsAnError() {
        assertSceneError(
            #"{"viewport":{"width":100,"height":100},"sections":[{"items":[{}]}],"scroll":[{"to":{"y":10},"timing":{"curve":"linear","duration":1e300}}]}"#,
            path: "scroll[0]")
    }

    func testSceneEndingAtTheLimitStillDecodes() throws {
        let scene = try decode(
            #"{"viewport":{"width":100,"height":100},"sections":[{"items":[{}, {}]}],"updates":[{"at":3599.7,"delete":[{"section":0,"item":0}]}]}"#
        )
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        XCTAssertEqual(simulation.duration, 3600, accuracy: 1e-9)
    }
}
