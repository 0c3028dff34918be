import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The layouts of AppleSampleLayouts.swift give UIKit's frames. Rule numbers (R#) are those of
/// docs/compositional.md, where each rule's evidence in the decompiled UIKit is named. Unless a
/// test says otherwise the container is 390 × 844 at @3x, so a fraction is floored to a third of
/// a point (R3).
final class AppleSampleLayoutTests: XCTestCase {
    private func laidOut(
        _ layout: UICollectionViewLayout, counts: [Int], width: CGFloat = 390, height: CGFloat = 844,
        scale: CGFloat = 3
    ) -> Harness {
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: width, height: height, layout: layout, sections: sections, scale: scale)
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func cell(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    private func supplementary(_ layout: UICollectionViewLayout, _ kind: String, _ item: Int, _ section: Int)
        -> UICollectionViewLayoutAttributes?
    {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: item, section: section))
    }

    private let header = UICollectionView.elementKindSectionHeader
    private let footer = UICollectionView.elementKindSectionFooter

    /// Group 0.4 × 844 = 337.6 → 1012/3 (R3); the leading item 0.7 × 390 = 273; `count: 2`
    /// replaces the trailing item's 0.3 height by halves of the trailing group, 506/3 each (R7).
    func testNestedGroups() {
        let layout = AppleSampleLayouts.nestedGroups()
        _ = laidOut(layout, counts: [6])
        assertFrame(cell(layout, 0), CGRect(x: 10, y: 10, width: 253, height: 952.0 / 3))
        assertFrame(cell(layout, 1), CGRect(x: 283, y: 10, width: 97, height: 446.0 / 3))
        assertFrame(cell(layout, 2), CGRect(x: 283, y: 536.0 / 3, width: 97, height: 446.0 / 3))
        assertFrame(cell(layout, 3), CGRect(x: 10, y: 1042.0 / 3, width: 253, height: 952.0 / 3))
        XCTAssertEqual(layout.collectionViewContentSize.height, 2024.0 / 3, accuracy: 1e-9)
    }

    /// Each section its own layout; the sections' insets shrink the container to 350 (R2), in which
    /// the grids' `fractionalWidth(0.2)` height is 70 and the three columns 350/3 each (R3, R7).
    func testDistinctSections() {
        let layout = AppleSampleLayouts.distinctSections()
        _ = laidOut(layout, counts: [3, 7, 4])
        assertFrame(cell(layout, 0, 0), CGRect(x: 22, y: 22, width: 346, height: 40))
        assertFrame(cell(layout, 2, 0), CGRect(x: 22, y: 110, width: 346, height: 40))
        // Section 0: 20 + 3 × 44 + 20 = 172 (R15, R16).
        assertFrame(cell(layout, 0, 1), CGRect(x: 22, y: 194, width: 66, height: 66))
        assertFrame(cell(layout, 6, 1), CGRect(x: 92, y: 264, width: 66, height: 66))
        // Section 1: 20 + 2 × 70 + 20 = 180, so section 2 starts at 352.
        assertFrame(cell(layout, 1, 2), CGRect(x: 20 + 350.0 / 3 + 2, y: 374, width: 350.0 / 3 - 4, height: 66))
        assertFrame(cell(layout, 3, 2), CGRect(x: 22, y: 444, width: 350.0 / 3 - 4, height: 66))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 532))
    }

    /// A wide container (the environment's `effectiveContentSize`) doubles the list's columns,
    /// and with more than one column the rows are `fractionalWidth(0.2)` of 860 tall.
    func testDistinctSectionsOnAWideContainer() {
        let layout = AppleSampleLayouts.distinctSections()
        _ = laidOut(layout, counts: [3, 0, 0], width: 900)
        assertFrame(cell(layout, 1, 0), CGRect(x: 452, y: 22, width: 426, height: 168))
    }

    /// An orthogonal group is 0.85 of the full 390 pt (R2): 994/3; its children are fractions of
    /// that (R3 at every level): 0.7 → 695/3, 0.3 → 298/3. Groups lie side by side (R21).
    func testOrthogonalNestedGroups() throws {
        let layout = AppleSampleLayouts.orthogonalNestedGroups()
        _ = laidOut(layout, counts: [6])
        assertFrame(cell(layout, 0), CGRect(x: 10, y: 10, width: 635.0 / 3, height: 952.0 / 3))
        assertFrame(cell(layout, 1), CGRect(x: 725.0 / 3, y: 10, width: 238.0 / 3, height: 446.0 / 3))
        assertFrame(cell(layout, 2), CGRect(x: 725.0 / 3, y: 536.0 / 3, width: 238.0 / 3, height: 446.0 / 3))
        assertFrame(cell(layout, 3), CGRect(x: 1024.0 / 3, y: 10, width: 635.0 / 3, height: 952.0 / 3))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 1012.0 / 3))
        let compositional = try XCTUnwrap(layout as? UICollectionViewCompositionalLayout)
        XCTAssertEqual(compositional.orthogonalContentSize(forSection: 0)?.width ?? 0, 1988.0 / 3, accuracy: 1e-9)
    }

    /// Every behaviour but `.none` lays groups side by side from the leading inset, its group a
    /// fraction of the full width (R2, R21); `.none` stacks them in the inset width. Headers are as
    /// wide as the section less its side insets (R17); sections 20 apart (R16).
    func testOrthogonalBehaviours() {
        let layout = AppleSampleLayouts.orthogonalBehaviours()
        _ = laidOut(layout, counts: Array(repeating: 4, count: 6))
        // 0.5 × 390 = 195; two items of 97.5 → 292/3 (R3).
        for section in 0..<5 {
            let top = CGFloat(section) * 184
            assertFrame(
                supplementary(layout, AppleSampleLayouts.titleKind, 0, section)?.frame,
                CGRect(x: 20, y: top, width: 350, height: 44))
            assertFrame(cell(layout, 0, section), CGRect(x: 25, y: top + 49, width: 292.0 / 3 - 10, height: 110))
            assertFrame(
                cell(layout, 1, section), CGRect(x: 20 + 292.0 / 3 + 5, y: top + 49, width: 292.0 / 3 - 10, height: 110)
            )
            assertFrame(cell(layout, 2, section), CGRect(x: 230, y: top + 49, width: 292.0 / 3 - 10, height: 110))
        }
        // `.none`: 0.5 × 350 = 175, halves 87.5 → 262/3; the second group on the next row.
        assertFrame(cell(layout, 1, 5), CGRect(x: 20 + 262.0 / 3 + 5, y: 969, width: 262.0 / 3 - 10, height: 110))
        assertFrame(cell(layout, 2, 5), CGRect(x: 25, y: 1099, width: 262.0 / 3 - 10, height: 110))
    }

    /// The background covers the section (insets included) less its own 5 pt insets (R20); the
    /// kind registered on the layout is the one its attributes carry.
    func testSectionBackgrounds() {
        let layout = AppleSampleLayouts.sectionBackgrounds()
        _ = laidOut(layout, counts: [3, 2])
        assertFrame(cell(layout, 2, 0), CGRect(x: 10, y: 108, width: 370, height: 44))
        assertFrame(cell(layout, 0, 1), CGRect(x: 10, y: 172, width: 370, height: 44))
        let first = layout.layoutAttributesForDecorationView(
            ofKind: AppleSampleLayouts.backgroundKind, at: IndexPath(item: 0, section: 0))
        assertFrame(first?.frame, CGRect(x: 5, y: 5, width: 380, height: 152))
        XCTAssertEqual(first?.zIndex, 0)
        XCTAssertEqual(first?.representedElementCategory, .decorationView)
        assertFrame(
            layout.layoutAttributesForDecorationView(
                ofKind: AppleSampleLayouts.backgroundKind, at: IndexPath(item: 0, section: 1))?.frame,
            CGRect(x: 5, y: 167, width: 380, height: 103))
        XCTAssertEqual(layout.collectionViewContentSize.height, 275)
    }

    /// Pinned headers clamp to the visible top and their section's end, pinned footers to the
    /// visible bottom and their section's start (R18).
    func testPinnedHeadersAndFooters() {
        let layout = AppleSampleLayouts.pinnedHeadersAndFooters()
        let harness = laidOut(layout, counts: [9, 9], height: 400)
        // Section 0: header 0…40, rows 40…340, footer 340…370; section 1 from 370.
        assertFrame(supplementary(layout, footer, 0, 1)?.frame, CGRect(x: 0, y: 370, width: 390, height: 30))
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 100)
        harness.collectionView.layoutIfNeeded()
        let firstHeader = supplementary(layout, header, 0, 0)
        assertFrame(firstHeader?.frame, CGRect(x: 0, y: 100, width: 390, height: 40))
        XCTAssertEqual(firstHeader?.zIndex, 2)
        assertFrame(supplementary(layout, footer, 0, 0)?.frame, CGRect(x: 0, y: 340, width: 390, height: 30))
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 0, y: 370, width: 390, height: 40))
        let lastFooter = supplementary(layout, footer, 0, 1)
        assertFrame(lastFooter?.frame, CGRect(x: 0, y: 470, width: 390, height: 30))
        XCTAssertEqual(lastFooter?.zIndex, 1)
        assertFrame(cell(layout, 4, 1), CGRect(x: 130, y: 510, width: 130, height: 100))
    }

    /// The anchor's top leading point meets the badge's, then the absolute offset moves it (R19).
    func testLeadingBadges() {
        let layout = AppleSampleLayouts.leadingBadges()
        _ = laidOut(layout, counts: [3])
        assertFrame(cell(layout, 1), CGRect(x: 203, y: 8, width: 179, height: 179))
        let badge = supplementary(layout, AppleSampleLayouts.badgeKind, 1, 0)
        assertFrame(badge?.frame, CGRect(x: 199, y: 4, width: 24, height: 16))
        XCTAssertEqual(badge?.zIndex, 5)
        assertFrame(
            supplementary(layout, AppleSampleLayouts.badgeKind, 2, 0)?.frame,
            CGRect(x: 4, y: 199, width: 24, height: 16))
    }

    /// Fixed-width items repeat while they fit with the flexible spacing's minimum (R6); what is
    /// left is shared between the gaps (R9): 390 − 3 × 100 − 2 × 10 = 70, so gaps of 45. Flexible
    /// edge spacing on both sides centres the item across the group (R10).
    func testFlexibleChips() {
        let layout = AppleSampleLayouts.flexibleChips()
        _ = laidOut(layout, counts: [5])
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 10, width: 100, height: 40))
        assertFrame(cell(layout, 1), CGRect(x: 145, y: 10, width: 100, height: 40))
        assertFrame(cell(layout, 2), CGRect(x: 290, y: 10, width: 100, height: 40))
        assertFrame(cell(layout, 4), CGRect(x: 145, y: 78, width: 100, height: 40))
    }

    /// Edge spacing is room outside the item and counts when fitting (R6, R9, R10): 10 + 80 = 90
    /// per item, four in 390; content insets shrink the reported frame (R5).
    func testEdgeSpacingVersusInsets() {
        let layout = AppleSampleLayouts.edgeSpacingVersusInsets()
        _ = laidOut(layout, counts: [5])
        assertFrame(cell(layout, 0), CGRect(x: 14, y: 10, width: 72, height: 72))
        assertFrame(cell(layout, 3), CGRect(x: 284, y: 10, width: 72, height: 72))
        assertFrame(cell(layout, 4), CGRect(x: 14, y: 100, width: 72, height: 72))
    }

    /// A layout-wide header shifts every section (R24); sections 16 apart (R16).
    func testGlobalHeader() {
        let layout = AppleSampleLayouts.globalHeader()
        _ = laidOut(layout, counts: [2, 2])
        assertFrame(
            supplementary(layout, AppleSampleLayouts.globalHeaderKind, 0, 0)?.frame,
            CGRect(x: 0, y: 0, width: 390, height: 60))
        assertFrame(cell(layout, 0, 0), CGRect(x: 16, y: 60, width: 358, height: 50))
        assertFrame(cell(layout, 1, 1), CGRect(x: 16, y: 226, width: 358, height: 50))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 276))
    }

    /// Scrolling sideways the section's axis is horizontal: its top and bottom insets shrink the
    /// container (R2), 844 − 60 = 784 split in three; sections lie side by side 40 apart (R16).
    func testHorizontalColumns() {
        let layout = AppleSampleLayouts.horizontalColumns()
        _ = laidOut(layout, counts: [7, 3])
        assertFrame(cell(layout, 0, 0), CGRect(x: 14, y: 34, width: 142, height: 784.0 / 3 - 8))
        assertFrame(cell(layout, 1, 0), CGRect(x: 14, y: 30 + 784.0 / 3 + 4, width: 142, height: 784.0 / 3 - 8))
        assertFrame(cell(layout, 3, 0), CGRect(x: 174, y: 34, width: 142, height: 784.0 / 3 - 8))
        // Section 0: 10 + 3 × 150 + 2 × 10 + 10 = 490.
        assertFrame(cell(layout, 0, 1), CGRect(x: 544, y: 34, width: 142, height: 784.0 / 3 - 8))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 700, height: 844))
    }

    /// `supplementariesFollowContentInsets = false`: the header spans the section's full width
    /// while the items keep the insets; the top inset lies between header and items (R17).
    func testFullWidthHeaderOverInsetGrid() {
        let layout = AppleSampleLayouts.fullWidthHeaderOverInsetGrid()
        _ = laidOut(layout, counts: [3])
        assertFrame(supplementary(layout, header, 0, 0)?.frame, CGRect(x: 0, y: 0, width: 390, height: 36))
        assertFrame(cell(layout, 1), CGRect(x: 195, y: 48, width: 171, height: 70))
        assertFrame(cell(layout, 2), CGRect(x: 24, y: 118, width: 171, height: 70))
        XCTAssertEqual(layout.collectionViewContentSize.height, 200)
    }

    /// A custom group's provider sees the group's size (360, the section's inset width) and its
    /// frames are used as given, offset by the group's position and rounded (R22, R24).
    func testStaggeredCustomGroup() {
        let layout = AppleSampleLayouts.staggeredCustomGroup()
        _ = laidOut(layout, counts: [4])
        let side = 340.0 / 3
        assertFrame(cell(layout, 0), CGRect(x: 15, y: 0, width: side, height: side))
        assertFrame(cell(layout, 1), CGRect(x: 15 + side + 10, y: 20, width: side, height: side))
        assertFrame(cell(layout, 2), CGRect(x: 15 + 2 * (side + 10), y: 40, width: side, height: side))
        assertFrame(cell(layout, 3), CGRect(x: 15, y: 170, width: side, height: side))
    }

    /// Cells that do not size themselves keep the estimate (R23): two columns of (366 − 12) / 2.
    func testUniformCardsAtTheirEstimate() {
        let layout = AppleSampleLayouts.uniformCards()
        _ = laidOut(layout, counts: [3])
        assertFrame(cell(layout, 1), CGRect(x: 201, y: 12, width: 177, height: 120))
        assertFrame(cell(layout, 2), CGRect(x: 12, y: 144, width: 177, height: 120))
    }

    /// Rows as wide as the inset-grouped list's side insets allow, a header above the first row
    /// and a footer below the last (metrics: FlowSim's `ListMetrics` table, weak evidence).
    func testInsetGroupedWithFooters() {
        let layout = AppleSampleLayouts.insetGroupedWithFooters()
        _ = laidOut(layout, counts: [2, 1])
        let row0 = cell(layout, 0, 0)
        let row1 = cell(layout, 1, 0)
        let head = supplementary(layout, header, 0, 0)?.frame
        let foot = supplementary(layout, footer, 0, 0)?.frame
        XCTAssertEqual(row0?.minX, 16)
        XCTAssertEqual(row0?.width, 358)
        XCTAssertEqual(head?.maxY, row0?.minY)
        XCTAssertEqual(row1?.maxY, foot?.minY)
        XCTAssertEqual(foot?.width, 358)
        XCTAssertLessThanOrEqual(foot?.maxY ?? .infinity, supplementary(layout, header, 0, 1)?.frame.minY ?? 0)
    }

    /// `.firstItemInSection` makes the first cell the header: no supplementary header is reported.
    func testSidebarFirstItemIsTheHeader() {
        let layout = AppleSampleLayouts.sidebar()
        _ = laidOut(layout, counts: [3, 2])
        XCTAssertNil(supplementary(layout, header, 0, 0))
        XCTAssertNotNil(cell(layout, 0, 0))
        XCTAssertEqual(cell(layout, 1, 0)?.minY, cell(layout, 0, 0)?.maxY)
    }

    // MARK: Mistakes

    /// A 1.5 fraction is 585 pt: not one item fits the 390 pt group, UIKit's `_solveGroup` error (R6).
    func testItemWiderThanItsGroup() {
        let layout = AppleSampleLayouts.Mistakes.itemWiderThanItsGroup()
        let harness = laidOut(layout, counts: [2])
        let error = (layout as? UICollectionViewCompositionalLayout)?.layoutError
        XCTAssertEqual(error?.section, 0)
        XCTAssertTrue(
            error?.detail.hasPrefix(
                "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item."
            ) ?? false, error?.detail ?? "no error")
        XCTAssertEqual(
            harness.collectionView.diagnostics.firstException?.exceptionName, "NSInternalInconsistencyException")
        XCTAssertNil(cell(layout, 0))
    }

    /// Section insets wider than the container leave the root group a negative width.
    func testInsetsWiderThanTheSection() {
        let layout = AppleSampleLayouts.Mistakes.insetsWiderThanTheSection()
        _ = laidOut(layout, counts: [2])
        let error = (layout as? UICollectionViewCompositionalLayout)?.layoutError
        XCTAssertEqual(error?.section, 0)
        // `_solveGroup` names the parent (the section's container: the collection view's size,
        // the section's side insets), not the group, whose own insets are zero.
        XCTAssertTrue(
            error?.detail.hasPrefix(
                "There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets ({0, 200, 0, 200}) do not result in a negative effectiveContentSize when applied to size: {390, 844}.\nGroup: NSCollectionLayoutGroup (horizontal"
            ) ?? false, error?.detail ?? "no error")
    }

    /// Estimated widths in an orthogonal section are allowed (the self-sizing chips carousel):
    /// no error, items at their estimates from the leading inset.
    func testEstimatedWidthsInAnOrthogonalSection() {
        let layout = AppleSampleLayouts.Mistakes.estimatedOrthogonalWidths()
        _ = laidOut(layout, counts: [3])
        XCTAssertNil((layout as? UICollectionViewCompositionalLayout)?.layoutError)
        assertFrame(cell(layout, 0), CGRect(x: 16, y: 0, width: 80, height: 44))
        assertFrame(cell(layout, 2), CGRect(x: 192, y: 0, width: 80, height: 44))
    }

    /// An empty section still has its header and insets.
    func testEmptySectionKeepsItsHeader() {
        let layout = AppleSampleLayouts.Mistakes.headersOverEmptySections()
        _ = laidOut(layout, counts: [0, 2])
        assertFrame(supplementary(layout, header, 0, 0)?.frame, CGRect(x: 0, y: 0, width: 390, height: 30))
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 0, y: 50, width: 390, height: 30))
        assertFrame(cell(layout, 1, 1), CGRect(x: 0, y: 134, width: 390, height: 44))
    }
}
