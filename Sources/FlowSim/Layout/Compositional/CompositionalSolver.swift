import Foundation

/// The pure part of the compositional layout: sizes, groups and sections to frames, at one
/// display scale. No collection view, no state; every rule cites where it comes from
/// (docs/compositional.md has the rules in full).
struct CompositionalSolver {
    /// The display scale frames are floored and rounded to (`traitCollection.displayScale`).
    let scale: CGFloat
    let traitCollection: TraitCollection

    /// UIKit's fit tolerance when filling a group with `subitems:`: a candidate is accepted while
    /// the remaining length is ≥ −0.25 pt (`_UICollectionLayoutItemSolver _solveForContainer…`).
    static let fitTolerance: CGFloat = -0.25
    /// A group with more items than this is refused (zero-length items would repeat forever).
    static let maximumItemsPerGroup = 100_000

    // MARK: Dimensions (R3)

    /// `floor(s·v)/s`: the floor to the pixel grid UIKit applies to every fractional dimension
    /// (`NSCollectionLayoutSize _effectiveSizeForContainer:displayScale:ignoringInsets:`, its
    /// first block: `floor(v2 * result) / v2` when the scale is > 0).
    func floorToPixel(_ value: CGFloat) -> CGFloat {
        scale > 0 ? (scale * value).rounded(.down) / scale : value
    }

    /// `round(s·v)/s`, the rounding of every reported frame (R22).
    func roundToPixel(_ value: CGFloat) -> CGFloat {
        scale > 0 ? (scale * value).rounded(.toNearestOrAwayFromZero) / scale : value
    }

    func roundedFrame(_ rect: CGRect) -> CGRect {
        CGRect(
            x: roundToPixel(rect.minX), y: roundToPixel(rect.minY), width: roundToPixel(rect.width),
            height: roundToPixel(rect.height))
    }

    /// One dimension against a container: absolute and estimated values as given; fractions of
    /// the container's size less the sum of its insets on that axis, floored to the pixel grid.
    func resolve(_ dimension: LayoutDimension, in container: CompositionalContainer) -> CGFloat {
        let insets = container.contentInsets
        switch dimension.semantic {
        case .absolute, .estimated, .uniformAcrossSiblings:
            return dimension.dimension
        case .fractionalWidth:
            return floorToPixel(
                (container.contentSize.width - (insets.leading + insets.trailing)) * dimension.dimension)
        case .fractionalHeight:
            return floorToPixel((container.contentSize.height - (insets.top + insets.bottom)) * dimension.dimension)
        }
    }

    func resolve(_ size: LayoutSize, in container: CompositionalContainer) -> CGSize {
        CGSize(width: resolve(size.widthDimension, in: container), height: resolve(size.heightDimension, in: container))
    }

    // MARK: Groups (R4–R11)

    /// One leaf of a solved group: the item's inset frame in the group's space.
    struct Leaf {
        var frame: CGRect
        /// nil for the frames of a custom group.
        var item: LayoutItem?
        var zIndex: Int
        /// The supplementary items of the groups this leaf is the first item of, in the same
        /// space as `frame`.
        var groupBadges: [CompositionalSectionGeometry.Badge] = []
    }

    struct SolvedGroup {
        /// The group's resolved size (its layout frame).
        var size: CGSize
        var leaves: [Leaf]
    }

    /// R4: group insets below 0.5 (negatives included) are fractions of the group's size.
    func groupInsets(_ insets: DirectionalEdgeInsets, size: CGSize) -> DirectionalEdgeInsets {
        func value(_ inset: CGFloat, _ length: CGFloat) -> CGFloat { inset >= 0.5 ? inset : length * inset }
        return DirectionalEdgeInsets(
            top: value(insets.top, size.height), leading: value(insets.leading, size.width),
            bottom: value(insets.bottom, size.height), trailing: value(insets.trailing, size.width))
    }

    /// Self-sized sizes of a group instance's leaves, by leaf ordinal (the order leaves are
    /// made: depth first), consumed as the group is solved.
    final class PreferredLeafSizes {
        let size: (Int) -> CGSize?
        var next = 0
        init(_ size: @escaping (Int) -> CGSize?) { self.size = size }

        /// The next leaf's size: its preferred size on its estimated axes (UIKit respects a
        /// preferred size on the estimated axis only), else `resolved`.
        func take(_ item: LayoutItem, resolved: CGSize) -> CGSize {
            defer { next += 1 }
            guard let preferred = size(next) else { return resolved }
            var result = resolved
            if item.layoutSize.widthDimension.isEstimated { result.width = preferred.width }
            if item.layoutSize.heightDimension.isEstimated { result.height = preferred.height }
            return result
        }
    }

    /// Solves `group` in `container` (its parent's container): the group's size and the frames
    /// of its leaves, relative to the group's origin. With `preferred` sizes (self-sizing, R23)
    /// the leaves take them on their estimated axes and a group estimated on an axis fits its
    /// children there.
    func solve(group: LayoutGroup, in container: CompositionalContainer, preferred: PreferredLeafSizes? = nil) throws
        -> SolvedGroup
    {
        let size = resolve(group.layoutSize, in: container)
        let insets = groupInsets(group.contentInsets, size: size)
        let inner = CompositionalContainer(contentSize: size, contentInsets: insets)
        let effective = inner.effectiveContentSize
        guard effective.width >= 0, effective.height >= 0, size.width.isFinite, size.height.isFinite else {
            throw SolveFailure(CompositionalLayoutError.noRoom(parent: container, group: group, effective: effective))
        }
        if case .custom(let provider) = group.fill {
            let environment = CompositionalEnvironment(container: inner, traitCollection: traitCollection)
            let leaves = provider(environment).map { Leaf(frame: $0.frame, item: nil, zIndex: $0.zIndex) }
            preferred?.next += leaves.count
            return SolvedGroup(size: size, leaves: leaves)
        }
        let axis = group.axis
        let length = axis.length(effective)
        var childContainer = inner
        var chosen = try choose(group, sizedIn: inner, length: length, retry: false)
        // R8 (`_solveGroup`): with a spacing > 0, k ≥ 2 items and an item sized by a fraction
        // along the axis, the fill runs again with the items sized in the group's length less
        // the k − 1 spacings (insets 0), counting the spacing before every item after the first,
        // against the full length.
        let spacing = group.interItemSpacing?.spacing ?? 0
        if spacing > 0, chosen.count >= 2, chosen.contains(where: { $0.layoutSize.dependsOnContainer(along: axis) }) {
            let reduced = length - spacing * CGFloat(chosen.count - 1)
            childContainer = CompositionalContainer(
                contentSize: axis.size(along: reduced, cross: axis.other.length(effective)), contentInsets: .zero)
            chosen = try choose(group, sizedIn: childContainer, length: length, retry: true)
        }
        guard !chosen.isEmpty else {
            throw SolveFailure(CompositionalLayoutError.noItemFits(group: group, size: effective))
        }
        var children: [(size: CGSize, leaves: [Leaf])] = []
        children.reserveCapacity(chosen.count)
        for item in chosen {
            if let nested = item as? LayoutGroup {
                let solved = try solve(group: nested, in: childContainer, preferred: preferred)
                children.append((solved.size, solved.leaves))
            } else {
                let itemSize = resolve(item.layoutSize, in: childContainer)
                children.append((preferred?.take(item, resolved: itemSize) ?? itemSize, []))
            }
        }
        var solved = arrange(chosen, children: children, in: group, size: size, insets: insets, effective: effective)
        if preferred != nil {
            // R23: a group estimated along an axis fits the union of its children there.
            if group.layoutSize.widthDimension.isEstimated { solved.size.width = solved.extent.width }
            if group.layoutSize.heightDimension.isEstimated { solved.size.height = solved.extent.height }
        }
        // The group's own supplementary items, anchored to its frame as badges are to an item's,
        // go with its first leaf.
        if !group.supplementaryItems.isEmpty, !solved.leaves.isEmpty {
            solved.leaves[0].groupBadges += badgeFrames(group, frame: CGRect(origin: .zero, size: solved.size))
        }
        return SolvedGroup(size: solved.size, leaves: solved.leaves)
    }

    /// R6/R7: which items the group holds, each sized in `container`; `length` is the group's
    /// length along its axis the fill is checked against.
    private func choose(_ group: LayoutGroup, sizedIn inner: CompositionalContainer, length: CGFloat, retry: Bool)
        throws -> [LayoutItem]
    {
        let axis = group.axis
        switch group.fill {
        case .custom: return []
        case .repeating(let count):
            try checkCount(count, of: group)
            return Array(repeating: group.subitems.first, count: max(0, count)).compactMap { $0 }
        case .count(let count):
            // `+_effectiveSizeForSize:count:layoutDirection:`: the axis dimension becomes 1/count.
            try checkCount(count, of: group)
            guard let subitem = group.subitems.first else { return [] }
            let fraction = 1.0 / CGFloat(count)
            let size =
                axis == .horizontal
                ? LayoutSize(
                    widthDimension: .fractionalWidth(fraction), heightDimension: subitem.layoutSize.heightDimension)
                : LayoutSize(
                    widthDimension: subitem.layoutSize.widthDimension, heightDimension: .fractionalHeight(fraction))
            let resized = subitem.resized(size)
            return Array(repeating: resized, count: count)
        case .fit:
            // UIKit asserts when such a group is made (`-[NSCollectionLayoutGroup
            // initWithSize:subitems:count:…]`); FlowSim's factories cannot throw, so the solve says it.
            guard !group.subitems.isEmpty else { throw SolveFailure("At least 1 subitem is required for a group") }
            let spacing = group.interItemSpacing?.spacing ?? 0
            var remaining = length
            var chosen: [LayoutItem] = []
            var index = 0
            while true {
                let candidate = group.subitems[index % group.subitems.count]
                var next = remaining
                // Spacing counts in the first pass only for items not sized by a fraction along
                // the axis (those are re-sized with the spacing taken out, R8); always in the retry.
                if !chosen.isEmpty && (retry || !candidate.layoutSize.dependsOnContainer(along: axis)) {
                    next -= spacing
                }
                next -= axis.length(resolve(candidate.layoutSize, in: inner))
                next -= fixedEdgeSpacing(candidate, along: axis)
                guard next >= Self.fitTolerance else { break }
                remaining = next
                chosen.append(candidate)
                index += 1
                // One pass for a group estimated along its axis.
                if group.layoutSize.dimension(along: axis).isEstimated && index == group.subitems.count { break }
                if chosen.count > Self.maximumItemsPerGroup {
                    throw SolveFailure(
                        "a group repeats items of zero or negative length along its axis without end (more than \(Self.maximumItemsPerGroup) items)"
                    )
                }
            }
            return chosen
        }
    }

    /// UIKit asserts a count below 1 when the group is made (`+horizontalGroupWithLayoutSize:
    /// repeatingSubitem:count:` and `subitem:count:`, NSCollectionLayoutItem.m); FlowSim's
    /// factories cannot throw, so the solve says it in UIKit's words.
    private func checkCount(_ count: Int, of group: LayoutGroup) throws {
        guard count >= 1 else {
            let axis = group.axis == .horizontal ? "horizontal" : "vertical"
            throw SolveFailure("A repeating \(axis) group should specify a count >= 1")
        }
        guard count <= Self.maximumItemsPerGroup else {
            throw SolveFailure("a group of \(count) items is more than FlowSim lays out (\(Self.maximumItemsPerGroup))")
        }
    }

    /// The edge spacing an item needs along `axis`: fixed values, flexible ones at their minimum.
    private func fixedEdgeSpacing(_ item: LayoutItem, along axis: LayoutAxis) -> CGFloat {
        guard let edges = item.edgeSpacing?.along(axis) else { return 0 }
        return (edges.start?.spacing ?? 0) + (edges.end?.spacing ?? 0)
    }

    /// R9/R10: positions along the axis (flexible spacings share what is left) and across it.
    private func arrange(
        _ items: [LayoutItem], children: [(size: CGSize, leaves: [Leaf])], in group: LayoutGroup,
        size groupSize: CGSize,
        insets: DirectionalEdgeInsets, effective: CGSize
    ) -> (size: CGSize, leaves: [Leaf], extent: CGSize) {
        let axis = group.axis
        let cross = axis.other
        let spacing = group.interItemSpacing
        let k = items.count
        let length = axis.length(effective)
        var used = spacing.map { $0.spacing * CGFloat(k - 1) } ?? 0
        var flexibleCount = spacing?.isFlexibleSpacing == true ? k - 1 : 0
        for (index, item) in items.enumerated() {
            used += axis.length(children[index].size) + fixedEdgeSpacing(item, along: axis)
            let edges = item.edgeSpacing?.along(axis)
            flexibleCount +=
                (edges?.start?.isFlexibleSpacing == true ? 1 : 0) + (edges?.end?.isFlexibleSpacing == true ? 1 : 0)
        }
        let extra = flexibleCount > 0 ? (length - used) / CGFloat(flexibleCount) : 0
        func amount(_ spacing: LayoutSpacing?) -> CGFloat {
            guard let spacing else { return 0 }
            return spacing.spacing + (spacing.isFlexibleSpacing ? extra : 0)
        }
        let start = insets.along(axis).start
        let crossStart = insets.along(cross).start
        let crossLength = cross.length(effective)
        var position = start
        var leaves: [Leaf] = []
        // The far corner of the children, for groups that fit them (R23).
        var extentAlong = start
        var extentCross = crossStart
        for (index, item) in items.enumerated() {
            let edges = item.edgeSpacing?.along(axis)
            position += amount(edges?.start)
            let size = children[index].size
            let crossOffset = crossStart + crossPosition(item, size: cross.length(size), in: crossLength, axis: cross)
            let origin = axis.point(along: position, cross: crossOffset)
            extentAlong = max(extentAlong, position + axis.length(size))
            extentCross = max(extentCross, crossOffset + cross.length(size))
            if item is LayoutGroup {
                for leaf in children[index].leaves {
                    var moved = leaf
                    moved.frame = leaf.frame.offsetBy(dx: origin.x, dy: origin.y)
                    for badge in moved.groupBadges.indices {
                        moved.groupBadges[badge].frame = leaf.groupBadges[badge].frame.offsetBy(
                            dx: origin.x, dy: origin.y)
                    }
                    leaves.append(moved)
                }
            } else {
                // R5: the item's rect inset by its content insets (not fractionalised).
                let inset = item.effectiveContentInsets
                let frame = CGRect(
                    x: origin.x + inset.leading, y: origin.y + inset.top,
                    width: size.width - inset.leading - inset.trailing, height: size.height - inset.top - inset.bottom)
                leaves.append(Leaf(frame: frame, item: item, zIndex: 0))
            }
            position += axis.length(size) + amount(edges?.end)
            if index < k - 1 { position += amount(spacing) }
        }
        let extent = axis.size(
            along: extentAlong + insets.along(axis).end, cross: extentCross + insets.along(cross).end)
        return (groupSize, leaves, extent)
    }

    /// R10: an item's offset across the group's axis: its fixed leading spacing, plus a share of
    /// the room left when its edges there are flexible (both flexible: centred).
    func crossPosition(_ item: LayoutItem, size: CGFloat, in length: CGFloat, axis: LayoutAxis) -> CGFloat {
        guard let edges = item.edgeSpacing?.along(axis) else { return 0 }
        let fixed = (edges.start?.spacing ?? 0) + (edges.end?.spacing ?? 0)
        let flexible = (edges.start?.isFlexibleSpacing == true ? 1 : 0) + (edges.end?.isFlexibleSpacing == true ? 1 : 0)
        let share = flexible > 0 ? (length - size - fixed) / CGFloat(flexible) : 0
        guard let start = edges.start else { return 0 }
        return start.spacing + (start.isFlexibleSpacing ? share : 0)
    }
}

/// A solve failure's text (UIKit's words where UIKit has them); the layout adds the section.
struct SolveFailure: Error {
    var detail: String
    init(_ detail: String) { self.detail = detail }
}

extension LayoutItem {
    /// A copy with another size (the count APIs replace the axis dimension).
    func resized(_ size: LayoutSize) -> LayoutItem {
        let copy: LayoutItem
        if let group = self as? LayoutGroup {
            let resizedGroup = LayoutGroup(
                layoutSize: size, subitems: group.subitems, axis: group.axis, fill: group.fill,
                supplementaryItems: group.supplementaryItems)
            resizedGroup.interItemSpacing = group.interItemSpacing
            copy = resizedGroup
        } else {
            copy = LayoutItem(layoutSize: size, supplementaryItems: supplementaryItems)
        }
        copy.copyValues(from: self)
        return copy
    }
}
