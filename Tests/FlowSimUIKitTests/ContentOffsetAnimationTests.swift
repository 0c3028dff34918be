import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

final class ContentOffsetAnimationTests: XCTestCase {
    func testInterpolatesByTheTimingCurve() {
        let move = ContentOffsetAnimation(
            start: 1, from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: 500),
            timing: AnimationTiming(curve: .linear(duration: 2), delay: 0.5))
        XCTAssertEqual(move.endTime, 3.5)
        XCTAssertEqual(move.offset(at: 0), CGPoint(x: 0, y: 100))
        XCTAssertEqual(move.offset(at: 1.5), CGPoint(x: 0, y: 100), "still in the delay")
        XCTAssertEqual(move.offset(at: 2.5), CGPoint(x: 0, y: 300), "half of 2 s linear")
        XCTAssertEqual(move.offset(at: 9), CGPoint(x: 0, y: 500))
        // Ease-in-out (0.42, 0, 0.58, 1) is symmetric: half-way at half time.
        let eased = ContentOffsetAnimation(
            start: 0, from: .zero, to: CGPoint(x: 0, y: 200),
            timing: AnimationTiming(curve: .easeInEaseOut(duration: 1)))
        XCTAssertEqual(eased.offset(at: 0.5).y, 100, accuracy: 1e-6)
        XCTAssertLessThan(eased.offset(at: 0.1).y, 20, "slow start")
    }

    func testSpringOvershoots() {
        let spring = ContentOffsetAnimation(
            start: 0, from: .zero, to: CGPoint(x: 0, y: 100), timing: .spring(duration: 1, dampingRatio: 0.3))
        let samples = (1..<60).map { spring.offset(at: Double($0) / 60).y }
        XCTAssertGreaterThan(samples.max() ?? 0, 100, "an underdamped spring passes the target")
        XCTAssertEqual(spring.offset(at: 1), CGPoint(x: 0, y: 100))
    }

    func testJumpAndLayoutTimes() {
        let jump = ContentOffsetAnimation(start: 2, from: .zero, to: CGPoint(x: 0, y: 50), timing: nil)
        XCTAssertEqual(jump.offset(at: 1.99), .zero)
        XCTAssertEqual(jump.offset(at: 2), CGPoint(x: 0, y: 50))
        XCTAssertEqual(jump.layoutTimes(fps: 60), [2])
        let move = ContentOffsetAnimation(
            start: 1, from: .zero, to: CGPoint(x: 0, y: 50), timing: AnimationTiming(curve: .linear(duration: 0.1)))
        XCTAssertEqual(move.layoutTimes(fps: 60).count, 7)
        XCTAssertEqual(move.layoutTimes(fps: 60).last, 1.1)
    }

    func testSetContentOffsetOnAPlainFlowLayout() {
        // A plain flow layout answers false to bounds changes: nothing is invalidated, but each
        // layout pass shows the elements of the new bounds.
        let layout = UICollectionViewFlowLayout()
        let harness = Harness(
            width: 375, height: 100, layout: layout, sections: [SectionData(id: "s", items: items(30, prefix: "i"))])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertEqual(
            collectionView.presentation(at: 0).filter { $0.kind == .cell }.count, 12, "rows 0…50 and 60…110 meet 0…100")
        let move = collectionView.setContentOffset(CGPoint(x: 0, y: 240), animated: true)
        XCTAssertEqual(move.timing, ContentOffsetAnimation.setContentOffsetAnimatedTiming)
        XCTAssertTrue(layout.isPrepared, "not invalidated by a bounds change")
        // At 0.3 s (the end) bounds 240…340: rows at 240 and 300 → items 24…29 (rows 4 and 5).
        let end = collectionView.presentation(at: 0.3).filter { $0.kind == .cell }.map(\.id).sorted()
        XCTAssertEqual(end, (24..<30).map { "i\($0)" }.sorted())
        collectionView.setContentOffset(.zero, animated: false)
        XCTAssertEqual(collectionView.contentOffset, .zero)
    }
}
