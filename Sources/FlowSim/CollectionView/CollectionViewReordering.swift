import Foundation

// UIKit's reordering questions to the data source and delegate (optional Objective-C methods in
// UIKit): the defaults answer as UIKit does when a method is not implemented (docs/reorder.md).

extension CollectionViewDataSource {
    /// Unimplemented in UIKit: the item may move.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }

    /// Unimplemented: the data stays as it is. UIKit then refuses to begin a movement; Swift
    /// cannot tell an unimplemented method here, so the movement runs and its drop is checked
    /// like any update: data that did not move fails with UIKit's invalid-update message.
    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

extension CollectionViewDelegate {
    /// Unimplemented (iOS 15's method): the older method decides, asked with the original index
    /// path (Apple's documentation names its `currentIndexPath` "the item's original index path").
    public func collectionView(
        _ collectionView: CollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        self.collectionView(
            collectionView, targetIndexPathForMoveFromItemAt: originalIndexPath, toProposedIndexPath: proposedIndexPath)
    }

    /// Unimplemented: the proposed index path (Apple's documentation).
    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        proposedIndexPath
    }
}

extension SectionedDataSource {
    /// Moves the item's data, across sections too (what an app's `moveItemAt` does).
    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        guard sections.indices.contains(sourceIndexPath.section),
            sections[sourceIndexPath.section].itemList.indices.contains(sourceIndexPath.item),
            sections.indices.contains(destinationIndexPath.section)
        else { return }
        let item = sections[sourceIndexPath.section].items.remove(at: sourceIndexPath.item)
        let count = sections[destinationIndexPath.section].itemList.count
        sections[destinationIndexPath.section].items.insert(item, at: min(max(0, destinationIndexPath.item), count))
    }
}

/// The data as the collection view presents it during an interactive movement: the data
/// source's items with the one at `source` moved to `target` (UIKit's presentation index paths;
/// the data source keeps its own until the drop).
struct ReorderMapping: Equatable {
    var source: IndexPath
    var target: IndexPath

    /// The data source's index path of the item presented at `path`.
    func dataSourcePath(forPresentation path: IndexPath) -> IndexPath {
        guard path.count == 2 else { return path }
        if path == target { return source }
        var item = path.item
        if path.section == target.section && item > target.item { item -= 1 }
        if path.section == source.section && item >= source.item { item += 1 }
        return IndexPath(item: item, section: path.section)
    }

    /// Where the data source's item at `path` is presented.
    func presentationPath(forDataSource path: IndexPath) -> IndexPath {
        guard path.count == 2 else { return path }
        if path == source { return target }
        var item = path.item
        if path.section == source.section && item > source.item { item -= 1 }
        if path.section == target.section && item >= target.item { item += 1 }
        return IndexPath(item: item, section: path.section)
    }

    /// Whether the data source's `counts` still hold the source and leave room for the target
    /// (data changed under a movement, by a reload or an update, may not).
    func fits(_ counts: [Int]) -> Bool {
        guard source.count == 2, target.count == 2, counts.indices.contains(source.section),
            counts.indices.contains(target.section), source.item >= 0, target.item >= 0
        else { return false }
        let room = counts[target.section] - (source.section == target.section ? 1 : 0)
        return source.item < counts[source.section] && target.item <= room
    }

    /// The data source's counts as presented: one fewer in the source's section, one more in the
    /// target's (unchanged within a section).
    func presentationCounts(_ counts: [Int]) -> [Int] {
        var counts = counts
        if counts.indices.contains(source.section) { counts[source.section] -= 1 }
        if counts.indices.contains(target.section) { counts[target.section] += 1 }
        return counts
    }
}

/// FlowSim's auto-scroll while an interactively moving item is held near an edge: UIKit scrolls
/// then (its `_autoScrollAssistantForIndexPath:`), at a speed its decompiled code does not give
/// in one place, so FlowSim's is chosen (docs/reorder.md): inside `edgeZone` points of an edge
/// of the visible bounds the content scrolls toward that edge at `maximumSpeed × depth / edgeZone`
/// points per second (depth: how far into the zone, or past the edge, the finger is; capped at
/// the zone), stopping at the content's ends.
public struct InteractiveMovementAutoScroll: Equatable, Sendable {
    /// 44 pt: Apple's minimum touch target, the band along an edge a finger can rest in.
    public var edgeZone: CGFloat = 44
    /// 600 pt/s: about a screen (667 pt) a second at full depth, slow enough to aim a drop.
    public var maximumSpeed: CGFloat = 600

    public init() {}

    /// The content offset after `seconds` with the finger at `position` (content coordinates),
    /// within `[minimum, maximum]` on each axis (the scrollable range).
    public func offset(
        after seconds: Double, from offset: CGPoint, viewportSize: CGSize, position: CGPoint, minimum: CGPoint,
        maximum: CGPoint
    ) -> CGPoint {
        guard edgeZone > 0, seconds > 0, position.x.isFinite, position.y.isFinite else { return offset }
        func axis(_ finger: CGFloat, _ origin: CGFloat, _ length: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            let inView = finger - origin
            var speed: CGFloat = 0
            if inView < edgeZone {
                speed = -maximumSpeed * min(1, (edgeZone - inView) / edgeZone)
            } else if inView > length - edgeZone {
                speed = maximumSpeed * min(1, (inView - (length - edgeZone)) / edgeZone)
            }
            guard speed != 0 else { return origin }
            let moved = origin + speed * CGFloat(seconds)
            // Never past the ends, and never back across them when already beyond.
            return speed < 0 ? max(min(origin, low), moved) : min(max(origin, high), moved)
        }
        return CGPoint(
            x: axis(position.x, offset.x, viewportSize.width, minimum.x, maximum.x),
            y: axis(position.y, offset.y, viewportSize.height, minimum.y, maximum.y))
    }
}
