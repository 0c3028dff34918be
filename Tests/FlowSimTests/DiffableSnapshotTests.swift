import Foundation
import XCTest

@testable import FlowSim

/// `DiffableDataSourceSnapshot`: UIKit's mutations, queries and messages.
final class DiffableSnapshotTests: XCTestCase {
    typealias Snapshot = DiffableDataSourceSnapshot<String, String>

    private func parks() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["ak", "ca"])
        snapshot.appendItems(["denali", "katmai"], toSection: "ak")
        snapshot.appendItems(["yosemite", "sequoia", "joshua"])
        return snapshot
    }

    func testAppendAndQueries() {
        let snapshot = parks()
        XCTAssertEqual(snapshot.numberOfSections, 2)
        XCTAssertEqual(snapshot.numberOfItems, 5)
        XCTAssertEqual(snapshot.numberOfItems(inSection: "ca"), 3)
        XCTAssertEqual(snapshot.sectionIdentifiers, ["ak", "ca"])
        XCTAssertEqual(snapshot.itemIdentifiers, ["denali", "katmai", "yosemite", "sequoia", "joshua"])
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "ak"), ["denali", "katmai"])
        XCTAssertEqual(snapshot.sectionIdentifier(containingItem: "sequoia"), "ca")
        XCTAssertEqual(snapshot.indexOfItem("sequoia"), 3)  // counted across sections, as UIKit does
        XCTAssertEqual(snapshot.indexOfSection("ca"), 1)
        XCTAssertNil(snapshot.indexOfItem("zion"))
        XCTAssertTrue(snapshot.errors.isEmpty)
    }

    func testInsertMoveDelete() {
        var snapshot = parks()
        snapshot.insertItems(["kenai"], afterItem: "denali")
        snapshot.insertItems(["glacier-bay"], beforeItem: "denali")
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "ak"), ["glacier-bay", "denali", "kenai", "katmai"])
        snapshot.moveItem("joshua", beforeItem: "denali")
        XCTAssertEqual(snapshot.sectionIdentifier(containingItem: "joshua"), "ak")
        snapshot.moveItem("glacier-bay", afterItem: "sequoia")
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "ca"), ["yosemite", "sequoia", "glacier-bay"])
        snapshot.insertSections(["hi"], beforeSection: "ca")
        snapshot.insertSections(["wa"], afterSection: "ca")
        XCTAssertEqual(snapshot.sectionIdentifiers, ["ak", "hi", "ca", "wa"])
        snapshot.moveSection("wa", beforeSection: "ak")
        snapshot.moveSection("ak", afterSection: "ca")
        XCTAssertEqual(snapshot.sectionIdentifiers, ["wa", "hi", "ca", "ak"])
        snapshot.deleteItems(["denali", "nowhere"])
        snapshot.deleteSections(["ca"])
        XCTAssertEqual(snapshot.itemIdentifiers, ["joshua", "kenai", "katmai"])
        XCTAssertNil(snapshot.sectionIdentifier(containingItem: "yosemite"))
        snapshot.deleteAllItems()
        XCTAssertEqual(snapshot.numberOfSections, 0)
        XCTAssertEqual(snapshot.numberOfItems, 0)
        XCTAssertTrue(snapshot.errors.isEmpty)
    }

    func testReloadAndReconfigureMarks() {
        var snapshot = parks()
        snapshot.reloadItems(["denali", "denali"])
        snapshot.reconfigureItems(["katmai"])
        snapshot.reloadSections(["ca"])
        XCTAssertEqual(snapshot.reloadedItemIdentifiers, ["denali"])
        XCTAssertEqual(snapshot.reconfiguredItemIdentifiers, ["katmai"])
        XCTAssertEqual(snapshot.reloadedSectionIdentifiers, ["ca"])
        snapshot.deleteItems(["katmai"])
        XCTAssertEqual(snapshot.reconfiguredItemIdentifiers, [])
    }

    /// UIKit's messages (NSInternalInconsistencyException reasons and console text, as reported
    /// by developers who hit them); each refused mutation changes nothing.
    func testUIKitMessages() {
        var snapshot = parks()
        let before = snapshot
        snapshot.appendItems(["zion", "arches", "zion"], toSection: "ca")
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    zion\n)}")
        snapshot.appendSections(["hi", "hi"])
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    hi\n)}")
        snapshot.appendSections(["ak"])
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Diffable data source detected an attempt to insert or append 1 section identifier that already exists "
                + "in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already "
                + "exists: ak")
        snapshot.reloadItems(["zion"])
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Attempted to reload item identifier that does not exist in the snapshot: zion")
        snapshot.reconfigureItems(["zion"])
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Attempted to reconfigure item identifier that does not exist in the snapshot: zion")
        snapshot.appendItems(["zion"], toSection: "wa")
        XCTAssertEqual(snapshot.errors.last?.message, "Invalid parameter not satisfying: section != NSNotFound")
        XCTAssertEqual(snapshot, before)
        XCTAssertEqual(snapshot.errors.count, 6)

        var empty = Snapshot()
        empty.appendItems(["zion"])
        XCTAssertEqual(
            empty.errors.first?.message,
            "There are currently no sections in the data source. Please add a section first.")
    }

    /// Inserting before or after one of the identifiers being inserted: UIKit 26.1's
    /// `_UIDiffableDataSourceUpdate` raises as the update is made (_UIDiffableDataSourceUpdate.m
    /// lines 169 and 165, decompiled), before the destination is looked up; it said
    /// "Attempted to insert item identifier relative to itself" before.
    func testInsertingRelativeToAnInsertedIdentifierRaisesUIKitsUpdateMessage() {
        var snapshot = parks()
        let before = snapshot
        snapshot.insertItems(["new", "zion"], beforeItem: "zion")
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Invalid update: destination for insertion operation [zion] is in the insertion identifier list for "
                + "update: <_UIDiffableDataSourceUpdate - action: INS>.")
        snapshot.insertItems(["gone"], afterItem: "gone")  // not in the snapshot either: the list check comes first
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Invalid update: destination for insertion operation [gone] is in the insertion identifier list for "
                + "update: <_UIDiffableDataSourceUpdate - action: INS>.")
        snapshot.insertSections(["wa", "ak"], afterSection: "ak")
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Invalid update: destination for section operation [ak] is in the inserted section list for update: "
                + "<_UIDiffableDataSourceUpdate - action: INS>")
        snapshot.insertSections(["wa", "wa"], beforeSection: "wa")  // repeats are told first
        XCTAssertEqual(
            snapshot.errors.last?.message,
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    wa\n)}")
        XCTAssertEqual(snapshot.errors.count, 4)
        XCTAssertEqual(snapshot, before)
    }

    /// Appending an item that is already there moves it into place, with UIKit's warning.
    func testAppendingAnExistingItemMovesIt() {
        var snapshot = parks()
        snapshot.appendItems(["denali"], toSection: "ca")
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "ak"), ["katmai"])
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "ca"), ["yosemite", "sequoia", "joshua", "denali"])
        XCTAssertTrue(snapshot.errors.isEmpty)
        XCTAssertTrue(
            snapshot.warnings.first?.hasPrefix(
                "Diffable data source detected an attempt to insert or append 1 item identifier that already exists"
            ) ?? false)
    }

    func testLongestIncreasingSubsequence() {
        XCTAssertEqual(longestIncreasingSubsequence([]), [])
        XCTAssertEqual(longestIncreasingSubsequence([3, 1, 2]), [false, true, true])
        XCTAssertEqual(longestIncreasingSubsequence([0, 1, 2]), [true, true, true])
        XCTAssertEqual(longestIncreasingSubsequence([2, 1, 0]).filter { $0 }.count, 1)
        let mask = longestIncreasingSubsequence([5, 0, 6, 1, 7, 2, 3])
        XCTAssertEqual(mask.filter { $0 }.count, 4)  // 0 1 2 3
    }
}
