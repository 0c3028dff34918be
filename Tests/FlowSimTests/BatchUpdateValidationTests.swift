import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Invalid batches are rejected before anything changes, with UIKit's message text
/// (docs/uikit-rules.md §2). The count message is checked word for word against UIKit's text (docs/uikit-rules.md §2.1) with
/// the numbers filled in by hand.
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

    private func message(_ updates: @escaping () -> Void) -> String? {
        do {
            try cv.performBatchUpdatesChecked(updates)
            return nil
        } catch let error as UpdateError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    private func countMessage(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    ) -> String {
        // docs/uikit-rules.md §2, verbatim with %d filled in.
        "Invalid update: invalid number of items in section \(section). The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    }

    /// The data gained one item but two inserts were announced: 3 + 2 ≠ 4.
    func testInsertCountMismatch() {
        data.sections[0].items.append(ItemData(id: "new"))
        XCTAssertEqual(
            message { self.cv.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]) },
            countMessage(section: 0, after: 4, before: 3, inserted: 2, deleted: 0, movedIn: 0, movedOut: 0))
        // Nothing changed: counts and the presentation are as before.
        XCTAssertEqual(cv.itemCounts, [3, 2])
    }

    /// Section 1 lost an item nobody deleted: 2 − 0 ≠ 1.
    func testDeleteMissingFromBatch() {
        data.sections[1].items.removeLast()
        XCTAssertEqual(
            message {}, countMessage(section: 1, after: 1, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))
    }

    /// A delete announced while the data kept its items: 3 − 1 ≠ 3.
    func testDeleteWithoutDataChange() {
        XCTAssertEqual(
            message { self.cv.deleteItems(at: [IndexPath(item: 2, section: 0)]) },
            countMessage(section: 0, after: 3, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0))
    }

    /// A move across sections without moving the data: section 0 expects 3 − 1 = 2 but has 3.
    func testMoveCountsMovedOut() {
        XCTAssertEqual(
            message { self.cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1)) },
            countMessage(section: 0, after: 3, before: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1))
        // And section 1's side when section 0 is made consistent: 2 + 1 ≠ 2.
        data.sections[0].items.removeFirst()
        XCTAssertEqual(
            message { self.cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1)) },
            countMessage(section: 1, after: 2, before: 2, inserted: 0, deleted: 0, movedIn: 1, movedOut: 0))
    }

    /// Mixed numbers in one message: 3 + 1 − 2 + 0 − 0 = 2, but 5 items after.
    func testMixedCountsInMessage() {
        data.sections[0].items = Fixture.items(5, prefix: "z")
        XCTAssertEqual(
            message {
                self.cv.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
                self.cv.insertItems(at: [IndexPath(item: 4, section: 0)])
            },
            countMessage(section: 0, after: 5, before: 3, inserted: 1, deleted: 2, movedIn: 0, movedOut: 0))
    }

    func testSectionCountMismatch() {
        data.sections.append(SectionData(id: "c"))
        let text = message {}
        XCTAssertTrue(text?.hasPrefix("Invalid update: invalid number of sections.") == true, text ?? "nil")
        // The numbers: 3 after, 2 before, 0 inserted, 0 deleted.
        XCTAssertTrue(text?.contains("after the update (3)") == true, text ?? "nil")
        XCTAssertTrue(text?.contains("before the update (2)") == true, text ?? "nil")
        XCTAssertTrue(text?.contains("(0 inserted, 0 deleted)") == true, text ?? "nil")
    }

    func testOutOfRangeDelete() {
        data.sections[0].items.removeLast()
        let text = message { self.cv.deleteItems(at: [IndexPath(item: 7, section: 0)]) }
        // UIKit: "attempt to delete item 7 from section 0 which only contains 3 items before the update".
        XCTAssertEqual(text, "attempt to delete item 7 from section 0 which only contains 3 items before the update")
    }

    func testOutOfRangeInsert() {
        data.sections[0].items.append(ItemData(id: "x"))
        XCTAssertEqual(
            message { self.cv.insertItems(at: [IndexPath(item: 9, section: 0)]) },
            "attempt to insert item 9 into section 0, but there are only 4 items in section 0 after the update")
    }

    func testOutOfRangeSection() {
        let text = message { self.cv.deleteItems(at: [IndexPath(item: 0, section: 5)]) }
        XCTAssertTrue(text?.contains("section 5") == true && text?.contains("only 2 sections") == true, text ?? "nil")
        let sectionText = message { self.cv.deleteSections(IndexSet(integer: 4)) }
        XCTAssertTrue(sectionText?.hasPrefix("attempt to delete section 4") == true, sectionText ?? "nil")
    }

    func testDuplicateDelete() {
        data.sections[0].items.removeLast()
        let text = message {
            self.cv.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)])
        }
        XCTAssertTrue(text?.hasPrefix("attempt to delete item 1 from section 0 more than once") == true, text ?? "nil")
    }

    func testDeleteAndMoveOfTheSameItem() {
        data.sections[0].items.removeFirst()
        let text = message {
            self.cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
            self.cv.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
        }
        // UIKit: "attempt to perform a delete and a move from the same index path (<NSIndexPath…> {length = 2, path = 0 - 1})".
        XCTAssertTrue(
            text?.hasPrefix("attempt to perform a delete and a move from the same index path") == true, text ?? "nil")
        XCTAssertTrue(text?.contains("path = 0 - 1") == true, text ?? "nil")
    }

    /// The non-throwing UIKit calls record the error and change nothing: the presentation is the
    /// one before the call.
    func testLoneInvalidCallChangesNothing() {
        let before = cv.presentation(at: 0)
        data.sections[0].items.append(ItemData(id: "new"))
        cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(
            cv.updateErrors.map(\.message),
            [countMessage(section: 0, after: 4, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)])
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
            message {
                self.cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
                self.cv.insertItems(at: [IndexPath(item: 1, section: 0)])
                self.cv.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 1, section: 1))
            })
        XCTAssertEqual(cv.itemCounts, [2, 3])
    }
}
