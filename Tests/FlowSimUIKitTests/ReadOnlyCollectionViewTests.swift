import FlowSim
import FlowSimScene
import FlowSimUIKit
import XCTest

/// `UICollectionViewLayout.collectionView` is read-only, as in UIKit (`{ get }`), so a layout may
/// override it with a non-optional `UICollectionView`; the collection view still attaches itself.
final class ReadOnlyCollectionViewTests: XCTestCase {
    func testANonOptionalOverrideSeesTheCollectionView() throws {
        let json = """
            {"viewport": {"width": 320, "height": 200}, "layout": {"class": "list"},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]}]}
            """
        let scene = try SceneDecoder.decode(Data(json.utf8), source: "list.json", defaultName: "list")
        let run = try SceneSimulation(scene: scene, layouts: ["list": { FullWidthListLayout() }])
        let layout = try XCTUnwrap(run.layout as? FullWidthListLayout)
        XCTAssertTrue(layout.collectionView === run.collectionView)
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 320, height: 240))
        let frames = run.collectionView.visibleLayoutAttributes().map(\.frame)
        // Rows of 60 pt; the fourth starts at 180, inside the 200 pt viewport.
        XCTAssertEqual(frames.map(\.minY), [0, 60, 120, 180])
        XCTAssertEqual(Set(frames.map(\.width)), [320])
    }

    func testReassigningTheLayoutDetachesTheOldOne() {
        let first = UICollectionViewFlowLayout()
        let second = UICollectionViewFlowLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: first)
        XCTAssertTrue(first.collectionView === collectionView)
        collectionView.collectionViewLayout = second
        XCTAssertNil(first.collectionView)
        XCTAssertTrue(second.collectionView === collectionView)
    }
}
