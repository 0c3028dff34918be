import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import Foundation
import XCTest

/// Scene digests (golden manifests) do not depend on how a section keeps its items: a run of
/// `{}` items kept as a count digests as the array of items it stands for, as before.
final class GoldenDigestTests: XCTestCase {
    /// One section of 100 `{}` items in a 375 × 667 viewport.
    private func uniformScene() throws -> Scene {
        let items = Array(repeating: "{}", count: 100).joined(separator: ", ")
        let json = #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [\#(items)]}]}"#
        return try SceneDecoder.decode(Data(json.utf8), source: "u.json", defaultName: "u")
    }

    func testUniformRunsDigestAsTheirItems() throws {
        let uniform = try uniformScene()
        XCTAssertNotNil(uniform.sections[0].itemList.uniformIDPrefix)
        var listed = uniform
        listed.sections[0].items = uniform.sections[0].items
        XCTAssertNil(listed.sections[0].itemList.uniformIDPrefix)
        XCTAssertEqual(GoldenManifest.digest(uniform), GoldenManifest.digest(listed))
        // The digest FlowSim 0.2.0 recorded for this scene (items stored as an array).
        XCTAssertEqual(GoldenManifest.digest(uniform), "c44f96456bdc5e38")
    }

    /// Each kind of `GoldenManifest.digestRules` row on the pinned scene: fields left out always
    /// (whether the offset was stated) or only in one type (the viewport's stated keys; the
    /// layout's stay in), and a field left out only at its default (`isDark`).
    func testTheDigestRulesLeaveOutWhatTheySay() throws {
        let scene = try uniformScene()
        let pinned = GoldenManifest.digest(scene)
        XCTAssertEqual(pinned, "c44f96456bdc5e38")
        var stated = scene
        stated.viewport.contentOffset = scene.viewport.contentOffset  // the same offset, now stated
        XCTAssertEqual(stated.viewport.givenKeys, ["contentOffset"])
        XCTAssertFalse(stated.viewport.contentOffsetIsDefault)
        XCTAssertEqual(GoldenManifest.digest(stated), pinned)
        var keyed = scene
        keyed.layout.givenKeys.insert("itemSize")
        XCTAssertNotEqual(GoldenManifest.digest(keyed), pinned)
        var dark = scene
        dark.style.isDark = false
        XCTAssertEqual(GoldenManifest.digest(dark), pinned)
        dark.style.isDark = true
        XCTAssertNotEqual(GoldenManifest.digest(dark), pinned)
    }
}
