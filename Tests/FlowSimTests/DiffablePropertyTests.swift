import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// The snapshot diff's invariants over seeded random pairs of snapshots: the batch validates,
/// applying it to the old data gives the new data, no identifier is both deleted and inserted
/// unless reloaded, and the moves are the n − LIS minimum.
final class DiffablePropertyTests: XCTestCase {
    typealias Snapshot = DiffableDataSourceSnapshot<String, String>

    typealias Random = SeededRandom

    /// A random old snapshot and a new one made from it by deleting, inserting, moving and
    /// shuffling sections and items (some runs also reload and reconfigure).
    static func randomPair(seed: UInt64, marks: Bool) -> (old: Snapshot, new: Snapshot) {
        var random = Random(seed: seed)
        var fresh = 0
        func freshID(_ prefix: String) -> String {
            fresh += 1
            return "\(prefix)\(fresh)"
        }
        var old = Snapshot()
        var oldLayout: [(String, [String])] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let items = (0..<Int.random(in: 0...12, using: &random)).map { _ in freshID("i") }
            oldLayout.append((freshID("s"), items))
        }
        for (section, items) in oldLayout {
            old.appendSections([section])
            old.appendItems(items, toSection: section)
        }

        // Sections: drop some, add some, then reorder a few or all.
        var sections = oldLayout.map(\.0).filter { _ in Double.random(in: 0..<1, using: &random) > 0.2 }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            sections.insert(freshID("s"), at: Int.random(in: 0...sections.count, using: &random))
        }
        if Bool.random(using: &random) {
            sections.shuffle(using: &random)
        } else if sections.count > 1 {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let moved = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
                sections.insert(moved, at: Int.random(in: 0...sections.count, using: &random))
            }
        }
        // Items: survivors keep their section mostly, some cross; new ones arrive; then each
        // section is shuffled, lightly stirred, or left in order.
        var newItems = [String: [String]](uniqueKeysWithValues: sections.map { ($0, []) })
        for (section, items) in oldLayout {
            for item in items where Double.random(in: 0..<1, using: &random) > 0.2 && !sections.isEmpty {
                let target =
                    newItems[section] != nil && Double.random(in: 0..<1, using: &random) > 0.15
                    ? section : sections.randomElement(using: &random)!
                newItems[target]!.append(item)
            }
        }
        for section in sections {
            var list = newItems[section]!
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                list.insert(freshID("i"), at: Int.random(in: 0...list.count, using: &random))
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: list.shuffle(using: &random)
            case 1:
                for _ in 0..<Int.random(in: 0...3, using: &random) where list.count > 1 {
                    let moved = list.remove(at: Int.random(in: 0..<list.count, using: &random))
                    list.insert(moved, at: Int.random(in: 0...list.count, using: &random))
                }
            default: break
            }
            newItems[section] = list
        }
        var new = Snapshot()
        new.appendSections(sections)
        for section in sections { new.appendItems(newItems[section]!, toSection: section) }
        if marks {
            let all = new.itemIdentifiers
            new.reloadItems(all.filter { _ in Double.random(in: 0..<1, using: &random) < 0.15 })
            new.reconfigureItems(all.filter { _ in Double.random(in: 0..<1, using: &random) < 0.15 })
            let common = sections.filter { old.indexOfSection($0) != nil }
            if let section = common.randomElement(using: &random), Double.random(in: 0..<1, using: &random) < 0.2 {
                new.reloadSections([section])
            }
        }
        precondition(old.errors.isEmpty && new.errors.isEmpty)
        return (old, new)
    }

    private func counts(_ snapshot: Snapshot) -> [Int] {
        snapshot.sectionIdentifiers.map { snapshot.numberOfItems(inSection: $0) }
    }

    /// The new data as the batch builds it from the old: survivors from their old places,
    /// the new snapshot's items only at inserted places.
    private func check(_ old: Snapshot, _ new: Snapshot, seed: UInt64) throws {
        let difference = Snapshot.difference(from: old, to: new)
        let batch = difference.batch
        let mapping = try batch.validate(old: counts(old), new: counts(new))
        let reloaded = Set(new.reloadedItemIdentifiers)
        let reloadedSections = Set(new.reloadedSectionIdentifiers)
        let oldSections = old.sectionIdentifiers
        let newSections = new.sectionIdentifiers
        func survives(_ section: String) -> Bool {
            old.indexOfSection(section) != nil && new.indexOfSection(section) != nil
                && !reloadedSections.contains(section)
        }
        var built: [[String]] = []
        for (j, section) in newSections.enumerated() {
            guard let i = mapping.oldSectionForNew[j] else {
                XCTAssertFalse(survives(section), "seed \(seed): section \(section) inserted but survives")
                built.append(new.itemIdentifiers(inSection: section))
                continue
            }
            XCTAssertEqual(oldSections[i], section, "seed \(seed)")
            var list: [String] = []
            for (k, item) in new.itemIdentifiers(inSection: section).enumerated() {
                if let position = mapping.oldItemForNew[j][k] {
                    list.append(old.itemIdentifiers(inSection: oldSections[Int(position.section)])[Int(position.item)])
                } else {
                    let oldSection = old.sectionIdentifier(containingItem: item)
                    XCTAssertTrue(
                        oldSection == nil || reloaded.contains(item) || !survives(oldSection!),
                        "seed \(seed): \(item) inserted though it survives")
                    list.append(item)
                }
            }
            built.append(list)
        }
        XCTAssertEqual(built, newSections.map { new.itemIdentifiers(inSection: $0) }, "seed \(seed)")

        // No identifier deleted and inserted unless reloaded (or its section came or went).
        let deletedIDs = Set(
            batch.deletedItems.map { old.itemIdentifiers(inSection: oldSections[$0.section])[$0.item] })
        let insertedIDs = Set(
            batch.insertedItems.map { new.itemIdentifiers(inSection: newSections[$0.section])[$0.item] })
        for id in deletedIDs.intersection(insertedIDs) {
            XCTAssertTrue(reloaded.contains(id), "seed \(seed): \(id) deleted and inserted")
        }
        XCTAssertTrue(Set(batch.reloadedItems.map { $0 }).isDisjoint(with: batch.movedItems.map(\.from)))
    }

    func testRandomSnapshotsApplyAndValidate() throws {
        for seed in UInt64(1)...600 {
            let (old, new) = Self.randomPair(seed: seed, marks: seed % 2 == 0)
            try check(old, new, seed: seed)
            try check(new.clearingMarks(), old, seed: seed)
        }
    }

    /// Quadratic longest-increasing-subsequence length, to check the patience-sorting one.
    private func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    /// Moves = (items that stay in their section − LIS of their old positions) per section, plus
    /// the items that change section; section moves = common sections − their LIS.
    func testMovesAreNMinusLIS() {
        for seed in UInt64(1)...600 {
            let (old, new) = Self.randomPair(seed: seed, marks: false)
            let batch = Snapshot.difference(from: old, to: new).batch
            var expectedItemMoves = 0
            let common = new.sectionIdentifiers.filter { old.indexOfSection($0) != nil }
            for section in common {
                let oldItems = old.itemIdentifiers(inSection: section)
                var sameOld: [Int] = []
                for item in new.itemIdentifiers(inSection: section) {
                    if let section2 = old.sectionIdentifier(containingItem: item) {
                        if section2 == section {
                            sameOld.append(oldItems.firstIndex(of: item)!)
                        } else if new.indexOfSection(section2) != nil {
                            expectedItemMoves += 1  // across surviving sections
                        }
                    }
                }
                expectedItemMoves += sameOld.count - lisLength(sameOld)
            }
            XCTAssertEqual(batch.movedItems.count, expectedItemMoves, "seed \(seed)")
            let newPositions = old.sectionIdentifiers.compactMap { new.indexOfSection($0) }
            XCTAssertEqual(batch.movedSections.count, newPositions.count - lisLength(newPositions), "seed \(seed)")
            XCTAssertEqual(
                longestIncreasingSubsequence(newPositions).filter { $0 }.count, lisLength(newPositions),
                "seed \(seed)")
        }
    }

    /// A pure shuffle of one section: n − LIS moves, no inserts or deletes, and it validates.
    func testShuffleOfAThousand() throws {
        var random = Random(seed: 42)
        let ids = (0..<1000).map { "i\($0)" }
        var old = Snapshot()
        old.appendSections(["s"])
        old.appendItems(ids)
        var new = Snapshot()
        new.appendSections(["s"])
        let shuffled = ids.shuffled(using: &random)
        new.appendItems(shuffled)
        let batch = Snapshot.difference(from: old, to: new).batch
        XCTAssertTrue(batch.insertedItems.isEmpty && batch.deletedItems.isEmpty)
        let positions = shuffled.map { Int($0.dropFirst())! }
        XCTAssertEqual(batch.movedItems.count, 1000 - lisLength(positions))
        _ = try batch.validate(old: [1000], new: [1000])
    }
}
