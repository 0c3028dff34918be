import Foundation

/// A solved compositional layout: every section's geometry and the content size, with frames
/// on demand and rect queries whose cost follows the rect, not the item count.
struct CompositionalGeometry {
    /// One element of a query.
    struct Element {
        var category: ElementCategory
        /// UIKit's kind string; nil for cells.
        var kind: String?
        var indexPath: IndexPath
        var frame: CGRect
        var zIndex: Int
    }

    let solver: CompositionalSolver
    let layoutAxis: LayoutAxis
    /// nil for a section the provider gave no definition (empty, no spacing).
    var sections: [CompositionalSectionGeometry?]
    /// The layout-wide boundary items (`configuration.boundarySupplementaryItems`), in section 0's
    /// index space (FlowSim keeps two-part index paths).
    var globalBoundaries: [CompositionalSectionGeometry.Boundary]
    var contentSize: CGSize
    /// The union of every section and layout-wide item: what pinned layout-wide items keep within.
    var globalFrame: CGRect = .zero
    /// Right to left: the width every frame is mirrored across (`x' = W − x − w`, R11), the
    /// content width; nil left to right. The geometry itself stays left to right.
    var mirrorWidth: CGFloat?

    /// `rect` as reported: mirrored right to left (before rounding, as UIKit mirrors while it
    /// arranges), then rounded to the pixel grid (R22).
    func output(_ rect: CGRect) -> CGRect { solver.roundedFrame(mirrored(rect)) }

    /// `rect` mirrored across `mirrorWidth` (its own inverse), or itself left to right.
    func mirrored(_ rect: CGRect) -> CGRect {
        guard let mirrorWidth, !rect.isNull, rect.width.isFinite else { return rect }
        var result = rect
        result.origin.x = mirrorWidth - rect.maxX
        return result
    }

    static func empty(solver: CompositionalSolver, axis: LayoutAxis) -> CompositionalGeometry {
        CompositionalGeometry(solver: solver, layoutAxis: axis, sections: [], globalBoundaries: [], contentSize: .zero)
    }

    func section(_ index: Int) -> CompositionalSectionGeometry? {
        sections.indices.contains(index) ? sections[index] : nil
    }

    func itemFrame(_ indexPath: IndexPath) -> CGRect? {
        guard indexPath.count == 2, let section = section(indexPath.section) else { return nil }
        return section.itemFrame(indexPath.item).map(output)
    }

    /// The frame of the supplementary view `kind` at `indexPath`: a boundary item of the section
    /// (pinned against `visible`) or a badge of the item.
    func supplementaryFrame(kind: String, at indexPath: IndexPath, visible: CGRect) -> (CGRect, Int)? {
        guard indexPath.count == 2 else { return nil }
        let visible = mirrored(visible)
        if let boundary = globalBoundaries.first(where: { $0.kind == kind && $0.index == indexPath.item }),
            indexPath.section == 0
        {
            return (output(pinnedGlobal(boundary, visible: visible)), boundary.zIndex)
        }
        guard let section = section(indexPath.section) else { return nil }
        if let boundary = section.boundaries.first(where: { $0.kind == kind && $0.index == indexPath.item }) {
            return (
                output(section.pinnedFrame(boundary, visible: visible, layoutAxis: layoutAxis)), boundary.zIndex
            )
        }
        guard indexPath.item >= 0, indexPath.item < section.itemCount, !section.slots.isEmpty else { return nil }
        let slot = section.slots(forGroup: indexPath.item / section.slots.count)[indexPath.item % section.slots.count]
        guard let badge = slot.badges.first(where: { $0.kind == kind }) else { return nil }
        return (
            output(section.frame(badge.frame, group: indexPath.item / section.slots.count)), badge.zIndex
        )
    }

    func decorationFrame(kind: String, at indexPath: IndexPath) -> (CGRect, Int)? {
        guard indexPath.count == 2, let section = section(indexPath.section),
            let decoration = section.decorations.first(where: { $0.kind == kind && $0.index == indexPath.item })
        else { return nil }
        return (output(decoration.frame), decoration.zIndex)
    }

    /// Every element meeting `rect` (shared edges don't count), section by section: decorations,
    /// cells with their badges, then boundary items (pinned against `visible`).
    /// Right to left the query and visible rects are mirrored into the geometry's left-to-right
    /// space and the frames found mirrored back.
    func forEachElement(in queryRect: CGRect, visible queryVisible: CGRect, _ body: (Element) -> Void) {
        let rect = mirrored(queryRect)
        let visible = mirrored(queryVisible)
        for boundary in globalBoundaries {
            let pinned = pinnedGlobal(boundary, visible: visible)
            guard solver.roundedFrame(pinned).meets(rect) else { continue }
            body(
                Element(
                    category: .supplementaryView, kind: boundary.kind,
                    indexPath: IndexPath(item: boundary.index, section: 0), frame: output(pinned),
                    zIndex: boundary.zIndex))
        }
        for case let section? in sections {
            // Sections are tested along the layout axis only (orthogonal content reaches past
            // the section's frame across it), with a margin for badges that hang outside it;
            // the groups' own test below is exact.
            let along = (layoutAxis.origin(section.frame), layoutAxis.end(section.frame))
            let badgeMargin: CGFloat = 1000
            guard along.0 - badgeMargin < layoutAxis.end(rect), layoutAxis.origin(rect) < along.1 + badgeMargin else {
                continue
            }
            for decoration in section.decorations {
                guard solver.roundedFrame(decoration.frame).meets(rect) else { continue }
                let frame = output(decoration.frame)
                body(
                    Element(
                        category: .decorationView, kind: decoration.kind,
                        indexPath: IndexPath(item: decoration.index, section: section.index), frame: frame,
                        zIndex: decoration.zIndex))
            }
            let perGroup = section.slots.count
            for group in section.groups(meeting: rect) {
                for (slotIndex, slot) in section.slots(forGroup: group).enumerated() {
                    let item = group * perGroup + slotIndex
                    guard item < section.itemCount else { break }
                    let path = IndexPath(item: item, section: section.index)
                    let unrounded = section.frame(slot.frame, group: group)
                    if solver.roundedFrame(unrounded).meets(rect) {
                        body(
                            Element(
                                category: .cell, kind: nil, indexPath: path, frame: output(unrounded),
                                zIndex: slot.zIndex))
                    }
                    for badge in slot.badges {
                        let unroundedBadge = section.frame(badge.frame, group: group)
                        guard solver.roundedFrame(unroundedBadge).meets(rect) else { continue }
                        let badgeFrame = output(unroundedBadge)
                        body(
                            Element(
                                category: .supplementaryView, kind: badge.kind, indexPath: path, frame: badgeFrame,
                                zIndex: badge.zIndex))
                    }
                }
            }
            for boundary in section.boundaries {
                let pinned = section.pinnedFrame(boundary, visible: visible, layoutAxis: layoutAxis)
                guard solver.roundedFrame(pinned).meets(rect) else { continue }
                let frame = output(pinned)
                body(
                    Element(
                        category: .supplementaryView, kind: boundary.kind,
                        indexPath: IndexPath(item: boundary.index, section: section.index), frame: frame,
                        zIndex: boundary.zIndex))
            }
        }
    }

    /// Whether a boundary item is pinned (queries then depend on the visible bounds).
    var hasPinnedItems: Bool {
        globalBoundaries.contains { $0.pinning != nil }
            || sections.contains { $0?.boundaries.contains { $0.pinning != nil } ?? false }
    }

    /// A layout-wide item, pinned within the whole content when it pins.
    func pinnedGlobal(_ boundary: CompositionalSectionGeometry.Boundary, visible: CGRect) -> CGRect {
        CompositionalSectionGeometry.pinnedFrame(
            boundary, visible: visible, layoutAxis: layoutAxis, within: globalFrame)
    }
}
