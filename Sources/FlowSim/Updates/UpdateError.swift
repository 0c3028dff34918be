import Foundation

/// A batch update UIKit would reject with `NSInternalInconsistencyException`; FlowSim rejects it
/// before anything changes. Each case carries the offending index paths, sections and counts;
/// `message` renders UIKit's own wording from them.
public enum UpdateError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Which edit of a batch an error is about.
    public enum Edit: String, Equatable, Sendable {
        case delete, insert, move
    }

    /// The update was made on a collection view without a data source.
    case noDataSource
    /// An index path that is not a (section, item) pair, in a delete or an insert.
    case malformedIndexPath(IndexPath, edit: Edit)
    /// A delete from a section that did not exist before the update.
    case deleteItemMissingSection(IndexPath, sections: Int)
    /// A delete of an item past the end of its section before the update.
    case deleteItemOutOfRange(IndexPath, count: Int)
    /// An insert into a section that does not exist after the update.
    case insertItemMissingSection(IndexPath, sections: Int)
    /// An insert of an item past the end of its section after the update.
    case insertItemOutOfRange(IndexPath, count: Int)
    /// An item delete (insert) in a section the same update deletes (inserts) as a whole.
    case itemInEditedSection(IndexPath, edit: Edit)
    case duplicateDelete(IndexPath)
    case duplicateInsert(IndexPath)
    /// A move whose source or destination is out of range (or in a deleted or inserted section).
    case moveOutOfRange(from: IndexPath, to: IndexPath)
    case deleteAndMove(IndexPath)
    case insertAndMove(IndexPath)
    /// Two moves from the same index path.
    case duplicateMoveSource(IndexPath)
    /// Two moves to the same index path.
    case duplicateMoveDestination(IndexPath)
    /// A section's item count after the update disagrees with the count before and the edits.
    case itemCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// The section count after the update disagrees with the count before and the edits.
    case sectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    case deleteSectionOutOfRange(Int, sections: Int)
    case insertSectionOutOfRange(Int, sections: Int)
    case moveSectionOutOfRange(from: Int, to: Int)
    /// The same section deleted, inserted or moved twice.
    case duplicateSection(Int, edit: Edit)
    /// A diffable snapshot UIKit refuses (duplicate identifiers, missing ones …).
    case snapshot(SnapshotError)

    public var description: String { message }

    /// UIKit's message for this error (the exception's reason).
    public var message: String {
        let d = Self.describe
        switch self {
        case .noDataSource:
            return "the collection view has no data source"
        case .malformedIndexPath(let path, let edit):
            return "invalid index path \(path) in \(edit == .insert ? "an insert" : "a \(edit)"): "
                + "expected a section and an item"
        case .deleteItemMissingSection(let path, let sections):
            return "attempt to delete item \(path.item) from section \(path.section), "
                + "but there are only \(sections) sections before the update"
        case .deleteItemOutOfRange(let path, let count):
            return "attempt to delete item \(path.item) from section \(path.section) "
                + "which only contains \(count) items before the update"
        case .insertItemMissingSection(let path, let sections):
            return "attempt to insert item \(path.item) into section \(path.section), "
                + "but there are only \(sections) sections after the update"
        case .insertItemOutOfRange(let path, let count):
            return "attempt to insert item \(path.item) into section \(path.section), "
                + "but there are only \(count) items in section \(path.section) after the update"
        case .itemInEditedSection(let path, let edit):
            return "attempt to \(edit) item \(path.item) in section \(path.section), "
                + "a section the same update \(edit == .insert ? "inserts" : "deletes") as a whole"
        case .duplicateDelete(let path):
            return "attempt to delete item \(path.item) from section \(path.section) "
                + "more than once in the same update (\(d(path)))"
        case .duplicateInsert(let path):
            return "attempt to insert item \(path.item) into section \(path.section) "
                + "more than once in the same update (\(d(path)))"
        case .moveOutOfRange(let from, let to):
            return "attempt to move index path (\(d(from))) to index path (\(d(to))) which is out of range"
        case .deleteAndMove(let path):
            return "attempt to perform a delete and a move from the same index path (\(d(path)))"
        case .insertAndMove(let path):
            return "attempt to perform an insert and a move to the same index path (\(d(path)))"
        case .duplicateMoveSource(let path):
            return "attempt to move index path (\(d(path))) more than once in the same update"
        case .duplicateMoveDestination(let path):
            return "attempt to move two items to index path (\(d(path))) in the same update"
        case .itemCount(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            return "Invalid update: invalid number of items in section \(section). The number of items contained "
                + "in an existing section after the update (\(after)) must be equal to the number of items "
                + "contained in that section before the update (\(before)), plus or minus the number of items "
                + "inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or "
                + "minus the number of items moved into or out of that section (\(movedIn) moved in, "
                + "\(movedOut) moved out)."
        case .sectionCount(let after, let before, let inserted, let deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the collection "
                + "view after the update (\(after)) must be equal to the number of sections contained in the "
                + "collection view before the update (\(before)), plus or minus the number of sections inserted "
                + "or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .deleteSectionOutOfRange(let section, let sections):
            return "attempt to delete section \(section), but there are only \(sections) sections before the update"
        case .insertSectionOutOfRange(let section, let sections):
            return "attempt to insert section \(section) but there are only \(sections) sections after the update"
        case .moveSectionOutOfRange(let from, let to):
            return "attempt to move section \(from) to section \(to), which is out of range"
        case .snapshot(let error):
            return error.description
        case .duplicateSection(let section, let edit):
            return "attempt to \(edit) section \(section) more than once in the same update"
        }
    }

    /// UIKit's NSIndexPath description, without the object address UIKit prints.
    static func describe(_ path: IndexPath) -> String {
        "<NSIndexPath> {length = 2, path = \(path.section) - \(path.item)}"
    }
}
