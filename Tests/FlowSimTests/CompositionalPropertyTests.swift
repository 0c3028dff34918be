import FlowSim
import FlowSimCoreTestSupport
import XCTest

/// Seeded property tests of the compositional layout (SplitMix64 through `SeededRandom`):
/// random grids and nested groups with insets, spacings, scales and both scroll directions.
/// Invariants from the rules, not the code: cells of a section never overlap (non-negative
/// insets, no overflowing count groups), the content size covers every frame, every frame is on
/// the pixel grid (R22), and a rect query returns exactly the elements meeting the rect.
final class CompositionalPropertyTests: XCTestCase {
    private func randomSection(_ random: inout SeededRandom) -> LayoutSection {
        func inset() -> CGFloat { CGFloat(Int.random(in: 0...8, using: &random)) }
        let columns = Int.random(in: 1...5, using: &random)
        let item = LayoutItem(
            layoutSize: LayoutSize(
                widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: inset(), leading: inset(), bottom: inset(), trailing: inset())
        let height = LayoutDimension.absolute(CGFloat(Int.random(in: 20...120, using: &random)) + 0.5)
        let row: LayoutGroup
        if Bool.random(using: &random) {
            // Nested: a leading item beside a vertical pair.
            let pairItem = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
            let pair = LayoutGroup.vertical(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.4), heightDimension: .fractionalHeight(1)),
                subitem: pairItem, count: 2)
            let leading = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.6), heightDimension: .fractionalHeight(1)))
            row = .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
                subitems: [leading, pair])
        } else {
            row = .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height), subitems: [item])
        }
        row.interItemSpacing = .fixed(CGFloat(Int.random(in: 0...12, using: &random)))
        let section = LayoutSection(group: row)
        section.interGroupSpacing = CGFloat(Int.random(in: 0...12, using: &random))
        section.contentInsets = DirectionalEdgeInsets(
            top: inset(), leading: inset(), bottom: inset(), trailing: inset())
        if Bool.random(using: &random) {
            section.boundarySupplementaryItems = [
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(33)),
                    elementKind: FlowLayout.elementKindSectionHeader, alignment: .top)
            ]
        }
        return section
    }

    /// Horizontal layouts, orthogonal sections and self-sized rows: no overlaps within a section,
    /// content covering every frame along the scroll axis (orthogonal content reaches past the
    /// width, as in UIKit), and rect queries equal to filtering everything.
    func testInvariantsAcrossDirectionsOrthogonalAndSelfSizing() {
        var random = SeededRandom(seed: 0x5EED_0C05)
        for round in 0..<80 {
            let horizontal = Bool.random(using: &random)
            let scale = CGFloat([1, 2, 3].randomElement(using: &random)!)
            let configuration = CompositionalLayoutConfiguration()
            configuration.scrollDirection = horizontal ? .horizontal : .vertical
            configuration.interSectionSpacing = CGFloat(Int.random(in: 0...10, using: &random))
            let rows = Int.random(in: 1...4, using: &random)
            let estimated = !horizontal && Bool.random(using: &random)
            let orthogonal = !horizontal && !estimated && Bool.random(using: &random)
            let length = CGFloat(Int.random(in: 40...160, using: &random))
            let definition: LayoutSection
            if horizontal {
                let item = LayoutItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1 / CGFloat(rows))))
                definition = LayoutSection(
                    group: .vertical(
                        layoutSize: LayoutSize(
                            widthDimension: .absolute(length), heightDimension: .fractionalHeight(1)),
                        subitems: [item]))
            } else {
                let height: LayoutDimension = estimated ? .estimated(length) : .absolute(length)
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(rows)), heightDimension: height)
                )
                definition = LayoutSection(
                    group: .horizontal(
                        layoutSize: LayoutSize(
                            widthDimension: .fractionalWidth(orthogonal ? 0.8 : 1), heightDimension: height),
                        subitems: [item]))
                definition.orthogonalScrollingBehavior = orthogonal ? .groupPaging : .none
            }
            definition.interGroupSpacing = CGFloat(Int.random(in: 0...10, using: &random))
            definition.contentInsets = DirectionalEdgeInsets(top: 4, leading: 6, bottom: 4, trailing: 6)
            let layout = CompositionalLayout(section: definition, configuration: configuration)
            let counts = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0...30, using: &random) }
            let sections = counts.enumerated().map { SectionData(id: "s\($0)", items: items($1, prefix: "s\($0)-")) }
            let harness = Harness(width: 360, height: 500, layout: layout, sections: sections, scale: scale)
            let heights = (0..<200).map { _ in CGFloat(Int.random(in: 10...90, using: &random)) }
            if estimated {
                harness.collectionView.cellFittingSize = { path, _ in CGSize(width: 1, height: heights[path.item]) }
            }
            harness.collectionView.layoutIfNeeded()
            withExtendedLifetime(harness) {
                XCTAssertNil(layout.layoutError, "round \(round)")
                // Everything, orthogonal content past the width included.
                let all = layout.layoutAttributesForElements(in: CGRect(x: -10, y: -10, width: 1e7, height: 1e7)) ?? []
                let content = layout.collectionViewContentSize
                for attributes in all {
                    let along = horizontal ? attributes.frame.maxX : attributes.frame.maxY
                    XCTAssertLessThanOrEqual(
                        along, (horizontal ? content.width : content.height) + 1e-9, "round \(round)")
                    if estimated && attributes.representedElementCategory == .cell {
                        XCTAssertEqual(attributes.frame.height, heights[attributes.indexPath.item], "round \(round)")
                    }
                }
                for section in counts.indices {
                    let cells = all.filter { $0.indexPath.section == section }
                    XCTAssertEqual(cells.count, counts[section], "round \(round)")
                    for (index, a) in cells.enumerated() {
                        for b in cells[(index + 1)...] {
                            let overlap = a.frame.intersection(b.frame)
                            XCTAssertFalse(
                                !overlap.isNull && overlap.width > 1e-6 && overlap.height > 1e-6,
                                "round \(round): \(a) overlaps \(b)")
                        }
                    }
                }
                for _ in 0..<4 {
                    let start = CGFloat(
                        Int.random(in: 0...max(1, Int(max(content.width, content.height))), using: &random))
                    let rect =
                        horizontal
                        ? CGRect(x: start, y: 0, width: CGFloat(Int.random(in: 1...400, using: &random)), height: 500)
                        : CGRect(x: 0, y: start, width: 360, height: CGFloat(Int.random(in: 1...400, using: &random)))
                    let expected = Set(all.filter { $0.frame.meets(rect) }.map(\.indexPath))
                    let answered = Set((layout.layoutAttributesForElements(in: rect) ?? []).map(\.indexPath))
                    XCTAssertEqual(answered, expected, "round \(round) rect \(rect)")
                }
            }
        }
    }

    func testInvariantsOfRandomLayouts() {
        var random = SeededRandom(seed: 0xC0FF_EE23)
        for round in 0..<120 {
            let scale = CGFloat([1, 2, 3].randomElement(using: &random)!)
            let width = CGFloat(Int.random(in: 280...700, using: &random))
            let sectionCount = Int.random(in: 1...3, using: &random)
            let definitions = (0..<sectionCount).map { _ in randomSection(&random) }
            let configuration = CompositionalLayoutConfiguration()
            configuration.interSectionSpacing = CGFloat(Int.random(in: 0...20, using: &random))
            let layout = CompositionalLayout(
                sectionProvider: { index, _ in definitions[index] }, configuration: configuration)
            let sections = (0..<sectionCount).map { index in
                SectionData(id: "s\(index)", items: items(Int.random(in: 0...40, using: &random), prefix: "s\(index)-"))
            }
            let harness = Harness(width: width, height: 600, layout: layout, sections: sections, scale: scale)
            harness.collectionView.layoutIfNeeded()
            XCTAssertNil(layout.layoutError, "round \(round)")
            let all = Fixture.allAttributes(layout)
            let content = layout.collectionViewContentSize
            for attributes in all {
                let frame = attributes.frame
                XCTAssertLessThanOrEqual(frame.maxX, content.width + 1e-9, "round \(round) \(attributes)")
                XCTAssertLessThanOrEqual(frame.maxY, content.height + 1e-9, "round \(round) \(attributes)")
                for value in [frame.minX, frame.minY, frame.width, frame.height] {
                    let pixels = value * scale
                    XCTAssertEqual(pixels, pixels.rounded(), accuracy: 1e-6, "round \(round): \(value) off the grid")
                }
            }
            for section in 0..<sectionCount {
                let cells = all.filter { $0.representedElementCategory == .cell && $0.indexPath.section == section }
                XCTAssertEqual(cells.count, sections[section].items.count, "round \(round)")
                for (index, a) in cells.enumerated() {
                    for b in cells[(index + 1)...] {
                        // Frames on the pixel grid may touch; sums of rounded values differ by ulps.
                        let overlap = a.frame.intersection(b.frame)
                        XCTAssertFalse(
                            !overlap.isNull && overlap.width > 1e-6 && overlap.height > 1e-6,
                            "round \(round): \(a) overlaps \(b)")
                    }
                }
            }
            let rect = CGRect(
                x: 0, y: CGFloat(Int.random(in: 0...max(1, Int(content.height)), using: &random)), width: width,
                height: CGFloat(Int.random(in: 1...400, using: &random)))
            let expected = Set(
                all.filter { $0.frame.meets(rect) }.map { "\($0.representedElementKind ?? "cell") \($0.indexPath)" })
            let answered = Set(
                (layout.layoutAttributesForElements(in: rect) ?? []).map {
                    "\($0.representedElementKind ?? "cell") \($0.indexPath)"
                })
            XCTAssertEqual(answered, expected, "round \(round) rect \(rect)")
        }
    }
}
