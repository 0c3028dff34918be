import Foundation

/// UIKit's `UICollectionViewUpdateItem`: one edit of a batch, as the layout sees it in
/// `prepare(forCollectionViewUpdates:)`. Section edits carry `IndexPath(item: NSNotFound, section:)`.
public final class CollectionViewUpdateItem: CustomStringConvertible {
    /// UIKit's `UICollectionViewUpdateItem.Action` (`.insert`, `.delete`, `.reload`, `.move`,
    /// `.none`), a non-frozen C enum as in UIKit (see CUIKitEnums).
    public typealias Action = UpdateAction

    public let updateAction: Action
    /// The path in the old index space (deletes, reloads, moves); nil for inserts.
    public let indexPathBeforeUpdate: IndexPath?
    /// The path in the new index space (inserts, reloads, moves); nil for deletes.
    public let indexPathAfterUpdate: IndexPath?

    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        self.updateAction = action
        self.indexPathBeforeUpdate = before
        self.indexPathAfterUpdate = after
    }

    /// True for whole-section edits (`item == NSNotFound`).
    public var isSectionOperation: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate).map { $0.item == NSNotFound } ?? false
    }

    public var description: String {
        func text(_ path: IndexPath?) -> String {
            guard let path else { return "nil" }
            return path.item == NSNotFound ? "section \(path.section)" : "\(path.section)-\(path.item)"
        }
        return "\(updateAction) \(text(indexPathBeforeUpdate)) -> \(text(indexPathAfterUpdate))"
    }
}

extension UpdateAction: @retroactive CustomStringConvertible, @retroactive @unchecked Sendable {
    public var description: String {
        switch self {
        case .insert: return "insert"
        case .delete: return "delete"
        case .reload: return "reload"
        case .move: return "move"
        case .none: return "none"
        @unknown default: return "action(\(rawValue))"
        }
    }
}
