import FlowSim
import FlowSimScene
import FlowSimUIKit
import XCTest

/// A scene applies only what it states: a layout that sets the collection view's content inset
/// and offset itself (in `invalidateLayout(with:)`) keeps them unless the scene gives its own.
final class SceneStatedValuesTests: XCTestCase {
    func simulation(viewport: String) throws -> SceneSimulation {
        let json = """
            {"viewport": {\(viewport)}, "layout": {"class": "paging"},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}]}
            """
        let scene = try SceneDecoder.decode(Data(json.utf8), source: "paging.json", defaultName: "paging")
        return try SceneSimulation(scene: scene, layouts: ["paging": { CentredPagingLayout() }])
    }

    func testTheLayoutsOwnInsetAndOffsetSurviveASceneThatGivesNeither() throws {
        let run = try simulation(viewport: #""width": 375, "height": 400"#)
        // (375 − 250) / 2 = 62.5 on each side; the first page centred at offset −62.5.
        XCTAssertEqual(run.collectionView.contentInset, UIEdgeInsets(top: 0, left: 62.5, bottom: 0, right: 62.5))
        XCTAssertEqual(run.collectionView.contentOffset, CGPoint(x: -62.5, y: 0))
        let first = try XCTUnwrap(run.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        XCTAssertEqual(first.frame.minX - run.collectionView.contentOffset.x, 62.5)
    }

    func testAnOffsetTheSceneGivesIsApplied() throws {
        let run = try simulation(viewport: #""width": 375, "height": 400, "contentOffset": {"x": 203.5, "y": 0}"#)
        XCTAssertEqual(run.collectionView.contentOffset, CGPoint(x: 203.5, y: 0))
        XCTAssertEqual(run.collectionView.contentInset.left, 62.5)
    }

    func testAViewportBuiltInCodeRecordsWhatItStates() {
        XCTAssertEqual(Viewport(width: 375, height: 400).givenKeys, [])
        var viewport = Viewport(width: 375, height: 400, contentInset: .zero)
        XCTAssertEqual(viewport.givenKeys, ["contentInset"])
        viewport.contentOffset = CGPoint(x: 0, y: -20)
        XCTAssertEqual(viewport.givenKeys, ["contentInset", "contentOffset"])
    }
}
