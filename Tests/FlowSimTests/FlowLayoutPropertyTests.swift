import Foundation
import XCTest

@testable import FlowSim
import FlowSimCoreTestSupport

/// Seeded property tests (SplitMix64 through `SeededRandom`): random sections, sizes, spacings,
/// insets, scales and scroll directions. The invariants come from docs/uikit-rules.md §1, not from the
/// code: cells of a section never overlap, every element lies inside the content size, a line
/// never holds more than the available width and is greedy (the next item would not fit), and a
/// rect query returns exactly the elements whose frames meet the rect.
final class FlowLayoutPropertyTests: XCTestCase {
    struct RandomLayout {
        var layout: FlowLayout
        var cv: CollectionView
        var dataSource: SectionedDataSource
        var scale: CGFloat
        var sections: [SectionData]
        var interitem: [CGFloat]
        var insets: [EdgeInsets]
        var dim: CGFloat
    }

    private func makeRandom(_ random: inout SeededRandom, inset: Bool = false) -> RandomLayout {
        let horizontal = Bool.random(using: &random)
        let scale = CGFloat([1, 2, 3].randomElement(using: &random)!)
        let width = CGFloat(Int.random(in: 200...500, using: &random))
        let height = CGFloat(Int.random(in: 200...800, using: &random))
        let layout: FlowLayout = inset ? Fixture.parksLayout() : FlowLayout()
        layout.scrollDirection = horizontal ? .horizontal : .vertical
        let cross = horizontal ? height : width
        var sections: [SectionData] = []
        var interitems: [CGFloat] = []
        var insets: [EdgeInsets] = []
        for s in 0..<Int.random(in: 1...4, using: &random) {
            let sectionInset = EdgeInsets(
                top: CGFloat(Int.random(in: 0...20, using: &random)),
                left: CGFloat(Int.random(in: 0...20, using: &random)),
                bottom: CGFloat(Int.random(in: 0...20, using: &random)),
                right: CGFloat(Int.random(in: 0...20, using: &random)))
            // Spacing ≥ 1 pt so rounding to the screen scale (≤ ½ pixel per origin) cannot make
            // neighbours overlap; fractional values exercise rounding.
            let interitem = CGFloat(Int.random(in: 2...40, using: &random)) / 2
            let line = CGFloat(Int.random(in: 2...40, using: &random)) / 2
            let crossInsets =
                horizontal ? sectionInset.top + sectionInset.bottom : sectionInset.left + sectionInset.right
            let avail = cross - crossInsets
            let count = Int.random(in: 0...60, using: &random)
            let uniform = Int.random(in: 0..<3, using: &random) == 0
            let fixed = CGSize(
                width: CGFloat(Int.random(in: 20...90, using: &random)) / 2 * 2,
                height: CGFloat(Int.random(in: 10...90, using: &random)))
            let items = (0..<count).map { i -> ItemData in
                // Items never wider than the available width (UIKit lets wider ones overflow).
                var along =
                    CGFloat(Int.random(in: 10...120, using: &random)) + CGFloat(Int.random(in: 0...2, using: &random))
                    / 3
                var across = min(
                    avail,
                    CGFloat(Int.random(in: 10...200, using: &random)) + CGFloat(Int.random(in: 0...1, using: &random))
                        / 2)
                if uniform {
                    across = min(avail, fixed.width)
                    along = fixed.height
                }
                let size = horizontal ? CGSize(width: along, height: across) : CGSize(width: across, height: along)
                return ItemData(id: "s\(s)i\(i)", size: size)
            }
            let header =
                Bool.random(using: &random)
                ? CGSize(
                    width: CGFloat(Int.random(in: 1...40, using: &random)),
                    height: CGFloat(Int.random(in: 1...40, using: &random))) : CGSize.zero
            let footer =
                Bool.random(using: &random)
                ? CGSize(
                    width: CGFloat(Int.random(in: 1...40, using: &random)),
                    height: CGFloat(Int.random(in: 1...40, using: &random))) : CGSize.zero
            sections.append(
                SectionData(
                    id: "s\(s)", items: items, inset: sectionInset, minimumLineSpacing: line,
                    minimumInteritemSpacing: interitem,
                    headerSize: header, footerSize: footer))
            interitems.append(interitem)
            insets.append(sectionInset)
        }
        let (cv, dataSource) = Fixture.collectionView(
            sections, layout: layout, width: width, height: height, scale: scale)
        return RandomLayout(
            layout: layout, cv: cv, dataSource: dataSource, scale: scale, sections: sections, interitem: interitems,
            insets: insets, dim: cross)
    }

    /// Every frame by brute force: one question per element.
    private func bruteForce(_ layout: FlowLayout, _ sections: [SectionData]) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for (s, section) in sections.enumerated() {
            if let header = layout.layoutAttributesForSupplementaryView(
                ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: s))
            {
                result.append(header)
            }
            for item in section.items.indices {
                result.append(layout.layoutAttributesForItem(at: IndexPath(item: item, section: s))!)
            }
            if let footer = layout.layoutAttributesForSupplementaryView(
                ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: s))
            {
                result.append(footer)
            }
        }
        return result
    }

    func testInvariantsOnRandomLayouts() {
        var random = SeededRandom(seed: 0xF10_51A)
        for trial in 0..<120 {
            let r = makeRandom(&random)
            let horizontal = r.layout.scrollDirection == .horizontal
            let tolerance = 0.5 / r.scale + 1e-9
            let content = r.layout.collectionViewContentSize
            let all = bruteForce(r.layout, r.sections)
            let context = "trial \(trial)"
            // Inside the content size.
            for a in all {
                XCTAssertGreaterThanOrEqual(a.frame.minX, -tolerance, context)
                XCTAssertGreaterThanOrEqual(a.frame.minY, -tolerance, context)
                XCTAssertLessThanOrEqual(a.frame.maxX, content.width + tolerance, "\(context) \(a)")
                XCTAssertLessThanOrEqual(a.frame.maxY, content.height + tolerance, "\(context) \(a)")
            }
            XCTAssertEqual(horizontal ? content.height : content.width, r.dim, context)
            for (s, section) in r.sections.enumerated() {
                let cells = all.filter { $0.representedElementCategory == .cell && $0.indexPath.section == s }.sorted {
                    $0.indexPath.item < $1.indexPath.item
                }
                XCTAssertEqual(cells.count, section.items.count, context)
                // Sizes are the delegate's, never rounded.
                for (cell, item) in zip(cells, section.items) { XCTAssertEqual(cell.size, item.size, context) }
                // No two cells overlap (beyond the ≤ ½-pixel shifts of origin rounding).
                let shrunk = cells.map { $0.frame.insetBy(dx: tolerance, dy: tolerance) }
                for i in shrunk.indices {
                    for j in shrunk.indices where j > i {
                        XCTAssertFalse(
                            shrunk[i].intersects(shrunk[j]),
                            "\(context): cells \(i) and \(j) of section \(s) overlap: \(cells[i].frame) \(cells[j].frame)"
                        )
                    }
                }
                // Lines: same centre along the scroll axis (items are centred on their line).
                let crossStart = horizontal ? r.insets[s].top : r.insets[s].left
                let crossEnd = horizontal ? r.insets[s].bottom : r.insets[s].right
                let avail = r.dim - crossStart - crossEnd
                var lines: [[LayoutAttributes]] = []
                for cell in cells {
                    let mid = horizontal ? cell.frame.midX : cell.frame.midY
                    if let last = lines.last?.last,
                        abs((horizontal ? last.frame.midX : last.frame.midY) - mid) <= 2 * tolerance
                    {
                        lines[lines.count - 1].append(cell)
                    } else {
                        lines.append([cell])
                    }
                }
                let s_ = r.interitem[s]
                for (index, line) in lines.enumerated() {
                    let widths = line.map { horizontal ? $0.size.height : $0.size.width }
                    let used = widths.reduce(0, +) + CGFloat(line.count - 1) * s_
                    XCTAssertLessThanOrEqual(
                        used, avail + 1e-9, "\(context): line \(index) of section \(s) exceeds the available width")
                    // Greedy: the next line's first item would not have fitted.
                    if index + 1 < lines.count {
                        let next = lines[index + 1][0]
                        let nextWidth = horizontal ? next.size.height : next.size.width
                        XCTAssertGreaterThan(
                            used + s_ + nextWidth, avail, "\(context): line \(index) of section \(s) is not greedy")
                    }
                    // Every cell within the section's cross insets (a line of one item may be
                    // centred, but never beyond the insets since it fits).
                    for cell in line {
                        let low = horizontal ? cell.frame.minY : cell.frame.minX
                        let high = horizontal ? cell.frame.maxY : cell.frame.maxX
                        XCTAssertGreaterThanOrEqual(low, crossStart - tolerance, context)
                        XCTAssertLessThanOrEqual(high, r.dim - crossEnd + tolerance, context)
                    }
                }
            }
        }
    }

    /// `layoutAttributesForElements(in:)` equals a brute-force filter of every frame, for plain and
    /// parks (2 pt inset) layouts and random rects, including rects beyond the content.
    func testRectQueriesEqualBruteForceFilter() {
        var random = SeededRandom(seed: 42)
        for trial in 0..<80 {
            let r = makeRandom(&random, inset: trial % 2 == 1)
            let all = bruteForce(r.layout, r.sections)
            let content = r.layout.collectionViewContentSize
            for _ in 0..<25 {
                let x = CGFloat(Double.random(in: -50...Double(content.width + 50), using: &random))
                let y = CGFloat(Double.random(in: -50...Double(content.height + 50), using: &random))
                let rect = CGRect(
                    x: x, y: y, width: CGFloat(Double.random(in: 0.5...400, using: &random)),
                    height: CGFloat(Double.random(in: 0.5...400, using: &random)))
                func key(_ a: LayoutAttributes) -> String {
                    "\(a.representedElementKind ?? "cell") \(a.indexPath.section) \(a.indexPath.item) \(a.frame)"
                }
                let expected = all.filter { $0.frame.intersects(rect) }.map(key).sorted()
                let actual = (r.layout.layoutAttributesForElements(in: rect) ?? []).map(key).sorted()
                XCTAssertEqual(actual, expected, "trial \(trial) rect \(rect)")
            }
        }
    }

    /// Uniform sections with many items answer queries at the far end exactly too.
    func testLargeUniformSectionQueries() {
        let (cv, _) = Fixture.collectionView([SectionData(id: "big", items: Fixture.items(100_000))])
        let layout = cv.collectionViewLayout
        // 6 per row, 16 667 rows: height 16 667·60 − 10.
        XCTAssertEqual(layout.collectionViewContentSize.height, 16_667 * 60 - 10)
        // Row 10 000 at y = 600 000: items 60 000 … 60 005.
        let found = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 600_000, width: 375, height: 50))?.map(
            \.indexPath.item
        ).sorted()
        XCTAssertEqual(found, Array(60_000...60_005))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 99_999, section: 0))?.frame,
            CGRect(x: 195, y: 16_666 * 60, width: 50, height: 50))
    }
}
