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
    /// Cells (and supplementary views of `itemAnchoredKinds`) follow their item. Supplementary and
    /// decoration views follow their section (their first index) and keep the rest of their index
    /// path, as UIKit maps an auxiliary element
    /// the layout did not declare inserted or deleted (decompiled
    /// `UICollectionViewUpdate validatedNewIndexPathForSupplementaryElementOfKind:oldIndexPath:`);
    /// one with an empty index path stays.
    public func newKey(forOld key: ElementKey) -> ElementKey? {
        if key.kind == .cell || followsItem(key) {
            guard key.indexPath.count == 2 else { return nil }
            return newPath(forOld: key.indexPath).map { ElementKey(kind: key.kind, indexPath: $0) }
        }
        guard let section = key.indexPath.first else { return key }
        guard newSectionForOld.indices.contains(section), let new = newSectionForOld[section] else { return nil }
        var path = key.indexPath
        path[0] = new
        return ElementKey(kind: key.kind, indexPath: path)
    }

    /// Where the element at `key` after the update was before it; nil when inserted (or reloaded).
    public func oldKey(forNew key: ElementKey) -> ElementKey? {
        if key.kind == .cell || followsItem(key) {
            guard key.indexPath.count == 2 else { return nil }
            return oldPath(forNew: key.indexPath).map { ElementKey(kind: key.kind, indexPath: $0) }
        }
        guard let section = key.indexPath.first else { return key }
        guard oldSectionForNew.indices.contains(section), let old = oldSectionForNew[section] else { return nil }
        var path = key.indexPath
        path[0] = old
        return ElementKey(kind: key.kind, indexPath: path)
    }

    /// A supplementary view of an item-anchored kind (`itemAnchoredKinds`) at an item's index path.
    private func followsItem(_ key: ElementKey) -> Bool {
        guard !itemAnchoredKinds.isEmpty, key.kind.category == .supplementary, key.indexPath.count == 2,
            let kind = key.kind.representedElementKind
        else { return false }
        return itemAnchoredKinds.contains(kind)
    }
}
