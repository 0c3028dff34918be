import Foundation

/// A batch update UIKit would reject with `NSInternalInconsistencyException`; FlowSim rejects it
/// before anything changes, with UIKit's own wording.
public struct UpdateError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// UIKit's NSIndexPath description, without the object address UIKit prints.
    static func describe(_ path: IndexPath) -> String {
        "<NSIndexPath> {length = 2, path = \(path.section) - \(path.item)}"
    }

    static func itemCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    ) -> UpdateError {
        UpdateError(
            "Invalid update: invalid number of items in section \(section). The number of items contained in an "
                + "existing section after the update (\(after)) must be equal to the number of items contained in "
                + "that section before the update (\(before)), plus or minus the number of items inserted or "
                + "deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the "
                + "number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
    }

    static func sectionCount(after: Int, before: Int, inserted: Int, deleted: Int) -> UpdateError {
        UpdateError(
            "Invalid update: invalid number of sections. The number of sections contained in the collection view "
                + "after the update (\(after)) must be equal to the number of sections contained in the collection "
                + "view before the update (\(before)), plus or minus the number of sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted).")
    }

    static func deleteItemOutOfRange(_ path: IndexPath, count: Int) -> UpdateError {
        UpdateError(
            "attempt to delete item \(path.item) from section \(path.section) which only contains \(count) items before the update"
        )
    }

    static func deleteItemMissingSection(_ path: IndexPath, sections: Int) -> UpdateError {
        UpdateError(
            "attempt to delete item \(path.item) from section \(path.section), but there are only \(sections) sections before the update"
        )
    }

    static func insertItemOutOfRange(_ path: IndexPath, count: Int) -> UpdateError {
        UpdateError(
            "attempt to insert item \(path.item) into section \(path.section), but there are only \(count) items in section \(path.section) after the update"
        )
    }

    static func insertItemMissingSection(_ path: IndexPath, sections: Int) -> UpdateError {
        UpdateError(
            "attempt to insert item \(path.item) into section \(path.section), but there are only \(sections) sections after the update"
        )
    }

    static func moveOutOfRange(from: IndexPath, to: IndexPath) -> UpdateError {
        UpdateError(
            "attempt to move index path (\(describe(from))) to index path (\(describe(to))) which is out of range")
    }

    static func duplicateDelete(_ path: IndexPath) -> UpdateError {
        UpdateError(
            "attempt to delete item \(path.item) from section \(path.section) more than once in the same update (\(describe(path)))"
        )
    }

    static func duplicateInsert(_ path: IndexPath) -> UpdateError {
        UpdateError(
            "attempt to insert item \(path.item) into section \(path.section) more than once in the same update (\(describe(path)))"
        )
    }

    static func deleteAndMove(_ path: IndexPath) -> UpdateError {
        UpdateError("attempt to perform a delete and a move from the same index path (\(describe(path)))")
    }

    static func insertAndMove(_ path: IndexPath) -> UpdateError {
        UpdateError("attempt to perform an insert and a move to the same index path (\(describe(path)))")
    }

    static func deleteSectionOutOfRange(_ section: Int, sections: Int) -> UpdateError {
        UpdateError("attempt to delete section \(section), but there are only \(sections) sections before the update")
    }

    static func insertSectionOutOfRange(_ section: Int, sections: Int) -> UpdateError {
        UpdateError("attempt to insert section \(section) but there are only \(sections) sections after the update")
    }

    static func moveSectionOutOfRange(_ from: Int, _ to: Int) -> UpdateError {
        UpdateError("attempt to move section \(from) to section \(to), which is out of range")
    }

    static func duplicateSection(_ section: Int, action: String) -> UpdateError {
        UpdateError("attempt to \(action) section \(section) more than once in the same update")
    }

    static func itemInDeletedSection(_ path: IndexPath, action: String) -> UpdateError {
        UpdateError(
            "attempt to \(action) item \(path.item) in section \(path.section), a section the same update \(action == "insert" ? "inserts" : "deletes") as a whole"
        )
    }
}
