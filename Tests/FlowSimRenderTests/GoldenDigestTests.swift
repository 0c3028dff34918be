import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import Foundation
import XCTest

/// Scene digests (golden manifests) do not depend on how a section keeps its items: a run of
/// `{}` items kept as a count digests as the array of items it stands for, as before.
final class GoldenDigestTests: XCTestCase {
    func testUniformRunsDigestAsTheirItems() throws {
        let items = Array(repeating: "{}", count: 100).joined(separator: ", ")
        let json = #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [\#(items)]}]}"#
        let uniform = try SceneDecoder.decode(Data(json.utf8), source: "u.json", defaultName: "u")
        XCTAssertNotNil(uniform.sections[0].itemList.uniformIDPrefix)
        var listed = uniform
        listed.sections[0].items = uniform.sections[0].items
        XCTAssertNil(listed.sections[0].itemList.uniformIDPrefix)
        XCTAssertEqual(GoldenManifest.digest(uniform), GoldenManifest.digest(listed))
        // The digest FlowSim 0.2.0 recorded for this scene (items stored as an array).
        XCTAssertEqual(GoldenManifest.digest(uniform), "c44f96456bdc5e38")
    }
}
