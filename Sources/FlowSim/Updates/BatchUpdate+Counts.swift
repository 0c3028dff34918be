import Foundation

extension BatchUpdate {
    /// The item counts after this batch, derived from the counts before and the edits
    /// (`insertedSectionCounts` gives each inserted section's items). Out-of-range edits are
    /// skipped here and reported by `validate(old:new:)` with UIKit's message.
    public func expectedCounts(old: [Int], insertedSectionCounts: [Int: Int]) -> [Int] {
        let newSectionCount = max(0, old.count - Set(deletedSections).count + Set(insertedSections).count)
        var counts = [Int](repeating: 0, count: newSectionCount)
        let deleted = Set(deletedSections)
        let inserted = Set(insertedSections)
        let (newSectionForOld, oldForNew) = Self.sectionMapping(
            old: old.count, new: newSectionCount, deleted: deleted, inserted: inserted, moves: movedSections)
        func newForOld(_ section: Int) -> Int? {
            newSectionForOld.indices.contains(section) ? newSectionForOld[section] : nil
        }
        for (newSection, oldSection) in oldForNew.enumerated() {
            counts[newSection] = oldSection.map { old[$0] } ?? insertedSectionCounts[newSection] ?? 0
        }
        for path in deletedItems + reloadedItems where path.count == 2 {
            if let section = newForOld(path.section) { counts[section] -= 1 }
        }
        for path in insertedItems + reloadedItems
        where path.count == 2 && path.section < newSectionCount && !inserted.contains(path.section) {
            counts[path.section] += 1
        }
        for move in movedItems where move.from.count == 2 && move.to.count == 2 {
            if let section = newForOld(move.from.section) { counts[section] -= 1 }
            if move.to.section < newSectionCount { counts[move.to.section] += 1 }
        }
        return counts.map { max(0, $0) }
    }
}
