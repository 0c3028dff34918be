import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Edge cases found in review: interrupted animations, reload content, the base layout's answers
/// for elements far off screen, nested completions, and limits on scene input.
final class UpdateEdgeCaseTests: XCTestCase {
    private func makeView(items: Int, height: CGFloat = 200, layout: FlowLayout = InsetFlowLayout.parks())
        -> (CollectionView, SectionedDataSource)
    {
        let source = SectionedDataSource(sections: [
            SectionData(id: "s", items: (0..<items).map { ItemData(id: "i\($0)") })
        ])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: height), collectionViewLayout: layout)
        view.dataSource = source
        view.delegate = source
        view.layoutIfNeeded()
        return (view, source)
    }

    private func element(_ id: String, in elements: [PresentedElement], snapshot: Bool? = nil) -> PresentedElement? {
        elements.first { $0.id == id && (snapshot == nil || $0.isSnapshot == snapshot!) }
    }

    /// A delete that interrupts the insert's spring starts the shrinking cell where it is on
    /// screen (UIKit's BeginFromCurrentState), not at its final place.
    func testDeleteInterruptingAnInsertStartsFromThePresentation() throws {
        let (view, source) = makeView(items: 2)
        source.sections[0].items.insert(ItemData(id: "x"), at: 0)
        ViewAnimation.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0) {
            view.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        let before = try XCTUnwrap(element("x", in: view.presentation(at: 0.2 - 1e-9)))
        view.currentTime = 0.2
        source.sections[0].items.remove(at: 0)
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertTrue(view.updateErrors.isEmpty)
        let after = try XCTUnwrap(element("x", in: view.presentation(at: 0.2)))
        XCTAssertEqual(after.state, .disappearing)
        XCTAssertEqual(after.center.x, before.center.x, accuracy: 1e-3)
        XCTAssertEqual(after.center.y, before.center.y, accuracy: 1e-3)
        XCTAssertEqual(after.transform.a, before.transform.a, accuracy: 1e-3)
    }

    /// A reload fades the old content out and the new content in.
    func testReloadGhostKeepsTheOldContent() throws {
        let (view, source) = makeView(items: 1, layout: FlowLayout())
        source.sections[0].items[0] = ItemData(id: "i0", title: "NEW")
        // The view showed the old title ("i0", the id) before the reload.
        view.reloadItems(at: [IndexPath(item: 0, section: 0)])
        let elements = view.presentation(at: 0.1)
        let incoming = try XCTUnwrap(elements.first { $0.id == "i0" && $0.state == .appearing })
        let outgoing = try XCTUnwrap(elements.first { $0.id == "i0" && $0.state == .disappearing })
        XCTAssertEqual(incoming.content.title, "NEW")
        XCTAssertEqual(outgoing.content.title, "i0")
    }

    /// A layout that adjusts `super`'s answer gets one for survivors that slide in from more
    /// than a viewport away (the base layout records S and E for every animated element first).
    func testBaseAnswersCoverSurvivorsFromFarAway() {
        final class Recording: FlowLayout {
            var nilInitials = 0
            var initials = 0
            override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
                let answer = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
                initials += 1
                if answer == nil { nilInitials += 1 }
                return answer
            }
        }
        let layout = Recording()
        let (view, source) = makeView(items: 600, height: 100, layout: layout)
        source.sections[0].items.removeFirst(60)
        view.deleteItems(at: (0..<60).map { IndexPath(item: $0, section: 0) })
        XCTAssertTrue(view.updateErrors.isEmpty)
        XCTAssertGreaterThan(layout.initials, 0)
        XCTAssertEqual(layout.nilInitials, 0, "every on-screen survivor gets the base answer I = S")
    }

    /// Completions of nested batches run when the outer batch's animation ends.
    func testNestedBatchCompletionsRunAtTheEnd() {
        let (view, source) = makeView(items: 2, layout: FlowLayout())
        var finished: [String] = []
        view.performBatchUpdates(
            {
                source.sections[0].items.append(ItemData(id: "a"))
                view.insertItems(at: [IndexPath(item: 2, section: 0)])
                view.performBatchUpdates(
                    {
                        source.sections[0].items.append(ItemData(id: "b"))
                        view.insertItems(at: [IndexPath(item: 3, section: 0)])
                    }, completion: { _ in finished.append("inner") })
            }, completion: { _ in finished.append("outer") })
        view.timeline.fireCompletions(through: 0.29)
        XCTAssertEqual(finished, [])
        view.timeline.fireCompletions(through: 0.3)
        XCTAssertEqual(finished, ["inner", "outer"])
    }

    func testFrameTimesAndSolverNeverTrap() {
        XCTAssertEqual(SceneSimulation.frameTimes(duration: .infinity, fps: 60), [0])
        XCTAssertEqual(SceneSimulation.frameTimes(duration: .nan, fps: 60), [0])
        XCTAssertEqual(
            SceneSimulation.frameTimes(duration: 1e300, fps: 60).count, SceneSimulation.maximumFrameCount + 1)
        let geometry = FlowLayoutSolver(scrollDirection: .vertical, dimension: 375, scale: 2)
            .solve([FlowSectionInput(metrics: FlowSectionMetrics(), itemCount: Int.max)])
        XCTAssertEqual(geometry.sections[0].lineCount, (Int.max - 1) / 6 + 1)
    }

    /// Springs whose extrema number beyond 2^53 report "never settles" instead of looping.
    func testSettlingOfAlmostUndampedSpringsTerminates() {
        let spring = SpringParameters(mass: 1, stiffness: 100, damping: 1e-15, initialVelocity: 0)
        XCTAssertEqual(spring.lastCrossing(epsilon: 0.001), .infinity)
        let heavy = SpringParameters(mass: 1e300, stiffness: 1, damping: 1, initialVelocity: 0)
        XCTAssertEqual(heavy.lastCrossing(epsilon: 0.001), .infinity)
        // Core Animation's estimate is a closed form: finite, capped at Float's largest value.
        XCTAssertEqual(spring.settlingDuration(epsilon: 0.001), 2e15 * log(1000), accuracy: 1e4)
        XCTAssertEqual(heavy.settlingDuration(epsilon: 0.001), Double(Float.greatestFiniteMagnitude))
    }

    func testSceneLimits() {
        func message(_ json: String) -> String? {
            do {
                _ = try SceneDecoder.decode(Data(json.utf8), source: "t.json", defaultName: "t")
                return nil
            } catch { return "\(error)" }
        }
        let base = #"{"viewport": {"width": 100, "height": 200}, "sections": [{"items": [{"id": "a"}]}], %@}"#
        XCTAssertEqual(
            message(String(format: base, #""updates": [{"at": 1e300}]"#)),
            "t.json: updates[0]: ends at 1e+300 s; a scene's updates and scrolls must end by 3600 s")
        XCTAssertEqual(
            message(
                String(format: base, #""updates": [{"timing": {"physicalSpring": {"stiffness": 100, "damping": 0}}}]"#)),
            "t.json: updates[0].timing.physicalSpring.damping: expected a finite number > 0, got 0")
        XCTAssertTrue(
            message(
                String(
                    format: base, #""updates": [{"timing": {"physicalSpring": {"stiffness": 100, "damping": 1e-9}}}]"#))?
                .contains("updates[0]: ends at") == true)
        XCTAssertEqual(
            message(#"{"name": "../..", "viewport": {"width": 100, "height": 200}, "sections": []}"#),
            #"t.json: name: expected a name usable as a folder name (not empty, no '/', not starting with '.', at most 200 bytes), got "../..""#
        )
        XCTAssertEqual(
            message(String(format: base, #""layout": {"itemSize": {"width": 40, "height": 40}, "cellInset": 20}"#)),
            "t.json: layout.cellInset: an inset of 20 pt on each side leaves nothing of a 40×40 cell; use less than half its smaller side"
        )
    }
}
