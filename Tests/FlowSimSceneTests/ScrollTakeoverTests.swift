import FlowSim
import FlowSimScene
import XCTest

/// Back-to-back scroll moves (issue 22, part 3, item 3): when the next move starts as the
/// running one ends, the running move's last step (its target) is laid out first, and the next
/// move starts from there.
final class ScrollTakeoverTests: XCTestCase {
    /// 100 items of 50 × 50 in 300 × 400 (20 rows, content 1190 tall). Move 1: 0 → 187.5 in
    /// 0.5 s (linear); move 2 at 0.5 s: → 300 in 0.5 s. At 0.5 s the offset is 187.5 (it was
    /// 181.25, the step at 29/60 s: the last step was dropped), and at 0.75 s 187.5 + 112.5 / 2
    /// = 243.75. Steps: 31 of move 1 (0 through 0.5 s) and 31 of move 2.
    func testMoveEndingAsTheNextBeginsReachesItsTarget() throws {
        let items = (0..<100).map { #"{"id": "i\#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"viewport": {"width": 300, "height": 400}, "sections": [{"items": [\(items)]}],
             "scroll": [
               {"at": 0, "to": {"x": 0, "y": 187.5}, "timing": {"curve": "linear", "duration": 0.5}},
               {"at": 0.5, "to": {"x": 0, "y": 300}, "timing": {"curve": "linear", "duration": 0.5}}]}
            """
        let scene = try SceneDecoder.decode(Data(json.utf8), source: "t.json", defaultName: "t")
        XCTAssertEqual(SceneSimulation.scrollStepCount(of: scene), 62)
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        let collectionView = simulation.collectionView
        XCTAssertEqual(collectionView.contentOffset(at: 29.0 / 60).y, 181.25, accuracy: 1e-9)
        XCTAssertEqual(collectionView.contentOffset(at: 0.5).y, 187.5, accuracy: 1e-9)
        XCTAssertEqual(collectionView.contentOffset(at: 0.75).y, 243.75, accuracy: 1e-9)
        XCTAssertEqual(collectionView.contentOffset(at: 1).y, 300, accuracy: 1e-9)
    }

    /// A move that takes over mid-flight: steps at or before its start are laid out (the one at
    /// exactly 1 s too), later ones dropped. A 10 s move 0 → 100 (the same 100 items) taken over
    /// at 1 s: 61 steps, the offset at 1 s is 10, and the 1 s move back to 0 starts there (5 at
    /// 1.5 s).
    func testTakeoverMidFlightStartsFromTheOffsetAtItsStart() throws {
        let items = (0..<100).map { #"{"id": "i\#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"viewport": {"width": 300, "height": 400}, "sections": [{"items": [\(items)]}],
             "scroll": [
               {"at": 0, "to": {"x": 0, "y": 100}, "timing": {"curve": "linear", "duration": 10}},
               {"at": 1, "to": {"x": 0, "y": 0}, "timing": {"curve": "linear", "duration": 1}}]}
            """
        let scene = try SceneDecoder.decode(Data(json.utf8), source: "t.json", defaultName: "t")
        XCTAssertEqual(SceneSimulation.scrollStepCount(of: scene), 122)
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        XCTAssertEqual(simulation.collectionView.contentOffset(at: 1).y, 10, accuracy: 1e-9)
        XCTAssertEqual(simulation.collectionView.contentOffset(at: 1.5).y, 5, accuracy: 1e-9)
    }
}
