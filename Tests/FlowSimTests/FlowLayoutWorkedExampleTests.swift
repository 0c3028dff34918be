import Foundation
import XCTest

@testable import FlowSim
import FlowSimCoreTestSupport

/// docs/uikit-rules.md §1 as exact tests. Every expected number is derived by hand in the comments from
/// the formulas of §1 (n = max(1, ⌊(avail + s)/(w + s)⌋), gap = (dim − L − R − n·w)/(n − 1), …).
final class FlowLayoutWorkedExampleTests: XCTestCase {
    private func sections(_ items: [ItemData], _ more: SectionData...) -> [SectionData] {
        [SectionData(id: "s0", items: items)] + more
    }

    // MARK: The four worked examples

    /// defaults, 10 items, width 375: n = ⌊385/60⌋ = 6, gap = (375 − 300)/5 = 15, so
    /// x = 0, 65, 130, 195, 260, 325; second row y = 50 + 10 = 60; height = 2·50 + 10 = 110.
    func testDefaultsTenItemsIn375() {
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(10)))
        let layout = cv.collectionViewLayout
        let frames = Fixture.cellFrames(layout)
        XCTAssertEqual(frames.count, 10)
        let xs: [CGFloat] = [0, 65, 130, 195, 260, 325]
        for item in 0..<10 {
            XCTAssertRectEqual(frames[item], CGRect(x: xs[item % 6], y: item < 6 ? 0 : 60, width: 50, height: 50))
        }
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 110))
        // The last short row reuses the same columns.
        XCTAssertEqual(frames[9].minX, 195)
    }

    /// 100×100 in 375: n = ⌊385/110⌋ = 3, gap = (375 − 300)/2 = 37.5: x = 0, 137.5, 275.
    /// Scale 3: round(137.5·3 = 412.5) = 413 → 413/3; scale 1: round(137.5) = 138 (half away
    /// from zero); scale 2: 275/2 = 137.5 exactly.
    func testHundredSquareItemsAtScales123() {
        let expectations: [(scale: CGFloat, middle: CGFloat)] = [(1, 138), (2, 137.5), (3, 413.0 / 3.0)]
        for (scale, middle) in expectations {
            let layout = FlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            let (cv, _) = Fixture.collectionView(sections(Fixture.items(4)), layout: layout, scale: scale)
            _ = cv
            let origins = Fixture.origins(layout)
            XCTAssertEqual(origins[0].x, 0, "scale \(scale)")
            XCTAssertEqual(origins[1].x, middle, "scale \(scale)")
            XCTAssertEqual(origins[2].x, 275, "scale \(scale)")
            // Row 2 starts at y = 100 + 10; only origins are rounded, sizes stay 100.
            XCTAssertEqual(origins[3], CGPoint(x: 0, y: 110), "scale \(scale)")
            XCTAssertEqual(Fixture.cellFrames(layout)[1].size, CGSize(width: 100, height: 100))
        }
    }

    /// Mixed sizes in 320 (100×40, 200×60, 120×40, 50×40): line 1 = 100 + 10 + 200 = 310 ≤ 320,
    /// adding 120 overflows. Line 1 is full: gap = (320 − 300)/1 = 20 → x = 0, 120; its height is
    /// 60, so the 40-high item sits at y = (60 − 40)/2 = 10. Line 2 (last) has leftover
    /// 320 − 180 = 140 ≠ line 1's 10, so it is left-aligned with gap 10: x = 0, 130 at
    /// y = 60 + 10 = 70. Content height 60 + 10 + 40 = 110.
    func testMixedSizesIn320() {
        let sizes = [
            CGSize(width: 100, height: 40), CGSize(width: 200, height: 60), CGSize(width: 120, height: 40),
            CGSize(width: 50, height: 40),
        ]
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(4, sizes: sizes)), width: 320)
        let layout = cv.collectionViewLayout
        XCTAssertEqual(
            Fixture.origins(layout),
            [CGPoint(x: 0, y: 10), CGPoint(x: 120, y: 0), CGPoint(x: 0, y: 70), CGPoint(x: 130, y: 70)])
        XCTAssertEqual(Fixture.cellFrames(layout).map(\.size), sizes)
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 320, height: 110))
    }

    /// Widths 300, 300, 100 in 320: no two fit on a line, every line holds one item, so every
    /// line (the last too) is centred: x = (320 − 300)/2 = 10, 10, (320 − 100)/2 = 110.
    func testEveryLineSingleIsCentred() {
        let sizes = [CGSize(width: 300, height: 50), CGSize(width: 300, height: 50), CGSize(width: 100, height: 50)]
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(3, sizes: sizes)), width: 320)
        XCTAssertEqual(
            Fixture.origins(cv.collectionViewLayout),
            [CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 60), CGPoint(x: 110, y: 120)])
    }

    // MARK: More of §1

    /// The last line's leftover equals the previous line's: it is justified like a full line.
    /// Widths 150, 100 | 150, 100 in 320: line 1 = 150 + 10 + 100 = 260 (leftover 60), line 2 the same: the last line is
    /// treated as full: gap = (320 − 250)/1 = 70 → x = 0, 220 on both lines.
    func testLastLineWithEqualLeftoverIsJustified() {
        let sizes = [
            CGSize(width: 150, height: 50), CGSize(width: 100, height: 40), CGSize(width: 150, height: 50),
            CGSize(width: 100, height: 40),
        ]
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(4, sizes: sizes)), width: 320)
        // y: line height 50, the 40-high items at +5.
        XCTAssertEqual(
            Fixture.origins(cv.collectionViewLayout),
            [CGPoint(x: 0, y: 0), CGPoint(x: 220, y: 5), CGPoint(x: 0, y: 60), CGPoint(x: 220, y: 65)])
    }

    /// A single last item after a full line is left-aligned (not centred): 200, 100 | 60 in 320.
    /// Line 1: 200 + 10 + 100 = 310, gap = (320 − 300) = 20 → x = 0, 220. Line 2: x = 0.
    func testShortLastLineIsLeftAligned() {
        let sizes = [CGSize(width: 200, height: 50), CGSize(width: 100, height: 50), CGSize(width: 60, height: 50)]
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(3, sizes: sizes)), width: 320)
        XCTAssertEqual(
            Fixture.origins(cv.collectionViewLayout),
            [CGPoint(x: 0, y: 0), CGPoint(x: 220, y: 0), CGPoint(x: 0, y: 60)])
    }

    /// An exact fit stays on the line: 150 + 10 + 160 = 320 ≤ 320; k = 2, gap = (320 − 310)/1 = 10.
    func testExactFitStaysOnTheLine() {
        let sizes = [
            CGSize(width: 150, height: 50), CGSize(width: 160, height: 50), CGSize(width: 150, height: 50),
            CGSize(width: 160, height: 50),
        ]
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(4, sizes: sizes)), width: 320)
        XCTAssertEqual(
            Fixture.origins(cv.collectionViewLayout),
            [CGPoint(x: 0, y: 0), CGPoint(x: 160, y: 0), CGPoint(x: 0, y: 60), CGPoint(x: 160, y: 60)])
    }

    /// Uniform, n = 1: the item is centred. 400 wide in 375: x = (375 − 400)/2 = −12.5, which
    /// rounds away from zero at scale 1 (−13) and stays −12.5 at scale 2.
    func testSingleColumnCentredAndNegativeHalfRoundsAwayFromZero() {
        // Scale 3: −12.5·3 = −37.5 rounds away from zero to −38 → −38/3.
        for (scale, want) in [(CGFloat(1), CGFloat(-13)), (2, -12.5), (3, -38.0 / 3.0)] {
            let layout = FlowLayout()
            layout.itemSize = CGSize(width: 400, height: 30)
            let (cv, _) = Fixture.collectionView(sections(Fixture.items(2)), layout: layout, scale: scale)
            _ = cv
            // Compared to 1e-9: LayoutAttributes keeps center and size, so an origin read back
            // through `frame` may differ from round(v·scale)/scale in the last bits.
            let origins = Fixture.origins(layout)
            XCTAssertEqual(origins.count, 2)
            XCTAssertPointEqual(origins.first, CGPoint(x: want, y: 0))
            XCTAssertPointEqual(origins.last, CGPoint(x: want, y: 40))
        }
    }

    /// Cross-axis centring with an odd difference: heights 41 and 40 on one line; the 40-high
    /// item's y = 0.5, which is 1 at scale 1, 0.5 at scale 2, round(1.5)/3 = 2/3 at scale 3.
    func testCrossAxisCentringRoundsToScale() {
        let sizes = [CGSize(width: 100, height: 41), CGSize(width: 100, height: 40), CGSize(width: 60, height: 40)]
        for (scale, y) in [(CGFloat(1), CGFloat(1)), (2, 0.5), (3, 2.0 / 3.0)] {
            let (cv, _) = Fixture.collectionView(sections(Fixture.items(3, sizes: sizes)), width: 320, scale: scale)
            // Line 1 = 100 + 10 + 100 + 10 + 60 = 280 ≤ 320: one line, the last, leftover 40 with
            // no previous line: left-aligned with gap 10 → x = 0, 110, 220.
            let origins = Fixture.origins(cv.collectionViewLayout)
            let expected = [CGPoint(x: 0, y: 0), CGPoint(x: 110, y: y), CGPoint(x: 220, y: y)]
            XCTAssertEqual(origins.count, 3)
            for (origin, want) in zip(origins, expected) { XCTAssertPointEqual(origin, want) }
            // Sizes are never rounded, and the content height is not rounded either.
            XCTAssertEqual(cv.collectionViewLayout.collectionViewContentSize.height, 41)
        }
    }

    // MARK: Headers, footers, empty sections, per-section overrides

    /// Section 0: 3 default items (one line, extent 50). Section 1 overrides everything: inset
    /// (5, 20, 7, 20), line spacing 4, inter-item 0, header 30, footer 12, 7 items.
    /// avail = 375 − 40 = 335, n = ⌊(335 + 0)/50⌋ = 6, gap = (375 − 40 − 300)/5 = 7,
    /// x = 20 + c·57. Header (0, 50, 375, 30); line 1 y = 50 + 30 + 5 = 85, line 2 y = 85 + 54 = 139.
    /// Extent = 30 + 5 + (50 + 4 + 50) + 7 + 12 = 158; footer y = 50 + 158 − 12 = 196;
    /// content height = 50 + 158 = 208.
    func testPerSectionOverridesHeaderAndFooter() {
        let special = SectionData(
            id: "s1", items: Fixture.items(7, prefix: "b"), inset: EdgeInsets(top: 5, left: 20, bottom: 7, right: 20),
            minimumLineSpacing: 4, minimumInteritemSpacing: 0, headerSize: CGSize(width: 0, height: 30),
            footerSize: CGSize(width: 0, height: 12))
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(3), special))
        let layout = cv.collectionViewLayout
        XCTAssertEqual(
            Fixture.origins(layout, section: 0), [CGPoint(x: 0, y: 0), CGPoint(x: 65, y: 0), CGPoint(x: 130, y: 0)])
        let expected = (0..<7).map { CGPoint(x: 20 + CGFloat($0 % 6) * 57, y: $0 < 6 ? 85 : 139) }
        XCTAssertEqual(Fixture.origins(layout, section: 1), expected)
        let all = Fixture.allAttributes(layout)
        let header = all.first { $0.representedElementKind == FlowLayout.elementKindSectionHeader }
        let footer = all.first { $0.representedElementKind == FlowLayout.elementKindSectionFooter }
        XCTAssertRectEqual(header?.frame, CGRect(x: 0, y: 50, width: 375, height: 30))
        XCTAssertRectEqual(footer?.frame, CGRect(x: 0, y: 196, width: 375, height: 12))
        XCTAssertEqual(header?.indexPath, IndexPath(item: 0, section: 1))
        // Section 0 has no header or footer (height 0), so exactly one of each.
        XCTAssertEqual(all.filter { $0.representedElementCategory == .supplementaryView }.count, 2)
        // zIndex: cells 0, supplementaries 10.
        XCTAssertEqual(header?.zIndex, 10)
        XCTAssertEqual(footer?.zIndex, 10)
        XCTAssertTrue(all.filter { $0.representedElementCategory == .cell }.allSatisfy { $0.zIndex == 0 })
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 208))
        XCTAssertRectEqual(
            layout.layoutAttributesForSupplementaryView(
                ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))?.frame,
            CGRect(x: 0, y: 196, width: 375, height: 12))
        XCTAssertNil(
            layout.layoutAttributesForSupplementaryView(
                ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
    }

    /// Layout-wide header/footer sizes and an empty section in the middle: the empty section keeps
    /// its insets, header and footer. Header 20, footer 15, sectionInset top 10 bottom 10; each
    /// section with items: 20 + 10 + 50 + 10 + 15 = 105; the empty one 20 + 10 + 10 + 15 = 55.
    /// Sections start at 0, 105, 160; content height 265.
    func testEmptySectionKeepsInsetsHeaderAndFooter() {
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        layout.footerReferenceSize = CGSize(width: 0, height: 15)
        layout.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
        let data = [
            SectionData(id: "a", items: Fixture.items(2, prefix: "a")), SectionData(id: "b", items: []),
            SectionData(id: "c", items: Fixture.items(1, prefix: "c")),
        ]
        let (cv, _) = Fixture.collectionView(data, layout: layout)
        _ = cv
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 265))
        let headers = Fixture.allAttributes(layout).filter {
            $0.representedElementKind == FlowLayout.elementKindSectionHeader
        }.map(\.frame.minY)
        let footers = Fixture.allAttributes(layout).filter {
            $0.representedElementKind == FlowLayout.elementKindSectionFooter
        }.map(\.frame.minY)
        XCTAssertEqual(headers, [0, 105, 160])
        // Footer y = section start + extent − 15: 90, 145, 250.
        XCTAssertEqual(footers, [90, 145, 250])
        // Section 2's single item: n = 6 > 1 so it takes column 0 (not centred): (0, 160 + 30).
        XCTAssertEqual(Fixture.origins(layout, section: 2), [CGPoint(x: 0, y: 190)])
    }

    /// No line spacing between the header and the first line; a header only when its height > 0.
    func testHeaderWithZeroHeightIsAbsent() {
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 100, height: 0)
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(1)), layout: layout)
        _ = cv
        XCTAssertTrue(Fixture.allAttributes(layout).allSatisfy { $0.representedElementCategory == .cell })
    }

    // MARK: Horizontal scrolling

    /// Horizontal, viewport 375×200: dim = 200. sectionInset (10, 5, 10, 5): along the scroll axis
    /// the insets are left/right, across top/bottom. avail = 200 − 20 = 180, n = ⌊190/60⌋ = 3 per
    /// column, gap = (200 − 20 − 150)/2 = 15: y = 10, 75, 140. Header width 30 → (0, 0, 30, 200);
    /// columns at x = 30 + 5 + c·60 = 35, 95, 155 for 7 items (3 columns); lines length
    /// 3·50 + 2·10 = 170; footer width 20 at x = 30 + 5 + 170 + 5 = 210; content (230, 200).
    func testHorizontalScrolling() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        layout.headerReferenceSize = CGSize(width: 30, height: 999)
        layout.footerReferenceSize = CGSize(width: 20, height: 999)
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(7)), layout: layout, height: 200)
        _ = cv
        let ys: [CGFloat] = [10, 75, 140]
        let expected = (0..<7).map { CGPoint(x: 35 + CGFloat($0 / 3) * 60, y: ys[$0 % 3]) }
        XCTAssertEqual(Fixture.origins(layout), expected)
        let all = Fixture.allAttributes(layout)
        XCTAssertRectEqual(
            all.first { $0.representedElementKind == FlowLayout.elementKindSectionHeader }?.frame,
            CGRect(x: 0, y: 0, width: 30, height: 200))
        XCTAssertRectEqual(
            all.first { $0.representedElementKind == FlowLayout.elementKindSectionFooter }?.frame,
            CGRect(x: 210, y: 0, width: 20, height: 200))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 230, height: 200))
    }

    /// Horizontal, mixed sizes: lines are columns; heights play the role of widths. Heights
    /// 100, 80, 60 in dim 200: column 1 = 100 + 10 + 80 = 190 ≤ 200 (full: gap = (200 − 180) = 20
    /// → y = 0, 120); column 2 holds the 60 alone, last line, left-aligned: y = 0. Column width
    /// is the widest item (40), items centred across it: the 20-wide one at x = 10.
    func testHorizontalMixedSizes() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        let sizes = [CGSize(width: 40, height: 100), CGSize(width: 20, height: 80), CGSize(width: 30, height: 60)]
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(3, sizes: sizes)), layout: layout, height: 200)
        _ = cv
        XCTAssertEqual(Fixture.origins(layout), [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 120), CGPoint(x: 50, y: 0)])
        // Content width = 40 + 10 + 30 = 80.
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 80, height: 200))
    }

    // MARK: Content insets

    /// contentInset left 10, right 15: dim = 375 − 25 = 350, n = ⌊360/60⌋ = 6,
    /// gap = (350 − 300)/5 = 10: x = 0, 60, …, 300 (content coordinates); content width 350.
    /// Top/bottom content insets do not change a vertical layout.
    func testContentInsetsShrinkTheCrossDimension() {
        let (cv, _) = Fixture.collectionView(
            sections(Fixture.items(6)), contentInset: EdgeInsets(top: 44, left: 10, bottom: 34, right: 15))
        let layout = cv.collectionViewLayout
        XCTAssertEqual(Fixture.origins(layout), (0..<6).map { CGPoint(x: CGFloat($0) * 60, y: 0) })
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 350, height: 50))
    }

    /// A content inset wider than the view floors dim at 0 (no negative widths); n = 1, centred:
    /// x = (0 − 50)/2 = −25.
    func testContentInsetWiderThanViewFloorsAtZero() {
        let (cv, _) = Fixture.collectionView(
            sections(Fixture.items(2)), width: 100, contentInset: EdgeInsets(top: 0, left: 80, bottom: 0, right: 80))
        let layout = cv.collectionViewLayout
        XCTAssertEqual(layout.collectionViewContentSize.width, 0)
        XCTAssertEqual(Fixture.origins(layout), [CGPoint(x: -25, y: 0), CGPoint(x: -25, y: 60)])
    }

    // MARK: The parks layout's 2 pt inset

    /// The parks layout insets every cell by 2 pt on each side; headers and footers untouched.
    /// Defaults in 375 with a 40-high header: cell 0 (0, 40, 50, 50) → (2, 42, 46, 46); cell 1 at
    /// x = 65 → (67, 42, 46, 46).
    func testSeedInsetTwoPointsOnCellsOnly() {
        let layout = Fixture.parksLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(7)), layout: layout)
        _ = cv
        let frames = Fixture.cellFrames(layout)
        XCTAssertRectEqual(frames[0], CGRect(x: 2, y: 42, width: 46, height: 46))
        XCTAssertRectEqual(frames[1], CGRect(x: 67, y: 42, width: 46, height: 46))
        XCTAssertRectEqual(frames[6], CGRect(x: 2, y: 102, width: 46, height: 46))
        let header = Fixture.allAttributes(layout).first { $0.representedElementCategory == .supplementaryView }
        XCTAssertRectEqual(header?.frame, CGRect(x: 0, y: 0, width: 375, height: 40))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 67, y: 42, width: 46, height: 46))
        // The content size is the flow layout's: 40 + 50 + 10 + 50.
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 150))
        // Configurable: 5 pt.
        layout.cellInset = 5
        XCTAssertRectEqual(Fixture.cellFrames(layout)[1], CGRect(x: 70, y: 45, width: 40, height: 40))
    }

    /// A rect that only meets a cell's outer 2 pt ring (outside its inset frame) does not return it;
    /// a rect meeting the inset frame does.
    func testSeedInsetRectQueriesUseInsetFrames() {
        let layout = Fixture.parksLayout()
        let (cv, _) = Fixture.collectionView(sections(Fixture.items(2)), layout: layout)
        _ = cv
        // Cell 0's inset frame is (2, 2, 46, 46); x ∈ [0, 1] misses it.
        XCTAssertEqual(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 1, height: 100))?.count, 0)
        XCTAssertEqual(
            layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 3, height: 100))?.map(\.indexPath.item),
            [0])
    }

    /// Defaults of a fresh FlowLayout are UIKit's.
    func testDefaults() {
        let layout = FlowLayout()
        XCTAssertEqual(layout.itemSize, CGSize(width: 50, height: 50))
        XCTAssertEqual(layout.minimumLineSpacing, 10)
        XCTAssertEqual(layout.minimumInteritemSpacing, 10)
        XCTAssertEqual(layout.sectionInset, .zero)
        XCTAssertEqual(layout.headerReferenceSize, .zero)
        XCTAssertEqual(layout.footerReferenceSize, .zero)
        XCTAssertEqual(layout.scrollDirection, .vertical)
    }
}
