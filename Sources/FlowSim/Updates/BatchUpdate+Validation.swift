import Foundation

extension BatchUpdate {
    /// Checks the batch against the counts before (`old`, the collection view's cache) and after
    /// (`new`, the data source now) as UIKit does, and maps every element across the update.
    /// Throws with UIKit's message before anything changes.
    ///
    /// Cost: O(sections + items + edits·log edits).
    public func validate(old: [Int], new: [Int]) throws(UpdateError) -> UpdateMapping {
        let sections = try mapSections(old: old.count, new: new.count)
        // Expand reloads into a delete and an insert of the same path.
        let deletes = deletedItems + reloadedItems
        let inserts = insertedItems + reloadedItems
        let deletedSectionSet = Set(deletedSections)
        let insertedSectionSet = Set(insertedSections)

        // Range checks, duplicates and conflicts.
        var deletedSet = Set<IndexPath>()
        for path in deletes {
            guard path.count == 2 else {
                throw UpdateError.malformedIndexPath(path, edit: .delete)
            }
            guard path.section >= 0 && path.section < old.count else {
                throw UpdateError.deleteItemMissingSection(path, sections: old.count)
            }
            guard path.item >= 0 && path.item < old[path.section] else {
                throw UpdateError.deleteItemOutOfRange(path, count: old[path.section])
            }
            if deletedSectionSet.contains(path.section) {
                throw UpdateError.itemInEditedSection(path, edit: .delete)
            }
            guard deletedSet.insert(path).inserted else { throw UpdateError.duplicateDelete(path) }
        }
        var insertedSet = Set<IndexPath>()
        for path in inserts {
            guard path.count == 2 else {
                throw UpdateError.malformedIndexPath(path, edit: .insert)
            }
            guard path.section >= 0 && path.section < new.count else {
                throw UpdateError.insertItemMissingSection(path, sections: new.count)
            }
            guard path.item >= 0 && path.item < new[path.section] else {
                throw UpdateError.insertItemOutOfRange(path, count: new[path.section])
            }
            if insertedSectionSet.contains(path.section) {
                throw UpdateError.itemInEditedSection(path, edit: .insert)
            }
            guard insertedSet.insert(path).inserted else { throw UpdateError.duplicateInsert(path) }
        }
        var movedFrom = Set<IndexPath>()
        var movedTo = Set<IndexPath>()
        for move in movedItems {
            let (from, to) = (move.from, move.to)
            guard from.count == 2, to.count == 2,
                from.section >= 0 && from.section < old.count && from.item >= 0 && from.item < old[from.section],
                to.section >= 0 && to.section < new.count && to.item >= 0 && to.item < new[to.section],
                !deletedSectionSet.contains(from.section), !insertedSectionSet.contains(to.section)
            else { throw UpdateError.moveOutOfRange(from: from, to: to) }
            if deletedSet.contains(from) { throw UpdateError.deleteAndMove(from) }
            if insertedSet.contains(to) { throw UpdateError.insertAndMove(to) }
            guard movedFrom.insert(from).inserted else {
                throw UpdateError.duplicateMoveSource(from)
            }
            guard movedTo.insert(to).inserted else {
                throw UpdateError.duplicateMoveDestination(to)
            }
        }

        // Per-section counts (new sections that existed before), in UIKit's formula.
        var insertedPerSection = [Int](repeating: 0, count: new.count)
        var deletedPerSection = [Int](repeating: 0, count: old.count)
        var movedInPerSection = [Int](repeating: 0, count: new.count)
        var movedOutPerSection = [Int](repeating: 0, count: old.count)
        for path in inserts { insertedPerSection[path.section] += 1 }
        for path in deletes { deletedPerSection[path.section] += 1 }
        for move in movedItems where sections.newForOld[move.from.section] != move.to.section {
            movedOutPerSection[move.from.section] += 1
            movedInPerSection[move.to.section] += 1
        }
        for newSection in 0..<new.count {
            guard let oldSection = sections.oldForNew[newSection] else { continue }
            let expected =
                old[oldSection] + insertedPerSection[newSection] - deletedPerSection[oldSection]
                + movedInPerSection[newSection] - movedOutPerSection[oldSection]
            if expected != new[newSection] {
                throw UpdateError.itemCount(
                    section: newSection, after: new[newSection], before: old[oldSection],
                    inserted: insertedPerSection[newSection], deleted: deletedPerSection[oldSection],
                    movedIn: movedInPerSection[newSection], movedOut: movedOutPerSection[oldSection])
            }
        }
        return mapItems(old: old, new: new, sections: sections, deleted: deletedSet, inserted: insertedSet)
    }

    private struct SectionMap {
        var newForOld: [Int?]
        var oldForNew: [Int?]
    }

    private func mapSections(old: Int, new: Int) throws(UpdateError) -> SectionMap {
        var deleted = Set<Int>()
        for section in deletedSections {
            guard section >= 0 && section < old else {
                throw UpdateError.deleteSectionOutOfRange(section, sections: old)
            }
            guard deleted.insert(section).inserted else {
                throw UpdateError.duplicateSection(section, edit: .delete)
            }
        }
        var inserted = Set<Int>()
        for section in insertedSections {
            guard section >= 0 && section < new else {
                throw UpdateError.insertSectionOutOfRange(section, sections: new)
            }
            guard inserted.insert(section).inserted else {
                throw UpdateError.duplicateSection(section, edit: .insert)
            }
        }
        let expected = old + inserted.count - deleted.count
        if expected != new {
            throw UpdateError.sectionCount(after: new, before: old, inserted: inserted.count, deleted: deleted.count)
        }
        var movedOut = Set<Int>()
        var movedIn = Set<Int>()
        for move in movedSections {
            guard move.from >= 0 && move.from < old && move.to >= 0 && move.to < new,
                !deleted.contains(move.from), !inserted.contains(move.to)
            else { throw UpdateError.moveSectionOutOfRange(from: move.from, to: move.to) }
            guard movedOut.insert(move.from).inserted, movedIn.insert(move.to).inserted else {
                throw UpdateError.duplicateSection(move.from, edit: .move)
            }
        }
        let (newForOld, oldForNew) = Self.sectionMapping(
            old: old, new: new, deleted: deleted, inserted: inserted, moves: movedSections)
        return SectionMap(newForOld: newForOld, oldForNew: oldForNew)
    }

    /// Where each old section goes (nil: deleted) and where each new one comes from (nil:
    /// inserted): moves go where they say; the other survivors keep their order and fill the
    /// free new slots in order. Out-of-range moves are ignored here (validation reports them).
    static func sectionMapping(
        old: Int, new: Int, deleted: Set<Int>, inserted: Set<Int>, moves: [(from: Int, to: Int)]
    ) -> (newForOld: [Int?], oldForNew: [Int?]) {
        var newForOld = [Int?](repeating: nil, count: old)
        var oldForNew = [Int?](repeating: nil, count: new)
        var movedOut = Set<Int>()
        var movedIn = Set<Int>()
        for move in moves where move.from >= 0 && move.from < old && move.to >= 0 && move.to < new {
            newForOld[move.from] = move.to
            oldForNew[move.to] = move.from
            movedOut.insert(move.from)
            movedIn.insert(move.to)
        }
        var freeSlots = (0..<new).filter { !inserted.contains($0) && !movedIn.contains($0) }.makeIterator()
        for section in 0..<old where !deleted.contains(section) && !movedOut.contains(section) {
            guard let slot = freeSlots.next() else { break }
            newForOld[section] = slot
            oldForNew[slot] = section
        }
        return (newForOld, oldForNew)
    }

    private func mapItems(
        old: [Int], new: [Int], sections: SectionMap, deleted: Set<IndexPath>, inserted: Set<IndexPath>
    ) -> UpdateMapping {
        typealias Position = UpdateMapping.Position
        var newItemForOld: [[Position?]] = old.map { [Position?](repeating: nil, count: $0) }
        var oldItemForNew: [[Position?]] = new.map { [Position?](repeating: nil, count: $0) }
        var movedOutOf = [Set<Int>](repeating: [], count: old.count)
        var movedInto = [Set<Int>](repeating: [], count: new.count)
        for move in movedItems {
            newItemForOld[move.from.section][move.from.item] = Position(move.to.section, move.to.item)
            oldItemForNew[move.to.section][move.to.item] = Position(move.from.section, move.from.item)
            movedOutOf[move.from.section].insert(move.from.item)
            movedInto[move.to.section].insert(move.to.item)
        }
        var deletedIn = [Set<Int>](repeating: [], count: old.count)
        for path in deleted { deletedIn[path.section].insert(path.item) }
        var insertedIn = [Set<Int>](repeating: [], count: new.count)
        for path in inserted { insertedIn[path.section].insert(path.item) }
        for newSection in 0..<new.count {
            guard let oldSection = sections.oldForNew[newSection] else { continue }
            var slot = 0
            for item in 0..<old[oldSection]
            where !deletedIn[oldSection].contains(item) && !movedOutOf[oldSection].contains(item) {
                while slot < new[newSection]
                    && (insertedIn[newSection].contains(slot) || movedInto[newSection].contains(slot))
                {
                    slot += 1
                }
                guard slot < new[newSection] else { break }
                newItemForOld[oldSection][item] = Position(newSection, slot)
                oldItemForNew[newSection][slot] = Position(oldSection, item)
                slot += 1
            }
        }
        return UpdateMapping(
            newSectionForOld: sections.newForOld, oldSectionForNew: sections.oldForNew,
            newItemForOld: newItemForOld, oldItemForNew: oldItemForNew)
    }
}
