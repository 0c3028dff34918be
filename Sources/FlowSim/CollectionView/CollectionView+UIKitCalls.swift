import Foundation

/// UIKit's `UICollectionView` calls beyond the update calls: section reloads, scrolling to an
/// item, hit-testing an item, swapping layouts.
extension CollectionView {
    /// UIKit's `UICollectionView.ScrollPosition`: where `scrollToItem(at:at:animated:)` puts the
    /// item. At most one vertical and one horizontal member; `[]` leaves the offset alone.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // UIKit's raw values.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// UIKit's `reloadSections(_:)`: a delete and an insert of the same sections in one batch
    /// (UIKit's semantics: the old sections' elements leave, the new ones' arrive; in an open
    /// `performBatchUpdates` it joins that batch).
    public func reloadSections(_ sections: IndexSet) {
        performBatchUpdates {
            self.deleteSections(sections)
            self.insertSections(sections)
        }
    }

    /// The offset `scrollToItem(at:at:animated:)` moves to: the item's frame (from the layout)
    /// placed at `position` within the bounds less the adjusted content inset, clamped to the
    /// content (from −inset to content size + inset − bounds). An axis without a position member
    /// keeps its offset; nil when the layout has no attributes for the item.
    public func contentOffset(forScrollingToItemAt indexPath: IndexPath, at position: ScrollPosition) -> CGPoint? {
        collectionViewLayout.prepareIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
        let inset = adjustedContentInset
        let size = bounds.size
        let content = collectionViewLayout.collectionViewContentSize
        var offset = contentOffset
        let visibleHeight = size.height - inset.top - inset.bottom
        if position.contains(.top) {
            offset.y = frame.minY - inset.top
        } else if position.contains(.centeredVertically) {
            offset.y = frame.midY - inset.top - visibleHeight / 2
        } else if position.contains(.bottom) {
            offset.y = frame.maxY - size.height + inset.bottom
        }
        let visibleWidth = size.width - inset.left - inset.right
        if position.contains(.left) {
            offset.x = frame.minX - inset.left
        } else if position.contains(.centeredHorizontally) {
            offset.x = frame.midX - inset.left - visibleWidth / 2
        } else if position.contains(.right) {
            offset.x = frame.maxX - size.width + inset.right
        }
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(
            x: max(minimum.x, content.width + inset.right - size.width),
            y: max(minimum.y, content.height + inset.bottom - size.height))
        offset.x = min(max(offset.x, minimum.x), maximum.x)
        offset.y = min(max(offset.y, minimum.y), maximum.y)
        return offset
    }

    /// UIKit's `scrollToItem(at:at:animated:)`: `setContentOffset(_:animated:)` to
    /// `contentOffset(forScrollingToItemAt:at:)`. Does nothing for an item the layout does not know.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let target = contentOffset(forScrollingToItemAt: indexPath, at: scrollPosition) else { return }
        setContentOffset(target, animated: animated)
    }

    /// UIKit's `indexPathForItem(at:)`: the cell whose frame (transform ignored) contains `point`,
    /// in content coordinates; the frontmost (highest zIndex, then last listed) when several do.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        collectionViewLayout.prepareIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        var best: LayoutAttributes?
        for hit in hits where best.map({ hit.zIndex >= $0.zIndex }) ?? true { best = hit }
        return best?.indexPath
    }

    /// UIKit's `setCollectionViewLayout(_:animated:completion:)`. Unanimated, the new layout is
    /// shown from `currentTime` on and the completion runs at once with true. Animated, every
    /// element moves from where the old layout last laid it out to the new layout's attributes
    /// (an empty batch, so the new layout's appearing/disappearing hooks are asked) with the
    /// enclosing `UIView.animate` block's timing, else UIKit's default 0.3 s ease-in-out; the
    /// completion runs when that animation ends on the collection view's clock.
    public func setCollectionViewLayout(
        _ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        let oldLayout = collectionViewLayout
        let changes = layout !== oldLayout
        if changes {
            oldLayout.prepareForTransition(to: layout)
            layout.prepareForTransition(from: oldLayout)
        }
        // Apple: `finalizeLayoutTransition()` is the last step before the transition animations.
        install(layout, animated: animated, completion: completion) {
            guard changes else { return }
            oldLayout.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
        }
    }

    /// Shows `layout` (animated as `setCollectionViewLayout(_:animated:completion:)` describes),
    /// calling `finalize` once its attributes are gathered.
    func install(
        _ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?, finalize: () -> Void
    ) {
        if layout !== collectionViewLayout { collectionViewLayout = layout }
        guard !timeline.isEmpty else {
            layout.prepareIfNeeded()
            finalize()
            completion?(true)
            return
        }
        if animated, dataSource != nil,
            let timing = try? apply(BatchUpdate(), timing: ViewAnimation.currentTiming ?? .uikitDefault)
        {
            finalize()
            if let completion { timeline.addCompletion(at: currentTime + timing.endTime, completion) }
            return
        }
        recordLayoutPass()
        finalize()
        completion?(true)
    }
}
