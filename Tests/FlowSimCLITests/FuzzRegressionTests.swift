import FlowSim
import FlowSimScene
import FlowSimCLI
import Foundation
import XCTest
import FlowSimTestSupport

/// Bad input that once trapped the CLI: now exit 2 with a message naming the key.
final class FuzzRegressionTests: XCTestCase {
    /// `flowsim frames` trapped converting duration × fps (≈ 6e301 frames) to Int.
    func testFramesOfASceneEndingAtHugeTimeExitsTwo() {
        let path = CLI.sceneFile(
            #"{"viewport":{"width":100,"height":100},"sections":[{"items":[{}]}],"updates":[{"at":1e300,"delete":[{"section":0,"item":0}]}]}"#
        )
        let result = CLI.run(["frames", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("updates[0]: ends at"), result.stderr)
    }
}
