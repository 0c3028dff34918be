import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// `LeftAlignedFlowLayout` (Layouts/LeftAlignedFlowLayout.swift) with per-item sizes from a
/// UIKit-style `UICollectionViewDelegateFlowLayout`.
final class LeftAlignedFlowLayoutTests: XCTestCase {
    /// A view controller as UIKit code writes one: only `sizeForItemAt` is implemented.
    final class SizesController: UICollectionViewDelegateFlowLayout {
        let widths: [CGFloat] = [100, 120, 90, 200, 80, 150]
        let heights: [CGFloat] = [40, 40, 40, 40, 30, 40]

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            CGSize(width: widths[indexPath.item], height: heights[indexPath.item])
        }
    }

    // Width 320, sectionInset 10 all round, spacings 10: avail = 320 − 20 = 300.
    // Greedy lines (docs/uikit-rules.md §1): [100, 120] (100+10+120 = 230; +10+90 = 330 > 300),
    // [90, 200] (90+10+200 = 300, an exact fit stays), [80, 150] (the last line).
    // Along y: line 1 at 10 (height 40), line 2 at 10+40+10 = 60, line 3 at 60+40+10 = 110;
    // item 4 (30 high) is centred in its 40-point line: y = 110 + 5 = 115.
    // UIKit's flow layout justifies full lines: line 1 gap = (320 − 220 − 20)/1 = 80 → x = 10, 190.
    // The left-aligned subclass restarts each line at sectionInset.left = 10 and adds
    // width + minimumInteritemSpacing: line 1 → 10, 10+100+10 = 120; line 2 → 10, 110;
    // line 3 → 10, 100.
    let expected: [CGRect] = [
        CGRect(x: 10, y: 10, width: 100, height: 40),
        CGRect(x: 120, y: 10, width: 120, height: 40),
        CGRect(x: 10, y: 60, width: 90, height: 40),
        CGRect(x: 110, y: 60, width: 200, height: 40),
        CGRect(x: 10, y: 115, width: 80, height: 30),
        CGRect(x: 100, y: 110, width: 150, height: 40),
    ]

    func makeHarness(height: CGFloat, layout: UICollectionViewFlowLayout) -> (Harness, SizesController) {
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let harness = Harness(
            width: 320, height: height, layout: layout, sections: [SectionData(id: "s", items: items(6, prefix: "i"))])
        let controller = SizesController()
        harness.collectionView.delegate = controller
        return (harness, controller)
    }

    func testWholeContentIsLeftAligned() {
        let (harness, controller) = makeHarness(height: 400, layout: LeftAlignedFlowLayout())
        let cells = harness.visibleCells()
        XCTAssertEqual(cells.count, 6)
        for (item, frame) in expected.enumerated() {
            assertFrame(cells[IndexPath(item: item, section: 0)]?.frame, frame, "item \(item)")
        }
        // Content height: 10 + 3 lines (40) + 2 spacings (10) + 10 = 160.
        XCTAssertEqual(harness.collectionView.contentSize, CGSize(width: 320, height: 160))
        withExtendedLifetime(controller) {}
    }

    func testPlainFlowLayoutJustifiesTheSameLines() {
        let (harness, controller) = makeHarness(height: 400, layout: UICollectionViewFlowLayout())
        let cells = harness.visibleCells()
        // Line 1 justified (x = 10, 10 + 100 + 80 = 190); the exact-fit line 2 and the left-aligned last line
        // agree with the subclass.
        assertFrame(cells[IndexPath(item: 1, section: 0)]?.frame, CGRect(x: 190, y: 10, width: 120, height: 40))
        for item in 2..<6 {
            assertFrame(cells[IndexPath(item: item, section: 0)]?.frame, expected[item], "item \(item)")
        }
        withExtendedLifetime(controller) {}
    }

    func testFramesAtSeveralContentOffsets() {
        // A 45-point-high viewport; offsets chosen so no frame merely touches the bounds (on
        // Linux, Foundation's CGRect.intersects counts a shared edge, Apple's does not).
        let (harness, controller) = makeHarness(height: 45, layout: LeftAlignedFlowLayout())
        let collectionView = harness.collectionView
        // Offset 0: bounds y 0…45 meet line 1 (10…50) only; line 2 starts at 60.
        var cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.map(\.item).sorted(), [0, 1])
        assertFrame(cells[IndexPath(item: 1, section: 0)]?.frame, expected[1])
        // Offset 55: bounds 55…100 meet line 2 (60…100) only; line 3 starts at 110.
        collectionView.contentOffset = CGPoint(x: 0, y: 55)
        cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.map(\.item).sorted(), [2, 3])
        assertFrame(cells[IndexPath(item: 3, section: 0)]?.frame, expected[3])
        // Offset 75: bounds 75…120 meet lines 2 and 3; each line restarts at x = 10.
        collectionView.contentOffset = CGPoint(x: 0, y: 75)
        cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.map(\.item).sorted(), [2, 3, 4, 5])
        for item in 2..<6 {
            assertFrame(cells[IndexPath(item: item, section: 0)]?.frame, expected[item], "item \(item)")
        }
        withExtendedLifetime(controller) {}
    }
}
