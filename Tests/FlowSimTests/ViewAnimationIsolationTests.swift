import Foundation
import XCTest

@testable import FlowSim
import FlowSimCoreTestSupport

/// The animation-block stack is task-local: tasks running at the same time (as Swift Testing
/// runs tests) each see only their own blocks' timing.
final class ViewAnimationIsolationTests: XCTestCase {
    /// Two tasks each open a block and a nested one, then wait until the other has opened its
    /// blocks too; each must still see its own innermost timing, and its outer one after the
    /// inner block closes. (With one shared stack the second task's frames would be on top.)
    func testConcurrentTasksDoNotSeeEachOthersBlocks() async {
        let entered = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        @Sendable func body(_ index: Int) -> [AnimationTiming?] {
            let outer = AnimationTiming(curve: .linear(duration: Double(index + 1)))
            let inner = AnimationTiming(curve: .linear(duration: Double(index + 10)))
            var seen: [AnimationTiming?] = []
            ViewAnimation.run(outer) {
                ViewAnimation.run(inner) {
                    entered[index].signal()
                    // Bounded wait: with a single worker thread the other task runs afterwards.
                    _ = entered[1 - index].wait(timeout: .now() + 2)
                    seen.append(ViewAnimation.currentTiming)
                }
                seen.append(ViewAnimation.currentTiming)
            }
            seen.append(ViewAnimation.currentTiming)
            return seen
        }
        async let first = Task.detached { body(0) }.value
        async let second = Task.detached { body(1) }.value
        let (a, b) = await (first, second)
        XCTAssertEqual(a, [.init(curve: .linear(duration: 10)), .init(curve: .linear(duration: 1)), nil])
        XCTAssertEqual(b, [.init(curve: .linear(duration: 11)), .init(curve: .linear(duration: 2)), nil])
    }

    /// A block's completion still fires when the animation it started ends.
    func testCompletionFiresAtTheEndOfTheBlocksAnimation() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: Fixture.items(3))])
        data.sections[0].items.removeLast()
        var finished: [Bool] = []
        ViewAnimation.animate(withDuration: 0.5, animations: { cv.deleteItems(at: [IndexPath(item: 2, section: 0)]) }) {
            finished.append($0)
        }
        XCTAssertNil(ViewAnimation.currentTiming)
        _ = cv.presentation(at: 0.49)
        XCTAssertEqual(finished, [])
        _ = cv.presentation(at: 0.5)
        XCTAssertEqual(finished, [true])
    }
}
