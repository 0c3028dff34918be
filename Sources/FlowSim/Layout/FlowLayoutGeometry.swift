import Foundation

/// A solved flow layout: frames on demand and rect queries in O(log n + k).
public struct FlowLayoutGeometry: Sendable {
    let axis: AxisMapper
    public let dimension: CGFloat
    public let scale: CGFloat
    public let sections: [SectionGeometry]
    let totalAlong: CGFloat

    /// UIKit's `collectionViewContentSize`: (dim, Σ section extents) when vertical.
    public var contentSize: CGSize {
        let rect = axis.rect(cross: 0, along: 0, crossLength: dimension, alongLength: totalAlong)
        return rect.size
    }

    /// An element's frame, with its kind and index path.
    public struct Element: Equatable, Sendable {
        public var kind: ElementKind
        public var section: Int
        /// The item for cells; 0 for headers and footers (UIKit's supplementary index path).
        public var item: Int
        public var frame: CGRect
    }

    // MARK: Frames

    /// `round(v·scale)/scale` with halves away from zero; only origins are rounded.
    func roundOrigin(_ value: CGFloat) -> CGFloat {
        guard scale > 0 else { return value }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    private func rounded(cross: CGFloat, along: CGFloat, crossLength: CGFloat, alongLength: CGFloat) -> CGRect {
        axis.rect(
            cross: roundOrigin(cross), along: roundOrigin(along), crossLength: crossLength,
            alongLength: alongLength)
    }

    public func itemFrame(section: Int, item: Int) -> CGRect? {
        guard sections.indices.contains(section) else { return nil }
        let geometry = sections[section]
        guard item >= 0 && item < geometry.itemCount else { return nil }
        switch geometry.content {
        case .uniform(let grid):
            let line = item / grid.perLine
            let column = item % grid.perLine
            return rounded(
                cross: grid.firstCross + CGFloat(column) * grid.columnStride,
                along: geometry.linesOrigin + CGFloat(line) * grid.lineStride,
                crossLength: grid.itemCross, alongLength: grid.itemAlong)
        case .table(let table):
            let line = Self.lastIndex(in: table.lineStarts, notAbove: item)
            let size = table.itemSizes[item]
            let along = geometry.linesOrigin + table.lineOffsets[line] + (table.lineThickness[line] - size.along) / 2
            return rounded(cross: table.itemCross[item], along: along, crossLength: size.cross, alongLength: size.along)
        }
    }

    /// Header frame `(0, sectionY, dim, headerHeight)`; nil when the header's length is 0.
    public func headerFrame(section: Int) -> CGRect? {
        guard sections.indices.contains(section), sections[section].headerLength > 0 else { return nil }
        let geometry = sections[section]
        return rounded(cross: 0, along: geometry.origin, crossLength: dimension, alongLength: geometry.headerLength)
    }

    /// Footer frame, after the bottom inset; nil when the footer's length is 0.
    public func footerFrame(section: Int) -> CGRect? {
        guard sections.indices.contains(section), sections[section].footerLength > 0 else { return nil }
        let geometry = sections[section]
        return rounded(
            cross: 0, along: geometry.end - geometry.footerLength, crossLength: dimension,
            alongLength: geometry.footerLength)
    }

    // MARK: Rect queries

    /// Every element whose frame meets `rect` (`CGRect.meets`: shared edges don't count),
    /// section by section: header, cells in index order, footer.
    public func elements(in rect: CGRect) -> [Element] {
        var result: [Element] = []
        forEachElement(in: rect) { result.append($0) }
        return result
    }

    /// Calls `body` for every element meeting `rect`, without allocating an array.
    public func forEachElement(in rect: CGRect, _ body: (Element) -> Void) {
        guard !rect.isNull else { return }
        let (low, high) = axis.alongRange(rect)
        // Rounding moves origins by at most half a pixel; widen the search, filter exactly.
        let slack: CGFloat = scale > 0 ? 1 / scale : 1
        var section = firstSection(endingAfter: low - slack)
        while section < sections.count && sections[section].origin <= high + slack {
            visit(section: section, rect: rect, low: low - slack, high: high + slack, body)
            section += 1
        }
    }

    private func visit(section: Int, rect: CGRect, low: CGFloat, high: CGFloat, _ body: (Element) -> Void) {
        let geometry = sections[section]
        if let frame = headerFrame(section: section), frame.meets(rect) {
            body(Element(kind: .header, section: section, item: 0, frame: frame))
        }
        if geometry.itemCount > 0 {
            let lines = lineRange(of: geometry, low: low, high: high)
            if !lines.isEmpty {
                let items = itemRange(of: geometry, lines: lines, rect: rect)
                for item in items {
                    if let frame = itemFrame(section: section, item: item), frame.meets(rect) {
                        body(Element(kind: .cell, section: section, item: item, frame: frame))
                    }
                }
            }
        }
        if let frame = footerFrame(section: section), frame.meets(rect) {
            body(Element(kind: .footer, section: section, item: 0, frame: frame))
        }
    }

    /// Lines whose along-span meets [low, high], by arithmetic or binary search.
    private func lineRange(of geometry: SectionGeometry, low: CGFloat, high: CGFloat) -> Range<Int> {
        let lineCount = geometry.lineCount
        switch geometry.content {
        case .uniform(let grid):
            guard grid.lineStride > 0 else { return 0..<lineCount }
            let first = ((low - geometry.linesOrigin - grid.itemAlong) / grid.lineStride).rounded(.down)
            let last = ((high - geometry.linesOrigin) / grid.lineStride).rounded(.down)
            let lower = Int(max(0, min(CGFloat(lineCount), first)))
            let upper = Int(max(0, min(CGFloat(lineCount), last + 1)))
            return lower..<max(lower, upper)
        case .table(let table):
            // First line whose end is ≥ low; lines are sorted and don't overlap.
            var lo = 0
            var hi = lineCount
            while lo < hi {
                let mid = (lo + hi) / 2
                if geometry.linesOrigin + table.lineOffsets[mid] + table.lineThickness[mid] < low {
                    lo = mid + 1
                } else {
                    hi = mid
                }
            }
            var upper = lo
            while upper < lineCount && geometry.linesOrigin + table.lineOffsets[upper] <= high { upper += 1 }
            return lo..<upper
        }
    }

    /// Items of `lines` worth testing against `rect`; for uniform grids only the columns that
    /// can meet the rect's cross span.
    private func itemRange(of geometry: SectionGeometry, lines: Range<Int>, rect: CGRect) -> [Int] {
        switch geometry.content {
        case .uniform(let grid):
            var columns = 0..<grid.perLine
            if grid.columnStride > 0 {
                let (low, high) = axis.crossRange(rect)
                let slack: CGFloat = 1
                let first = ((low - slack - grid.firstCross - grid.itemCross) / grid.columnStride).rounded(.down)
                let last = ((high + slack - grid.firstCross) / grid.columnStride).rounded(.down)
                let lower = Int(max(0, min(CGFloat(grid.perLine), first)))
                let upper = Int(max(0, min(CGFloat(grid.perLine), last + 1)))
                columns = lower..<max(lower, upper)
            }
            var items: [Int] = []
            for line in lines {
                for column in columns {
                    let item = line * grid.perLine + column
                    if item >= grid.count { break }
                    items.append(item)
                }
            }
            return items
        case .table(let table):
            return Array(table.lineStarts[lines.lowerBound]..<table.lineEnd(lines.upperBound - 1))
        }
    }

    private func firstSection(endingAfter along: CGFloat) -> Int {
        var lo = 0
        var hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end < along { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Index of the last element ≤ value in a sorted array (0 when none).
    static func lastIndex(in sorted: [Int], notAbove value: Int) -> Int {
        var lo = 0
        var hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return max(0, lo - 1)
    }
}
