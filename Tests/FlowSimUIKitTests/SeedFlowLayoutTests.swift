import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The parks flow layout as written for iOS (Layouts/SeedFlowLayout.swift) driven by its view
/// controller's own add and delete actions, against FlowSim's ready `InsetFlowLayout.parks()`.
final class SeedFlowLayoutTests: XCTestCase {
    /// Stands in for the app's `DataSource`: `indexPathForNewRandomPark()` adds a park (here
    /// always at section 0, item 2, so the run is deterministic) and returns its path.
    final class ParksDataSource {
        let backing: SectionedDataSource
        private var added = 0

        init(_ backing: SectionedDataSource) { self.backing = backing }

        func indexPathForNewRandomPark() -> IndexPath {
            let path = IndexPath(item: 2, section: 0)
            backing.sections[0].items.insert(ItemData(id: "new\(added)"), at: path.item)
            added += 1
            return path
        }

        func deleteItemsAtIndexPaths(_ indexPaths: [IndexPath]) {
            for path in indexPaths.sorted(by: >) { backing.sections[path.section].items.remove(at: path.item) }
        }
    }

    /// The app's view controller, with its two actions verbatim.
    final class ParksViewController {
        var collectionView: UICollectionView?
        let dataSource: ParksDataSource

        init(collectionView: UICollectionView, dataSource: ParksDataSource) {
            self.collectionView = collectionView
            self.dataSource = dataSource
        }

        func addItem() {
            let index = dataSource.indexPathForNewRandomPark()
            let layout = collectionView?.collectionViewLayout as! FlowLayout
            layout.addedItem = index
            UIView.animate(
                withDuration: 1.0, delay: 0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0.0, options: [],
                animations: {
                    self.collectionView?.insertItems(at: [index])
                }
            ) { (finished) in
                layout.addedItem = nil
            }
        }

        func deleteSelected() {
            if let selected = collectionView?.indexPathsForSelectedItems {
                let layout = collectionView?.collectionViewLayout as! FlowLayout
                layout.deletedItems = selected

                dataSource.deleteItemsAtIndexPaths(selected)
                collectionView?.deleteItems(at: selected)
            }
        }
    }

    // Viewport 375 × 667 at scale 2, items 100 × 100, headers 40 high, spacings 10.
    // Three per row (floor(385/110) = 3), gap (375 − 300)/2 = 37.5 → x = 0, 137.5, 275.
    // Section 0 (5 items): header 0…40, rows at 40 and 150, end 250. Section 1 (4 items):
    // header 250…290, rows at 290 and 400, end 500. The seed insets every cell by 2 on each side.
    static func sections() -> [SectionData] {
        [
            SectionData(id: "Alaska", items: items(5, prefix: "ak")),
            SectionData(id: "Utah", items: items(4, prefix: "ut")),
        ]
    }

    static func configure(_ layout: UICollectionViewFlowLayout) {
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
    }

    func testFramesAtSeveralOffsets() {
        let layout = FlowLayout()
        Self.configure(layout)
        let harness = Harness(width: 375, height: 667, layout: layout, sections: Self.sections())
        // Offset 0: cell (0, 0) at (0, 40, 100, 100) inset by 2 → (2, 42, 96, 96); header untouched.
        var cells = harness.visibleCells()
        assertFrame(cells[IndexPath(item: 0, section: 0)]?.frame, CGRect(x: 2, y: 42, width: 96, height: 96))
        assertFrame(cells[IndexPath(item: 2, section: 0)]?.frame, CGRect(x: 277, y: 42, width: 96, height: 96))
        assertFrame(harness.visibleHeaders()[0]?.frame, CGRect(x: 0, y: 0, width: 375, height: 40))
        // Offset 200: bounds 200…867 meet section 0's second row (150…250) and all of section 1.
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 200)
        cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.sorted(), [[0, 3], [0, 4], [1, 0], [1, 1], [1, 2], [1, 3]])
        assertFrame(cells[IndexPath(item: 4, section: 0)]?.frame, CGRect(x: 139.5, y: 152, width: 96, height: 96))
        assertFrame(cells[IndexPath(item: 3, section: 1)]?.frame, CGRect(x: 2, y: 402, width: 96, height: 96))
        assertFrame(harness.visibleHeaders()[1]?.frame, CGRect(x: 0, y: 250, width: 375, height: 40))
        // Same frames as FlowSim's InsetFlowLayout at that offset.
        let ready = InsetFlowLayout.parks()
        Self.configure(ready)
        let readyHarness = Harness(width: 375, height: 667, layout: ready, sections: Self.sections())
        readyHarness.collectionView.contentOffset = CGPoint(x: 0, y: 200)
        XCTAssertEqual(readyHarness.visibleCells().mapValues(\.frame), cells.mapValues(\.frame))
    }

    /// Runs the original sample's add-then-delete on the original sample's layout, and the same edits on
    /// `InsetFlowLayout.parks()` in `mode`; returns both presentations every 1/60 s.
    func runBoth(mode: InsetFlowLayout.ShiftedCells) -> (
        article: [[PresentedElement]], ready: [[PresentedElement]], readyCollectionView: UICollectionView
    ) {
        let times = (0...120).map { Double($0) / 60 }

        let articleLayout = FlowLayout()
        Self.configure(articleLayout)
        let article = Harness(width: 375, height: 667, layout: articleLayout, sections: Self.sections())
        article.collectionView.layoutIfNeeded()
        let controller = ParksViewController(
            collectionView: article.collectionView, dataSource: ParksDataSource(article.dataSource))
        controller.addItem()
        // 1.5 s later (the insert's spring ended at 1.0 s and its completion cleared addedItem).
        article.collectionView.currentTime = 1.5
        article.collectionView.timeline.fireCompletions(through: 1.5)
        article.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
        article.collectionView.selectItem(at: IndexPath(item: 0, section: 1))
        controller.deleteSelected()

        let readyLayout = InsetFlowLayout.parks()
        readyLayout.shiftedCells = mode
        Self.configure(readyLayout)
        let ready = Harness(width: 375, height: 667, layout: readyLayout, sections: Self.sections())
        ready.collectionView.layoutIfNeeded()
        let readyData = ParksDataSource(ready.dataSource)
        let index = readyData.indexPathForNewRandomPark()
        ViewAnimation.animate(withDuration: 1.0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0) {
            ready.collectionView.insertItems(at: [index])
        }
        ready.collectionView.currentTime = 1.5
        ready.collectionView.timeline.fireCompletions(through: 1.5)
        let selected = [IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)]
        readyData.deleteItemsAtIndexPaths(selected)
        ready.collectionView.deleteItems(at: selected)

        XCTAssertEqual(article.collectionView.updateErrors.map(\.message), [])
        XCTAssertEqual(ready.collectionView.updateErrors.map(\.message), [])
        return (
            times.map(article.collectionView.presentation(at:)), times.map(ready.collectionView.presentation(at:)),
            ready.collectionView
        )
    }

    func testTimelineEqualsReadySeedInLiteralMode() {
        let (article, ready, _) = runBoth(mode: .literalNil)
        XCTAssertEqual(article.count, 121)
        for (index, (a, r)) in zip(article, ready).enumerated() where a != r {
            let onlyArticle = a.filter { !r.contains($0) }.map { "\($0.id)@\($0.center)" }
            let onlyReady = r.filter { !a.contains($0) }.map { "\($0.id)@\($0.center)" }
            XCTFail("frame \(index) (t = \(Double(index) / 60)): article only \(onlyArticle), ready only \(onlyReady)")
        }
        // The literal nil answers make shifted cells cross-fade (docs/uikit-rules.md §2): snapshots exist.
        // Inserting at (0, 2) shifts ak2, ak3, ak4: each has a disappearing snapshot mid-flight.
        let midInsert = article[30]
        let snapshots = midInsert.filter(\.isSnapshot).map(\.id).sorted()
        XCTAssertEqual(snapshots, ["ak2", "ak3", "ak4"])
        // The inserted park flies in from (375 − 23.5, −24.5) at scale 0.15 and zIndex 50.
        let inserted = article[0].first { $0.id == "new0" }
        XCTAssertEqual(inserted?.center, CGPoint(x: 351.5, y: -24.5))
        XCTAssertEqual(inserted?.transform, CGAffineTransform(scaleX: 0.15, y: 0.15))
        XCTAssertEqual(inserted?.zIndex, 50)
        // The deleted items shrink to 0.1 in place (zIndex −1) during the delete (1.5 s … 1.8 s).
        let deleting = article[99].filter { $0.id == "ak1" || $0.id == "ut0" }
        XCTAssertEqual(deleting.count, 2)
        XCTAssertTrue(deleting.allSatisfy { $0.zIndex == -1 && $0.state == .disappearing })
    }

    func testSlideModeDiffersOnlyByTheShiftedCells() {
        let (article, slide, _) = runBoth(mode: .slide)
        XCTAssertNotEqual(
            article[30], slide[30], "the original sample's code cross-fades where the ready layout slides")
        XCTAssertTrue(slide[30].allSatisfy { !$0.isSnapshot }, "sliding cells leave no snapshots")
        // Before and long after the updates both agree.
        XCTAssertEqual(
            article[0].filter { $0.id != "ak2" && $0.id != "ak3" && $0.id != "ak4" }.map(\.id),
            slide[0].filter { $0.id != "ak2" && $0.id != "ak3" && $0.id != "ak4" }.map(\.id))
        XCTAssertEqual(article[120], slide[120])
    }
}
