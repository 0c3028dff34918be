import Foundation

/// One solved section in content coordinates: the root group's slots, tiled by a stride, so any
/// item's frame is O(1) and a rect query visits only the groups it meets.
struct CompositionalSectionGeometry {
    enum PinSide { case leading, trailing }

    struct Badge {
        var kind: String
        var ordinal: Int
        /// Relative to the group's origin, like the slot's frame.
        var frame: CGRect
        var zIndex: Int
    }

    struct Slot {
        /// The item's inset frame relative to its group's origin.
        var frame: CGRect
        var zIndex: Int
        var badges: [Badge]
    }

    struct Boundary {
        var kind: String
        /// Its index among the section's boundary items of the same kind (the index path's item).
        var index: Int
        var frame: CGRect
        var zIndex: Int
        var pinning: PinSide?
    }

    struct Decoration {
        var kind: String
        var index: Int
        var frame: CGRect
        var zIndex: Int
    }

    var index: Int
    /// The section's frame: content, insets and the headers and footers that extend it.
    var frame: CGRect
    /// The axis groups repeat along (the layout's, or the other one for orthogonal sections).
    var axis: LayoutAxis
    /// Where group 0's origin is.
    var groupOrigin: CGPoint
    /// From one group's origin to the next's: pitch + interGroupSpacing.
    var stride: CGFloat
    var groupCount: Int
    var slots: [Slot]
    var itemCount: Int
    var boundaries: [Boundary]
    var decorations: [Decoration]
    var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    /// R21: leading inset + content length + trailing inset of an orthogonal section's content.
    var orthogonalContentLength: CGFloat

    /// The unrounded frame of `item` (R13: slot `item mod n` of group `item div n`).
    func itemFrame(_ item: Int) -> CGRect? {
        guard item >= 0, item < itemCount, !slots.isEmpty else { return nil }
        return frame(slots[item % slots.count].frame, group: item / slots.count)
    }

    func frame(_ relative: CGRect, group: Int) -> CGRect {
        let offset = axis.point(along: CGFloat(group) * stride, cross: 0)
        return relative.offsetBy(dx: groupOrigin.x + offset.x, dy: groupOrigin.y + offset.y)
    }

    /// The groups whose slots (or badges) may meet `rect`: O(1) from the stride.
    func groups(meeting rect: CGRect) -> Range<Int> {
        guard groupCount > 0 else { return 0..<0 }
        guard stride > 0 else { return 0..<groupCount }
        var low = CGFloat.infinity
        var high = -CGFloat.infinity
        for slot in slots {
            low = min(low, axis.origin(slot.frame))
            high = max(high, axis.end(slot.frame))
            for badge in slot.badges {
                low = min(low, axis.origin(badge.frame))
                high = max(high, axis.end(badge.frame))
            }
        }
        let origin = axis.origin(CGRect(origin: groupOrigin, size: .zero))
        let first = ((axis.origin(rect) - origin - high) / stride).rounded(.down)
        let last = ((axis.end(rect) - origin - low) / stride).rounded(.down)
        guard first.isFinite, last.isFinite else { return 0..<groupCount }
        let lower = Int(max(0, min(CGFloat(groupCount), first)))
        let upper = Int(max(0, min(CGFloat(groupCount - 1), last))) + 1
        return lower < upper ? lower..<upper : 0..<0
    }

    /// A pinned boundary item's frame for the visible bounds (R18): a header stays at the
    /// visible leading edge but never below the section's end; a footer the other way round.
    func pinnedFrame(_ boundary: Boundary, visible: CGRect, layoutAxis: LayoutAxis) -> CGRect {
        guard let side = boundary.pinning else { return boundary.frame }
        let length = layoutAxis.length(boundary.frame.size)
        let position = layoutAxis.origin(boundary.frame)
        let pinned: CGFloat
        switch side {
        case .leading:
            pinned = min(max(position, layoutAxis.origin(visible)), layoutAxis.end(frame) - length)
        case .trailing:
            pinned = max(min(position, layoutAxis.end(visible) - length), layoutAxis.origin(frame))
        }
        var result = boundary.frame
        if layoutAxis == .vertical { result.origin.y = pinned } else { result.origin.x = pinned }
        return result
    }
}
