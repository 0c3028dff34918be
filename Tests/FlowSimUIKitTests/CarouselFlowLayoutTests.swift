import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// `CarouselFlowLayout` (Layouts/CarouselFlowLayout.swift): frames and scales at several content
/// offsets, invalidation on every bounds change, a timed scroll, snapping.
final class CarouselFlowLayoutTests: XCTestCase {
    /// The carousel, counting what the collection view asks of it (inherits both initialisers).
    final class ObservedCarousel: CarouselFlowLayout {
        var askedBounds: [CGRect] = []
        var prepareCount = 0

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            askedBounds.append(newBounds)
            return super.shouldInvalidateLayout(forBoundsChange: newBounds)
        }

        override func prepare() {
            prepareCount += 1
            super.prepare()
        }
    }

    // Viewport 375 × 400 at scale 2, five 200 × 300 items, horizontal.
    // prepare(): sectionInset.left = right = (375 − 200)/2 = 87.5.
    // Horizontal flow (docs/uikit-rules.md §1 with axes swapped): the cross dimension is the height 400;
    // one item fits per column (floor((400 + 10)/(300 + 10)) = 1), so it is centred:
    // y = (400 − 300)/2 = 50. Columns are minimumLineSpacing 20 apart:
    // x_i = 87.5 + i·(200 + 20) = 87.5, 307.5, 527.5, 747.5, 967.5; centres 187.5 + 220·i.
    // Content width = 87.5 + 5·200 + 4·20 + 87.5 = 1255.
    func frame(_ item: Int) -> CGRect { CGRect(x: 87.5 + 220 * CGFloat(item), y: 50, width: 200, height: 300) }

    /// scale = 1 − (1 − 0.7)·min(|centre − visible centre| / 375, 1).
    func scale(distance: CGFloat) -> CGFloat { 1 - 0.3 * min(distance / 375, 1) }

    func makeHarness(_ layout: UICollectionViewFlowLayout = CarouselFlowLayout()) -> Harness {
        Harness(
            width: 375, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(5, prefix: "card"))])
    }

    func assertCells(_ harness: Harness, _ expected: [Int: CGFloat], file: StaticString = #filePath, line: UInt = #line)
    {
        let cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.map(\.item).sorted(), expected.keys.sorted(), file: file, line: line)
        for (item, scale) in expected {
            let attributes = cells[IndexPath(item: item, section: 0)]
            assertFrame(attributes?.frame, frame(item), "item \(item)", file: file, line: line)
            XCTAssertEqual(attributes?.transform.a ?? 0, scale, accuracy: 1e-12, "item \(item)", file: file, line: line)
            XCTAssertEqual(attributes?.transform.d ?? 0, scale, accuracy: 1e-12, "item \(item)", file: file, line: line)
        }
    }

    func testInitialiserConfiguresTheLayout() {
        let layout = CarouselFlowLayout()
        XCTAssertEqual(layout.scrollDirection, .horizontal)
        XCTAssertEqual(layout.itemSize, CGSize(width: 200, height: 300))
        let harness = makeHarness(layout)
        XCTAssertEqual(harness.collectionView.contentSize, CGSize(width: 1255, height: 400))
        XCTAssertEqual(
            layout.sectionInset, UIEdgeInsets(top: 0, left: 87.5, bottom: 0, right: 87.5), "set in prepare()")
    }

    func testFramesAndScalesAtSeveralOffsets() {
        let harness = makeHarness()
        // Offset 0: visible x 0…375 (centre 187.5) meets items 0 (87.5…287.5) and 1 (307.5…).
        // Item 0 is centred (scale 1); item 1 is 220 away: 1 − 0.3·220/375 = 0.824.
        assertCells(harness, [0: 1, 1: 0.824])
        // Offset 110: centre 297.5, both items 110 away: 1 − 0.3·110/375 = 0.912.
        harness.collectionView.contentOffset = CGPoint(x: 110, y: 0)
        assertCells(harness, [0: 0.912, 1: 0.912])
        // Offset 220: centre 407.5 = item 1's; items 0 and 2 (527.5…727.5 meets 220…595) 220 away.
        harness.collectionView.contentOffset = CGPoint(x: 220, y: 0)
        assertCells(harness, [0: 0.824, 1: 1, 2: 0.824])
        // Offset 880 (the end, 1255 − 375): centre 1067.5 = item 4's; item 3 is 220 away.
        harness.collectionView.contentOffset = CGPoint(x: 880, y: 0)
        assertCells(harness, [3: 0.824, 4: 1])
        XCTAssertEqual(scale(distance: 220), 0.824, accuracy: 1e-12)
    }

    func testEveryBoundsChangeAsksAndInvalidates() {
        let layout = ObservedCarousel()
        let harness = makeHarness(layout)
        harness.collectionView.layoutIfNeeded()
        let prepared = layout.prepareCount
        harness.collectionView.contentOffset = CGPoint(x: 50, y: 0)
        XCTAssertEqual(layout.askedBounds, [CGRect(x: 50, y: 0, width: 375, height: 400)])
        // The carousel answers true: the layout is invalidated, and the collection view's layout
        // pass for the new bounds (what UIKit does on the next display frame) prepares it again.
        XCTAssertEqual(layout.prepareCount, prepared + 1, "invalidated and re-prepared once for the new bounds")
        _ = harness.visible()
        XCTAssertEqual(layout.prepareCount, prepared + 1, "no further preparation before the next bounds change")
        // Setting the same offset is no bounds change: not asked.
        harness.collectionView.contentOffset = CGPoint(x: 50, y: 0)
        XCTAssertEqual(layout.askedBounds.count, 1)
    }

    func testTimedScrollRecordsEachLayoutPass() {
        let layout = ObservedCarousel()
        let harness = makeHarness(layout)
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        // Linear over 0.5 s from x = 0 to 220: layout passes at 0, 1/60, …, 0.5 (31 passes); the
        // first is at the starting offset, so 30 bounds changes are asked about.
        let move = collectionView.scroll(
            to: CGPoint(x: 220, y: 0), timing: AnimationTiming(curve: .linear(duration: 0.5)))
        XCTAssertEqual(layout.askedBounds.count, 30)
        XCTAssertEqual(layout.askedBounds.last?.origin.x, 220)
        XCTAssertEqual(move.offset(at: 0.25), CGPoint(x: 110, y: 0))
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 220, y: 0))
        // Presented at 0.25 s (offset 110): items 0 and 1 at 0.912, as the layout answered then.
        let middle = collectionView.presentation(at: 0.25).filter { $0.kind == .cell }
        XCTAssertEqual(middle.map(\.id).sorted(), ["card0", "card1"])
        for element in middle { XCTAssertEqual(element.transform.a, 0.912, accuracy: 1e-12, element.id) }
        // At the end (offset 220) item 2 has come in and item 1 is full size.
        let end = collectionView.presentation(at: 0.5).filter { $0.kind == .cell }
        XCTAssertEqual(end.map(\.id).sorted(), ["card0", "card1", "card2"])
        XCTAssertEqual(end.first { $0.id == "card1" }?.transform.a ?? 0, 1, accuracy: 1e-12)
        // Before the move, the first layout pass: item 0 centred.
        XCTAssertEqual(
            collectionView.presentation(at: 0).first { $0.id == "card0" }?.transform.a ?? 0, 1, accuracy: 1e-12)
    }

    func testTargetContentOffsetSnapsToPages() {
        let harness = makeHarness()
        let layout = harness.collectionView.collectionViewLayout
        layout.prepareIfNeeded()
        // Page width 220: 300/220 = 1.36 → page 1 → 220; 1000/220 = 4.55 → page 5 → 1100,
        // clamped to the last offset 1255 − 375 = 880; −50 → page 0 → 0.
        XCTAssertEqual(
            layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 300, y: 0), withScrollingVelocity: .zero),
            CGPoint(x: 220, y: 0))
        XCTAssertEqual(
            layout.targetContentOffset(
                forProposedContentOffset: CGPoint(x: 1000, y: 0), withScrollingVelocity: CGPoint(x: 2, y: 0)),
            CGPoint(x: 880, y: 0))
        XCTAssertEqual(
            layout.targetContentOffset(forProposedContentOffset: CGPoint(x: -50, y: 0), withScrollingVelocity: .zero),
            CGPoint(x: 0, y: 0))
    }

    func testRegistryBuildsTheSubclassThroughItsOwnInit() throws {
        let registry: LayoutRegistry = ["carousel": { CarouselFlowLayout() }]
        let made = registry["carousel"]?.makeLayout()
        let layout = try XCTUnwrap(made as? CarouselFlowLayout)
        XCTAssertEqual(layout.scrollDirection, .horizontal, "CarouselFlowLayout.init() ran")
        XCTAssertEqual(layout.itemSize, CGSize(width: 200, height: 300))
    }
}
