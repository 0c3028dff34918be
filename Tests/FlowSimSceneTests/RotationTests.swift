import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// `{"rotate": …}` and `{"bounds": …}`: a size transition animated as UIKit animates a collection
/// view resized inside the transition's animation block (0.4 s ease-in-out by default).
final class RotationTests: XCTestCase {
    private func simulate(_ text: String) throws -> SceneSimulation {
        let scene = try SceneDecoder.decode(Data(text.utf8), source: "t.json", defaultName: "t")
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        return simulation
    }

    private static let parks =
        #""layout": {"itemSize": {"width": 100, "height": 100}}, "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}, {"id": "f"}, {"id": "g"}, {"id": "h"}, {"id": "i"}, {"id": "j"}, {"id": "k"}, {"id": "l"}]}]"#

    /// iPhone 16 Pro upright: 3 columns of 100 in 402 (x = 0, 151, 302); sideways (874 wide, the
    /// sensor housing's sides not applied): 8 columns, gap (874 − 800)/7, so item b is at
    /// 110.571… → 110.667 at 3×. The cell slides there over 0.4 s: halfway in time it is halfway
    /// (ease-in-out is symmetric).
    func testRotationReflowsAndSlidesTheCells() throws {
        let simulation = try simulate(
            #"{"device": "iPhone 16 Pro", "updates": [{"at": 0, "rotate": "landscape"}], "# + Self.parks + "}")
        XCTAssertEqual(simulation.collectionView.bounds.size, CGSize(width: 874, height: 402))
        XCTAssertEqual(simulation.duration, 0.4, accuracy: 1e-9)
        func b(at time: Double) -> CGRect? {
            simulation.frames(times: [time]).first?.elements.first { $0.id == "b" }?.frame
        }
        XCTAssertEqual(b(at: 0)?.origin.x, 151)
        XCTAssertEqual(b(at: 0.4)?.origin.x ?? 0, 332 / 3, accuracy: 1e-9)
        XCTAssertEqual(b(at: 0.2)?.origin.x ?? 0, (151 + 332 / 3) / 2, accuracy: 1e-9)
        XCTAssertTrue(simulation.collectionView.traitCollection.verticalSizeClass == .compact)
    }

    /// At the top upright the content rests 62 pt down (the Dynamic Island); sideways the safe
    /// area has no top on iOS 18's iPhone 16 Pro, so the offset keeps its distance from the safe
    /// area: y = 0, and the first item stays in view.
    func testRotationKeepsTheFirstVisibleItemInView() throws {
        let simulation = try simulate(
            #"{"device": "iPhone 16 Pro", "updates": [{"at": 0, "rotate": "landscape"}], "# + Self.parks + "}")
        XCTAssertEqual(simulation.collectionView.contentOffset, CGPoint(x: 0, y: 0))
        let last = simulation.frames(times: [0.4]).first!
        XCTAssertTrue(last.elements.contains { $0.id == "a" && $0.frame.minY >= last.contentOffset.y })
    }

    /// Scrolled to the end, a taller content in portrait becomes shorter sideways: the offset is
    /// clamped to the new content's end.
    func testBoundsChangeClampsTheOffsetToTheNewContent() throws {
        let simulation = try simulate(
            #"{"viewport": {"width": 320, "height": 300, "contentOffset": {"x": 0, "y": 330}}, "updates": [{"at": 0, "bounds": {"width": 700, "height": 300}}], "#
                + Self.parks + "}")
        // 700 wide: 6 columns, two rows: 210 tall, shorter than the view: the offset returns to 0.
        XCTAssertEqual(simulation.layout.collectionViewContentSize.height, 210)
        XCTAssertEqual(simulation.collectionView.contentOffset, CGPoint(x: 0, y: 0))
    }

    /// Frames of a rotating scene are drawn on a canvas that holds both sizes.
    func testTheCanvasHoldsEverySize() throws {
        let text = #"{"device": "iPhone 16 Pro", "updates": [{"at": 0, "rotate": "landscape"}], "# + Self.parks + "}"
        let scene = try SceneDecoder.decode(Data(text.utf8), source: "t.json", defaultName: "t")
        XCTAssertEqual(scene.viewport.canvasSize, CGSize(width: 874, height: 874))
        var still = scene
        still.updates = []
        still.fitCanvasToSizeTransitions()
        XCTAssertNil(still.viewport.canvasSize)
    }

    func testSizeTransitionsAreCheckedWhereTheyAre() {
        func error(_ text: String) -> String {
            do { _ = try simulate(text) } catch { return "\(error)" }
            return ""
        }
        XCTAssertEqual(
            error(
                #"{"viewport": {"width": 320, "height": 300}, "updates": [{"rotate": "landscape"}], "# + Self.parks
                    + "}"),
            "updates[0].rotate: \"rotate\" needs the scene's \"device\" to turn (or use \"bounds\")")
        XCTAssertEqual(
            error(
                #"{"device": "iPhone 16", "updates": [{"rotate": "landscape", "delete": [{"section": 0, "item": 0}]}], "#
                    + Self.parks + "}"),
            "t.json: updates[0].delete: a size transition (\"rotate\" or \"bounds\") is an update of its own: move \"delete\" to another update"
        )
    }
}
