import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Update regressions found by UpdateBatchPropertyTests (core) that need a scene's scroll and
/// updates played by the simulation to reproduce.
final class SceneUpdateRegressionTests: XCTestCase {
    /// Found by the property tests (and `flowsim frames`): a view whose first presentation showed
    /// nothing (offset beyond the content) recorded no layout pass while a scroll brought
    /// content into view, so the update laid out its "before" from the data source the scene had
    /// already changed: `moveSections` moving an empty section over a full one read items past
    /// the end of the new data ("Index out of range").
    func testMoveSectionsIntoEmptySectionAfterScrollingFromBeyondTheContent() throws {
        let scene = try SceneDecoder.decode(
            Data(
                #"""
                {"viewport": {"width": 200, "height": 300, "scale": 1, "contentOffset": {"x": 0, "y": 400}},
                 "layout": {"itemSize": {"width": 56, "height": 56}, "headerReferenceSize": {"width": 200, "height": 28}},
                 "sections": [{"title": "S0", "items": [{"id": "i0"}, {"id": "i1"}, {"id": "i2"}, {"id": "i3"},
                                                       {"id": "i4"}, {"id": "i5"}, {"id": "i6"}, {"id": "i7"}]},
                              {"title": "S1", "items": []}],
                 "updates": [{"at": 0.5, "moveSections": [{"from": 1, "to": 0}]}],
                 "scroll": [{"at": 0.1, "to": {"x": 0, "y": 0}, "timing": {"curve": "linear", "duration": 0.5}}]}
                """#.utf8), source: "t.json", defaultName: "t")
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        let cv = simulation.collectionView
        // The scroll shows the items as they come into view, before the update.
        XCTAssertEqual(cv.presentation(at: 0.45).filter { $0.kind == .cell }.map(\.id), ["i3", "i4", "i5", "i6", "i7"])
        XCTAssertEqual(cv.updateErrors, [])
        XCTAssertEqual(cv.itemCounts, [0, 8])
        let ids = Set(cv.presentation(at: 10).filter { $0.kind == .cell }.map(\.id))
        XCTAssertEqual(ids, ["i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7"])
    }
}
