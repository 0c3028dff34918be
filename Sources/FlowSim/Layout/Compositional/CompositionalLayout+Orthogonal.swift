import Foundation

/// Orthogonal sections scrolled on their own. UIKit scrolls such a section in a private inner
/// scroll view; FlowSim keeps each section's offset on the layout and reports the section's
/// cells and badges where they are drawn (shifted by the offset), which is what renders show.
/// Headers, footers and backgrounds do not scroll with the content (R17, R21).
extension CompositionalLayout {
    /// How far section `section`'s orthogonal content is scrolled (x for a vertical layout), as
    /// its inner scroll view's `contentOffset`: measured from the content's left edge, so right
    /// to left a section at rest is at its end (see `physicalOrthogonalOffset`).
    public func orthogonalContentOffset(forSection section: Int) -> CGPoint {
        let offset = physicalOrthogonalOffset(orthogonalOffsets[section] ?? 0, section: section)
        return layoutAxis.other == .horizontal ? CGPoint(x: offset, y: 0) : CGPoint(x: 0, y: offset)
    }

    /// Scrolls section `section`'s orthogonal content to `offset` (as setting an inner scroll
    /// view's `contentOffset`: not clamped; right to left measured from the left as well).
    /// Sections that do not scroll orthogonally ignore it. The layout is re-queried, not re-solved.
    public func setOrthogonalContentOffset(_ offset: CGPoint, forSection section: Int) {
        let value = layoutAxis.other == .horizontal ? offset.x : offset.y
        guard value.isFinite else { return }
        // The mirror is its own inverse: the same map turns a scroll view offset into FlowSim's.
        orthogonalOffsets[section] = physicalOrthogonalOffset(value, section: section)
        applyOrthogonalOffsets()
        invalidateLayout(with: makeInvalidationContext())
    }

    /// FlowSim keeps an orthogonal section's offset from its leading edge (0 at rest, growing
    /// towards later groups), which is the inner scroll view's `contentOffset` left to right.
    /// Right to left the section's content is mirrored (R11: the first group at the right), and
    /// a UIScrollView's offset is still measured from the left, so the two are mirrored across
    /// the scrollable range: `offset = (content length − visible length) − leading offset`.
    /// Evidence is weak: UIKit's `_UICollectionViewOrthogonalScrollView configureForDescriptor:`
    /// sets a plain scroll view's frame, content size and offset with no direction of its own, and
    /// its offset validation (`_UICollectionLayoutValidatedContentOffsetForProposedContentOffset
    /// ForOrthogonalSection`) clamps to 0…that range; where the mirrored content sits in it was
    /// not decoded. Only a horizontal orthogonal axis is mirrored.
    func physicalOrthogonalOffset(_ offset: CGFloat, section: Int) -> CGFloat {
        guard mirrorsHorizontally, layoutAxis.other == .horizontal else { return offset }
        guard let range = orthogonalScrollRange(forSection: section) else { return offset }
        return range - offset
    }

    /// How far section `section`'s orthogonal content can scroll: content less visible length.
    private func orthogonalScrollRange(forSection section: Int) -> CGFloat? {
        prepareIfNeeded()
        guard let geometry = currentGeometry?.section(section), geometry.orthogonalScrollingBehavior != .none else {
            return nil
        }
        return max(0, geometry.orthogonalContentLength - geometry.axis.length(container.contentSize))
    }

    /// The size of section `section`'s scrolling content: leading inset + groups + trailing
    /// inset along the section's axis (R21), by the section's extent across it; nil for a section
    /// that does not scroll orthogonally.
    public func orthogonalContentSize(forSection section: Int) -> CGSize? {
        prepareIfNeeded()
        guard let geometry = currentGeometry?.section(section), geometry.orthogonalScrollingBehavior != .none else {
            return nil
        }
        let axis = geometry.axis
        return axis.size(along: geometry.orthogonalContentLength, cross: axis.other.length(geometry.frame.size))
    }

    /// Where a fling of section `section` ends (weak: UIKit's targets are not decoded), from the
    /// offset it would decelerate to and the release velocity along the section's axis:
    /// `.paging` snaps to multiples of the container's length, `.groupPaging` and
    /// `.continuousGroupLeadingBoundary` to a group's leading edge at the section's leading inset,
    /// `.groupPagingCentered` to a group centred in the container (so the first group is not
    /// centred once clamped); `.continuous` stops where it decelerates. A positive velocity takes
    /// the first target at or past the proposed offset, a negative one the last at or before it,
    /// none the nearest; targets are clamped to the content.
    public func targetOrthogonalContentOffset(
        forSection section: Int, proposedContentOffset proposed: CGPoint, velocity: CGPoint
    ) -> CGPoint {
        prepareIfNeeded()
        guard let geometry = currentGeometry?.section(section), geometry.orthogonalScrollingBehavior != .none else {
            return proposed
        }
        let axis = geometry.axis
        let horizontal = axis == .horizontal
        // Right to left the scroll view's offsets and velocities run the other way (see
        // `physicalOrthogonalOffset`): targets are found from the leading edge and mirrored back.
        let mirrored = mirrorsHorizontally && horizontal
        let wanted = physicalOrthogonalOffset(horizontal ? proposed.x : proposed.y, section: section)
        let speed = (horizontal ? velocity.x : velocity.y) * (mirrored ? -1 : 1)
        let visible = axis.length(container.contentSize)
        let maximum = max(0, geometry.orthogonalContentLength - visible)
        let leading = axis.origin(CGRect(origin: geometry.groupOrigin, size: .zero)) - axis.origin(geometry.frame)
        let groupLength = geometry.slots.reduce(0) { max($0, axis.end($1.frame)) }
        var candidates: [CGFloat]
        switch geometry.orthogonalScrollingBehavior {
        case .none, .continuous:
            candidates = [wanted]
        case .paging:
            let page = max(visible, 1)
            candidates = (0...Int((maximum / page).rounded(.up))).map { CGFloat($0) * page }
        case .groupPaging, .continuousGroupLeadingBoundary:
            candidates = (0..<geometry.groupCount).map { geometry.groupOffset($0) }
        case .groupPagingCentered:
            candidates = (0..<geometry.groupCount).map {
                leading + geometry.groupOffset($0) + groupLength / 2 - visible / 2
            }
        }
        candidates = candidates.map { min(max($0, 0), maximum) }
        let target: CGFloat
        if speed > 0, let next = candidates.filter({ $0 >= wanted }).min() {
            target = next
        } else if speed < 0, let previous = candidates.filter({ $0 <= wanted }).max() {
            target = previous
        } else {
            target = candidates.min { abs($0 - wanted) < abs($1 - wanted) } ?? min(max(wanted, 0), maximum)
        }
        let result = physicalOrthogonalOffset(target, section: section)
        return horizontal ? CGPoint(x: result, y: proposed.y) : CGPoint(x: proposed.x, y: result)
    }
}
