import Foundation

/// A batch that passed UIKit's checks against the counts before and after it, with the mapping
/// of every element across it. Validate once (`BatchUpdate.validated(old:new:)` or
/// `CollectionView.validate(_:newCounts:)`); planning and applying take this value.
public struct ValidatedBatch: Sendable {
    public let batch: BatchUpdate
    public let mapping: UpdateMapping
    /// The item counts per section the batch was checked against: before and after it.
    public let oldCounts: [Int]
    public let newCounts: [Int]
}

extension BatchUpdate {
    /// `validate(old:new:)`, keeping the batch and the counts with the mapping.
    public func validated(old: [Int], new: [Int]) throws(UpdateError) -> ValidatedBatch {
        ValidatedBatch(batch: self, mapping: try validate(old: old, new: new), oldCounts: old, newCounts: new)
    }
}

extension UpdateMapping {
    /// Where the element at `key` before the update is after it; nil when deleted (or reloaded).
    /// Headers and footers follow their section.
    public func newKey(forOld key: ElementKey) -> ElementKey? {
        switch key.kind {
        case .cell:
            return newPath(forOld: key.indexPath).map { ElementKey(kind: .cell, section: $0.section, item: $0.item) }
        case .header, .footer:
            guard newSectionForOld.indices.contains(key.section), let new = newSectionForOld[key.section] else {
                return nil
            }
            return ElementKey(kind: key.kind, section: new, item: 0)
        }
    }

    /// Where the element at `key` after the update was before it; nil when inserted (or reloaded).
    public func oldKey(forNew key: ElementKey) -> ElementKey? {
        switch key.kind {
        case .cell:
            return oldPath(forNew: key.indexPath).map { ElementKey(kind: .cell, section: $0.section, item: $0.item) }
        case .header, .footer:
            guard oldSectionForNew.indices.contains(key.section), let old = oldSectionForNew[key.section] else {
                return nil
            }
            return ElementKey(kind: key.kind, section: old, item: 0)
        }
    }
}
