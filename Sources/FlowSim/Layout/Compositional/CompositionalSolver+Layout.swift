import Foundation

extension CompositionalSolver {
    /// R16: sections stacked along the layout axis, `interSectionSpacing` before every section
    /// that follows a defined one (a section the provider gave nil for takes no room and no
    /// spacing), then the layout-wide boundary items around them all (R24). Throws UIKit's error
    /// with the section's index.
    func solveLayout(
        sections: [(definition: LayoutSection?, itemCount: Int)], configuration: CompositionalLayoutConfiguration,
        container: CompositionalContainer, insetsEnvironment: CompositionalInsetsEnvironment = .none,
        preferredSizes: [IndexPath: CGSize] = [:]
    ) throws -> CompositionalGeometry {
        let selfSized = Set(preferredSizes.keys.map(\.section))
        let axis = configuration.layoutAxis
        var solved: [CompositionalSectionGeometry?] = []
        solved.reserveCapacity(sections.count)
        var cursor: CGFloat = 0
        var earlierSection = false
        for (index, entry) in sections.enumerated() {
            guard let definition = entry.definition else {
                solved.append(nil)
                continue
            }
            if earlierSection { cursor += configuration.interSectionSpacing }
            do {
                let preferred: ((Int) -> CGSize?)? =
                    selfSized.contains(index) ? { preferredSizes[IndexPath(item: $0, section: index)] } : nil
                // R1: each section measures its content and its boundary items from its own
                // references (`_generateInsetsEnvironmentsForLayoutSection:…`).
                let references = CompositionalSectionReferences(
                    section: definition, layout: configuration.contentInsetsReference)
                let sectionContainer = CompositionalContainer(
                    contentSize: container.contentSize,
                    contentInsets: insetsEnvironment.insets(for: references.content, layoutAxis: axis))
                let section = try solve(
                    section: definition, index: index, itemCount: entry.itemCount, layoutAxis: axis,
                    container: sectionContainer,
                    supplementaryInsets: insetsEnvironment.insets(for: references.supplementary, layoutAxis: axis),
                    start: cursor, preferred: preferred)
                cursor = axis.end(section.frame)
                solved.append(section)
            } catch let failure as SolveFailure {
                throw CompositionalLayoutError(section: index, detail: failure.detail)
            }
            earlierSection = true
        }
        let cross = axis.other.length(container.contentSize)
        let host = CGRect(origin: .zero, size: axis.size(along: cursor, cross: cross))
        let globalItems = configuration.boundarySupplementaryItems
        let frames = boundaryFrames(globalItems, host: host, layoutAxis: axis, followInsets: .zero)
        var union = host
        for case let section? in solved { union = union.union(section.frame) }
        for (item, frame) in zip(globalItems, frames) where item.extendsBoundary { union = union.union(frame.outer) }
        let shift = axis.point(along: -axis.origin(union), cross: 0)
        if shift != .zero { solved = solved.map { $0?.offset(by: shift) } }
        var counts: [String: Int] = [:]
        let globals = zip(globalItems, frames).map { item, frame in
            let ordinal = counts[item.elementKind, default: 0]
            counts[item.elementKind] = ordinal + 1
            return CompositionalSectionGeometry.Boundary(
                kind: item.elementKind, index: ordinal, frame: frame.inner.offsetBy(dx: shift.x, dy: shift.y),
                zIndex: item.zIndex,
                pinning: item.pinToVisibleBounds ? pinSide(item.alignment, layoutAxis: axis) : nil)
        }
        let size = union.offsetBy(dx: shift.x, dy: shift.y)
        // R16: the content size is the union of the sections, rounded to the pixel grid.
        let contentSize = CGSize(width: roundToPixel(max(0, size.maxX)), height: roundToPixel(max(0, size.maxY)))
        // Layout-wide items pin within the whole content (the solver's own pinned items).
        return CompositionalGeometry(
            solver: self, layoutAxis: axis, sections: solved, globalBoundaries: globals, contentSize: contentSize,
            globalFrame: size)
    }
}

extension CompositionalSectionGeometry {
    func offset(by delta: CGPoint) -> CompositionalSectionGeometry {
        var copy = self
        copy.frame = frame.offsetBy(dx: delta.x, dy: delta.y)
        copy.groupOrigin = CGPoint(x: groupOrigin.x + delta.x, y: groupOrigin.y + delta.y)
        copy.boundaries = boundaries.map { boundary in
            var moved = boundary
            moved.frame = boundary.frame.offsetBy(dx: delta.x, dy: delta.y)
            return moved
        }
        copy.decorations = decorations.map { decoration in
            var moved = decoration
            moved.frame = decoration.frame.offsetBy(dx: delta.x, dy: delta.y)
            return moved
        }
        return copy
    }
}
