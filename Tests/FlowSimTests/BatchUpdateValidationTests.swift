import Foundation
import XCTest

@testable import FlowSim
import FlowSimCoreTestSupport

/// Invalid batches are rejected before anything changes (docs/uikit-rules.md §2). The tests match the
/// error's case (its index paths and counts); `UpdateErrorTests` checks each case's UIKit wording,
/// and the count message is checked here word for word against the REFERENCE text with the
/// numbers filled in by hand.
final class BatchUpdateValidationTests: XCTestCase {
    private var cv: CollectionView!
    private var data: SectionedDataSource!

    override func setUp() {
        // Two sections: 3 and 2 items.
        (cv, data) = Fixture.collectionView([
            SectionData(id: "a", items: Fixture.items(3, prefix: "a")),
            SectionData(id: "b", items: Fixture.items(2, prefix: "b")),
        ])
    }

    private func error(_ updates: @escaping () -> Void) -> UpdateError? {
        do throws(UpdateError) {
            try cv.performBatchUpdatesChecked(updates)
            return nil
        } catch {
            return error
        }
    }

    private func countError(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    ) -> UpdateError {
        .itemCount(
            section: section, after: after, before: before, inserted: inserted, deleted: deleted, movedIn: movedIn,
            movedOut: movedOut)
    }

    /// docs/uikit-rules.md §2, verbatim with %d filled in.
    func testCountMessageIsUIKitsWording() {
        data.sections[0].items.append(ItemData(id: "new"))
        XCTAssertEqual(
            error { self.cv.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]) }?
                .message,
            "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (2 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        )
    }

    /// The data gained one item but two inserts were announced: 3 + 2 ≠ 4.
    func testInsertCountMismatch() {
        data.sections[0].items.append(ItemData(id: "new"))
        XCTAssertEqual(
            error { self.cv.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]) },
            countError(section: 0, after: 4, before: 3, inserted: 2, deleted: 0, movedIn: 0, movedOut: 0))
        // Nothing changed: counts and the presentation are as before.
        XCTAssertEqual(cv.itemCounts, [3, 2])
    }

    /// Section 1 lost an item nobody deleted: 2 − 0 ≠ 1.
    func testDeleteMissingFromBatch() {
        data.sections[1].items.removeLast()
        XCTAssertEqual(
            error {}, countError(section: 1, after: 1, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))
    }

    /// A delete announced while the data kept its items: 3 − 1 ≠ 3.
    func testDeleteWithoutDataChange() {
        XCTAssertEqual(
            error { self.cv.deleteItems(at: [IndexPath(item: 2, section: 0)]) },
            countError(section: 0, after: 3, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0))
    }

    /// A move across sections without moving the data: section 0 expects 3 − 1 = 2 but has 3.
    func testMoveCountsMovedOut() {
        XCTAssertEqual(
            error { self.cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1)) },
            countError(section: 0, after: 3, before: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1))
        // And section 1's side when section 0 is made consistent: 2 + 1 ≠ 2.
        data.sections[0].items.removeFirst()
        XCTAssertEqual(
            error { self.cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1)) },
            countError(section: 1, after: 2, before: 2, inserted: 0, deleted: 0, movedIn: 1, movedOut: 0))
    }

    /// Mixed numbers in one message: 3 + 1 − 2 + 0 − 0 = 2, but 5 items after.
    func testMixedCountsInMessage() {
        data.sections[0].items = Fixture.items(5, prefix: "z")
        XCTAssertEqual(
            error {
                self.cv.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
                self.cv.insertItems(at: [IndexPath(item: 4, section: 0)])
            },
            countError(section: 0, after: 5, before: 3, inserted: 1, deleted: 2, movedIn: 0, movedOut: 0))
    }

    func testSectionCountMismatch() {
        data.sections.append(SectionData(id: "c"))
        XCTAssertEqual(error {}, .sectionCount(after: 3, before: 2, inserted: 0, deleted: 0))
    }

    func testOutOfRangeDelete() {
        data.sections[0].items.removeLast()
        XCTAssertEqual(
            error { self.cv.deleteItems(at: [IndexPath(item: 7, section: 0)]) },
            .deleteItemOutOfRange(IndexPath(item: 7, section: 0), count: 3))
    }

    func testOutOfRangeInsert() {
        data.sections[0].items.append(ItemData(id: "x"))
        XCTAssertEqual(
            error { self.cv.insertItems(at: [IndexPath(item: 9, section: 0)]) },
            .insertItemOutOfRange(IndexPath(item: 9, section: 0), count: 4))
    }

    func testOutOfRangeSection() {
        XCTAssertEqual(
            error { self.cv.deleteItems(at: [IndexPath(item: 0, section: 5)]) },
            .deleteItemMissingSection(IndexPath(item: 0, section: 5), sections: 2))
        XCTAssertEqual(error { self.cv.deleteSections(IndexSet(integer: 4)) }, .deleteSectionOutOfRange(4, sections: 2))
    }

    func testDuplicateDelete() {
        data.sections[0].items.removeLast()
        XCTAssertEqual(
            error { self.cv.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)]) },
            .duplicateDelete(IndexPath(item: 1, section: 0)))
    }

    func testDeleteAndMoveOfTheSameItem() {
        data.sections[0].items.removeFirst()
        XCTAssertEqual(
            error {
                self.cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
                self.cv.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
            }, .deleteAndMove(IndexPath(item: 1, section: 0)))
    }

    func testNoDataSource() {
        let lone = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
        XCTAssertThrowsError(try lone.apply(BatchUpdate())) { XCTAssertEqual($0 as? UpdateError, .noDataSource) }
        lone.insertItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(lone.updateErrors, [.noDataSource])
    }

    /// The non-throwing UIKit calls record the error and change nothing: the presentation is the
    /// one before the call.
    func testLoneInvalidCallChangesNothing() {
        let before = cv.presentation(at: 0)
        data.sections[0].items.append(ItemData(id: "new"))
        cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(
            cv.updateErrors,
            [countError(section: 0, after: 4, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)])
        XCTAssertEqual(cv.itemCounts, [3, 2])
        XCTAssertEqual(cv.presentation(at: 5), before)
        // A valid call afterwards still works.
        cv.insertItems(at: [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(cv.itemCounts, [4, 2])
    }

    /// A valid batch with every kind passes validation (counts by hand: section 0: 3 − 1 + 1 − 1
    /// (moved out) = 2; section 1: 2 + 1 (moved in) = 3).
    func testValidMixedBatchPasses() {
        data.sections[0].items = [ItemData(id: "a0"), ItemData(id: "n")]
        data.sections[1].items = [ItemData(id: "b0"), ItemData(id: "a2"), ItemData(id: "b1")]
        XCTAssertNil(
            error {
                self.cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
                self.cv.insertItems(at: [IndexPath(item: 1, section: 0)])
                self.cv.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 1, section: 1))
            })
        XCTAssertEqual(cv.itemCounts, [2, 3])
    }
}
