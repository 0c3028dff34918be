import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Which rect a layout pass asks the layout for (issue 22, part 3, item 10): UIKit asks for the
/// visible bounds grown to whole pages of their size (decompiled
/// `_UICollectionViewDataAttributesMap _validateLayoutInRect:`), then shows the elements whose
/// frame meets the bounds.
final class LayoutPassRectTests: XCTestCase {
    /// Pages of 240 × 300 from the page boundary at or before the origin: an origin inside the
    /// first page asks for pages 0 and 1, one on a boundary for that page alone, one above the
    /// content (a bounce) for the page before it too.
    func testValidationRectIsPageAligned() {
        let harness = Harness(width: 240, height: 300, layout: UICollectionViewFlowLayout(), sections: [])
        let collectionView = harness.collectionView
        XCTAssertEqual(
            collectionView.layoutValidationRect(for: CGRect(x: 0, y: 250, width: 240, height: 300)),
            CGRect(x: 0, y: 0, width: 240, height: 600))
        XCTAssertEqual(
            collectionView.layoutValidationRect(for: CGRect(x: 0, y: 300, width: 240, height: 300)),
            CGRect(x: 0, y: 300, width: 240, height: 300))
        XCTAssertEqual(
            collectionView.layoutValidationRect(for: CGRect(x: 0, y: 320, width: 240, height: 300)),
            CGRect(x: 0, y: 300, width: 240, height: 600))
        XCTAssertEqual(
            collectionView.layoutValidationRect(for: CGRect(x: 0, y: -20, width: 240, height: 300)),
            CGRect(x: 0, y: -300, width: 240, height: 600))
        XCTAssertEqual(
            collectionView.layoutValidationRect(for: CGRect(x: 130, y: 0, width: 240, height: 300)),
            CGRect(x: 0, y: 0, width: 480, height: 300))
    }

    /// One section, a 40 pt header and 30 items of 100 × 100 in 240 × 300. The header is in the
    /// layout's answer while the queried page starts at 0, so it is pinned at the offset through
    /// the first page (y 250: its frame is 0, 250, 240, 40) and gone from offset 300 on. Asking
    /// for the bounds alone, as FlowSim did, dropped it as soon as it scrolled out (offset > 40).
    func testHeaderPinnedInTheQueriedRectStaysForTheFirstPage() {
        let layout = InRectPinnedHeaderLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        let items = (0..<30).map { ItemData(id: "i\($0)", title: "\($0)") }
        let harness = Harness(
            width: 240, height: 300, layout: layout, sections: [SectionData(id: "A", items: items)], scale: 1)
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        func header(at time: Double) -> CGRect? {
            collectionView.presentation(at: time).first { $0.kind == .header }?.frame
        }
        XCTAssertEqual(header(at: 0), CGRect(x: 0, y: 0, width: 240, height: 40))
        for (time, offset) in [(1.0, 100.0), (2.0, 250.0), (3.0, 299.0)] {
            collectionView.currentTime = time
            collectionView.contentOffset = CGPoint(x: 0, y: offset)
            XCTAssertEqual(header(at: time), CGRect(x: 0, y: offset, width: 240, height: 40), "offset \(offset)")
        }
        collectionView.currentTime = 4
        collectionView.contentOffset = CGPoint(x: 0, y: 300)
        XCTAssertNil(header(at: 4))
        // Elements of the page outside the bounds are not shown: the first visible row is row 2
        // (y 260, items 4 and 5), the last row 5 (y 590, items 10 and 11).
        let cells = collectionView.presentation(at: 4).filter { $0.kind == .cell }.map(\.id)
        XCTAssertEqual(cells, (4...11).map { "i\($0)" })
    }
}
