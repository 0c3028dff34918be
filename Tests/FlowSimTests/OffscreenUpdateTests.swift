import FlowSimCoreTestSupport
import XCTest

@testable import FlowSim

/// Which updated elements UIKit animates: those whose two frames' union meets the visible
/// bounds. Evidence: decompiled UIKit's update pass (`UICollectionView` collecting the views to
/// animate) tests the bounding rect of an element's start and end frames against the visible
/// bounds, so an item inserted off screen that flies in from on screen is created and animated,
/// and an item sliding across the whole viewport is animated although it starts and ends off
/// screen.
final class OffscreenUpdateTests: XCTestCase {
    /// Inserted and deleted items come from / go to a fixed point on screen: (100, 300).
    final class FlyLayout: FlowLayout {
        var inserted: Set<IndexPath> = []
        var deleted: Set<IndexPath> = []

        override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            inserted = Set(updateItems.filter { $0.updateAction == .insert }.compactMap(\.indexPathAfterUpdate))
            deleted = Set(updateItems.filter { $0.updateAction == .delete }.compactMap(\.indexPathBeforeUpdate))
        }

        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)?.copied()
            guard inserted.contains(itemIndexPath) else { return attributes }
            attributes?.center = CGPoint(x: 100, y: 300)
            attributes?.alpha = 1
            return attributes
        }

        override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)?.copied()
            guard deleted.contains(itemIndexPath) else { return attributes }
            attributes?.center = CGPoint(x: 100, y: 300)
            attributes?.alpha = 1
            return attributes
        }
    }

    /// 300 × 400 viewport, 100 × 100 items 3 per line with 10 pt line spacing: item k's line
    /// starts at y = 110·⌊k/3⌋. Items 12… start at y 440, below the bounds (0…400).
    func makeView(items count: Int) -> (CollectionView, SectionedDataSource, FlyLayout) {
        let layout = FlyLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 0
        let (view, data) = Fixture.collectionView(
            [SectionData(id: "s", items: Fixture.items(count))], layout: layout, width: 300, height: 400, scale: 1)
        return (view, data, layout)
    }

    /// Applies `edit` to a fresh batch over one linear second.
    func apply(_ view: CollectionView, _ edit: (inout BatchUpdate) -> Void) throws {
        var batch = BatchUpdate()
        edit(&batch)
        try view.apply(batch, timing: AnimationTiming(curve: .linear(duration: 1)))
    }

    func testAnInsertBelowTheFoldThatFliesInFromOnScreenIsShown() throws {
        let (view, data, _) = makeView(items: 20)
        data.sections[0].items.insert(ItemData(id: "new"), at: 14)
        try apply(view) { $0.insertedItems = [IndexPath(item: 14, section: 0)] }
        // I = (100, 300) on screen, E = item 14's slot (x 200…300, y 440…540) below the bounds:
        // the union meets the bounds, so the new item exists from the start, on screen.
        let start = view.presentation(at: 0).first { $0.id == "new" }
        XCTAssertEqual(start?.center, CGPoint(x: 100, y: 300))
        let middle = view.presentation(at: 0.5).first { $0.id == "new" }
        XCTAssertEqual(middle?.center, CGPoint(x: 175, y: 395))
    }

    func testADeleteFromBelowTheFoldThatFliesOnScreenIsShown() throws {
        let (view, data, _) = makeView(items: 20)
        data.sections[0].items.remove(at: 14)
        try apply(view) { $0.deletedItems = [IndexPath(item: 14, section: 0)] }
        // S = (250, 490) below the bounds, F = (100, 300) on screen.
        let middle = view.presentation(at: 0.5).first { $0.id == "i14" }
        XCTAssertEqual(middle?.center, CGPoint(x: 175, y: 395))
        XCTAssertEqual(middle?.state, .disappearing)
    }

    func testAnInsertThatNeitherStartsNorEndsOnScreenIsNotShown() throws {
        let (view, data, layout) = makeView(items: 20)
        layout.inserted = []
        data.sections[0].items.insert(ItemData(id: "new"), at: 14)
        try apply(view) { $0.insertedItems = [IndexPath(item: 14, section: 0)] }
        // FlyLayout records the insert again in prepare(forCollectionViewUpdates:), so this one
        // flies in; a plain flow layout's insert at the same place stays unseen.
        let plain = FlowLayout()
        plain.itemSize = CGSize(width: 100, height: 100)
        plain.minimumInteritemSpacing = 0
        let (other, otherData) = Fixture.collectionView(
            [SectionData(id: "s", items: Fixture.items(20))], layout: plain, width: 300, height: 400, scale: 1)
        otherData.sections[0].items.insert(ItemData(id: "new"), at: 14)
        try apply(other) { $0.insertedItems = [IndexPath(item: 14, section: 0)] }
        XCTAssertNil(other.presentation(at: 0.5).first { $0.id == "new" })
        XCTAssertNotNil(view.presentation(at: 0.5).first { $0.id == "new" })
    }

    func testASurvivorCrossingTheViewportIsAnimated() throws {
        let (view, data, _) = makeView(items: 30)
        view.contentOffset = CGPoint(x: 0, y: 330)  // bounds y 330…730: lines 3 to 6
        view.layoutIfNeeded()
        // Move item 0 (line 0, y 0…100, above the bounds) to the end (item 29: line 9,
        // y 990…1090, below them). The union of its frames spans the whole viewport.
        let moved = data.sections[0].items.remove(at: 0)
        data.sections[0].items.append(moved)
        try apply(view) { $0.movedItems = [(IndexPath(item: 0, section: 0), IndexPath(item: 29, section: 0))] }
        let middle = view.presentation(at: 0.5).first { $0.id == "i0" }
        XCTAssertEqual(middle?.center, CGPoint(x: 150, y: 545), "half way from (50, 50) to (250, 1040)")
    }
}
