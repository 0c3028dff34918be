import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Golden renders of the element-kind layouts (ElementKindsTests has their exact frames), so the
/// drawing of decoration views and of supplementary views of a layout's own kinds is pinned.
extension UIKitLayoutGoldenTests {
    /// `DecoratedListLayout`, 320 × 400: header, three rows on a rounded background (the
    /// decoration, half-opacity header colour), footer; the middle row deleted at 0: frame 0 the
    /// start, 9 (0.15 s) the background 178 tall (halfway from 212 to 144) and the footer halfway up,
    /// 18 (0.3 s) settled.
    func testDecoratedListDelete() {
        let layout = DecoratedListLayout()
        let sections = [SectionData(id: "Today", items: titled(3, prefix: "row"))]
        let harness = Harness(width: 320, height: 400, layout: layout, sections: sections, scale: 1)
        harness.collectionView.layoutIfNeeded()
        harness.dataSource.sections[0].items.remove(at: 1)
        harness.collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(layout.rejectedKinds, [])
        check("uikit-decorated-list", harness.collectionView, frames: [0, 9, 18])
    }

    /// `BadgedGridLayout`, 320 × 300: four 100 × 100 cells with a "badge" on each top-right
    /// corner (drawn like a header, labelled "badge", above the cells by zIndex 1) and a
    /// "ribbon" down the left edge; an item inserted at the front: frame 0 the start, 9 halfway
    /// (the fifth badge fading in on the second row), 18 settled.
    func testBadgedGridInsert() {
        let layout = BadgedGridLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let harness = Harness(
            width: 320, height: 300, layout: layout, sections: [SectionData(id: "S", items: titled(4, prefix: "s"))],
            scale: 1)
        harness.collectionView.layoutIfNeeded()
        harness.dataSource.sections[0].items.insert(ItemData(id: "new", title: "NEW"), at: 0)
        harness.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(layout.rejectedKinds, [])
        check("uikit-badged-grid", harness.collectionView, frames: [0, 9, 18])
    }
}
