import FlowSim
import FlowSimScene
import XCTest

/// The scene's `"drag"` update (docs/reorder.md): decoding, its errors with their key paths, and
/// a drop, a cancel and auto-scroll played frame by frame.
final class SceneDragTests: XCTestCase {
    /// 100 × 100 items, spacings 10, 320 × 480: three a line at x = 0, 110, 220. Section 0 holds
    /// a0…a4 (lines at y = 0, 110), section 1 holds b0…b5 (lines at y = 210, 320).
    private func scene(_ updates: String, scroll: String = "", height: Int = 480) throws -> Scene {
        let text = """
            {"viewport": {"width": 320, "height": \(height)},
             "layout": {"itemSize": {"width": 100, "height": 100}, "minimumLineSpacing": 10, "minimumInteritemSpacing": 10},
             "sections": [{"id": "s0", "items": [{"id": "a0"}, {"id": "a1"}, {"id": "a2"}, {"id": "a3"}, {"id": "a4"}]},
                          {"id": "s1", "items": [{"id": "b0"}, {"id": "b1"}, {"id": "b2"}, {"id": "b3"}, {"id": "b4"}, {"id": "b5"}]}],
             \(scroll)
             "updates": [\(updates)]}
            """
        return try SceneDecoder.decode(Data(text.utf8), source: "t.json", defaultName: "t")
    }

    private func assertError(_ updates: String, scroll: String = "", _ expected: String, line: UInt = #line) {
        XCTAssertThrowsError(try SceneSimulation(scene: try scene(updates, scroll: scroll)).run(), line: line) {
            error in
            // The whole message (a near-miss suggestion may follow a choice's message).
            let message = "\(error)".replacingOccurrences(of: "t.json: ", with: "")
            XCTAssertTrue(message == expected || message.hasPrefix(expected + ";"), message, line: line)
        }
    }

    func testADropMovesTheDataAcrossSections() throws {
        // a0 (centre (50, 50)) to b1's place (centre (160, 260)) over 0.5 s, dropped.
        let scene = try scene(
            #"{"at": 0.5, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 50, "y": 50}, {"x": 160, "y": 260}], "duration": 0.5}}"#
        )
        XCTAssertEqual(scene.updates[0].drag?.end, .drop)
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        XCTAssertEqual(
            simulation.dataSource.sections.map { $0.items.map(\.id) },
            [
                ["a1", "a2", "a3", "a4"], ["b0", "a0", "b1", "b2", "b3", "b4", "b5"],
            ])
        // 0.5 s of dragging, then the 0.3 s drop animation.
        XCTAssertEqual(simulation.duration, 1.3, accuracy: 1e-9)
        let landed = simulation.frame(index: 0, time: 1.3).elements.first { $0.id == "a0" }
        XCTAssertEqual(landed?.center, CGPoint(x: 160, y: 260))
        XCTAssertEqual(landed?.indexPath, IndexPath(item: 1, section: 1))
        // Halfway along the path (t = 0.75 s) the finger is at (105, 155) and the cell with it.
        let midway = simulation.frame(index: 0, time: 0.75).elements.first { $0.id == "a0" }
        XCTAssertEqual(midway?.center, CGPoint(x: 105, y: 155))
        XCTAssertEqual(midway?.zIndex, Int.max)
    }

    func testACancelLeavesTheData() throws {
        let simulation = try SceneSimulation(
            scene: try scene(
                #"{"at": 0, "drag": {"item": {"section": 1, "item": 5}, "path": [{"x": 270, "y": 370}, {"x": 50, "y": 50}], "duration": 0.4, "end": "cancel"}}"#
            ))
        try simulation.run()
        XCTAssertEqual(simulation.dataSource.sections[1].items.map(\.id).last, "b5")
        // Back at its slot (220…320, 320…420) when the cancel's 0.3 s animation ends.
        XCTAssertEqual(
            simulation.frame(index: 0, time: 0.7).elements.first { $0.id == "b5" }?.center, CGPoint(x: 270, y: 370))
    }

    func testADragNearTheBottomAutoScrolls() throws {
        // A 200 pt tall viewport: the finger goes to y = 400, beyond the visible bottom (200).
        let simulation = try SceneSimulation(
            scene: try scene(
                #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 50, "y": 50}, {"x": 50, "y": 400}], "duration": 1}}"#,
                height: 200))
        try simulation.run()
        XCTAssertGreaterThan(simulation.collectionView.contentOffset.y, 0)
        // The content is 420 tall (two sections of two lines, 210 each): the offset stops at
        // content − viewport = 220 at the latest.
        let content = simulation.layout.collectionViewContentSize.height
        XCTAssertLessThanOrEqual(simulation.collectionView.contentOffset.y, content - 200)
    }

    func testTheFingerMovesAlongThePathAtConstantSpeed() {
        // Segments of 0, 30 and 40 pt: 70 pt in 7 s, 10 pt a second.
        let drag = SceneDrag(
            item: IndexPath(item: 0, section: 0),
            path: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 40)], duration: 7)
        XCTAssertEqual(drag.position(at: 0), CGPoint(x: 0, y: 0))
        XCTAssertEqual(drag.position(at: 1), CGPoint(x: 10, y: 0))
        XCTAssertEqual(drag.position(at: 3), CGPoint(x: 30, y: 0), "the corner at 30 pt")
        XCTAssertEqual(drag.position(at: 3.5), CGPoint(x: 30, y: 5))
        XCTAssertEqual(drag.position(at: 9), CGPoint(x: 30, y: 40), "at the end from the duration on")
        let still = SceneDrag(item: IndexPath(item: 0, section: 0), path: [CGPoint(x: 4, y: 4)], duration: 1)
        XCTAssertEqual(still.position(at: 0.5), CGPoint(x: 4, y: 4))
    }

    func testBadDragsNameTheirKeyPath() {
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [], "duration": 1}}"#,
            "updates[0].drag.path: the path needs at least one point (where the finger lifts the item)")
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}], "duration": 0}}"#,
            "updates[0].drag.duration: expected a finite number > 0, got 0")
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}, {"y": 1e300}], "duration": 1}}"#,
            "updates[0].drag.path[1]: a path point must lie within 10000000 points of the origin")
        // 3600 s of dragging plus the 0.3 s drop passes the scenes' one-hour end.
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}], "duration": 3600}}"#,
            "updates[0]: ends at 3600.3 s; a scene's updates and scrolls must end by 3600 s")
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 4, "item": 0}, "path": [{"x": 1}], "duration": 1}}"#,
            "updates[0].drag.item: no item at section 4, item 0 to drag (the collection view has 2 sections)")
        assertError(
            #"{"at": 0, "delete": [{"section": 0, "item": 0}], "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}], "duration": 1}}"#,
            "updates[0].delete: a \"drag\" is an update of its own: move \"delete\" to another update")
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}], "duration": 1, "end": "throw"}}"#,
            #"updates[0].drag.end: expected one of "drop", "cancel", got "throw""#)
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}], "duration": 1}}, {"at": 0.5, "delete": [{"section": 0, "item": 0}]}"#,
            "updates[1].at: starts at 0.5 s, during the drag of updates[0] (0–1 s): start it at 1 s or later")
        assertError(
            #"{"at": 0, "drag": {"item": {"section": 0, "item": 0}, "path": [{"x": 1}], "duration": 1}}"#,
            scroll: #""scroll": [{"at": 0.5, "to": {"x": 0, "y": 10}}],"#,
            "scroll[0].at: scrolls during the drag of updates[0] (0–1 s): a drag auto-scrolls on its own; move the scroll out of its time"
        )
    }
}
