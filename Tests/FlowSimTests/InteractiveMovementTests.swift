import FlowSim
import FlowSimTestSupport
import XCTest

/// UIKit's interactive movement (docs/reorder.md) on a flow layout: 100 × 100 items, spacings 10,
/// no insets, 320 pt wide, so three items a line at x = 0, 110, 220 (a full line is justified:
/// gap (320 − 300) / 2 = 10) and lines 110 pt apart. Section 0 holds i0…i4 (lines y = 0, 110),
/// section 1 holds j0, j1 (its line at y = 210, where section 0's second line ends: no insets,
/// no headers, no spacing between sections), section 2 is empty.
final class InteractiveMovementTests: XCTestCase {
    var view: CollectionView!
    var dataSource: SectionedDataSource!

    override func setUp() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        (view, dataSource) = Fixture.collectionView(
            [
                SectionData(id: "s0", items: items(5, prefix: "i")),
                SectionData(id: "s1", items: items(2, prefix: "j")),
                SectionData(id: "s2"),
            ], layout: layout, width: 320, height: 480)
    }

    /// Item ids section by section, as the collection view presents them.
    func presented() -> [[String]] {
        (0..<view.numberOfSections).map { s in
            (0..<view.numberOfItems(inSection: s)).map { view.itemID(at: IndexPath(item: $0, section: s)) ?? "?" }
        }
    }

    func stored() -> [[String]] { dataSource.sections.map { $0.items.map(\.id) } }

    func testWithinASectionTheTargetIsTheCellUnderTheFinger() {
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        // (270, 50) is inside item 2's frame (220…320, 0…100): the base layout's 1 × 1 query finds it.
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 270, y: 50))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 2, section: 0))
        XCTAssertEqual(presented(), [["i1", "i2", "i0", "i3", "i4"], ["j0", "j1"], []])
        XCTAssertEqual(stored()[0], ["i0", "i1", "i2", "i3", "i4"], "the data source moves only at the drop")
        XCTAssertEqual(
            view.dataSourceIndexPath(forPresentationIndexPath: IndexPath(item: 2, section: 0)),
            IndexPath(item: 0, section: 0))
        XCTAssertEqual(
            view.dataSourceIndexPath(forPresentationIndexPath: IndexPath(item: 0, section: 0)),
            IndexPath(item: 1, section: 0))
        XCTAssertEqual(
            view.presentationIndexPath(forDataSourceIndexPath: IndexPath(item: 0, section: 0)),
            IndexPath(item: 2, section: 0))
        // The moving cell: centred on the finger, zIndex NSIntegerMax (UIKit's base answer).
        let moving = view.visibleLayoutAttributes().first {
            $0.indexPath == IndexPath(item: 2, section: 0) && $0.representedElementCategory == .cell
        }
        XCTAssertEqual(moving?.center, CGPoint(x: 270, y: 50))
        XCTAssertEqual(moving?.size, CGSize(width: 100, height: 100))
        XCTAssertEqual(moving?.zIndex, Int.max)
        view.endInteractiveMovement()
        XCTAssertEqual(stored()[0], ["i1", "i2", "i0", "i3", "i4"])
        XCTAssertEqual(presented()[0], stored()[0])
        XCTAssertFalse(view.isInteractivelyMoving)
        XCTAssertTrue(view.updateErrors.isEmpty)
    }

    func testOverAGapTheTargetStays() {
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        // (105, 50) is the 10 pt gap between items 0 and 1: no cell under the point, the base
        // answers the previous index path.
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 105, y: 50))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 1, section: 0))
        view.cancelInteractiveMovement()
    }

    func testAcrossSectionsTheParkChangesState() {
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        // Section 1's line is at y = 210: j1's centre is (160, 260).
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 160, y: 260))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 1, section: 1))
        XCTAssertEqual(view.numberOfItems(inSection: 0), 4)
        XCTAssertEqual(view.numberOfItems(inSection: 1), 3)
        view.endInteractiveMovement()
        XCTAssertEqual(stored(), [["i1", "i2", "i3", "i4"], ["j0", "i0", "j1"], []])
        XCTAssertTrue(view.updateErrors.isEmpty)
    }

    func testAnEmptySectionHasNoCellToTargetButADelegateCanSendTheItemThere() {
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 4, section: 0)))
        // Section 2 is empty: below section 1 (y ≥ 320) no cell answers, the target stays.
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 400))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 4, section: 0))
        view.cancelInteractiveMovement()

        let redirect = Redirect { _, _, proposed in
            proposed.section == 1 ? IndexPath(item: 0, section: 2) : proposed
        }
        view.delegate = redirect
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 4, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 260))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 0, section: 2))
        view.endInteractiveMovement()
        XCTAssertEqual(stored(), [["i0", "i1", "i2", "i3"], ["j0", "j1"], ["i4"]])
        // The new API is asked with the original, current and proposed index paths.
        XCTAssertEqual(redirect.asked.first?.original, IndexPath(item: 4, section: 0))
        XCTAssertEqual(redirect.asked.first?.current, IndexPath(item: 4, section: 0))
        XCTAssertEqual(redirect.asked.first?.proposed, IndexPath(item: 0, section: 1), "j0 is under (50, 260)")
    }

    func testTheOlderDelegateMethodDecidesWhenTheNewOneIsNotImplemented() {
        let legacy = LegacyRedirect()
        view.delegate = legacy
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 160, y: 260))
        // It keeps the item in its section: the proposal (1, 1) becomes (0, 0), the target stays.
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 0, section: 0))
        XCTAssertEqual(legacy.asked.first?.current, IndexPath(item: 0, section: 0))
        XCTAssertEqual(legacy.asked.first?.proposed, IndexPath(item: 1, section: 1))
        view.endInteractiveMovement()
        XCTAssertEqual(stored()[0], ["i0", "i1", "i2", "i3", "i4"])
    }

    func testCanMoveItemAtFalseRefusesToBegin() {
        let locked = LockedDataSource(sections: [["a", "b"]], locked: ["a"])
        let other = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: FlowLayout())
        other.dataSource = locked
        other.layoutIfNeeded()
        XCTAssertFalse(other.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        XCTAssertFalse(other.isInteractivelyMoving)
        XCTAssertTrue(other.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        XCTAssertFalse(
            other.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)), "one movement at a time")
        XCTAssertFalse(view.beginInteractiveMovementForItem(at: IndexPath(item: 9, section: 0)), "no such item")
    }

    func testTheDropLandsTheCellInItsSlotAboveTheOthers() {
        view.currentTime = 1
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 270, y: 60))
        view.currentTime = 2
        view.endInteractiveMovement()
        // UIKit's default update animation (0.3 s ease-in-out) from the finger to slot (0, 2).
        let start = view.presentation(at: 2).first { $0.id == "i0" }
        let middle = view.presentation(at: 2.15).first { $0.id == "i0" }
        let end = view.presentation(at: 2.3).first { $0.id == "i0" }
        XCTAssertEqual(start?.center, CGPoint(x: 270, y: 60))
        XCTAssertEqual(middle?.zIndex, Int.max, "stays above the others while it lands")
        XCTAssertEqual(end?.center, CGPoint(x: 270, y: 50))
        XCTAssertEqual(end?.zIndex, 0)
    }

    func testTheCancelSendsTheCellBackAndLeavesTheData() {
        view.currentTime = 1
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 160, y: 260))
        view.currentTime = 2
        view.cancelInteractiveMovement()
        XCTAssertEqual(stored(), [["i0", "i1", "i2", "i3", "i4"], ["j0", "j1"], []])
        XCTAssertEqual(presented(), stored())
        let end = view.presentation(at: 2.3).first { $0.id == "i0" }
        XCTAssertEqual(end?.center, CGPoint(x: 50, y: 50), "back in its original slot")
        XCTAssertEqual(end?.zIndex, 0)
        // j1 slid back from (270, 260) (after i0 joined section 1) to (160, 260).
        XCTAssertEqual(view.presentation(at: 2).first { $0.id == "j1" }?.center, CGPoint(x: 270, y: 260))
        XCTAssertEqual(view.presentation(at: 2.3).first { $0.id == "j1" }?.center, CGPoint(x: 160, y: 260))
    }

    func testDataChangedUnderTheMovementThatNoLongerFitsEndsIt() {
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 4, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 160, y: 260))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 1, section: 1))
        // The app drops section 0 (the source's) and reloads: nothing to move any more.
        dataSource.sections.removeFirst()
        view.reloadData()
        XCTAssertFalse(view.isInteractivelyMoving)
        XCTAssertEqual(presented(), [["j0", "j1"], []])
        view.endInteractiveMovement()  // nothing under way: nothing happens
        XCTAssertEqual(stored(), [["j0", "j1"], []])
    }

    func testTheLayoutIsInvalidatedWithUIKitsContexts() {
        let layout = RecordingLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 10
        view.collectionViewLayout = layout
        view.layoutIfNeeded()
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 150, y: 40))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 151, y: 41))
        view.endInteractiveMovement()
        let moving = layout.contexts.filter { $0.targetIndexPathsForInteractivelyMovingItems != nil }
        XCTAssertEqual(moving.count, 4, "begin, two updates, end")
        // Begin: target = previous = the item; equal, so the base invalidates the item too.
        XCTAssertEqual(moving[0].targetIndexPathsForInteractivelyMovingItems, [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(moving[0].invalidatedItemIndexPaths, [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(moving[0].interactiveMovementTarget, CGPoint(x: 50, y: 50))
        // First update: (150, 40) is over item 1; the target moves, nothing is invalidated item-wise.
        XCTAssertEqual(moving[1].previousIndexPathsForInteractivelyMovingItems, [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(moving[1].targetIndexPathsForInteractivelyMovingItems, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(moving[1].interactiveMovementTarget, CGPoint(x: 150, y: 40))
        XCTAssertNil(moving[1].invalidatedItemIndexPaths)
        XCTAssertEqual(moving[2].invalidatedItemIndexPaths, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(moving[3].targetIndexPathsForInteractivelyMovingItems, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(moving[3].interactiveMovementTarget, .zero, "UIKit's ending context carries no position")
        XCTAssertEqual(layout.endings, [false])
    }

    func testAutoScrollSpeedRisesAcrossTheEdgeZone() {
        let scroll = InteractiveMovementAutoScroll()
        let size = CGSize(width: 320, height: 480)
        func offset(fingerY: CGFloat, from y: CGFloat = 100) -> CGFloat {
            scroll.offset(
                after: 0.5, from: CGPoint(x: 0, y: y), viewportSize: size, position: CGPoint(x: 160, y: y + fingerY),
                minimum: .zero, maximum: CGPoint(x: 0, y: 1000)
            ).y
        }
        XCTAssertEqual(offset(fingerY: 240), 100, "the middle does not scroll")
        // 22 pt into the 44 pt bottom zone: half of 600 pt/s for 0.5 s = 150 pt.
        XCTAssertEqual(offset(fingerY: 480 - 22), 250)
        XCTAssertEqual(offset(fingerY: 600), 400, "past the edge: full speed")
        XCTAssertEqual(offset(fingerY: 0), 0, "top zone, clamped at the start")
        XCTAssertEqual(offset(fingerY: 470, from: 990), 1000, "clamped at the end")
    }
}

/// Redirects proposals with the iOS 15 method and records what it is asked.
private final class Redirect: CollectionViewDelegate {
    let rule: (IndexPath, IndexPath, IndexPath) -> IndexPath
    var asked: [(original: IndexPath, current: IndexPath, proposed: IndexPath)] = []
    init(_ rule: @escaping (IndexPath, IndexPath, IndexPath) -> IndexPath) { self.rule = rule }

    func collectionView(
        _ collectionView: CollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        asked.append((originalIndexPath, currentIndexPath, proposedIndexPath))
        return rule(originalIndexPath, currentIndexPath, proposedIndexPath)
    }
}

/// Keeps items in their section with the iOS 9 method only.
private final class LegacyRedirect: CollectionViewDelegate {
    var asked: [(current: IndexPath, proposed: IndexPath)] = []
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        asked.append((currentIndexPath, proposedIndexPath))
        return proposedIndexPath.section == currentIndexPath.section ? proposedIndexPath : currentIndexPath
    }
}

/// A data source whose locked items cannot move.
private final class LockedDataSource: CollectionViewDataSource {
    let sections: [[String]]
    let locked: Set<String>
    init(sections: [[String]], locked: Set<String>) {
        self.sections = sections
        self.locked = locked
    }
    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, itemAt indexPath: IndexPath) -> ItemData {
        ItemData(id: sections[indexPath.section][indexPath.item])
    }
    func collectionView(_ collectionView: CollectionView, sectionAt section: Int) -> SectionData {
        SectionData(id: "s\(section)")
    }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        !locked.contains(sections[indexPath.section][indexPath.item])
    }
}

/// Records the invalidation contexts it gets and the endings it is asked for.
private final class RecordingLayout: FlowLayout {
    var contexts: [LayoutInvalidationContext] = []
    var endings: [Bool] = []
    override func invalidateLayout(with context: LayoutInvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
    }
    override func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> LayoutInvalidationContext {
        endings.append(movementCancelled)
        return super.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: indexPaths, previousIndexPaths: previousIndexPaths, movementCancelled: movementCancelled)
    }
}
