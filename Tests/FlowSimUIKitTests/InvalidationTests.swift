import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// UIKit's invalidation model as layouts rely on it: deferred (Apple's documentation of
/// `invalidateLayout()`: it "returns right away" and the update happens at the next layout
/// pass), made of contexts of the layout's `invalidationContextClass`, and cheap for scrolls.
final class InvalidationTests: XCTestCase {
    func testALayoutThatSetsTheInsetFromPrepareSettlesWithoutRecursion() {
        let layout = InsetAdjustingLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 100, height: 100)
        let harness = Harness(
            width: 300, height: 120, layout: layout, sections: [SectionData(id: "s", items: items(5, prefix: "i"))])
        _ = harness.visible()
        _ = harness.visible()
        // The first pass sets the inset (an invalidation for the next pass); the second finds it
        // unchanged; a third query prepares nothing.
        XCTAssertEqual(layout.prepareCount, 2)
        XCTAssertEqual(harness.collectionView.contentInset.left, 100)
        layout.invalidateLayout()
        layout.invalidateLayout()
        _ = harness.visible()
        XCTAssertEqual(layout.prepareCount, 3, "two invalidations, one pass")
        // Item 0 sits after the 100 pt inset... in content coordinates x = 0 (the inset is
        // outside the content), 10 pt line spacing between items horizontally.
        XCTAssertEqual(harness.visibleCells()[IndexPath(item: 0, section: 0)]?.frame.minX, 0)
    }

    func testEveryInvalidationIsAContextOfTheLayoutsClass() {
        final class CountingLayout: UICollectionViewFlowLayout {
            var contexts: [UICollectionViewLayoutInvalidationContext] = []
            override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
                contexts.append(context)
                super.invalidateLayout(with: context)
            }
        }
        let layout = CountingLayout()
        let harness = Harness(
            width: 300, height: 200, layout: layout, sections: [SectionData(id: "s", items: items(4, prefix: "i"))])
        layout.contexts.removeAll()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.invalidateLayout()
        XCTAssertEqual(layout.contexts.count, 2)
        XCTAssertTrue(layout.contexts.allSatisfy { $0 is UICollectionViewFlowLayoutInvalidationContext })
        XCTAssertTrue(layout.contexts.allSatisfy(\.invalidateEverything))
        harness.collectionView.reloadData()
        XCTAssertEqual(layout.contexts.last?.invalidateDataSourceCounts, true)
        // Unchanged values invalidate nothing.
        layout.contexts.removeAll()
        layout.itemSize = CGSize(width: 60, height: 60)
        harness.collectionView.contentInset = .zero
        XCTAssertEqual(layout.contexts.count, 0)
    }

    func testScrollingWithPinnedHeadersKeepsTheDelegateMetrics() {
        final class CountingDelegate: NSObject, UICollectionViewDelegateFlowLayout {
            var sizeQueries = 0
            func collectionView(
                _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                sizeForItemAt indexPath: IndexPath
            ) -> CGSize {
                sizeQueries += 1
                return CGSize(width: 80, height: 80)
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.sectionHeadersPinToVisibleBounds = true
        let harness = Harness(
            width: 300, height: 200, layout: layout, sections: [SectionData(id: "s", items: items(30, prefix: "i"))])
        let delegate = CountingDelegate()
        harness.collectionView.delegate = delegate
        _ = harness.visible()
        let afterFirstPass = delegate.sizeQueries
        XCTAssertEqual(afterFirstPass, 30)
        for y in stride(from: 10, through: 200, by: 10) {
            harness.collectionView.contentOffset = CGPoint(x: 0, y: y)
            _ = harness.visible()
        }
        // UIKit's flow layout answers a scroll's context with invalidateFlowLayoutDelegateMetrics
        // false: no delegate query; the header follows the offset.
        XCTAssertEqual(delegate.sizeQueries, afterFirstPass)
        XCTAssertEqual(harness.visibleHeaders()[0]?.frame.minY, 200)
        // A width change is a new layout: the delegate is asked again.
        harness.collectionView.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        _ = harness.visible()
        XCTAssertEqual(delegate.sizeQueries, 2 * afterFirstPass)
    }

    func testContentOffsetAdjustmentAppliesAtTheNextPass() {
        let layout = UICollectionViewFlowLayout()
        let harness = Harness(
            width: 300, height: 200, layout: layout, sections: [SectionData(id: "s", items: items(40, prefix: "i"))])
        _ = harness.visible()
        let context = UICollectionViewFlowLayoutInvalidationContext()
        context.contentOffsetAdjustment = CGPoint(x: 0, y: 30)
        layout.invalidateLayout(with: context)
        XCTAssertEqual(harness.collectionView.contentOffset.y, 0, "deferred")
        _ = harness.visible()
        XCTAssertEqual(harness.collectionView.contentOffset.y, 30)
        _ = harness.visible()
        XCTAssertEqual(harness.collectionView.contentOffset.y, 30, "applied once")
    }
}
