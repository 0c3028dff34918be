import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// UIKit's flow layout mirrors itself right to left (its section layout reads the collection
/// view's layout direction): x' = contentWidth − x − w, within the content.
final class RightToLeftLayoutTests: XCTestCase {
    private func layout(
        direction: UserInterfaceLayoutDirection, scroll: ScrollDirection = .vertical, width: CGFloat = 375,
        count: Int = 5, header: CGFloat = 0
    ) -> (CollectionView, SectionedDataSource) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.scrollDirection = scroll
        layout.headerReferenceSize = CGSize(width: header, height: header)
        let (view, data) = Fixture.collectionView(
            [SectionData(id: "s", items: Fixture.items(count))], layout: layout, width: width, height: 300)
        view.traits.layoutDirection = direction
        view.layoutIfNeeded()
        return (view, data)
    }

    /// docs/uikit-rules.md §1's 100 × 100 in 375: x = 0, 137.5, 275 left to right; right to left
    /// the first item is at the right edge: 275, 137.5, 0.
    func testVerticalFlowLayoutMirrorsItsColumns() {
        let (ltr, _) = layout(direction: .leftToRight)
        XCTAssertEqual(Fixture.origins(ltr.collectionViewLayout).prefix(3).map(\.x), [0, 137.5, 275])
        let (rtl, _) = layout(direction: .rightToLeft)
        XCTAssertEqual(Fixture.origins(rtl.collectionViewLayout).map(\.x), [275, 137.5, 0, 275, 137.5])
        XCTAssertEqual(Fixture.origins(rtl.collectionViewLayout).map(\.y), [0, 0, 0, 110, 110])
        XCTAssertTrue((rtl.collectionViewLayout as! FlowLayout).mirrorsHorizontally)
        XCTAssertFalse(rtl.collectionViewLayout.flipsHorizontallyInOppositeLayoutDirection, "UIKit's default")
    }

    /// Headers span the content width, so mirroring keeps them at x = 0; a lone item of the last
    /// row (item 3 of 4) moves to the right edge.
    func testHeadersStayAndTheShortLastRowStartsAtTheRight() {
        let (rtl, _) = layout(direction: .rightToLeft, count: 4, header: 30)
        let all = Fixture.allAttributes(rtl.collectionViewLayout)
        let header = all.first { $0.representedElementCategory == .supplementaryView }
        XCTAssertEqual(header?.frame, CGRect(x: 0, y: 0, width: 375, height: 30))
        XCTAssertEqual(Fixture.origins(rtl.collectionViewLayout)[3], CGPoint(x: 275, y: 140))
    }

    /// Horizontal scrolling: 5 items of 100 × 100 in a 300 pt tall view make two rows of lines
    /// (n = ⌊310/110⌋ = 2 per line), 3 lines: content 320 wide. Right to left the first line is at
    /// the right end: x = 320 − 0 − 100 = 220.
    func testHorizontalFlowLayoutStartsAtTheRightEndOfItsContent() {
        let (rtl, _) = layout(direction: .rightToLeft, scroll: .horizontal)
        let width = rtl.collectionViewLayout.collectionViewContentSize.width
        XCTAssertEqual(width, 320)
        XCTAssertEqual(Fixture.origins(rtl.collectionViewLayout).map(\.x), [220, 220, 110, 110, 0])
    }

    /// The layout answers the same frames to `layoutAttributesForItem(at:)` and to a rect query
    /// of the mirrored place (the query rect is mirrored back into the layout's own coordinates).
    func testItemQueriesAndRectQueriesAgree() {
        let (rtl, _) = layout(direction: .rightToLeft, count: 9)
        let layout = rtl.collectionViewLayout
        for item in 0..<9 {
            let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
            let hits = layout.layoutAttributesForElements(in: frame.insetBy(dx: 1, dy: 1)) ?? []
            XCTAssertEqual(hits.map(\.indexPath), [IndexPath(item: item, section: 0)])
        }
    }

    /// Seeded property: for random widths and counts, every right-to-left frame is its
    /// left-to-right frame mirrored in the content width, with the same size and y.
    func testMirroringProperty() {
        var random = SeededRandom(seed: 2611)
        for _ in 0..<60 {
            let width = CGFloat(200 + random.next() % 600)
            let count = Int(random.next() % 30)
            let (ltr, _) = layout(direction: .leftToRight, width: width, count: count)
            let (rtl, _) = layout(direction: .rightToLeft, width: width, count: count)
            let contentWidth = ltr.collectionViewLayout.collectionViewContentSize.width
            let a = Fixture.cellFrames(ltr.collectionViewLayout)
            let b = Fixture.cellFrames(rtl.collectionViewLayout)
            XCTAssertEqual(a.count, b.count)
            for (l, r) in zip(a, b) {
                XCTAssertEqual(r.origin.x, contentWidth - l.maxX, accuracy: 1e-9)
                XCTAssertEqual(r.origin.y, l.origin.y)
                XCTAssertEqual(r.size, l.size)
            }
        }
    }
}
