import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The layouts of WWDCStyleLayouts.swift give the frames UIKit's rules give, derived by hand
/// below. Rule numbers (R#) are those of docs/compositional.md, where each rule's evidence in the
/// decompiled UIKit 26.1 is named. Unless a test says otherwise the collection view is 400 × 800
/// at @2x, so fractions of 400 floor to whole or half points (R3).
final class WWDCStyleLayoutTests: XCTestCase {
    private func laidOut(
        _ layout: UICollectionViewLayout, counts: [Int], width: CGFloat = 400, height: CGFloat = 800,
        scale: CGFloat = 2, configure: (CollectionView) -> Void = { _ in }
    ) -> Harness {
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: width, height: height, layout: layout, sections: sections, scale: scale)
        configure(harness.collectionView)
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func cell(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    private func supplementary(_ layout: UICollectionViewLayout, _ kind: String, _ item: Int, _ section: Int = 0)
        -> UICollectionViewLayoutAttributes?
    {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: item, section: section))
    }

    private let header = UICollectionView.elementKindSectionHeader
    private let footer = UICollectionView.elementKindSectionFooter

    // MARK: Groups

    /// Root group 400 × 500 (vertical): the horizontal group takes 0.6 × 500 = 300, the wide item
    /// 0.4 × 500 = 200, and the next candidate (300 more) no longer fits (R6). In the 400 × 300
    /// group the large item is 0.7 × 400 = 280 and the pair 0.3 × 400 = 120; `count: 2` makes each
    /// of the pair half the pair's 300 (R7). Items are inset by 5 (R5); four leaves per group, the
    /// next group 500 + 10 down (R13); two groups are 1010 long (R14).
    func testNestedMosaicThreeLevelsDeep() {
        let layout = WWDCStyleLayouts.nestedMosaic()
        _ = laidOut(layout, counts: [6])
        assertFrame(cell(layout, 0), CGRect(x: 5, y: 5, width: 270, height: 290))
        assertFrame(cell(layout, 1), CGRect(x: 285, y: 5, width: 110, height: 140))
        assertFrame(cell(layout, 2), CGRect(x: 285, y: 155, width: 110, height: 140))
        assertFrame(cell(layout, 3), CGRect(x: 0, y: 300, width: 400, height: 200))
        assertFrame(cell(layout, 4), CGRect(x: 5, y: 515, width: 270, height: 290))
        assertFrame(cell(layout, 5), CGRect(x: 285, y: 515, width: 110, height: 140))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 400, height: 1010))
    }

    /// The custom group is 360 × 200 (the section's side insets, R2) and its provider sees that
    /// size (R24): a 180 pt tall tile, then two 100 pt tiles beside it; its frames are used as
    /// given, offset by the group's origin (20, 10) and the custom item's zIndex kept. The next
    /// group is 200 + 8 down.
    func testCustomGroupReadsItsContainer() {
        let layout = WWDCStyleLayouts.customMosaic()
        _ = laidOut(layout, counts: [4])
        assertFrame(cell(layout, 0), CGRect(x: 20, y: 10, width: 180, height: 200))
        assertFrame(cell(layout, 1), CGRect(x: 200, y: 10, width: 180, height: 100))
        assertFrame(cell(layout, 2), CGRect(x: 200, y: 110, width: 180, height: 100))
        assertFrame(cell(layout, 3), CGRect(x: 20, y: 218, width: 180, height: 200))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex, 2)
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.zIndex, 0)
        // Two groups and the insets: 10 + 200 + 8 + 200 + 10.
        XCTAssertEqual(layout.collectionViewContentSize.height, 428)
    }

    /// 80 pt tiles with `.flexible(10)`: 80, +10+80 three times = 350 ≤ 400, a fifth would need
    /// 440 (R6). The 50 pt left are shared by the three gaps: 10 + 50/3 each (R9), so the tiles sit
    /// at 0, 320/3, 640/3 and 320 (@3x keeps the thirds, R22).
    func testFlexibleInterItemSpacingSharesTheRest() {
        let layout = WWDCStyleLayouts.flexibleRow()
        _ = laidOut(layout, counts: [5], scale: 3)
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 0, width: 80, height: 60))
        assertFrame(cell(layout, 1), CGRect(x: 320.0 / 3, y: 0, width: 80, height: 60))
        assertFrame(cell(layout, 2), CGRect(x: 640.0 / 3, y: 0, width: 80, height: 60))
        assertFrame(cell(layout, 3), CGRect(x: 320, y: 0, width: 80, height: 60))
        assertFrame(cell(layout, 4), CGRect(x: 0, y: 60, width: 80, height: 60))
    }

    /// Each tag needs its 8 pt leading spacing and 100 pt: 108, 220, 332 fit, 444 does not (R6,
    /// spacing 4 between). Along the axis x = 8, 8 + 100 + 4 + 8, … (R9); across, flexible top and
    /// bottom centre the 30 pt tag in 50: y = 10 (R10).
    func testEdgeSpacingPlacesAndCentresTags() {
        let layout = WWDCStyleLayouts.edgeSpacedTags()
        _ = laidOut(layout, counts: [4])
        assertFrame(cell(layout, 0), CGRect(x: 8, y: 10, width: 100, height: 30))
        assertFrame(cell(layout, 1), CGRect(x: 120, y: 10, width: 100, height: 30))
        assertFrame(cell(layout, 2), CGRect(x: 232, y: 10, width: 100, height: 30))
        assertFrame(cell(layout, 3), CGRect(x: 8, y: 60, width: 100, height: 30))
    }

    // MARK: Estimated sizes

    /// Estimated heights: the item's top and bottom insets are ignored, its side insets kept (R5);
    /// rows at their estimate (the cells size to it), 10 apart below the 20 pt top inset. UIKit
    /// logs its line when such insets are set (`-[NSCollectionLayoutItem setContentInsets:]`):
    /// FlowSim logs it once per item.
    func testEstimatedRowsIgnoreVerticalInsetsAndSayWhy() {
        let layout = WWDCStyleLayouts.estimatedFeed()
        let harness = laidOut(layout, counts: [2])
        assertFrame(cell(layout, 0), CGRect(x: 16, y: 20, width: 368, height: 100))
        assertFrame(cell(layout, 1), CGRect(x: 16, y: 130, width: 368, height: 100))
        let logs = harness.collectionView.diagnostics.logs.filter { $0.check == .insetsAlongEstimatedAxis }
        XCTAssertEqual(logs.count, 1)
        XCTAssertEqual(
            logs.first?.message.hasPrefix(
                "Attempting to add contentInsets to an item's dimension along an estimated axis. Insets along any estimated axes will be ignored. Use the item's edgeSpacing or the containing group's interItemSpacing instead. Item: "
            ), true)
    }

    // MARK: Supplementary items

    /// Tiles 200 wide inset by 10: (10, 10, 180, 80) and (210, 10, 180, 80) (R5). The badge's
    /// top-trailing corner meets the tile's, then moves half its size right and up: (170 + 10,
    /// 10 − 10). The dot's bottom centre meets the tile's (100, 90), then 4 down: (95, 84) (R19).
    func testBadgesWithFractionalAndAbsoluteAnchors() {
        let layout = WWDCStyleLayouts.badgedColumns()
        _ = laidOut(layout, counts: [3])
        assertFrame(cell(layout, 0), CGRect(x: 10, y: 10, width: 180, height: 80))
        assertFrame(cell(layout, 1), CGRect(x: 210, y: 10, width: 180, height: 80))
        assertFrame(
            supplementary(layout, WWDCStyleLayouts.badgeKind, 0)?.frame, CGRect(x: 180, y: 0, width: 20, height: 20))
        assertFrame(
            supplementary(layout, WWDCStyleLayouts.badgeKind, 1)?.frame, CGRect(x: 380, y: 0, width: 20, height: 20))
        assertFrame(
            supplementary(layout, WWDCStyleLayouts.dotKind, 0)?.frame, CGRect(x: 95, y: 84, width: 10, height: 10))
        assertFrame(
            supplementary(layout, WWDCStyleLayouts.dotKind, 2)?.frame, CGRect(x: 95, y: 184, width: 10, height: 10))
        // Badges draw above their cell (zIndex 1 by default).
        XCTAssertEqual(supplementary(layout, WWDCStyleLayouts.badgeKind, 0)?.zIndex, 1)
    }

    /// Section 0: the 40 pt header extends the boundary above the 10 pt top inset (R17), cards
    /// 360 wide at 20 and 55 apart from y = 50; the footer does not extend it, so it overlaps the
    /// host's bottom: 40 + 10 + 160 + 10 = 220 − 30 = 190. The background is the section's
    /// frame (0…220, full width) inset by 10, with its own zIndex −1 (R20). Section 1 starts
    /// 30 later (R16).
    func testDecoratedSectionsWithPinnedHeaderAndOverlappingFooter() {
        let layout = WWDCStyleLayouts.decoratedSections()
        _ = laidOut(layout, counts: [3, 3], height: 200)
        assertFrame(supplementary(layout, header, 0)?.frame, CGRect(x: 20, y: 0, width: 360, height: 40))
        XCTAssertEqual(supplementary(layout, header, 0)?.zIndex, 5)
        assertFrame(cell(layout, 0), CGRect(x: 20, y: 50, width: 360, height: 50))
        assertFrame(cell(layout, 2), CGRect(x: 20, y: 160, width: 360, height: 50))
        assertFrame(supplementary(layout, footer, 0)?.frame, CGRect(x: 20, y: 190, width: 360, height: 30))
        let background = layout.layoutAttributesForDecorationView(
            ofKind: WWDCStyleLayouts.backgroundKind, at: IndexPath(item: 0, section: 0))
        assertFrame(background?.frame, CGRect(x: 10, y: 10, width: 380, height: 200))
        XCTAssertEqual(background?.zIndex, -1)
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 20, y: 250, width: 360, height: 40))
        assertFrame(cell(layout, 0, 1), CGRect(x: 20, y: 300, width: 360, height: 50))
        assertFrame(supplementary(layout, footer, 0, 1)?.frame, CGRect(x: 20, y: 440, width: 360, height: 30))
        let background1 = layout.layoutAttributesForDecorationView(
            ofKind: WWDCStyleLayouts.backgroundKind, at: IndexPath(item: 0, section: 1))
        assertFrame(background1?.frame, CGRect(x: 10, y: 260, width: 380, height: 200))
        XCTAssertEqual(layout.collectionViewContentSize.height, 470)
    }

    /// Scrolled to 270: section 0's header stops at its section's end less its height (220 − 40);
    /// section 1's sticks to the visible top (R18).
    func testPinnedHeadersWhenScrolled() {
        let layout = WWDCStyleLayouts.decoratedSections()
        let harness = laidOut(layout, counts: [3, 3], height: 200)
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 270)
        harness.collectionView.layoutIfNeeded()
        let visible = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 270, width: 400, height: 200)) ?? []
        let headers = visible.filter { $0.representedElementKind == header }
        XCTAssertEqual(headers.first { $0.indexPath.section == 1 }?.frame.origin.y, 270)
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 400, height: 470)) ?? []
        XCTAssertEqual(
            all.first { $0.representedElementKind == header && $0.indexPath.section == 0 }?.frame.origin.y, 180)
    }

    // MARK: Layout configuration

    /// Scrolling horizontally (400 × 300): each column is 120 wide and holds two tiles of half the
    /// 300 pt height (R6). Columns 8 apart from the 10 pt leading inset: x = 10, 138, 266; section
    /// 0 is 10 + 3 × 120 + 2 × 8 + 10 = 396 long, and section 1 starts 16 later (R16).
    func testHorizontalScrollDirectionWithInterSectionSpacing() {
        let layout = WWDCStyleLayouts.horizontalColumns()
        _ = laidOut(layout, counts: [5, 2], height: 300)
        assertFrame(cell(layout, 0), CGRect(x: 10, y: 0, width: 120, height: 150))
        assertFrame(cell(layout, 1), CGRect(x: 10, y: 150, width: 120, height: 150))
        assertFrame(cell(layout, 2), CGRect(x: 138, y: 0, width: 120, height: 150))
        assertFrame(cell(layout, 4), CGRect(x: 266, y: 0, width: 120, height: 150))
        assertFrame(cell(layout, 0, 1), CGRect(x: 422, y: 0, width: 120, height: 150))
        assertFrame(cell(layout, 1, 1), CGRect(x: 422, y: 150, width: 120, height: 150))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 552, height: 300))
    }

    /// Portrait 400: two columns of 200; the grouped list below has a header (top inset 0 in
    /// section 1), 44 pt rows spanning the width and a footer, no bottom inset with a footer
    /// (R25, ListMetrics).
    func testSectionProviderReadsTheEnvironmentAndMixesAList() {
        let layout = WWDCStyleLayouts.adaptive()
        _ = laidOut(layout, counts: [3, 2])
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 0, width: 200, height: 90))
        assertFrame(cell(layout, 2), CGRect(x: 0, y: 90, width: 200, height: 90))
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 0, y: 180, width: 400, height: 38))
        assertFrame(cell(layout, 0, 1), CGRect(x: 0, y: 218, width: 400, height: 44))
        assertFrame(cell(layout, 1, 1), CGRect(x: 0, y: 262, width: 400, height: 44))
        assertFrame(supplementary(layout, footer, 0, 1)?.frame, CGRect(x: 0, y: 306, width: 400, height: 38))
    }

    /// Landscape 844: the provider sees 844 > 600 and picks three columns, 844/3 = 281.33 floored
    /// to 281 at @2x (R3).
    func testSectionProviderPicksColumnsFromTheContainer() {
        let layout = WWDCStyleLayouts.adaptive()
        _ = laidOut(layout, counts: [3], width: 844, height: 390)
        assertFrame(cell(layout, 1), CGRect(x: 281, y: 0, width: 281, height: 90))
        assertFrame(cell(layout, 2), CGRect(x: 562, y: 0, width: 281, height: 90))
    }

    /// `headerTopPadding` 10 on a plain list with headers: the section grows by 10 before its
    /// boundary items (`auxillaryHostPaddingBeforeBoundarySupplementaries`), so the 28 pt header
    /// sits at 10 and keeps its height; rows follow it. Section 1 starts at 10 + 28 + 2 × 44.
    func testHeaderTopPaddingGoesAboveTheHeader() {
        let layout = WWDCStyleLayouts.paddedList(.plain, headerMode: .supplementary, padding: 10)
        _ = laidOut(layout, counts: [2, 1])
        assertFrame(supplementary(layout, header, 0)?.frame, CGRect(x: 0, y: 10, width: 400, height: 28))
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 38, width: 400, height: 44))
        assertFrame(cell(layout, 1), CGRect(x: 0, y: 82, width: 400, height: 44))
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 0, y: 136, width: 400, height: 28))
        assertFrame(cell(layout, 0, 1), CGRect(x: 0, y: 164, width: 400, height: 44))
    }

    /// Without a supplementary header a set padding replaces the section's top inset
    /// (`_defaultSectionContentInsetsForSectionMetrics:`): 12 instead of the grouped 35 above the
    /// first section; the last section keeps its 20 below.
    func testHeaderTopPaddingIsTheTopInsetWithoutHeaders() {
        let layout = WWDCStyleLayouts.paddedList(.grouped, headerMode: .none, padding: 12)
        _ = laidOut(layout, counts: [2])
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 12, width: 400, height: 44))
        XCTAssertEqual(layout.collectionViewContentSize.height, 12 + 88 + 20)
    }

    /// Layout-wide items wrap every section (R24): the 50 pt header above all content, the
    /// sections shifted down by it and 20 apart (2 rows of 100 each), the footer after the last:
    /// 50 + 200 + 20 + 200 = 470. Scrolled to 300, the pinned header follows the visible top.
    func testLayoutWideHeaderAndFooterWrapTheSections() {
        let layout = WWDCStyleLayouts.wrappedSections()
        let harness = laidOut(layout, counts: [3, 4], height: 300)
        let kinds = (WWDCStyleLayouts.layoutHeaderKind, WWDCStyleLayouts.layoutFooterKind)
        assertFrame(supplementary(layout, kinds.0, 0)?.frame, CGRect(x: 0, y: 0, width: 400, height: 50))
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 50, width: 200, height: 100))
        assertFrame(cell(layout, 2), CGRect(x: 0, y: 150, width: 200, height: 100))
        assertFrame(cell(layout, 0, 1), CGRect(x: 0, y: 270, width: 200, height: 100))
        assertFrame(cell(layout, 3, 1), CGRect(x: 200, y: 370, width: 200, height: 100))
        assertFrame(supplementary(layout, kinds.1, 0)?.frame, CGRect(x: 0, y: 470, width: 400, height: 30))
        XCTAssertEqual(layout.collectionViewContentSize.height, 500)
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 300)
        harness.collectionView.layoutIfNeeded()
        let shown = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 300, width: 400, height: 300)) ?? []
        XCTAssertEqual(shown.first { $0.representedElementKind == kinds.0 }?.frame.origin.y, 300)
    }

    /// A subclass built with `super.init(section:)` answers with the compositional frames, its
    /// override's changes on top: three columns of 400/3 floored to 133 at @2x (R3).
    func testSubclassCallsADesignatedInitialiser() {
        let layout = DimmingCompositionalLayout(columns: 3)
        _ = laidOut(layout, counts: [4])
        let shown = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 400, height: 800)) ?? []
        XCTAssertEqual(shown.count, 4)
        XCTAssertEqual(shown.first { $0.indexPath.item == 1 }?.frame, CGRect(x: 133, y: 0, width: 133, height: 100))
        XCTAssertEqual(shown.first { $0.indexPath.item == 0 }?.alpha, 1)
        XCTAssertEqual(shown.first { $0.indexPath.item == 3 }?.alpha, 0.5)
        let provided = DimmingCompositionalLayout(provider: { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)))
            return NSCollectionLayoutSection(
                group: .vertical(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
                    subitems: [item]))
        })
        _ = laidOut(provided, counts: [2])
        assertFrame(cell(provided, 1), CGRect(x: 0, y: 60, width: 400, height: 60))
    }

    // MARK: Orthogonal scrolling

    /// Frames at rest: cards at 20 + 310·i (R21); the scrolling content is 20 + 5 × 300 + 4 × 10
    /// + 20 = 1580 long, so offsets run 0…1180.
    func testCarouselFramesAndContentLength() throws {
        let layout = WWDCStyleLayouts.carousel(.continuous)
        _ = laidOut(layout, counts: [5], height: 600)
        assertFrame(cell(layout, 0), CGRect(x: 20, y: 0, width: 300, height: 200))
        assertFrame(cell(layout, 4), CGRect(x: 1260, y: 0, width: 300, height: 200))
        let compositional = try XCTUnwrap(layout as? CompositionalLayout)
        XCTAssertEqual(compositional.orthogonalContentSize(forSection: 0), CGSize(width: 1580, height: 200))
        // `.continuous` stops where the fling would.
        XCTAssertEqual(
            compositional.targetOrthogonalContentOffset(
                forSection: 0, proposedContentOffset: CGPoint(x: 333, y: 0), velocity: CGPoint(x: 1, y: 0)
            ).x, 333)
    }

    /// Paging targets (weak, docs/compositional.md): groups 310 apart, pages the 400 pt width,
    /// centred groups at 310·i − 30, each clamped to 0…1180.
    func testPagingTargets() throws {
        func target(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, _ proposed: CGFloat, _ v: CGFloat)
            throws -> CGFloat
        {
            let layout = WWDCStyleLayouts.carousel(behavior)
            // The harness keeps the collection view alive: targets need its width.
            let harness = laidOut(layout, counts: [5], height: 600)
            let compositional = try XCTUnwrap(layout as? CompositionalLayout)
            return withExtendedLifetime(harness) {
                compositional.targetOrthogonalContentOffset(
                    forSection: 0, proposedContentOffset: CGPoint(x: proposed, y: 0), velocity: CGPoint(x: v, y: 0)
                ).x
            }
        }
        XCTAssertEqual(try target(.groupPaging, 400, 1), 620)
        XCTAssertEqual(try target(.groupPaging, 400, 0), 310)
        XCTAssertEqual(try target(.groupPaging, 1250, 1), 1180)
        XCTAssertEqual(try target(.continuousGroupLeadingBoundary, 400, -1), 310)
        XCTAssertEqual(try target(.paging, 450, 0), 400)
        XCTAssertEqual(try target(.groupPagingCentered, 300, 0), 280)
        XCTAssertEqual(try target(.groupPagingCentered, 10, 0), 0)
    }

    /// Right to left the cards are mirrored (R11): the first at 400 − 20 − 300 = 80, the next
    /// 310 further left. The section's offset is the inner scroll view's, measured from the left
    /// like any UIScrollView's, so at rest it is at its end (1180) and scrolling towards later
    /// cards lowers it: offset 870 brings card 1 to x = 80.
    func testRightToLeftOrthogonalOffsetsAreMirrored() throws {
        let layout = WWDCStyleLayouts.carousel(.groupPaging)
        let harness = laidOut(layout, counts: [5], height: 600) { $0.semanticContentAttribute = .forceRightToLeft }
        defer { withExtendedLifetime(harness) {} }
        let compositional = try XCTUnwrap(layout as? CompositionalLayout)
        assertFrame(cell(layout, 0), CGRect(x: 80, y: 0, width: 300, height: 200))
        assertFrame(cell(layout, 1), CGRect(x: -230, y: 0, width: 300, height: 200))
        XCTAssertEqual(compositional.orthogonalContentOffset(forSection: 0), CGPoint(x: 1180, y: 0))
        compositional.setOrthogonalContentOffset(CGPoint(x: 870, y: 0), forSection: 0)
        XCTAssertEqual(compositional.orthogonalContentOffset(forSection: 0), CGPoint(x: 870, y: 0))
        let shown = compositional.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 400, height: 200)) ?? []
        XCTAssertEqual(shown.first { $0.indexPath == IndexPath(item: 1, section: 0) }?.frame.origin.x, 80)
        XCTAssertEqual(shown.first { $0.indexPath == IndexPath(item: 0, section: 0) }?.frame.origin.x, 390)
        // Paging: a release at 780 moving left (towards later cards) ends at card 2's page, 560;
        // moving right at card 1's, 870; at rest the nearest, 870.
        func target(_ proposed: CGFloat, _ velocity: CGFloat) -> CGFloat {
            compositional.targetOrthogonalContentOffset(
                forSection: 0, proposedContentOffset: CGPoint(x: proposed, y: 0), velocity: CGPoint(x: velocity, y: 0)
            ).x
        }
        XCTAssertEqual(target(780, -1), 560)
        XCTAssertEqual(target(780, 1), 870)
        XCTAssertEqual(target(800, 0), 870)
        XCTAssertEqual(target(-50, -1), 0)
    }

    // MARK: Mistakes

    /// `+[NSCollectionLayoutGroup horizontalGroupWithLayoutSize:subitems:]` with no subitems:
    /// UIKit's assertion ("At least 1 subitem is required for a group"), raised as the layout's
    /// exception; nothing is laid out.
    func testAGroupWithoutSubitemsIsRefused() throws {
        let layout = WWDCStyleLayouts.emptyGroup()
        let harness = laidOut(layout, counts: [2])
        let finding = try XCTUnwrap(harness.collectionView.diagnostics.firstException)
        XCTAssertEqual(finding.check, .invalidCompositionalLayout)
        XCTAssertTrue(finding.message.hasSuffix("At least 1 subitem is required for a group"), finding.message)
        XCTAssertNil(cell(layout, 0))
    }

    /// `.absolute(0)`: UIKit logs it as the dimension is made (`+absoluteDimension:`) and lays
    /// the item out at 0 pt; FlowSim logs the same line once and does the same.
    func testAZeroDimensionIsLogged() {
        let layout = WWDCStyleLayouts.rows(itemHeight: .absolute(0))
        let harness = laidOut(layout, counts: [2])
        let logs = harness.collectionView.diagnostics.logs.filter { $0.check == .invalidDimension }
        XCTAssertEqual(
            logs.map(\.message),
            [
                "Invalid absolute dimension, must be > 0.0. NOTE: This will be a hard-assert soon, please update your call site."
            ])
        assertFrame(cell(layout, 1), CGRect(x: 0, y: 44, width: 400, height: 0))
    }

    /// A dimension that is not finite, or a `.uniformAcrossSiblings` estimate ≤ 0, is UIKit's
    /// assertion (`Invalid absolute dimension: inf. The dimension must be a finite value.`).
    func testNonFiniteAndNonPositiveUniformDimensionsAreRefused() throws {
        let infinite = WWDCStyleLayouts.rows(itemHeight: .absolute(.infinity))
        let first = try XCTUnwrap(laidOut(infinite, counts: [1]).collectionView.diagnostics.firstException)
        XCTAssertTrue(
            first.message.hasSuffix("Invalid absolute dimension: inf. The dimension must be a finite value."),
            first.message)
        let uniform = WWDCStyleLayouts.rows(itemHeight: .uniformAcrossSiblings(estimate: 0))
        let second = try XCTUnwrap(laidOut(uniform, counts: [1]).collectionView.diagnostics.firstException)
        XCTAssertTrue(second.message.hasSuffix("Invalid estimated dimension (0), must be > 0"), second.message)
    }

    /// `repeatingSubitem:count:` with 0: "A repeating vertical group should specify a count >= 1".
    func testARepeatingGroupOfZeroItemsIsRefused() throws {
        let layout = WWDCStyleLayouts.zeroCountGroup()
        let harness = laidOut(layout, counts: [2])
        let finding = try XCTUnwrap(harness.collectionView.diagnostics.firstException)
        XCTAssertTrue(
            finding.message.hasSuffix("A repeating vertical group should specify a count >= 1"), finding.message)
    }
}
