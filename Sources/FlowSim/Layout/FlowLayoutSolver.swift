import Foundation

/// The pure geometry of `UICollectionViewFlowLayout` (docs/uikit-rules.md §1): sizes in, line geometry
/// out. Uniform sections are stored as arithmetic grids (O(1) memory whatever their item count);
/// mixed-size sections as compact line tables. Positions along the scroll axis are sorted, so
/// rect queries binary-search the sections and lines that meet the rect.
public struct FlowLayoutSolver: Sendable {
    public var scrollDirection: ScrollDirection
    /// The cross-axis extent: the collection view's width (vertical) minus the content inset's
    /// left and right, floored at 0.
    public var dimension: CGFloat
    /// Screen scale for origin rounding: `round(v·scale)/scale`, halves away from zero.
    public var scale: CGFloat

    public init(scrollDirection: ScrollDirection, dimension: CGFloat, scale: CGFloat) {
        self.scrollDirection = scrollDirection
        self.dimension = max(0, dimension)
        self.scale = scale
    }

    public func solve(_ sections: [FlowSectionInput]) -> FlowLayoutGeometry {
        var solved: [SectionGeometry] = []
        solved.reserveCapacity(sections.count)
        var along: CGFloat = 0
        for section in sections {
            let geometry = solveSection(section, at: along)
            along += geometry.extent
            solved.append(geometry)
        }
        return FlowLayoutGeometry(
            axis: AxisMapper(direction: scrollDirection), dimension: dimension, scale: scale,
            sections: solved, totalAlong: along)
    }

    private func solveSection(_ input: FlowSectionInput, at origin: CGFloat) -> SectionGeometry {
        let axis = AxisMapper(direction: scrollDirection)
        let metrics = input.metrics
        let insets = axis.insets(metrics.inset)
        let header = axis.lengths(metrics.headerReferenceSize).along
        let footer = axis.lengths(metrics.footerReferenceSize).along
        let linesOrigin = origin + header + insets.alongStart
        let count = max(0, input.itemCount)
        let available = dimension - insets.crossStart - insets.crossEnd

        let uniformSize: CGSize?
        if input.isSelfSizing {
            uniformSize = nil
        } else if let sizes = input.itemSizes, sizes.count == count {
            uniformSize = sizes.allSatisfy({ $0 == sizes.first }) ? (sizes.first ?? metrics.itemSize) : nil
        } else {
            uniformSize = metrics.itemSize
        }

        let content: SectionGeometry.Content
        let linesLength: CGFloat
        if let size = uniformSize {
            let grid = UniformGrid(
                itemSize: axis.lengths(size), count: count, dimension: dimension,
                crossStart: insets.crossStart, crossEnd: insets.crossEnd,
                interitemSpacing: metrics.minimumInteritemSpacing,
                lineSpacing: metrics.minimumLineSpacing)
            content = .uniform(grid)
            linesLength = grid.totalLength
        } else {
            let sizes =
                input.itemSizes.flatMap { $0.count == count ? $0 : nil }
                ?? [CGSize](repeating: metrics.itemSize, count: count)
            let table = LineTable(
                sizes: sizes.map(axis.lengths), dimension: dimension,
                available: available, crossStart: insets.crossStart, crossEnd: insets.crossEnd,
                interitemSpacing: metrics.minimumInteritemSpacing,
                lineSpacing: metrics.minimumLineSpacing)
            content = .table(table)
            linesLength = table.totalLength
        }
        let extent = header + insets.alongStart + linesLength + insets.alongEnd + footer
        return SectionGeometry(
            origin: origin, extent: extent, headerLength: header, footerLength: footer,
            linesOrigin: linesOrigin, itemCount: count, content: content)
    }
}

/// A section's place along the scroll axis and its lines.
public struct SectionGeometry: Sendable {
    enum Content: Sendable {
        case uniform(UniformGrid)
        case table(LineTable)
    }

    /// Start of the section (its header's leading edge) along the scroll axis, unrounded.
    public let origin: CGFloat
    /// header + inset + lines + inset + footer.
    public let extent: CGFloat
    public let headerLength: CGFloat
    public let footerLength: CGFloat
    /// Where the first line starts along the scroll axis.
    let linesOrigin: CGFloat
    public let itemCount: Int
    let content: Content

    var end: CGFloat { origin + extent }

    /// Where the last line of items ends along the scroll axis (before the bottom inset and footer).
    var linesEnd: CGFloat {
        switch content {
        case .uniform(let grid): return linesOrigin + grid.totalLength
        case .table(let table): return linesOrigin + table.totalLength
        }
    }

    var lineCount: Int {
        switch content {
        case .uniform(let grid): return grid.lineCount
        case .table(let table): return table.lineStarts.count
        }
    }
}

/// The uniform path: `n = max(1, floor((avail + s) / (w + s)))` items per line, justified with
/// `gap = (dim − L − R − n·w) / (n − 1)`; one item per line is centred. The last, short line
/// reuses the same columns. Decompiled UIKit's `_UIFlowLayoutSection` computes a fixed-size
/// section's items per line with this quotient; only sections of differing sizes go through its
/// subtractive row loop (`LineTable`), so where doubles tie the two paths may differ, as in UIKit.
struct UniformGrid: Sendable {
    let itemCross: CGFloat
    let itemAlong: CGFloat
    let count: Int
    let perLine: Int
    /// Cross position of column 0 and the distance between columns.
    let firstCross: CGFloat
    let columnStride: CGFloat
    let lineStride: CGFloat

    init(
        itemSize: (cross: CGFloat, along: CGFloat), count: Int, dimension: CGFloat,
        crossStart: CGFloat, crossEnd: CGFloat, interitemSpacing: CGFloat, lineSpacing: CGFloat
    ) {
        itemCross = itemSize.cross
        itemAlong = itemSize.along
        self.count = count
        let available = dimension - crossStart - crossEnd
        let step = itemSize.cross + interitemSpacing
        var n = 1
        if step > 0 {
            let fit = ((available + interitemSpacing) / step).rounded(.down)
            // Bound n by the item count too when it is astronomically large (zero-width items):
            // only its first `count` columns are ever used.
            if fit.isFinite && fit > 1 { n = Int(min(fit, CGFloat(Int32.max))) }
        } else {
            n = max(1, count)
        }
        perLine = n
        if n > 1 {
            let gap = (dimension - crossStart - crossEnd - CGFloat(n) * itemSize.cross) / CGFloat(n - 1)
            firstCross = crossStart
            columnStride = itemSize.cross + gap
        } else {
            firstCross = crossStart + (dimension - itemSize.cross - crossStart - crossEnd) / 2
            columnStride = 0
        }
        lineStride = itemSize.along + lineSpacing
    }

    var lineCount: Int { count == 0 ? 0 : (count - 1) / perLine + 1 }

    var totalLength: CGFloat {
        lineCount == 0 ? 0 : CGFloat(lineCount) * itemAlong + CGFloat(lineCount - 1) * (lineStride - itemAlong)
    }
}

/// The non-uniform path: greedy lines with UIKit's subtractive arithmetic, in its order (decompiled
/// UIKit 26.1 `_UIFlowLayoutSection`'s row loop): a line's first item leaves
/// `remaining = avail − (s + w)`; a next item joins when `w ≤ remaining` and leaves
/// `remaining − (s + w)`; otherwise it starts a line. (`Σw + (k−1)·s ≤ avail` is the same in
/// exact arithmetic but keeps items UIKit wraps where doubles tie: 375 pt, s = 5, two items of
/// (375 − 5)/2 then three of (375 − 10)/3 make three lines, not two.) Full lines are justified,
/// a full line of one item centred, the last line left-aligned with gap `s` unless every line
/// holds one item or its `remaining` equals the previous line's (then it is justified like a
/// full line). Items are centred across the line's thickness (the tallest item).
struct LineTable: Sendable {
    /// First item index of each line.
    var lineStarts: [Int] = []
    /// Offset of each line from the section's lines origin.
    var lineOffsets: [CGFloat] = []
    var lineThickness: [CGFloat] = []
    /// Per item: cross position and (cross, along) size.
    var itemCross: [CGFloat] = []
    var itemSizes: [(cross: CGFloat, along: CGFloat)] = []
    var totalLength: CGFloat = 0

    /// Leftover equality uses this tolerance in points, so that the same widths laid out in a
    /// different order compare equal despite floating-point summation order.
    static let leftoverTolerance: CGFloat = 1e-9

    init(
        sizes: [(cross: CGFloat, along: CGFloat)], dimension: CGFloat, available: CGFloat,
        crossStart: CGFloat, crossEnd: CGFloat, interitemSpacing: CGFloat, lineSpacing: CGFloat
    ) {
        itemSizes = sizes
        itemCross = [CGFloat](repeating: 0, count: sizes.count)
        // 1. Greedy line breaking, subtracting as UIKit does.
        var starts: [Int] = []
        var remainders: [CGFloat] = []
        var remaining: CGFloat = 0
        for (index, size) in sizes.enumerated() {
            if !starts.isEmpty && size.cross <= remaining {
                remaining -= interitemSpacing + size.cross
            } else {
                if !starts.isEmpty { remainders.append(remaining) }
                starts.append(index)
                remaining = available - (interitemSpacing + size.cross)
            }
        }
        if !starts.isEmpty { remainders.append(remaining) }
        lineStarts = starts
        let lineCount = starts.count
        let everyLineSingle = (0..<lineCount).allSatisfy { lineEnd($0) - starts[$0] == 1 }
        // 2. Cross positions.
        var previousLeftover: CGFloat?
        var along: CGFloat = 0
        for line in 0..<lineCount {
            let range = starts[line]..<lineEnd(line)
            let k = range.count
            let widths = range.reduce(CGFloat(0)) { $0 + sizes[$1].cross }
            let leftover = remainders[line]
            let isLast = line == lineCount - 1
            let treatAsFull =
                !isLast || everyLineSingle
                || previousLeftover.map { abs($0 - leftover) <= Self.leftoverTolerance } == true
            if k == 1 && treatAsFull {
                itemCross[range.lowerBound] =
                    crossStart + (dimension - sizes[range.lowerBound].cross - crossStart - crossEnd) / 2
            } else {
                let gap = treatAsFull ? (dimension - widths - crossStart - crossEnd) / CGFloat(k - 1) : interitemSpacing
                var cross = crossStart
                for index in range {
                    itemCross[index] = cross
                    cross += sizes[index].cross + gap
                }
            }
            previousLeftover = leftover
            let thickness = range.reduce(CGFloat(0)) { max($0, sizes[$1].along) }
            lineOffsets.append(along)
            lineThickness.append(thickness)
            along += thickness + (isLast ? 0 : lineSpacing)
        }
        totalLength = along
    }

    func lineEnd(_ line: Int) -> Int {
        line + 1 < lineStarts.count ? lineStarts[line + 1] : itemSizes.count
    }
}
