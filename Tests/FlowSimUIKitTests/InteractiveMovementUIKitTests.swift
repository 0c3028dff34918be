import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Interactive reordering written as for UIKit: a layout overriding the movement hooks
/// (Layouts/ReorderingGridLayout.swift), a delegate's target override, a diffable data source's
/// reordering handlers.
final class InteractiveMovementUIKitTests: XCTestCase {
    /// 100 × 100 items, spacings 10, 320 pt wide: three a line at x = 0, 110, 220; section 0
    /// holds i0…i3 (lines at y = 0 and 110), section 1 holds j0, j1 (y = 210).
    func makeHarness(_ layout: UICollectionViewFlowLayout) -> Harness {
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let harness = Harness(
            width: 320, height: 480, layout: layout,
            sections: [
                SectionData(id: "s0", items: items(4, prefix: "i")),
                SectionData(id: "s1", items: items(2, prefix: "j")),
            ])
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    func testATeamLayoutsOverridesShapeTheMovement() {
        let layout = ReorderingGridLayout()
        let harness = makeHarness(layout)
        let view = harness.collectionView
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        // Over j0 (centre (50, 260)) in section 1: the layout keeps the item in its section.
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 260))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 0, section: 0))
        // Over i3 (the second line's first item, centre (50, 160)): target (0, 3).
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 60, y: 150))
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 3, section: 0))
        XCTAssertEqual(layout.lastTargets, [IndexPath(item: 3, section: 0)])
        let lifted = harness.visibleCells()[IndexPath(item: 3, section: 0)]
        XCTAssertEqual(lifted?.center, CGPoint(x: 60, y: 150))
        XCTAssertEqual(lifted?.alpha, 0.8)
        XCTAssertEqual(lifted?.transform, CGAffineTransform(scaleX: 1.1, y: 1.1))
        XCTAssertEqual(lifted?.zIndex, Int.max)
        view.endInteractiveMovement()
        XCTAssertEqual(layout.lastEndingCancelled, false)
        XCTAssertEqual(harness.dataSource.sections[0].items.map(\.id), ["i1", "i2", "i3", "i0"])
        // After the drop the layout answers the plain slot again.
        XCTAssertEqual(harness.visibleCells()[IndexPath(item: 3, section: 0)]?.alpha, 1)
    }

    func testADelegatesTargetOverrideWritenForUIKit() {
        let harness = makeHarness(UICollectionViewFlowLayout())
        let delegate = PinnedFirstItemDelegate()
        harness.collectionView.delegate = delegate
        let view = harness.collectionView
        XCTAssertTrue(view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 50))  // over i0: refused
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 2, section: 0))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 160, y: 50))  // over i1: taken
        XCTAssertEqual(view.interactiveMovementTargetIndexPath, IndexPath(item: 1, section: 0))
        view.cancelInteractiveMovement()
        XCTAssertEqual(harness.dataSource.sections[0].items.map(\.id), ["i0", "i1", "i2", "i3"])
        withExtendedLifetime(delegate) {}
    }

    enum Section: Hashable { case wishlist, visited }

    func testDiffableReorderingHandlersCommitTheSnapshot() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 10
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            _, _, _ in UICollectionViewCell(frame: .zero)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.wishlist, .visited])
        snapshot.appendItems(["Zion", "Arches", "Denali"], toSection: .wishlist)
        snapshot.appendItems(["Katmai"], toSection: .visited)
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        // Without canReorderItem nothing may move (UIKit's reordering needs the handler).
        XCTAssertFalse(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        dataSource.reorderingHandlers.canReorderItem = { $0 != "Katmai" }
        var transactions: [NSDiffableDataSourceTransaction<Section, String>] = []
        var willCount = 0
        dataSource.reorderingHandlers.willReorder = { _ in willCount += 1 }
        dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
        XCTAssertFalse(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 1)))

        // Zion (0, 0) over Katmai (section 1's line starts at y = 100, where section 0's one line
        // ends: centre (50, 150)) → target (1, 0).
        XCTAssertTrue(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 160))
        XCTAssertEqual(collectionView.interactiveMovementTargetIndexPath, IndexPath(item: 0, section: 1))
        collectionView.endInteractiveMovement()

        XCTAssertTrue(collectionView.updateErrors.isEmpty)
        XCTAssertEqual(willCount, 1)
        XCTAssertEqual(transactions.count, 1)
        XCTAssertEqual(dataSource.snapshot().itemIdentifiers(inSection: .wishlist), ["Arches", "Denali"])
        XCTAssertEqual(dataSource.snapshot().itemIdentifiers(inSection: .visited), ["Zion", "Katmai"])
        let transaction = transactions[0]
        XCTAssertEqual(transaction.initialSnapshot.itemIdentifiers, ["Zion", "Arches", "Denali", "Katmai"])
        XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Arches", "Denali", "Zion", "Katmai"])
        // The documented use: a backing store updated by the difference.
        XCTAssertEqual(
            ["Zion", "Arches", "Denali", "Katmai"].applying(transaction.difference),
            ["Arches", "Denali", "Zion", "Katmai"])
        XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)), "Zion")
        XCTAssertEqual(collectionView.itemID(at: IndexPath(item: 0, section: 1)), "Zion")
    }
}
