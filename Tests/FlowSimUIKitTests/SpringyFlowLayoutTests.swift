import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimTesting
import FlowSimUIKit
import XCTest

/// The springy flow layout (Layouts/SpringyFlowLayout.swift) in scenes that scroll — cells lag
/// behind the drag by their distance from the touch, then spring back to their flow frames —
/// and the collection view's pan gesture recognizer as scene scrolls drive it.
final class SpringyFlowLayoutTests: XCTestCase {
    static let layouts: LayoutRegistry = [
        "SpringyFlowLayout": { SpringyFlowLayout() }, "PanProbe": { PanProbeLayout() }, "Falling": { FallingLayout() },
    ]

    /// 320 × 400 at scale 1, `rows` rows of 300 × 44 (10 apart, inset 10: row i's centre at
    /// (160, 32 + 54·i)), scrolled by `scroll` (default: from 0 to 300 in 0.5 s, ease in-out).
    static func scene(
        layout: String = "SpringyFlowLayout", rows: Int = 20,
        scroll: String = #"{"at": 0, "to": {"x": 0, "y": 300}, "timing": {"curve": "easeInEaseOut", "duration": 0.5}}"#
    ) throws -> Scene {
        let items = (0..<rows).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"name": "springy", "viewport": {"width": 320, "height": 400, "scale": 1},
             "layout": {"class": "\(layout)", "itemSize": {"width": 300, "height": 44},
                        "minimumLineSpacing": 10, "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
             "sections": [{"id": "rows", "items": [\(items)]}],
             "scroll": [\(scroll)]}
            """
        return try SceneDecoder.decode(Data(json.utf8), source: "springy.json", defaultName: "springy")
    }

    static func simulate(_ scene: Scene) throws -> SceneSimulation {
        let simulation = try SceneSimulation(scene: scene, layouts: layouts)
        try simulation.run()
        return simulation
    }

    /// Row i's flow-layout centre.
    static func flowCenter(_ row: Int) -> CGPoint { CGPoint(x: 160, y: 32 + 54 * CGFloat(row)) }

    /// During the scroll the rows lag behind the content (their centres below their flow
    /// positions, more the further from the touch at the viewport's centre); after it they
    /// spring back, the scene's duration runs on past the scroll's 0.5 s until the animator
    /// rests, and at the last frame every visible row is at its flow frame within 0.01 pt.
    func testScrollLagsThenSettlesAtTheFlowFrames() throws {
        let simulation = try Self.simulate(Self.scene())
        let end = simulation.duration
        XCTAssertGreaterThan(end, 1, "the bounce outlasts the 0.5 s scroll")
        XCTAssertLessThan(end, 0.5 + SceneSimulation.maximumDisplayLinkRun)
        XCTAssertEqual(end * 60, (end * 60).rounded(), accuracy: 1e-6, "ends on a 60 Hz frame")

        func offsets(at time: Double) -> [Int: CGFloat] {
            var result: [Int: CGFloat] = [:]
            for element in simulation.collectionView.presentation(at: time) where element.kind == .cell {
                result[element.item ?? -1] = element.center.y - Self.flowCenter(element.item ?? -1).y
            }
            return result
        }
        // 0.25 s, offset 150: the touch is at content y 150 + 200 = 350 (row 6 at 356).
        let mid = offsets(at: 0.25)
        XCTAssertGreaterThan(mid[9] ?? 0, 15, "a row far below the touch lags by many points")
        XCTAssertLessThan(abs(mid[6] ?? 99), abs(mid[9] ?? 0) / 2, "rows near the touch lag less")
        // The animator was still running at the end of the scroll.
        XCTAssertGreaterThan(offsets(at: 0.5).values.map(abs).max() ?? 0, 1)
        let final = simulation.collectionView.presentation(at: end).filter { $0.kind == .cell }
        XCTAssertEqual(final.map { $0.item ?? -1 }.sorted(), Array(5...12), "offset 300: rows 5…12 visible")
        for element in final {
            let expected = Self.flowCenter(element.item ?? -1)
            XCTAssertEqual(element.center.x, expected.x, accuracy: 0.01, "row \(element.item ?? -1)")
            XCTAssertEqual(element.center.y, expected.y, accuracy: 0.01, "row \(element.item ?? -1)")
            XCTAssertEqual(element.size, CGSize(width: 300, height: 44))
        }
        XCTAssertEqual(simulation.collectionView.contentOffset(at: end), CGPoint(x: 0, y: 300))
    }

    /// Two runs of the same scene give identical frames (fixed substeps on the clock's grid).
    func testDeterministic() throws {
        let times = SceneSimulation.frameTimes(duration: 2, fps: 60)
        let first = try Self.simulate(Self.scene()).frames(times: times)
        let second = try Self.simulate(Self.scene()).frames(times: times)
        XCTAssertEqual(first, second)
    }

    /// The touch changes who lags: with the finger near the bottom, rows near the bottom follow
    /// the content and rows near the top lag most.
    func testTouchDecidesWhichRowsLag() throws {
        let scroll =
            #"{"at": 0, "to": {"x": 0, "y": 300}, "timing": {"curve": "easeInEaseOut", "duration": 0.5}, "touch": {"x": 160, "y": 390}}"#
        let simulation = try Self.simulate(Self.scene(scroll: scroll))
        let cells = simulation.collectionView.presentation(at: 0.25).filter { $0.kind == .cell }
        func lag(_ row: Int) -> CGFloat? {
            cells.first { $0.item == row }.map { $0.center.y - Self.flowCenter(row).y }
        }
        XCTAssertGreaterThan(lag(3) ?? 0, lag(9) ?? 99, "the top row lags more than the one under the finger")
    }

    /// A layout that never rests (items falling under gravity, no boundary) stops recording
    /// frames `maximumDisplayLinkRun` (10 s) after the scene's scripted end.
    func testNeverRestingAnimatorIsCappedAtTenSeconds() throws {
        let simulation = try Self.simulate(
            Self.scene(layout: "Falling", rows: 2, scroll: #"{"at": 0.5, "to": {"x": 0, "y": 0}}"#))
        XCTAssertEqual(simulation.duration, 10.5, accuracy: 1e-9)
        let fallen = simulation.collectionView.presentation(at: 0.4).first { $0.item == 0 }
        XCTAssertEqual(fallen?.center.y ?? 0, 32 + 80, accuracy: 1e-6, "½ · 1000 · 0.4²")
    }

    // MARK: Pan gesture

    /// Scene scrolls drive the collection view's `panGestureRecognizer`: a linear move of 120 pt
    /// in 0.1 s (steps of 20 pt at 60 Hz) with the finger at (50, 100) of the viewport. Each
    /// bounds change (steps 1…6) sees `.changed`, translation −20·k, velocity −1200 pt/s, the
    /// touch at (50, 100) plus the current offset, dragging and tracking; after the move the pan
    /// is `.ended` (at 0.1 s) then `.possible`.
    func testSceneScrollDrivesThePanGesture() throws {
        let scroll =
            #"{"at": 0, "to": {"x": 0, "y": 120}, "timing": {"curve": "linear", "duration": 0.1}, "touch": {"x": 50, "y": 100}}"#
        let simulation = try Self.simulate(Self.scene(layout: "PanProbe", scroll: scroll))
        let probe = try XCTUnwrap(simulation.layout as? PanProbeLayout)
        XCTAssertEqual(probe.seen.count, 6)
        for (index, seen) in probe.seen.enumerated() {
            let k = CGFloat(index + 1)
            XCTAssertEqual(seen.state, .changed)
            XCTAssertEqual(seen.translation.x, 0)
            XCTAssertEqual(seen.translation.y, -20 * k, accuracy: 1e-9)
            XCTAssertEqual(seen.velocity.y, -1200, accuracy: 1e-6)
            XCTAssertEqual(seen.location, CGPoint(x: 50, y: 100 + 20 * (k - 1)), "old bounds: offset 20·(k − 1)")
            XCTAssertEqual(seen.rootLocation.x, 50, accuracy: 1e-9, "in the window: the finger's point")
            XCTAssertEqual(seen.rootLocation.y, 100, accuracy: 1e-9)
            XCTAssertTrue(seen.isDragging)
            XCTAssertTrue(seen.isTracking)
        }
        let collectionView = simulation.collectionView
        let pan = collectionView.panGestureRecognizer
        XCTAssertEqual(pan.state, .ended)
        XCTAssertFalse(collectionView.isDragging)
        XCTAssertFalse(collectionView.isTracking)
        XCTAssertFalse(collectionView.isDecelerating)
        XCTAssertEqual(pan.velocity(in: collectionView).y, -1200, accuracy: 1e-6, "the release velocity")
        pan.setTranslation(.zero, in: collectionView)
        XCTAssertEqual(pan.translation(in: collectionView), .zero)
        collectionView.currentTime = 0.2
        XCTAssertEqual(pan.state, .possible)
        XCTAssertEqual(pan.velocity(in: collectionView), .zero)
        XCTAssertEqual(pan.location(in: collectionView), CGPoint(x: 50, y: 220), "the last touch, over the offset")
    }

    /// Without a touch the finger is at the viewport's centre; a jump (no timing) is not a drag.
    func testDefaultTouchAndJumps() throws {
        let simulation = try Self.simulate(
            Self.scene(
                layout: "PanProbe",
                scroll:
                    #"{"at": 0, "to": {"x": 0, "y": 40}, "timing": {"curve": "linear", "duration": 0.05}}, {"at": 0.1, "to": {"x": 0, "y": 80}}"#
            ))
        let probe = try XCTUnwrap(simulation.layout as? PanProbeLayout)
        XCTAssertEqual(probe.seen.first?.location, CGPoint(x: 160, y: 200))
        let jump = try XCTUnwrap(probe.seen.last)
        XCTAssertEqual(jump.state, .possible, "the jump at 0.1 s is no drag")
        XCTAssertFalse(jump.isDragging)
    }

    /// The scene decoder's `"touch"`: a point in the viewport, only on a timed scroll.
    func testTouchDecoding() throws {
        func error(_ scroll: String) -> String {
            do {
                _ = try Self.scene(scroll: scroll)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            try Self.scene(
                scroll:
                    #"{"to": {"x": 0, "y": 10}, "timing": {"curve": "linear", "duration": 1}, "touch": {"x": 5, "y": 6}}"#
            ).scrolls[0].touch, CGPoint(x: 5, y: 6))
        XCTAssertTrue(
            error(#"{"to": {"y": 10}, "timing": {"curve": "linear", "duration": 1}, "touch": {"x": 5, "y": 401}}"#)
                .contains("scroll[0].touch"))
        XCTAssertTrue(error(#"{"to": {"y": 10}, "touch": {"x": 5, "y": 6}}"#).contains("without timing is a jump"))
        XCTAssertTrue(
            error(#"{"to": {"y": 10}, "timing": {"curve": "linear", "duration": 1}, "touch": {"x": 5, "z": 6}}"#)
                .contains("unknown key \"z\""))
        XCTAssertTrue(error(#"{"to": {"y": 10}, "tuch": {"x": 5}}"#).contains("did you mean \"touch\"?"))
    }
}

/// Records what the pan gesture looks like at every bounds change.
final class PanProbeLayout: UICollectionViewFlowLayout {
    struct Seen {
        var state: UIGestureRecognizer.State
        var translation: CGPoint
        var velocity: CGPoint
        var location: CGPoint
        var rootLocation: CGPoint
        var isDragging: Bool
        var isTracking: Bool
    }
    var seen: [Seen] = []

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        let pan = collectionView.panGestureRecognizer
        seen.append(
            Seen(
                state: pan.state, translation: pan.translation(in: collectionView),
                velocity: pan.velocity(in: collectionView), location: pan.location(in: collectionView),
                rootLocation: pan.location(in: nil), isDragging: collectionView.isDragging,
                isTracking: collectionView.isTracking))
        return false
    }
}

/// Every item falls under gravity from its flow position, forever (no boundary).
final class FallingLayout: UICollectionViewFlowLayout {
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    let gravity = UIGravityBehavior(items: [])

    override func prepare() {
        super.prepare()
        guard gravity.items.isEmpty, let collectionView = collectionView else { return }
        for attributes in super.layoutAttributesForElements(in: collectionView.bounds) ?? [] {
            gravity.addItem(attributes.copy() as! UICollectionViewLayoutAttributes)
        }
        animator.addBehavior(gravity)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }
}
