import Foundation
import XCTest

@testable import FlowSim

/// Each `UpdateError` case renders UIKit's wording (the texts FlowSim printed when errors were
/// strings, kept verbatim), and validation reports the case with the offending values.
final class UpdateErrorTests: XCTestCase {
    private let path = IndexPath(item: 4, section: 1)
    private let other = IndexPath(item: 0, section: 2)
    private let ns = "<NSIndexPath> {length = 2, path = 1 - 4}"

    func testEveryCaseRendersUIKitsWording() {
        let cases: [(UpdateError, String)] = [
            (.noDataSource, "the collection view has no data source"),
            (
                .malformedIndexPath(IndexPath(index: 3), edit: .delete),
                "invalid index path [3] in a delete: expected a section and an item"
            ),
            (
                .malformedIndexPath(IndexPath(index: 3), edit: .insert),
                "invalid index path [3] in an insert: expected a section and an item"
            ),
            (
                .deleteItemMissingSection(path, sections: 1),
                "attempt to delete item 4 from section 1, but there are only 1 sections before the update"
            ),
            (
                .deleteItemOutOfRange(path, count: 2),
                "attempt to delete item 4 from section 1 which only contains 2 items before the update"
            ),
            (
                .insertItemMissingSection(path, sections: 1),
                "attempt to insert item 4 into section 1, but there are only 1 sections after the update"
            ),
            (
                .insertItemOutOfRange(path, count: 3),
                "attempt to insert item 4 into section 1, but there are only 3 items in section 1 after the update"
            ),
            (
                .itemInEditedSection(path, edit: .delete),
                "attempt to delete item 4 in section 1, a section the same update deletes as a whole"
            ),
            (
                .itemInEditedSection(path, edit: .insert),
                "attempt to insert item 4 in section 1, a section the same update inserts as a whole"
            ),
            (
                .duplicateDelete(path),
                "attempt to delete item 4 from section 1 more than once in the same update (\(ns))"
            ),
            (
                .duplicateInsert(path),
                "attempt to insert item 4 into section 1 more than once in the same update (\(ns))"
            ),
            (
                .moveOutOfRange(from: path, to: other),
                "attempt to move index path (\(ns)) to index path (<NSIndexPath> {length = 2, path = 2 - 0}) "
                    + "which is out of range"
            ),
            (.deleteAndMove(path), "attempt to perform a delete and a move from the same index path (\(ns))"),
            (.insertAndMove(path), "attempt to perform an insert and a move to the same index path (\(ns))"),
            (.duplicateMoveSource(path), "attempt to move index path (\(ns)) more than once in the same update"),
            (.duplicateMoveDestination(path), "attempt to move two items to index path (\(ns)) in the same update"),
            (
                .sectionCount(after: 3, before: 2, inserted: 0, deleted: 0),
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
            ),
            (
                .itemCount(section: 1, after: 5, before: 3, inserted: 1, deleted: 2, movedIn: 3, movedOut: 4),
                "Invalid update: invalid number of items in section 1. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 2 deleted) and plus or minus the number of items moved into or out of that section (3 moved in, 4 moved out)."
            ),
            (
                .deleteSectionOutOfRange(4, sections: 2),
                "attempt to delete section 4, but there are only 2 sections before the update"
            ),
            (
                .insertSectionOutOfRange(4, sections: 2),
                "attempt to insert section 4 but there are only 2 sections after the update"
            ),
            (.moveSectionOutOfRange(from: 0, to: 7), "attempt to move section 0 to section 7, which is out of range"),
            (.duplicateSection(2, edit: .delete), "attempt to delete section 2 more than once in the same update"),
            (.duplicateSection(2, edit: .insert), "attempt to insert section 2 more than once in the same update"),
            (.duplicateSection(2, edit: .move), "attempt to move section 2 more than once in the same update"),
        ]
        for (error, text) in cases {
            XCTAssertEqual(error.message, text)
            XCTAssertEqual(error.description, text)
        }
    }

    /// Validation reports the offending values as the case's associated values.
    func testValidationReportsCases() {
        func check(_ batch: BatchUpdate, old: [Int], new: [Int], _ expected: UpdateError, line: UInt = #line) {
            XCTAssertThrowsError(try batch.validate(old: old, new: new), line: line) {
                XCTAssertEqual($0 as? UpdateError, expected, line: line)
            }
        }
        var batch = BatchUpdate()
        batch.movedItems = [(IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0))]
        batch.movedItems.append((IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 0)))
        check(batch, old: [2], new: [2], .duplicateMoveSource(IndexPath(item: 0, section: 0)))
        batch.movedItems = [
            (IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)),
            (IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)),
        ]
        check(batch, old: [2], new: [2], .duplicateMoveDestination(IndexPath(item: 1, section: 0)))
        batch = BatchUpdate()
        batch.movedSections = [(0, 3)]
        check(batch, old: [1, 1], new: [1, 1], .moveSectionOutOfRange(from: 0, to: 3))
        batch = BatchUpdate()
        batch.insertedSections = [1, 1]
        check(batch, old: [1], new: [1, 0], .duplicateSection(1, edit: .insert))
        batch = BatchUpdate()
        batch.deletedSections = [0]
        batch.deletedItems = [IndexPath(item: 0, section: 0)]
        check(batch, old: [1, 2], new: [2], .itemInEditedSection(IndexPath(item: 0, section: 0), edit: .delete))
        batch = BatchUpdate()
        batch.insertedItems = [IndexPath(index: 0)]
        check(batch, old: [1], new: [2], .malformedIndexPath(IndexPath(index: 0), edit: .insert))
    }
}
