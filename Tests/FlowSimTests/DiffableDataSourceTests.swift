import Foundation
import XCTest

@testable import FlowSim

/// `CollectionViewDiffableDataSource` on a collection view: snapshots in, UIKit's batch and
/// animations out.
final class DiffableDataSourceTests: XCTestCase {
    typealias Snapshot = DiffableDataSourceSnapshot<String, String>
    typealias DataSource = CollectionViewDiffableDataSource<String, String>

    private func make(titles: [String: String] = [:]) -> (CollectionView, DataSource) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 400), collectionViewLayout: layout)
        let source = DataSource(collectionView: view) { _, _, _ in CollectionViewCell(frame: .zero) }
        view.layoutIfNeeded()
        return (view, source)
    }

    private func snapshot(_ sections: [(String, [String])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    private func frames(_ view: CollectionView, at time: Double) -> [String: CGRect] {
        Dictionary(
            view.presentation(at: time).filter { $0.kind == .cell && !$0.isSnapshot }.map { ($0.id, $0.frame) },
            uniquingKeysWith: { a, _ in a })
    }

    private func layoutFrames(_ view: CollectionView) -> [String: CGRect] {
        Dictionary(
            uniqueKeysWithValues: view.visibleLayoutAttributes().filter { $0.representedElementCategory == .cell }.map {
                (view.itemID(at: $0.indexPath)!, $0.frame)
            })
    }

    func testFirstApplyWithoutAnimationShowsTheDataAtOnce() {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a", "b", "c"])]), animatingDifferences: false)
        XCTAssertTrue(view.updateErrors.isEmpty)
        XCTAssertEqual(view.numberOfItems(inSection: 0), 3)
        XCTAssertEqual(frames(view, at: 0), layoutFrames(view))
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: 1, section: 0)), "b")
        XCTAssertEqual(source.indexPath(for: "c"), IndexPath(item: 2, section: 0))
        XCTAssertEqual(source.sectionIdentifier(for: 0), "s")
        XCTAssertEqual(source.snapshot(), snapshot([("s", ["a", "b", "c"])]))
    }

    func testShuffleAnimatesMovesWithUIKitsDefaultTiming() throws {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a", "b", "c", "d"])]), animatingDifferences: false)
        let before = frames(view, at: 0)
        var completed = false
        let difference = try source.applyChecked(snapshot([("s", ["d", "b", "c", "a"])])) { completed = true }
        XCTAssertEqual(difference.batch.movedItems.count, 2)  // n − LIS = 4 − 2
        XCTAssertTrue(difference.batch.insertedItems.isEmpty && difference.batch.deletedItems.isEmpty)
        let middle = frames(view, at: 0.15)
        XCTAssertNotEqual(middle["a"], before["a"])
        XCTAssertNotEqual(middle["a"], layoutFrames(view)["a"])
        view.timeline.fireCompletions(through: 0.29)
        XCTAssertFalse(completed)
        XCTAssertEqual(frames(view, at: 0.3), layoutFrames(view))
        XCTAssertTrue(completed)  // sampling at 0.3 runs the completions due by then
        XCTAssertEqual(before["a"], layoutFrames(view)["d"])
    }

    func testApplyInsideAnAnimationBlockTakesItsTiming() {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a", "b", "c"])]), animatingDifferences: false)
        ViewAnimation.animate(withDuration: 1) {
            source.apply(snapshot([("s", ["c", "a", "b"])]))
        }
        XCTAssertNotEqual(frames(view, at: 0.5)["c"], layoutFrames(view)["c"])
        XCTAssertEqual(frames(view, at: 1), layoutFrames(view))
    }

    func testNotAnimatingDifferencesShowsTheNewLayoutAtOnce() {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a", "b", "c"])]), animatingDifferences: false)
        ViewAnimation.animate(withDuration: 1) {
            source.apply(snapshot([("s", ["c", "x", "a"])]), animatingDifferences: false)
        }
        XCTAssertEqual(frames(view, at: 0), layoutFrames(view))
        XCTAssertNil(frames(view, at: 0)["b"])
        XCTAssertTrue(view.presentation(at: 0).allSatisfy { $0.state == .static })
    }

    func testSectionReorderAndCrossSectionMove() throws {
        let (view, source) = make()
        source.apply(snapshot([("s1", ["a", "b"]), ("s2", ["c"]), ("s3", ["d"])]), animatingDifferences: false)
        let difference = try source.applyChecked(snapshot([("s3", ["d", "a"]), ("s1", ["b"]), ("s2", ["c"])]))
        XCTAssertEqual(difference.batch.movedSections.map(\.from), [2])
        XCTAssertEqual(difference.batch.movedSections.map(\.to), [0])
        XCTAssertEqual(difference.batch.movedItems.map(\.from), [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(difference.batch.movedItems.map(\.to), [IndexPath(item: 1, section: 0)])
        XCTAssertTrue(view.updateErrors.isEmpty)
        XCTAssertEqual(frames(view, at: 0.3), layoutFrames(view))
    }

    /// UIKit raises for duplicate identifiers; here the apply changes nothing and the error
    /// carries UIKit's message.
    func testDuplicateIdentifiersChangeNothing() {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a", "b"])]), animatingDifferences: false)
        var bad = Snapshot()
        bad.appendSections(["s"])
        bad.appendItems(["a", "b", "a"])
        XCTAssertThrowsError(try source.applyChecked(bad)) { error in
            XCTAssertEqual(
                (error as? UpdateError)?.message,
                "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    a\n)}")
        }
        source.apply(bad)
        XCTAssertEqual(view.updateErrors.count, 1)
        XCTAssertEqual(source.snapshot(), snapshot([("s", ["a", "b"])]))
        XCTAssertEqual(view.numberOfItems(inSection: 0), 2)
    }

    /// Content is read as UIKit calls the cell provider: for new items, then only for reloaded
    /// and reconfigured ones. A reconfigure shows the new content in place, without animation;
    /// a reload cross-fades.
    func testReconfigureAndReload() throws {
        let (view, source) = make()
        var titles = ["a": "A", "b": "B", "c": "C"]
        source.itemContentProvider = { DiffableItemContent(title: titles[$0]) }
        source.apply(snapshot([("s", ["a", "b", "c"])]), animatingDifferences: false)
        XCTAssertEqual(source.cellProviderCalls, 3)
        func shown(_ id: String, at time: Double) -> [PresentedElement] {
            view.presentation(at: time).filter { $0.id == id }
        }
        titles["a"] = "A2"
        titles["b"] = "B2"
        // Neither marked: the cells keep what they showed.
        view.currentTime = 1
        source.apply(source.snapshot())
        XCTAssertEqual(shown("a", at: 1.1).map(\.content.title), ["A"])

        view.currentTime = 2
        var next = source.snapshot()
        next.reconfigureItems(["a"])
        next.reloadItems(["b"])
        let difference = try source.applyChecked(next)
        XCTAssertEqual(difference.batch.reloadedItems, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(difference.reconfiguredItems, [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(source.cellProviderCalls, 5)
        let a = shown("a", at: 2.1)
        XCTAssertEqual(a.map(\.content.title), ["A2"])
        XCTAssertEqual(a.map(\.state), [.static])
        let b = shown("b", at: 2.1)
        XCTAssertEqual(Set(b.map { $0.content.title }), ["B", "B2"])
        XCTAssertEqual(Set(b.map(\.state)), [.appearing, .disappearing])
        XCTAssertTrue(source.snapshot().reloadedItemIdentifiers.isEmpty)
    }

    /// A reloaded item that also moves is a delete and an insert (UIKit's batch rules forbid a
    /// reload and a move of one index path).
    func testReloadOfAMovedItemIsDeleteAndInsert() throws {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a", "b", "c"])]), animatingDifferences: false)
        var next = snapshot([("s", ["c", "a", "b"])])
        next.reloadItems(["c"])
        let batch = try source.applyChecked(next).batch
        XCTAssertEqual(batch.deletedItems, [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(batch.insertedItems, [IndexPath(item: 0, section: 0)])
        XCTAssertTrue(batch.movedItems.isEmpty && batch.reloadedItems.isEmpty)
        XCTAssertTrue(view.updateErrors.isEmpty)
    }

    func testApplySnapshotUsingReloadData() {
        let (view, source) = make()
        source.apply(snapshot([("s", ["a"])]), animatingDifferences: false)
        var done = false
        source.applySnapshotUsingReloadData(snapshot([("t", ["x", "y"])])) { done = true }
        XCTAssertTrue(done)
        XCTAssertEqual(view.numberOfSections, 1)
        XCTAssertEqual(view.itemID(at: IndexPath(item: 1, section: 0)), "y")
        XCTAssertEqual(frames(view, at: 0), layoutFrames(view))
    }

    /// Distinct identifiers that describe alike get distinct string ids.
    func testStringIDsAreUnique() {
        struct Item: Hashable, CustomStringConvertible {
            var key: Int
            var description: String { "same" }
        }
        let layout = FlowLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 400), collectionViewLayout: layout)
        let source = CollectionViewDiffableDataSource<Int, Item>(collectionView: view) { _, _, _ in nil }
        var snapshot = DiffableDataSourceSnapshot<Int, Item>()
        snapshot.appendSections([0])
        snapshot.appendItems([Item(key: 1), Item(key: 2)])
        source.apply(snapshot, animatingDifferences: false)
        XCTAssertEqual(view.itemID(at: IndexPath(item: 0, section: 0)), "same")
        XCTAssertEqual(view.itemID(at: IndexPath(item: 1, section: 0)), "same#2")
    }
}
