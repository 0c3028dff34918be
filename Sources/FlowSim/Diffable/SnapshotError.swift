import Foundation

/// What UIKit refuses in a diffable snapshot or its data source, with UIKit's wording (found in
/// developers' reports quoting the exceptions, and decompiled UIKit for the "no sections" one;
/// FlowSim's own wording in the same style where none was found). Identifiers are kept as their
/// descriptions, the form UIKit prints them in.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which kind of identifier a message is about.
    public enum Kind: String, Sendable {
        case section, item
    }

    /// Identifiers repeated in one call.
    case notUnique(Kind, duplicates: [String])
    /// Sections appended or inserted that the snapshot already holds.
    case sectionsAlreadyExist([String])
    /// An identifier the operation names is not in the snapshot (`action`: "move item",
    /// "insert items before", "reload", …).
    case missing(Kind, action: String, identifier: String)
    /// An identifier moved relative to itself.
    case relativeToItself(Kind, action: String, identifier: String)
    /// Identifiers inserted before or after one of themselves: UIKit's `_UIDiffableDataSourceUpdate`
    /// refuses the insertion when it is made (`destination`, and what was inserted).
    case destinationInInsertedList(Kind, destination: String)
    /// Items appended with no section in the snapshot.
    case noSections
    /// Items appended to a section that is not in the snapshot.
    case sectionNotFound
    /// The data source's collection view was released.
    case collectionViewGone
    /// The collection view's `dataSource` was replaced behind the diffable data source's back.
    case dataSourceReplaced

    /// `description` on one line, as a command-line message gives it: UIKit's multi-line set of
    /// duplicate identifiers becomes a list (`Duplicate identifiers: a, b (and 3 more)`).
    public var singleLineDescription: String {
        switch self {
        case .notUnique(let kind, let duplicates):
            return SnapshotError.notUniqueLine(kind, duplicates)
        default:
            return description
        }
    }

    /// UIKit's "not unique" message on one line, listing at most `limit` identifiers, each cut
    /// at 80 characters with control characters escaped.
    public static func notUniqueLine(_ kind: Kind, _ duplicates: [String], limit: Int = 10) -> String {
        var list = duplicates.prefix(limit).map { SnapshotError.shown($0) }.joined(separator: ", ")
        if duplicates.count > limit { list += " (and \(duplicates.count - limit) more)" }
        return "Fatal: supplied \(kind.rawValue) identifiers are not unique. Duplicate identifiers: \(list)"
    }

    /// An identifier in a one-line message: at most 80 characters (then "… (N characters in
    /// all)"), control characters as `\u{XX}` escapes.
    static func shown(_ identifier: String) -> String {
        var out = ""
        for (count, character) in identifier.enumerated() {
            if count == 80 { return out + "… (\(identifier.count) characters in all)" }
            for scalar in character.unicodeScalars {
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    public var description: String {
        switch self {
        case .notUnique(let kind, let duplicates):
            return "Fatal: supplied \(kind.rawValue) identifiers are not unique. Duplicate identifiers: {(\n"
                + duplicates.map { "    \($0)" }.joined(separator: ",\n") + "\n)}"
        case .sectionsAlreadyExist(let identifiers):
            let count = identifiers.count
            let one = count == 1
            return "Diffable data source detected an attempt to insert or append \(count) section "
                + "identifier\(one ? "" : "s") that already exist\(one ? "s" : "") in the snapshot. Identifiers "
                + "in a snapshot must be unique. Section identifier\(one ? " that already exists" : "s that already exist"): "
                + identifiers.joined(separator: ", ")
        case .missing(let kind, let action, let identifier):
            return
                "Attempted to \(action) \(kind.rawValue) identifier that does not exist in the snapshot: \(identifier)"
        case .relativeToItself(let kind, let action, let identifier):
            return "Attempted to \(action) \(kind.rawValue) identifier relative to itself: \(identifier)"
        case .destinationInInsertedList(.item, let destination):
            // `-[_UIDiffableDataSourceUpdate initWithIdentifiers:…]` (UIKit 26.1,
            // _UIDiffableDataSourceUpdate.m:169); the update prints without its address and with
            // its action only (the rest of its description was not recovered).
            return "Invalid update: destination for insertion operation [\(destination)] is in the insertion "
                + "identifier list for update: <_UIDiffableDataSourceUpdate - action: INS>."
        case .destinationInInsertedList(.section, let destination):
            // Line 165 of the same file; UIKit's sentence has no full stop.
            return "Invalid update: destination for section operation [\(destination)] is in the inserted section "
                + "list for update: <_UIDiffableDataSourceUpdate - action: INS>"
        case .noSections:
            return "There are currently no sections in the data source. Please add a section first."
        case .sectionNotFound:
            return "Invalid parameter not satisfying: section != NSNotFound"
        case .collectionViewGone:
            return "the diffable data source's collection view is gone"
        case .dataSourceReplaced:
            return "the collection view's data source is no longer this diffable data source: "
                + "set its dataSource only through the diffable data source"
        }
    }
}
