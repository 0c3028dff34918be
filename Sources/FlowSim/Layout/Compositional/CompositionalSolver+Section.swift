import Foundation

extension CompositionalSolver {
    /// R2: the container a section's root group is solved in: the layout's container with the
    /// section's insets across the section's axis only (`_UICollectionLayoutSectionFixedSolver
    /// _sectionContainer`).
    /// The container's own insets (the section's `contentInsetsReference`, R1) come first:
    /// `_sectionContainer` adds the section's insets to them.
    func sectionContainer(_ section: LayoutSection, axis: LayoutAxis, in container: CompositionalContainer)
        -> CompositionalContainer
    {
        let insets = section.contentInsets
        var result = container.contentInsets
        if axis == .vertical {
            result.leading += insets.leading
            result.trailing += insets.trailing
        } else {
            result.top += insets.top
            result.bottom += insets.bottom
        }
        return CompositionalContainer(contentSize: container.contentSize, contentInsets: result)
    }

    /// Solves one section whose layout-axis extent starts at `start`: the root group once (R13),
    /// tiled for `itemCount` items, with headers, footers and backgrounds. With `preferred`
    /// (self-sized item sizes by item index) each group instance is solved on its own (UIKit's
    /// estimated solver, R23) and the groups are stacked by their own lengths. `container`
    /// carries the insets of the section's content reference, `supplementaryInsets` those of its
    /// boundary items' reference (R1).
    func solve(
        section: LayoutSection, index: Int, itemCount: Int, layoutAxis: LayoutAxis,
        container: CompositionalContainer, supplementaryInsets: DirectionalEdgeInsets = .zero, start: CGFloat,
        preferred: ((Int) -> CGSize?)? = nil
    ) throws -> CompositionalSectionGeometry {
        let axis = section.solveAxis(in: layoutAxis)
        let cross = axis.other
        let insets = section.contentInsets
        // Along the section's axis: the section's insets, plus the reference's for an orthogonal
        // section (whose axis is the one the reference insets lie on; weak, our reading).
        let referenceAlong = container.contentInsets.along(axis)
        let alongInsets = (
            start: insets.along(axis).start + referenceAlong.start, end: insets.along(axis).end + referenceAlong.end
        )
        // UIKit asserts on such a dimension when it is made; FlowSim's factories cannot throw.
        if let message = section.raisingDimension { throw SolveFailure(message) }
        let inner = sectionContainer(section, axis: axis, in: container)
        let crossInsets = inner.contentInsets.along(cross)
        let root = try solve(group: section.group, in: inner)
        let perGroup = root.leaves.count
        if perGroup == 0 && itemCount > 0 {
            throw SolveFailure(
                CompositionalLayoutError.noRoom(parent: inner, group: section.group, effective: root.size))
        }
        // R12: the root group's fixed edge spacing along the section's axis offsets it and adds
        // to its pitch (flexible spacing there is ignored); across, it places the group.
        let rootEdges = section.group.edgeSpacing?.along(axis)
        let leadingSpacing = rootEdges?.start.flatMap { $0.isFixedSpacing ? $0.spacing : nil } ?? 0
        let trailingSpacing = rootEdges?.end.flatMap { $0.isFixedSpacing ? $0.spacing : nil } ?? 0
        var rootCrossLength = cross.length(root.size)
        let rootCross =
            crossInsets.start
            + crossPosition(
                section.group, size: rootCrossLength, in: cross.length(inner.effectiveContentSize), axis: cross)
        let pitch = axis.length(root.size) + leadingSpacing + trailingSpacing
        let groupCount = perGroup > 0 ? (itemCount + perGroup - 1) / perGroup : 0
        // R14: a partial last group counts at its full length.
        var contentLength =
            groupCount > 0 ? pitch * CGFloat(groupCount) + section.interGroupSpacing * CGFloat(groupCount - 1) : 0
        let hasBackground = !section.decorationItems.isEmpty
        func makeSlots(_ leaves: [Leaf]) -> [CompositionalSectionGeometry.Slot] {
            leaves.map { leaf in
                CompositionalSectionGeometry.Slot(
                    frame: leaf.frame, zIndex: leaf.zIndex + (hasBackground ? 1 : 0),
                    badges: (leaf.item.map { badgeFrames($0, frame: leaf.frame) } ?? []) + leaf.groupBadges)
            }
        }
        var variable: CompositionalSectionGeometry.VariableGroups?
        if let preferred, groupCount > 0 {
            var groups = CompositionalSectionGeometry.VariableGroups(
                offsets: [], slots: [], reachBefore: .infinity, reachAfter: -.infinity)
            groups.offsets.reserveCapacity(groupCount)
            var cursor: CGFloat = 0
            var crossLength: CGFloat = 0
            for group in 0..<groupCount {
                let sizes = PreferredLeafSizes(uniformSizes(preferred, group: group, leaves: root.leaves))
                let instance = try solve(group: section.group, in: inner, preferred: sizes)
                // The fill uses the estimates, so every instance holds `perGroup` items.
                let slots = makeSlots(instance.leaves.count == perGroup ? instance.leaves : root.leaves)
                for slot in slots {
                    for rect in [slot.frame] + slot.badges.map(\.frame) {
                        groups.reachBefore = min(groups.reachBefore, axis.origin(rect))
                        groups.reachAfter = max(groups.reachAfter, axis.end(rect))
                    }
                }
                groups.offsets.append(cursor)
                groups.slots.append(slots)
                cursor += axis.length(instance.size) + leadingSpacing + trailingSpacing + section.interGroupSpacing
                crossLength = max(crossLength, cross.length(instance.size))
            }
            contentLength = cursor - section.interGroupSpacing
            rootCrossLength = crossLength
            variable = groups
        }
        // R1/R15: the section is solved in the container its reference's insets narrow
        // (`_containerByApplyingInsetsFromEnvironment:toSize:onAxis:`), placed at that inset: its
        // frame (and so its background) keeps out of a landscape safe area.
        let fullCross = layoutAxis.other.length(container.contentSize)
        let reference = container.contentInsets.along(layoutAxis.other)
        let containerCross = fullCross - reference.start - reference.end
        let hostLength: CGFloat
        let hostCross: CGFloat
        if axis == layoutAxis {
            hostLength = alongInsets.start + contentLength + alongInsets.end
            hostCross = max(
                containerCross, rootCross - reference.start + rootCrossLength + crossInsets.end - reference.end)
        } else {
            // R21: an orthogonal section is as long as its group is across, plus its insets, and
            // exactly as wide as the container (its content scrolls inside).
            hostLength = crossInsets.start + rootCrossLength + crossInsets.end
            hostCross = containerCross
        }
        let host = CGRect(
            origin: layoutAxis.point(along: 0, cross: reference.start),
            size: layoutAxis.size(along: hostLength, cross: hostCross))
        // R17: the boundary items are solved in the container their own reference narrows
        // (the section's supplementary environment); following the content insets, the section's
        // insets across the axis narrow it further (`auxillaryHostContainer`).
        let supplementaryReference = supplementaryInsets.along(layoutAxis.other)
        let boundaryHost = CGRect(
            origin: layoutAxis.point(along: 0, cross: supplementaryReference.start),
            size: layoutAxis.size(
                along: hostLength, cross: fullCross - supplementaryReference.start - supplementaryReference.end))
        let boundaries = boundaryFrames(
            section.boundarySupplementaryItems, host: boundaryHost, layoutAxis: layoutAxis,
            followInsets: section.supplementariesFollowContentInsets ? insets : .zero)
        var union = host
        for (item, frame) in zip(section.boundarySupplementaryItems, boundaries) where item.extendsBoundary {
            union = union.union(frame.outer)
        }
        // `_UICollectionLayoutAuxillaryItemSolver resolve`: a section with boundary items grows
        // by its padding before them (`auxillaryHostPaddingBeforeBoundarySupplementaries`), at
        // its leading edge along the scroll axis.
        let padding = section.paddingBeforeBoundarySupplementaries
        if padding > 0, !section.boundarySupplementaryItems.isEmpty {
            let grown = layoutAxis.point(along: -padding, cross: 0)
            union.origin.x += grown.x
            union.origin.y += grown.y
            union.size = layoutAxis.size(
                along: layoutAxis.length(union.size) + padding, cross: layoutAxis.other.length(union.size))
        }
        // Content coordinates: the union starts at `start` along the layout axis.
        let shift = layoutAxis.point(along: start - layoutAxis.origin(union), cross: 0)
        let frame = union.offsetBy(dx: shift.x, dy: shift.y)
        let groupOrigin = axis.point(along: alongInsets.start + leadingSpacing, cross: rootCross)
        var kindCounts: [String: Int] = [:]
        var placed: [CompositionalSectionGeometry.Boundary] = []
        for (item, solved) in zip(section.boundarySupplementaryItems, boundaries) {
            let ordinal = kindCounts[item.elementKind, default: 0]
            kindCounts[item.elementKind] = ordinal + 1
            placed.append(
                .init(
                    kind: item.elementKind, index: ordinal, frame: solved.inner.offsetBy(dx: shift.x, dy: shift.y),
                    zIndex: hasBackground ? max(1, item.zIndex) : item.zIndex,
                    pinning: item.pinToVisibleBounds ? pinSide(item.alignment, layoutAxis: layoutAxis) : nil))
        }
        let decorations = section.decorationItems.enumerated().map { offset, item in
            let inset = item.contentInsets
            let rect = CGRect(
                x: frame.minX + inset.leading, y: frame.minY + inset.top,
                width: frame.width - inset.leading - inset.trailing, height: frame.height - inset.top - inset.bottom)
            return CompositionalSectionGeometry.Decoration(
                kind: item.elementKind, index: offset, frame: rect, zIndex: item.zIndex)
        }
        let slots = makeSlots(root.leaves)
        try checkFrames(slots.map(\.frame) + slots.flatMap { $0.badges.map(\.frame) } + placed.map(\.frame))
        return CompositionalSectionGeometry(
            index: index, frame: frame, axis: axis,
            groupOrigin: CGPoint(x: groupOrigin.x + shift.x, y: groupOrigin.y + shift.y),
            stride: pitch + section.interGroupSpacing, groupCount: groupCount, slots: slots, itemCount: itemCount,
            boundaries: placed, decorations: decorations,
            orthogonalScrollingBehavior: section.orthogonalScrollingBehavior,
            orthogonalContentLength: alongInsets.start + contentLength + alongInsets.end, variable: variable)
    }

    /// The preferred sizes of one group instance's leaves, where leaves sized
    /// `.uniformAcrossSiblings` on an axis all take the largest of them there (R23; FlowSim
    /// counts every leaf of the root group instance as a sibling).
    private func uniformSizes(_ preferred: @escaping (Int) -> CGSize?, group: Int, leaves: [Leaf]) -> (Int) -> CGSize? {
        let first = group * leaves.count
        let uniformWidth = leaves.map { $0.item?.layoutSize.widthDimension.isUniformAcrossSiblings ?? false }
        let uniformHeight = leaves.map { $0.item?.layoutSize.heightDimension.isUniformAcrossSiblings ?? false }
        guard uniformWidth.contains(true) || uniformHeight.contains(true) else { return { preferred(first + $0) } }
        var widest: CGFloat?
        var tallest: CGFloat?
        for slot in leaves.indices {
            guard let size = preferred(first + slot) else { continue }
            if uniformWidth[slot] { widest = max(widest ?? size.width, size.width) }
            if uniformHeight[slot] { tallest = max(tallest ?? size.height, size.height) }
        }
        return { slot in
            guard var size = preferred(first + slot) else { return nil }
            if slot < leaves.count, uniformWidth[slot], let widest { size.width = widest }
            if slot < leaves.count, uniformHeight[slot], let tallest { size.height = tallest }
            return size
        }
    }

    /// R22: UIKit refuses frames with a negative or non-finite size (negative insets or
    /// dimensions in a scene can make them).
    private func checkFrames(_ frames: [CGRect]) throws {
        for frame in frames {
            // `size`, not `width`/`height`: CGRect's accessors standardise negative sizes away.
            let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
            guard values.allSatisfy(\.isFinite), frame.size.width >= 0, frame.size.height >= 0 else {
                throw SolveFailure(
                    "UICollectionView received layout attributes with invalid frame ({{\(frame.origin.x), \(frame.origin.y)}, {\(frame.size.width), \(frame.size.height)}}): check the sizes and insets (a negative size or insets larger than the size)"
                )
            }
        }
    }

    /// Which edge a pinned boundary item sticks to: the leading edge of the scroll axis for a
    /// header (alignment on the top, or leading when scrolling horizontally), else the trailing one.
    func pinSide(_ alignment: RectAlignment, layoutAxis: LayoutAxis) -> CompositionalSectionGeometry.PinSide {
        let edges = alignment.edges
        let trailingEdge: DirectionalRectEdge = layoutAxis == .vertical ? .bottom : .trailing
        return edges.contains(trailingEdge) ? .trailing : .leading
    }

    /// R17: boundary supplementary frames around `host` (the section's content and insets). With
    /// `extendsBoundary` an item aligned to an edge of the scroll axis sits outside that edge.
    /// `outer` is the frame before the item's own content insets, `inner` after.
    func boundaryFrames(
        _ items: [BoundarySupplementaryItem], host: CGRect, layoutAxis: LayoutAxis, followInsets: DirectionalEdgeInsets
    ) -> [(outer: CGRect, inner: CGRect)] {
        let crossInsets =
            layoutAxis == .vertical
            ? DirectionalEdgeInsets(top: 0, leading: followInsets.leading, bottom: 0, trailing: followInsets.trailing)
            : DirectionalEdgeInsets(top: followInsets.top, leading: 0, bottom: followInsets.bottom, trailing: 0)
        let container = CompositionalContainer(contentSize: host.size, contentInsets: crossInsets)
        let rect = CGRect(
            x: host.minX + crossInsets.leading, y: host.minY + crossInsets.top,
            width: host.width - crossInsets.leading - crossInsets.trailing,
            height: host.height - crossInsets.top - crossInsets.bottom)
        return items.map { item in
            let size = resolve(item.layoutSize, in: container)
            var itemEdges = item.alignment.edges
            if item.extendsBoundary {
                let (start, end): (DirectionalRectEdge, DirectionalRectEdge) =
                    layoutAxis == .vertical ? (.top, .bottom) : (.leading, .trailing)
                if itemEdges.contains(start) {
                    itemEdges.remove(start)
                    itemEdges.insert(end)
                } else if itemEdges.contains(end) {
                    itemEdges.remove(end)
                    itemEdges.insert(start)
                }
            }
            let containerPoint = LayoutAnchor(edges: item.alignment.edges).unitPoint()
            let itemPoint = LayoutAnchor(edges: itemEdges).unitPoint()
            let outer = CGRect(
                x: rect.minX + rect.width * containerPoint.x - size.width * itemPoint.x + item.offset.x,
                y: rect.minY + rect.height * containerPoint.y - size.height * itemPoint.y + item.offset.y,
                width: size.width, height: size.height)
            let inset = item.effectiveContentInsets
            let inner = CGRect(
                x: outer.minX + inset.leading, y: outer.minY + inset.top,
                width: outer.width - inset.leading - inset.trailing, height: outer.height - inset.top - inset.bottom)
            return (outer, inner)
        }
    }

    /// R19: an item's supplementary items (badges), anchored to its inset frame.
    func badgeFrames(_ item: LayoutItem, frame: CGRect) -> [CompositionalSectionGeometry.Badge] {
        var counts: [String: Int] = [:]
        return item.supplementaryItems.map { supplementary in
            let container = CompositionalContainer(contentSize: frame.size)
            let size = resolve(supplementary.layoutSize, in: container)
            let outer = supplementary.frame(size: size, in: frame)
            let inset = supplementary.effectiveContentInsets
            let ordinal = counts[supplementary.elementKind, default: 0]
            counts[supplementary.elementKind] = ordinal + 1
            return .init(
                kind: supplementary.elementKind, ordinal: ordinal,
                frame: CGRect(
                    x: outer.minX + inset.leading, y: outer.minY + inset.top,
                    width: outer.width - inset.leading - inset.trailing, height: outer.height - inset.top - inset.bottom
                ),
                zIndex: supplementary.zIndex)
        }
    }
}
