import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import XCTest

/// A `"drag"` update is part of what a scene shows (in its golden digest). Scenes without one keep
/// the digests their goldens were recorded with (`GoldenManifest.digestRules`): GoldenDigestTests
/// pins one, and `check` of the recorded goldens notes no changed scene.
final class DragDigestTests: XCTestCase {
    func testADragChangesTheDigestAndItsAbsenceDoesNot() {
        var scene = Scene(
            name: "d", viewport: Viewport(width: 100, height: 100),
            sections: [SectionData(id: "s", items: [ItemData(id: "a")])])
        var update = SceneUpdate()
        update.at = 1
        scene.updates = [update]
        let plain = GoldenManifest.digest(scene)
        scene.updates[0].drag = SceneDrag(
            item: IndexPath(item: 0, section: 0), path: [CGPoint(x: 1, y: 1)], duration: 1)
        XCTAssertNotEqual(GoldenManifest.digest(scene), plain)
    }
}
