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

    /// Self-sized groups (R23): each group instance solved with its items' preferred sizes, so
    /// groups differ in length; found by binary search on `offsets`.
    struct VariableGroups {
        /// Each group's origin along the axis, relative to group 0's.
        var offsets: [CGFloat]
        var slots: [[Slot]]
        /// How far slots (and badges) reach before and after their group's origin, over all groups.
        var reachBefore: CGFloat
        var reachAfter: CGFloat
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
    var variable: VariableGroups?
    /// How far an orthogonal section's content is scrolled along its axis (FlowSim's stand-in
    /// for UIKit's inner scroll view; 0 at rest).
    var orthogonalOffset: CGFloat = 0

    /// The slots of group `group` (the same for every group unless self-sized).
    func slots(forGroup group: Int) -> [Slot] { variable?.slots[group] ?? slots }

    /// Group `group`'s origin along the axis, relative to group 0's.
    func groupOffset(_ group: Int) -> CGFloat { variable?.offsets[group] ?? CGFloat(group) * stride }

    /// The unrounded frame of `item` (R13: slot `item mod n` of group `item div n`).
    func itemFrame(_ item: Int) -> CGRect? {
        guard item >= 0, item < itemCount, !slots.isEmpty else { return nil }
        let group = item / slots.count
        return frame(slots(forGroup: group)[item % slots.count].frame, group: group)
    }

    func frame(_ relative: CGRect, group: Int) -> CGRect {
        let offset = axis.point(along: groupOffset(group) - orthogonalOffset, cross: 0)
        return relative.offsetBy(dx: groupOrigin.x + offset.x, dy: groupOrigin.y + offset.y)
    }

    /// The groups whose slots (or badges) may meet `rect`: O(1) from the stride.
    func groups(meeting rect: CGRect) -> Range<Int> {
        guard groupCount > 0 else { return 0..<0 }
        if let variable {
            let origin = axis.origin(CGRect(origin: groupOrigin, size: .zero)) - orthogonalOffset
            let low = axis.origin(rect) - origin - variable.reachAfter
            let high = axis.end(rect) - origin - variable.reachBefore
            // First group whose origin is past `low`, less one; first whose origin is ≥ `high`.
            let lower = max(0, Self.firstIndex(in: variable.offsets) { $0 > low } - 1)
            let upper = Self.firstIndex(in: variable.offsets) { $0 >= high }
            return lower < upper ? lower..<upper : 0..<0
        }
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
        let origin = axis.origin(CGRect(origin: groupOrigin, size: .zero)) - orthogonalOffset
        let first = ((axis.origin(rect) - origin - high) / stride).rounded(.down)
        let last = ((axis.end(rect) - origin - low) / stride).rounded(.down)
        guard first.isFinite, last.isFinite else { return 0..<groupCount }
        let lower = Int(max(0, min(CGFloat(groupCount), first)))
        let upper = Int(max(0, min(CGFloat(groupCount - 1), last))) + 1
        return lower < upper ? lower..<upper : 0..<0
    }

    /// The first index whose value satisfies `isAbove` (values ascending), or the count.
    static func firstIndex(in values: [CGFloat], where isAbove: (CGFloat) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if isAbove(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// A pinned boundary item's frame for the visible bounds (R18): a header stays at the
    /// visible leading edge but never below the section's end; a footer the other way round.
    func pinnedFrame(_ boundary: Boundary, visible: CGRect, layoutAxis: LayoutAxis) -> CGRect {
        Self.pinnedFrame(boundary, visible: visible, layoutAxis: layoutAxis, within: frame)
    }

    /// R18 against any host frame (a section's, or the whole content for layout-wide items).
    static func pinnedFrame(_ boundary: Boundary, visible: CGRect, layoutAxis: LayoutAxis, within frame: CGRect)
        -> CGRect
    {
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
