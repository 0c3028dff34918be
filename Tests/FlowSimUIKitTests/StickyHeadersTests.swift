import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// `sectionHeadersPinToVisibleBounds` of UICollectionViewFlowLayout itself
/// (Layouts/StickyHeadersLayout.swift): the header stays at the top of the visible bounds while
/// its section scrolls past, and is pushed up by the section's end.
final class StickyHeadersTests: XCTestCase {
    // Width 320, height 200, two sections of 6 items of 100 × 100, spacings 10, headers 40 high.
    // Three per row: floor((320 + 10)/(100 + 10)) = 3, gap (320 − 300)/2 = 10 → x = 0, 110, 220.
    // Section 0: header 0…40, rows at 40 and 40 + 110 = 150, items end at 250 = section end.
    // Section 1: header 250…290, rows at 290 and 400, end 500 (content height 500).
    // Pinned header y = max(natural y, min(offset + contentInset.top, itemsEnd − 40)).
    func makeHarness(contentInsetTop: CGFloat = 0) -> Harness {
        let harness = Harness(
            width: 320, height: 200, layout: makeStickyHeadersLayout(),
            sections: [
                SectionData(id: "A", items: items(6, prefix: "a")), SectionData(id: "B", items: items(6, prefix: "b")),
            ])
        harness.collectionView.contentInset = UIEdgeInsets(top: contentInsetTop, left: 0, bottom: 0, right: 0)
        return harness
    }

    func header(_ y: CGFloat) -> CGRect { CGRect(x: 0, y: y, width: 320, height: 40) }

    func testHeadersPinAndArePushedUp() {
        let harness = makeHarness()
        let collectionView = harness.collectionView
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 320, height: 500))
        // Offset 0: header A where it is; header B (250) is below the bounds 0…200.
        var headers = harness.visibleHeaders()
        XCTAssertEqual(headers.keys.sorted(), [0])
        assertFrame(headers[0]?.frame, header(0))
        // Offset 100: A pinned at max(0, min(100, 250 − 40)) = 100.
        collectionView.contentOffset = CGPoint(x: 0, y: 100)
        headers = harness.visibleHeaders()
        assertFrame(headers[0]?.frame, header(100))
        XCTAssertEqual(headers[0]?.zIndex, 10)
        // Offset 230: A pushed up by its section's end: min(230, 210) = 210; B at its own 250.
        collectionView.contentOffset = CGPoint(x: 0, y: 230)
        headers = harness.visibleHeaders()
        assertFrame(headers[0]?.frame, header(210))
        assertFrame(headers[1]?.frame, header(250))
        // Offset 270: section A has left the bounds 270…470; B pinned at 270.
        collectionView.contentOffset = CGPoint(x: 0, y: 270)
        headers = harness.visibleHeaders()
        XCTAssertEqual(headers.keys.sorted(), [1])
        assertFrame(headers[1]?.frame, header(270))
        // Offset 300 (the last one, 500 − 200): B at 300, under min(300, 500 − 40).
        collectionView.contentOffset = CGPoint(x: 0, y: 300)
        assertFrame(harness.visibleHeaders()[1]?.frame, header(300))
        // Cells never move.
        assertFrame(
            harness.visibleCells()[IndexPath(item: 5, section: 1)]?.frame,
            CGRect(x: 220, y: 400, width: 100, height: 100))
    }

    func testSupplementaryQueryAnswersThePinnedFrame() {
        let harness = makeHarness()
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 100)
        let attributes = harness.collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        assertFrame(attributes?.frame, header(100))
        XCTAssertEqual(attributes?.representedElementKind, UICollectionElementKindSectionHeader)
    }

    func testContentInsetTopMovesThePinLine() {
        // With contentInset.top 20 headers pin at offset + 20 (UIKit uses adjustedContentInset).
        let harness = makeHarness(contentInsetTop: 20)
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 100)
        assertFrame(harness.visibleHeaders()[0]?.frame, header(120))
        // Offset 200: min(220, 210) = 210.
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 200)
        assertFrame(harness.visibleHeaders()[0]?.frame, header(210))
    }

    func testNegativeOffsetKeepsNaturalPlace() {
        let harness = makeHarness()
        harness.collectionView.contentOffset = CGPoint(x: 0, y: -30)
        assertFrame(harness.visibleHeaders()[0]?.frame, header(0))
    }

    func testBoundsChangesInvalidateOnlyWhenPinning() {
        let harness = makeHarness()
        let layout = harness.collectionView.collectionViewLayout
        XCTAssertTrue(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 10, width: 320, height: 200)))
        (layout as? UICollectionViewFlowLayout)?.sectionHeadersPinToVisibleBounds = false
        XCTAssertFalse(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 10, width: 320, height: 200)))
    }

    func testTimedScrollPresentsPinnedHeader() {
        let harness = makeHarness()
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        // Linear 0 → 230 over 1 s: at 0.5 s the offset is 115 and header A is presented there.
        collectionView.scroll(to: CGPoint(x: 0, y: 230), timing: AnimationTiming(curve: .linear(duration: 1)))
        let atHalf = collectionView.presentation(at: 0.5).first { $0.kind == .header && $0.section == 0 }
        assertFrame(atHalf?.frame, header(115))
        let atEnd = collectionView.presentation(at: 1).filter { $0.kind == .header }
        assertFrame(atEnd.first { $0.section == 0 }?.frame, header(210))
        assertFrame(atEnd.first { $0.section == 1 }?.frame, header(250))
    }
}
