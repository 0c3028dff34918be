import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Goldens of the round-two idiom layouts (Layouts/), into `Goldens/tests/uikit-<layout>/`.
extension UIKitLayoutGoldenTests {
    /// `CentredPagingLayout` sets its own inset in `invalidateLayout(with:)`: the first 250 pt page
    /// sits centred in the 375 pt viewport, a strip of the second at the right edge.
    func testCentredPagingLayout() {
        let harness = Harness(
            width: 375, height: 340, layout: CentredPagingLayout(),
            sections: [SectionData(id: "pages", items: titled(4, prefix: "p"))], scale: 1)
        harness.collectionView.layoutIfNeeded()
        XCTAssertEqual(harness.collectionView.contentOffset, CGPoint(x: -62.5, y: 0))
        check("uikit-centred-paging", harness.collectionView, frames: [0])
    }

    /// `FullWidthListLayout` (a non-optional `collectionView` override) with a row inserted at
    /// the top: the new row fades in, the others slide down 60 pt.
    func testFullWidthListInsert() {
        let harness = Harness(
            width: 320, height: 300, layout: FullWidthListLayout(),
            sections: [SectionData(id: "rows", items: titled(3, prefix: "r"))], scale: 1)
        harness.collectionView.layoutIfNeeded()
        harness.dataSource.sections[0].items.insert(ItemData(id: "new", title: "NEW"), at: 0)
        harness.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertTrue(harness.collectionView.updateErrors.isEmpty)
        check("uikit-full-width-list-insert", harness.collectionView, frames: [0, 9, 18])
    }
}
