import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTesting
import FlowSimUIKit
import XCTest

/// The idioms real layout files use, each in a layout of our own in Layouts/ compiled with only
/// its import lines changed, driven by a scene as `flowsim` drives a team's layout: registered
/// by factory (any initialiser), given the scene's data through `collectionView.delegate` or a
/// delegate factory, and checked against golden frames in `Goldens/tests/idiom-*`.
final class RealLayoutIdiomTests: XCTestCase {
    static let goldens = UIKitLayoutGoldenTests.goldens

    /// The registry a team's own `flowsim` would pass to `FlowSimCommand.main(layouts:delegates:)`.
    static let registry = LayoutRegistry(
        layouts: [
            "aligned-left-top": { AlignedFlowLayout(horizontalAlignment: .left, verticalAlignment: .top) },
            "aligned-default": { AlignedFlowLayout() },
            "masonry": { MasonryLayout() },
            "pinned": { PinnedHeaderLayout() },
            "cell-aware": { CellAwareFlowLayout() },
        ],
        delegates: ["masonry": { context in MasonrySceneDelegate(data: context.sceneData) }])

    func scene(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), source: "idiom.json", defaultName: "idiom")
    }

    func simulate(_ json: String) throws -> SceneSimulation {
        let simulation = try SceneSimulation(scene: try scene(json), layouts: Self.registry)
        try simulation.run()
        return simulation
    }

    func frame(_ simulation: SceneSimulation, item: Int, section: Int = 0) -> CGRect? {
        simulation.layoutAttributes().first {
            $0.representedElementCategory == .cell && $0.indexPath == IndexPath(item: item, section: section)
        }?.frame
    }

    // MARK: A designated initialiser whose parameters have defaults

    static let alignedScene = """
        {"name": "idiom-aligned", "viewport": {"width": 320, "height": 200, "scale": 1},
         "layout": {"class": "aligned-left-top", "minimumInteritemSpacing": 10, "minimumLineSpacing": 10},
         "sections": [{"id": "s", "items": [
           {"id": "a", "size": {"width": 100, "height": 40}}, {"id": "b", "size": {"width": 60, "height": 60}},
           {"id": "c", "size": {"width": 80, "height": 30}}, {"id": "d", "size": {"width": 90, "height": 50}},
           {"id": "e", "size": {"width": 120, "height": 20}}]}],
         "updates": [{"at": 0, "insert": [{"section": 0, "item": 1, "id": "n", "size": {"width": 40, "height": 40}}],
                      "timing": {"curve": "easeInEaseOut", "duration": 0.5}}]}
        """

    func testAlignedLayoutMadeByItsDefaultArgumentInitialiser() throws {
        // Factories make the class with any initialiser: no `init()`, no extra initialiser.
        let made = Self.registry["aligned-default"]?.makeLayout() as? AlignedFlowLayout
        XCTAssertEqual(made?.horizontalAlignment, .justified)
        let simulation = try SceneSimulation(scene: try scene(Self.alignedScene), layouts: Self.registry)
        // Before the insert (docs/uikit-rules.md §1 non-uniform lines in 320 pt, spacing 10): a 100, b 60,
        // c 80 fill 260 pt of the first line (60 pt tall); d 90 and e 120 the second (50 pt tall,
        // y = 60 + 10). Left-aligned: x = 0, 110, 180 and 0, 100; top-aligned: each line's top.
        XCTAssertEqual(frame(simulation, item: 0), CGRect(x: 0, y: 0, width: 100, height: 40))
        XCTAssertEqual(frame(simulation, item: 1), CGRect(x: 110, y: 0, width: 60, height: 60))
        XCTAssertEqual(frame(simulation, item: 2), CGRect(x: 180, y: 0, width: 80, height: 30))
        XCTAssertEqual(frame(simulation, item: 3), CGRect(x: 0, y: 70, width: 90, height: 50))
        XCTAssertEqual(frame(simulation, item: 4), CGRect(x: 100, y: 70, width: 120, height: 20))
        try simulation.run()
        // After inserting n (40 wide) at 1: a, n, b, c fit (100+40+60+80 + 3·10 = 310 ≤ 320): x 0, 110, 160, 230.
        XCTAssertEqual(frame(simulation, item: 1), CGRect(x: 110, y: 0, width: 40, height: 40))
        XCTAssertEqual(frame(simulation, item: 3), CGRect(x: 230, y: 0, width: 80, height: 30))
        assertGolden(
            try scene(Self.alignedScene), frames: [0, 15, 30], named: "idiom-aligned", goldens: Self.goldens,
            layouts: Self.registry)
    }

    // MARK: A layout with its own delegate protocol, given by a delegate factory

    static let masonryScene = """
        {"name": "idiom-masonry", "viewport": {"width": 320, "height": 300, "scale": 1},
         "layout": {"class": "masonry"},
         "sections": [{"id": "s", "items": [
           {"id": "p0", "size": {"width": 1, "height": 120}}, {"id": "p1", "size": {"width": 1, "height": 80}},
           {"id": "p2", "size": {"width": 1, "height": 100}}, {"id": "p3", "size": {"width": 1, "height": 60}},
           {"id": "p4", "size": {"width": 1, "height": 90}}]}],
         "updates": [{"at": 0, "delete": [{"section": 0, "item": 1}],
                      "timing": {"curve": "easeInEaseOut", "duration": 0.4}}]}
        """

    func testMasonryLayoutGetsItsDelegateFromTheRegisteredFactory() throws {
        let simulation = try SceneSimulation(scene: try scene(Self.masonryScene), layouts: Self.registry)
        XCTAssertTrue(simulation.collectionView.delegate is MasonrySceneDelegate)
        XCTAssertTrue(simulation.layoutDelegate is MasonrySceneDelegate, "kept alive by the simulation")
        // Two columns of (320 − 8 − 8 − 8) / 2 = 148 pt; each item goes to the shortest column
        // (the first on ties): p0 col 0 y 8 h 120; p1 col 1 y 8 h 80; p2 col 1 y 96 h 100;
        // p3 col 0 y 136 h 60; p4 col 0 (196 < 204) y 204 h 90.
        XCTAssertEqual(frame(simulation, item: 0), CGRect(x: 8, y: 8, width: 148, height: 120))
        XCTAssertEqual(frame(simulation, item: 1), CGRect(x: 164, y: 8, width: 148, height: 80))
        XCTAssertEqual(frame(simulation, item: 2), CGRect(x: 164, y: 96, width: 148, height: 100))
        XCTAssertEqual(frame(simulation, item: 3), CGRect(x: 8, y: 136, width: 148, height: 60))
        XCTAssertEqual(frame(simulation, item: 4), CGRect(x: 8, y: 204, width: 148, height: 90))
        try simulation.run()
        // p1 deleted: p2 takes column 1 at y 8, p3 column 1 at 116 (108 < 136), p4 column 0 at 136.
        XCTAssertEqual(frame(simulation, item: 1), CGRect(x: 164, y: 8, width: 148, height: 100))
        XCTAssertEqual(frame(simulation, item: 2), CGRect(x: 164, y: 116, width: 148, height: 60))
        XCTAssertEqual(frame(simulation, item: 3), CGRect(x: 8, y: 136, width: 148, height: 90))
        assertGolden(
            try scene(Self.masonryScene), frames: [0, 12, 24], named: "idiom-masonry", goldens: Self.goldens,
            layouts: Self.registry)
    }

    // MARK: An invalidation context of the layout's own

    static let pinnedScene = """
        {"name": "idiom-pinned", "viewport": {"width": 240, "height": 260, "scale": 1},
         "layout": {"class": "pinned", "itemSize": {"width": 70, "height": 70},
                    "headerReferenceSize": {"width": 240, "height": 30}},
         "sections": [{"id": "one", "items": [{"id": "a0"}, {"id": "a1"}, {"id": "a2"}, {"id": "a3"}, {"id": "a4"},
                                            {"id": "a5"}, {"id": "a6"}, {"id": "a7"}, {"id": "a8"}]},
                      {"id": "two", "items": [{"id": "b0"}, {"id": "b1"}, {"id": "b2"}, {"id": "b3"}, {"id": "b4"},
                                            {"id": "b5"}]}],
         "scroll": [{"at": 0, "to": {"x": 0, "y": 200}, "timing": {"curve": "linear", "duration": 0.5}}]}
        """

    func testPinnedHeadersInvalidateThroughTheirOwnContext() throws {
        let simulation = try simulate(Self.pinnedScene)
        let layout = try XCTUnwrap(simulation.layout as? PinnedHeaderLayout)
        // Every scroll step asked for the layout's own context class, marked the headers only and
        // kept the flow metrics (the size did not change).
        let scrolls = layout.contexts.filter(\.invalidatePinnedHeaders)
        XCTAssertEqual(scrolls.count, 30, "one context per layout pass: 0.5 s at 60 Hz")
        XCTAssertTrue(scrolls.allSatisfy { !$0.invalidateFlowLayoutDelegateMetrics && !$0.invalidateEverything })
        XCTAssertEqual(
            scrolls.last?.invalidatedSupplementaryIndexPaths?[UICollectionView.elementKindSectionHeader]?.count, 2)
        // At y = 200: section one's lines are 30…100, 110…180, 190…260 (3 per line: 240 pt
        // wide); its header pins at the top (200) until the section's end (260) pushes it:
        // min(max(200, 0), 260 − 30) = 200.
        let visible = simulation.layoutAttributes(query: .visible)
        let header = visible.first { $0.representedElementKind == UICollectionView.elementKindSectionHeader }
        XCTAssertEqual(header?.frame, CGRect(x: 0, y: 200, width: 240, height: 30))
        // `layout` (content query) and the last frame agree on every element on screen.
        let lastFrame = simulation.frames(times: [simulation.duration]).last?.elements ?? []
        let content = simulation.layoutAttributes(query: .content)
        for element in lastFrame {
            let match = content.first {
                ElementKey($0).kind == element.kind && $0.indexPath.section == element.section
                    && ($0.representedElementCategory != .cell || $0.indexPath.item == element.item)
            }
            XCTAssertEqual(match?.frame, element.frame, "\(element.id)")
        }
        assertGolden(
            try scene(Self.pinnedScene), frames: [0, 15, 30], named: "idiom-pinned", goldens: Self.goldens,
            layouts: Self.registry)
    }

    // MARK: An animator that reads the cells

    static let cellAwareScene = """
        {"name": "idiom-cell-aware", "viewport": {"width": 240, "height": 200, "scale": 1},
         "layout": {"class": "cell-aware", "itemSize": {"width": 70, "height": 70}},
         "sections": [{"id": "s", "items": [{"id": "c0"}, {"id": "c1"}, {"id": "c2"}, {"id": "c3"}, {"id": "c4"}]}],
         "updates": [{"at": 0, "delete": [{"section": 0, "item": 1}],
                      "timing": {"curve": "linear", "duration": 0.5}}]}
        """

    func testAnimatorReadsTheCellsOnScreen() throws {
        let simulation = try simulate(Self.cellAwareScene)
        let layout = try XCTUnwrap(simulation.layout as? CellAwareFlowLayout)
        // The deleted cell was on screen when the update began: its frame is UIKit's flow frame
        // (3 per 240 pt line: gap (240 − 210) / 2 = 15, so item 1 at x = 85).
        XCTAssertEqual(
            layout.cellFramesAtUpdate[IndexPath(item: 1, section: 0)], CGRect(x: 85, y: 0, width: 70, height: 70))
        // Half way, the deleted cell is scaled and turned about its own centre, above the others.
        let half = simulation.collectionView.presentation(at: 0.25).first { $0.id == "c1" }
        XCTAssertEqual(half?.center, CGPoint(x: 120, y: 35))
        XCTAssertEqual(half?.zIndex, 100)
        XCTAssertNotNil(half.map { $0.transform != .identity })
        // Cells are objects with identity: the same item gives the same cell while it stays.
        let collectionView = simulation.collectionView
        let cell = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        XCTAssertTrue(cell === collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        XCTAssertTrue(cell?.contentView == cell?.contentView)
        XCTAssertFalse(cell?.contentView == collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.contentView)
        XCTAssertNil(collectionView.cellForItem(at: IndexPath(item: 40, section: 0)), "no such item")
        XCTAssertEqual(collectionView.visibleCells.count, collectionView.indexPathsForVisibleItems.count)
        assertGolden(
            try scene(Self.cellAwareScene), frames: [0, 15, 30], named: "idiom-cell-aware", goldens: Self.goldens,
            layouts: Self.registry)
    }
}

/// What a team registers beside `MasonryLayout`: its delegate, answering from the scene's data
/// (the item's height; a scene item's width is ignored by a masonry layout).
final class MasonrySceneDelegate: MasonryLayoutDelegate {
    let data: SectionedDataSource

    init(data: SectionedDataSource) { self.data = data }

    func numberOfColumns(in collectionView: UICollectionView) -> Int { 2 }

    func collectionView(
        _ collectionView: UICollectionView, layout: MasonryLayout, heightForItemAt indexPath: IndexPath,
        columnWidth: CGFloat
    ) -> CGFloat {
        data.sections[indexPath.section].items[indexPath.item].size?.height ?? columnWidth
    }
}
