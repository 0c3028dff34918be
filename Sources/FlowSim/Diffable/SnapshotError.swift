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
    /// An identifier moved or inserted relative to itself.
    case relativeToItself(Kind, action: String, identifier: String)
    /// Items appended with no section in the snapshot.
    case noSections
    /// Items appended to a section that is not in the snapshot.
    case sectionNotFound
    /// The data source's collection view was released.
    case collectionViewGone
    /// The collection view's `dataSource` was replaced behind the diffable data source's back.
    case dataSourceReplaced

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
