import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The layouts of CompositionalSweepLayouts.swift give the frames UIKit's rules give, derived by
/// hand below. Rule numbers (R#) are those of docs/compositional.md, where each rule's evidence in
/// the decompiled UIKit 26.1 is named. Unless a test says otherwise the collection view is
/// 390 × 844 at @3x, so a fraction is floored to a third of a point (R3) and every frame is
/// rounded to one (R22).
final class CompositionalSweepTests: XCTestCase {
    private func laidOut(
        _ layout: UICollectionViewLayout, counts: [Int], width: CGFloat = 390, height: CGFloat = 844,
        scale: CGFloat = 3, configure: (CollectionView) -> Void = { _ in }
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

    /// Orthogonal section: the group's 0.9 is of the full 390 (the side insets are not taken off,
    /// R2) = 351; groups 10 apart from the leading inset 16 (R21). The header follows the
    /// section's side insets (358 wide at 16, R17) and sits above the top inset, pushing the
    /// cards down 44 + 8. The scrolling content is 16 + 3 × 351 + 2 × 10 + 16 = 1105 long.
    func testFeaturedCarousel() throws {
        let layout = SweepLayouts.featuredCarousel()
        _ = laidOut(layout, counts: [3])
        assertFrame(supplementary(layout, header, 0)?.frame, CGRect(x: 16, y: 0, width: 358, height: 44))
        assertFrame(cell(layout, 0), CGRect(x: 16, y: 52, width: 351, height: 300))
        assertFrame(cell(layout, 1), CGRect(x: 377, y: 52, width: 351, height: 300))
        assertFrame(cell(layout, 2), CGRect(x: 738, y: 52, width: 351, height: 300))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 360))
        let compositional = try XCTUnwrap(layout as? CompositionalLayout)
        XCTAssertEqual(compositional.orthogonalContentSize(forSection: 0)?.width, 1105)
    }

    /// Group height 0.25 × 390 = 97.5 → 292/3 (R3). The 1 pt spacing triggers the retry (R8):
    /// columns are a quarter of 390 − 3 = 387, 96.75 → 290/3, placed 1 pt apart; rows 1 pt apart.
    func testPhotoGridWithRepeatingSubitem() {
        let layout = SweepLayouts.photoGrid()
        _ = laidOut(layout, counts: [10])
        let side = 290.0 / 3
        let row = 292.0 / 3
        assertFrame(cell(layout, 0), CGRect(x: 0, y: 0, width: side, height: row))
        assertFrame(cell(layout, 3), CGRect(x: 3 * (side + 1), y: 0, width: side, height: row))
        assertFrame(cell(layout, 5), CGRect(x: side + 1, y: row + 1, width: side, height: row))
        assertFrame(cell(layout, 9), CGRect(x: side + 1, y: 2 * (row + 1), width: side, height: row))
        // Three rows: 3 × 292/3 + 2 × 1 (R14).
        XCTAssertEqual(layout.collectionViewContentSize.height, 294, accuracy: 1e-9)
    }

    /// Root group 370 wide (the section's side insets, R2). It holds the 120 pt artwork and the
    /// 0.6 × 370 = 222 rows group; the flexible spacing takes the 28 pt left (R9). Inside, two
    /// half-height rows with 8 pt between retry at (200 − 8) / 2 = 96 (R8).
    func testArtworkBesideRows() {
        let layout = SweepLayouts.artworkBesideRows()
        _ = laidOut(layout, counts: [5])
        assertFrame(cell(layout, 0), CGRect(x: 10, y: 10, width: 120, height: 200))
        assertFrame(cell(layout, 1), CGRect(x: 158, y: 10, width: 222, height: 96))
        assertFrame(cell(layout, 2), CGRect(x: 158, y: 114, width: 222, height: 96))
        // The next group: 10 + 200 + 12.
        assertFrame(cell(layout, 3), CGRect(x: 10, y: 222, width: 120, height: 200))
        assertFrame(cell(layout, 4), CGRect(x: 158, y: 222, width: 222, height: 96))
        XCTAssertEqual(layout.collectionViewContentSize.height, 432)
    }

    /// Estimated heights: the top and bottom insets are ignored, the side ones kept (R5). The badge
    /// is anchored to the inset frame's top-trailing corner, then moved half its size right and up
    /// (R19): (x + w − 24 + 12, y − 12).
    func testBadgedSelfSizingCards() {
        let layout = SweepLayouts.badgedCards()
        _ = laidOut(layout, counts: [3])
        assertFrame(cell(layout, 0), CGRect(x: 8, y: 20, width: 179, height: 100))
        assertFrame(cell(layout, 1), CGRect(x: 203, y: 20, width: 179, height: 100))
        assertFrame(cell(layout, 2), CGRect(x: 8, y: 120, width: 179, height: 100))
        assertFrame(
            supplementary(layout, SweepLayouts.badgeKind, 0)?.frame, CGRect(x: 175, y: 8, width: 24, height: 24))
        assertFrame(
            supplementary(layout, SweepLayouts.badgeKind, 1)?.frame, CGRect(x: 370, y: 8, width: 24, height: 24))
        assertFrame(
            supplementary(layout, SweepLayouts.badgeKind, 2)?.frame, CGRect(x: 175, y: 108, width: 24, height: 24))
    }

    /// Rows 350 wide at 20, 58 apart from the top inset 16. The title does not extend the
    /// boundary: it overlaps the content at the host's top plus its 4 pt offset, zIndex 2 (R17).
    /// The footer extends it below 16 + 166 + 16 = 198. The background is the section's frame
    /// (0…228) inset by 8 (R20); cells move to zIndex 1 above it.
    func testDecoratedCardWithOverlappingTitle() {
        let layout = SweepLayouts.decoratedCard()
        _ = laidOut(layout, counts: [3])
        assertFrame(cell(layout, 0), CGRect(x: 20, y: 16, width: 350, height: 50))
        assertFrame(cell(layout, 2), CGRect(x: 20, y: 132, width: 350, height: 50))
        let title = supplementary(layout, header, 0)
        assertFrame(title?.frame, CGRect(x: 20, y: 4, width: 350, height: 40))
        XCTAssertEqual(title?.zIndex, 2)
        assertFrame(supplementary(layout, footer, 0)?.frame, CGRect(x: 20, y: 198, width: 350, height: 30))
        let background = layout.layoutAttributesForDecorationView(
            ofKind: SweepLayouts.backgroundKind, at: IndexPath(item: 0, section: 0))
        assertFrame(background?.frame, CGRect(x: 8, y: 8, width: 374, height: 212))
        XCTAssertEqual(background?.zIndex, 0)
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.zIndex, 1)
        XCTAssertEqual(layout.collectionViewContentSize.height, 228)
    }

    /// The same card in landscape (844 wide, safe area 47 each side): the section is solved in
    /// the 750 pt the safe area leaves, at x = 47 (R1, R15), so the rows start at 47 + 20 and the
    /// background, the section's frame inset by 8, keeps out of the safe area too (R20).
    func testDecoratedCardInLandscape() {
        let layout = SweepLayouts.decoratedCard()
        _ = laidOut(layout, counts: [3], width: 844, height: 390) {
            $0.safeAreaInsets = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
        }
        assertFrame(cell(layout, 0), CGRect(x: 67, y: 16, width: 710, height: 50))
        assertFrame(supplementary(layout, header, 0)?.frame, CGRect(x: 67, y: 4, width: 710, height: 40))
        let background = layout.layoutAttributesForDecorationView(
            ofKind: SweepLayouts.backgroundKind, at: IndexPath(item: 0, section: 0))
        assertFrame(background?.frame, CGRect(x: 55, y: 8, width: 734, height: 212))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 844, height: 228))
    }

    /// Scrolling horizontally (390 × 300 at @2x): the section's top and bottom insets shrink the
    /// container to 280 (R2); two half tiles retry at (280 − 10) / 2 = 135 (R8). Section 0 is
    /// 10 + 150 + 10 + 150 + 10 = 330 long, section 1 starts 20 later. The layout-wide rail is
    /// anchored outside the leading edge and shifts every section by its 60 (R24).
    func testHorizontalShelvesWithLeadingRail() {
        let layout = SweepLayouts.horizontalShelves()
        _ = laidOut(layout, counts: [3, 2], height: 300, scale: 2)
        assertFrame(supplementary(layout, SweepLayouts.railKind, 0)?.frame, CGRect(x: 0, y: 0, width: 60, height: 300))
        assertFrame(cell(layout, 0), CGRect(x: 70, y: 10, width: 150, height: 135))
        assertFrame(cell(layout, 1), CGRect(x: 70, y: 155, width: 150, height: 135))
        assertFrame(cell(layout, 2), CGRect(x: 230, y: 10, width: 150, height: 135))
        assertFrame(cell(layout, 0, 1), CGRect(x: 420, y: 10, width: 150, height: 135))
        assertFrame(cell(layout, 1, 1), CGRect(x: 420, y: 155, width: 150, height: 135))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 580, height: 300))
    }

    /// iPhone landscape (844 × 390, safe area 47 each side). The layout's `.safeArea` reference
    /// (the default) insets the container across the scroll axis (R1), so the provider sees
    /// 750 pt and picks four columns; the section's 8 pt insets add to the 47 (R2): a row is
    /// 734 wide from x = 55, columns 0.25 × 734 = 183.5 → 550/3. A header is solved in the
    /// container its own reference (here the section's, the safe area) narrows; following the
    /// content insets it also takes the section's (R17): x = 55, 734 wide, over the cells. One
    /// that does not follow them keeps to the safe area only: x = 47, 750 wide.
    func testAdaptiveColumnsInLandscapeSafeArea() {
        let seen = SweepLayouts.SeenEnvironment()
        let layout = SweepLayouts.adaptiveColumns(seen: seen)
        _ = laidOut(layout, counts: [4, 4], width: 844, height: 390) {
            $0.safeAreaInsets = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
        }
        XCTAssertEqual(seen.effectiveWidth, 750)
        XCTAssertEqual(seen.leadingInset, 47)
        let column = 550.0 / 3
        assertFrame(supplementary(layout, header, 0, 0)?.frame, CGRect(x: 55, y: 0, width: 734, height: 30))
        assertFrame(cell(layout, 0), CGRect(x: 55, y: 30, width: column, height: 100))
        assertFrame(cell(layout, 3), CGRect(x: 55 + 3 * column, y: 30, width: column, height: 100))
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 47, y: 130, width: 750, height: 30))
        assertFrame(cell(layout, 1, 1), CGRect(x: 55 + column, y: 160, width: column, height: 100))
    }

    /// The same layout in portrait has no side safe area: two columns of 0.5 × 374 = 187.
    func testAdaptiveColumnsInPortrait() {
        let seen = SweepLayouts.SeenEnvironment()
        let layout = SweepLayouts.adaptiveColumns(seen: seen)
        _ = laidOut(layout, counts: [2]) { $0.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0) }
        XCTAssertEqual(seen.effectiveWidth, 390)
        assertFrame(cell(layout, 1), CGRect(x: 195, y: 30, width: 187, height: 100))
    }

    /// Right to left every frame is mirrored across the content width (R11): x' = 390 − x − w.
    /// Left to right the tiles' inset frames are (4, 30, 179, 80) and (199, 30, 179, 80), the
    /// badges (−1, 25) and (194, 25), the 200 pt title at 0.
    func testRightToLeftTilesBadgesAndTitle() {
        let layout = SweepLayouts.badgedTiles()
        let harness = laidOut(layout, counts: [3]) { $0.semanticContentAttribute = .forceRightToLeft }
        assertFrame(cell(layout, 0), CGRect(x: 207, y: 30, width: 179, height: 80))
        assertFrame(cell(layout, 1), CGRect(x: 12, y: 30, width: 179, height: 80))
        assertFrame(cell(layout, 2), CGRect(x: 207, y: 110, width: 179, height: 80))
        assertFrame(
            supplementary(layout, SweepLayouts.badgeKind, 0)?.frame, CGRect(x: 371, y: 25, width: 20, height: 20))
        assertFrame(
            supplementary(layout, SweepLayouts.badgeKind, 1)?.frame, CGRect(x: 176, y: 25, width: 20, height: 20))
        assertFrame(supplementary(layout, header, 0)?.frame, CGRect(x: 190, y: 0, width: 200, height: 30))
        // A rect query finds the same mirrored frames: the left half holds item 1 and its badge.
        let left = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 190, height: 100)) ?? []
        XCTAssertEqual(Set(left.map(\.indexPath)), [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(harness.visibleCells()[IndexPath(item: 0, section: 0)]?.frame.minX, 207)
    }

    /// Pages of three 80 pt rows, 0.9 × 390 = 351 wide, 8 apart from the leading inset 16 (R21).
    func testAppShelfPages() throws {
        let layout = SweepLayouts.appShelf()
        _ = laidOut(layout, counts: [7])
        assertFrame(cell(layout, 0), CGRect(x: 16, y: 0, width: 351, height: 80))
        assertFrame(cell(layout, 2), CGRect(x: 16, y: 160, width: 351, height: 80))
        assertFrame(cell(layout, 3), CGRect(x: 375, y: 0, width: 351, height: 80))
        assertFrame(cell(layout, 6), CGRect(x: 734, y: 0, width: 351, height: 80))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 240))
        let compositional = try XCTUnwrap(layout as? CompositionalLayout)
        // 16 + 3 × 351 + 2 × 8 + 16: the partial last page counts whole (R14).
        XCTAssertEqual(compositional.orthogonalContentSize(forSection: 0)?.width, 1101)
    }

    /// iPad landscape, 1024 wide with 20 pt side margins: `.readableContent` centres the 672 pt
    /// readable width, (1024 − 672) / 2 = 176 (R1; the width is weak); `.layoutMargins` keeps
    /// to the margins.
    func testReadableContentAndLayoutMarginsOnIPad() {
        let layout = SweepLayouts.readableArticle()
        _ = laidOut(layout, counts: [2, 2], width: 1024, height: 768, scale: 2) {
            $0.directLayoutMargins = UIEdgeInsets(top: 8, left: 20, bottom: 8, right: 20)
        }
        assertFrame(cell(layout, 0), CGRect(x: 176, y: 0, width: 672, height: 60))
        assertFrame(cell(layout, 1), CGRect(x: 176, y: 60, width: 672, height: 60))
        assertFrame(cell(layout, 0, 1), CGRect(x: 20, y: 120, width: 984, height: 60))
    }

    /// Three 90 pt chips fit in 300 with the 5 pt minimum spacing; the flexible spacing shares the
    /// 20 left (R9): chips 105 apart. The row's flexible sides centre it at 45 (R12); its fixed
    /// 12 pt top offsets it and adds to its pitch, 72.
    func testCentredChipRows() {
        let layout = SweepLayouts.centredChips()
        _ = laidOut(layout, counts: [5])
        assertFrame(cell(layout, 0), CGRect(x: 45, y: 12, width: 90, height: 60))
        assertFrame(cell(layout, 2), CGRect(x: 255, y: 12, width: 90, height: 60))
        assertFrame(cell(layout, 4), CGRect(x: 150, y: 84, width: 90, height: 60))
        XCTAssertEqual(layout.collectionViewContentSize.height, 144)
    }

    /// A plain list (FlowSim's list metrics, weak: 28 pt header, 44 pt rows, no side insets)
    /// above a grid whose inset cells start where the list ends, 28 + 2 × 44 = 116.
    func testListAboveGrid() {
        let layout = SweepLayouts.listAboveGrid()
        _ = laidOut(layout, counts: [2, 3])
        assertFrame(supplementary(layout, header, 0)?.frame, CGRect(x: 0, y: 0, width: 390, height: 28))
        assertFrame(cell(layout, 1), CGRect(x: 0, y: 72, width: 390, height: 44))
        assertFrame(cell(layout, 1, 1), CGRect(x: 200, y: 121, width: 185, height: 110))
        assertFrame(cell(layout, 2, 1), CGRect(x: 5, y: 241, width: 185, height: 110))
        XCTAssertEqual(layout.collectionViewContentSize.height, 356)
    }

    /// A group's supplementary item is anchored to the group's frame as a badge is to an item's
    /// (R19): a 390 × 4 underline at the bottom-centre of each 100 pt pair. It takes the index
    /// path of the pair's first item (weak).
    func testGroupAnchoredUnderline() {
        let layout = SweepLayouts.underlinedPairs()
        _ = laidOut(layout, counts: [4])
        assertFrame(
            supplementary(layout, SweepLayouts.underlineKind, 0)?.frame, CGRect(x: 0, y: 96, width: 390, height: 4))
        assertFrame(
            supplementary(layout, SweepLayouts.underlineKind, 2)?.frame, CGRect(x: 0, y: 206, width: 390, height: 4))
        XCTAssertNil(supplementary(layout, SweepLayouts.underlineKind, 1))
        let kinds = Fixture.allAttributes(layout).compactMap(\.representedElementKind)
        XCTAssertEqual(kinds.filter { $0 == SweepLayouts.underlineKind }.count, 2)
    }

    /// Under a 47 pt status bar (safe area, so an adjusted content inset of 47 at the top) a
    /// sticky title pins to the top of the visible bounds less that inset (R18): scrolled to
    /// 300, it sits at 347, not under the status bar at 300; it stops 40 above its section's end
    /// (40 + 30 × 60 = 1840).
    func testStickyTitleKeepsBelowTheStatusBar() {
        let layout = SweepLayouts.stickyTitles()
        let harness = laidOut(layout, counts: [30, 30]) {
            $0.safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        }
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 300)
        assertFrame(supplementary(layout, header, 0, 0)?.frame, CGRect(x: 0, y: 347, width: 390, height: 40))
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 1790)
        assertFrame(supplementary(layout, header, 0, 0)?.frame, CGRect(x: 0, y: 1800, width: 390, height: 40))
        assertFrame(supplementary(layout, header, 0, 1)?.frame, CGRect(x: 0, y: 1840, width: 390, height: 40))
        let visibleTitle = harness.visible().first {
            $0.representedElementKind == header && $0.indexPath == IndexPath(item: 0, section: 1)
        }
        assertFrame(visibleTitle?.frame, CGRect(x: 0, y: 1840, width: 390, height: 40))
    }

    /// A layout-wide banner pins as a section's header does, within the whole content (R18,
    /// R24): 50 + 2 × 10 × 60 = 1250 tall, so scrolled to 1240 it stops at 1200.
    func testLayoutWideStickyBanner() {
        let layout = SweepLayouts.stickyBanner()
        let harness = laidOut(layout, counts: [10, 10])
        assertFrame(
            supplementary(layout, SweepLayouts.bannerKind, 0)?.frame, CGRect(x: 0, y: 0, width: 390, height: 50))
        assertFrame(cell(layout, 0, 1), CGRect(x: 0, y: 650, width: 390, height: 60))
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 400)
        assertFrame(
            supplementary(layout, SweepLayouts.bannerKind, 0)?.frame, CGRect(x: 0, y: 400, width: 390, height: 50))
        let banner = harness.visible().first { $0.representedElementKind == SweepLayouts.bannerKind }
        assertFrame(banner?.frame, CGRect(x: 0, y: 400, width: 390, height: 50))
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 1240)
        assertFrame(
            supplementary(layout, SweepLayouts.bannerKind, 0)?.frame, CGRect(x: 0, y: 1200, width: 390, height: 50))
    }

    /// `visualDescription()` names each group, nested ones indented.
    func testVisualDescription() {
        let row = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)))
        let inner = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(120)),
            subitems: [row])
        let outer = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120)),
            subitems: [inner, row])
        let lines = outer.visualDescription().split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("NSCollectionLayoutGroup horizontal"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("  NSCollectionLayoutGroup vertical"), String(lines[1]))
    }

    /// Lists in landscape (844 × 390, safe area 47 each side; ListMetrics): plain rows span the
    /// width as a table view's cells do, inset-grouped rows add the safe area to the table margin
    /// of a narrow-margin screen (`_effectiveCollectionViewLayoutMarginsForAppearanceStyle:
    /// forUseAsContentInsets:`), 16 + 47 = 63.
    func testListsInLandscapeSafeArea() {
        let plain = UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain))
        _ = laidOut(plain, counts: [2], width: 844, height: 390) {
            $0.safeAreaInsets = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
        }
        assertFrame(cell(plain, 1), CGRect(x: 0, y: 44, width: 844, height: 44))
        let inset = UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        _ = laidOut(inset, counts: [2], width: 844, height: 390) {
            $0.safeAreaInsets = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
        }
        assertFrame(cell(inset, 0), CGRect(x: 63, y: 35, width: 718, height: 44))
    }

    /// Seeded property (R11): for random grids with side insets, badges and a narrow title, every
    /// element right to left is its left-to-right frame mirrored across the content width.
    func testRightToLeftMirrorsEveryElement() {
        var random = SeededRandom(seed: 0x5EED_0C0B)
        for _ in 0..<25 {
            let columns = Int.random(in: 1...4, using: &random)
            let leading = CGFloat(Int.random(in: 0...30, using: &random))
            let trailing = CGFloat(Int.random(in: 0...30, using: &random))
            let count = Int.random(in: 1...12, using: &random)
            func make() -> UICollectionViewLayout {
                let badge = NSCollectionLayoutSupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(12)),
                    elementKind: SweepLayouts.badgeKind,
                    containerAnchor: NSCollectionLayoutAnchor(
                        edges: [.top, .leading], absoluteOffset: CGPoint(x: 3, y: 0)))
                let item = NSCollectionLayoutItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .absolute(50)),
                    supplementaryItems: [badge])
                item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 6)
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: leading, bottom: 0, trailing: trailing)
                section.boundarySupplementaryItems = [
                    NSCollectionLayoutBoundarySupplementaryItem(
                        layoutSize: NSCollectionLayoutSize(
                            widthDimension: .absolute(120), heightDimension: .absolute(20)),
                        elementKind: header, alignment: .topLeading)
                ]
                return UICollectionViewCompositionalLayout(section: section)
            }
            let ltr = make()
            _ = laidOut(ltr, counts: [count])
            let rtl = make()
            _ = laidOut(rtl, counts: [count]) { $0.semanticContentAttribute = .forceRightToLeft }
            func frames(_ layout: UICollectionViewLayout) -> [String: CGRect] {
                var result: [String: CGRect] = [:]
                for attributes in Fixture.allAttributes(layout) {
                    result["\(attributes.representedElementKind ?? "cell") \(attributes.indexPath)"] = attributes.frame
                }
                return result
            }
            let width = ltr.collectionViewContentSize.width
            let left = frames(ltr)
            let right = frames(rtl)
            XCTAssertEqual(Set(left.keys), Set(right.keys))
            for (key, frame) in left {
                let mirrored = CGRect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
                assertFrame(right[key], mirrored, accuracy: 1e-6, key)
            }
        }
    }

    /// The references resolve as `_UIContentInsetsEnvironment` does: a section's `.automatic`
    /// takes the layout's, and a layout of `.automatic` or `.none` gives no insets.
    func testInsetReferencesResolve() {
        let environment = CompositionalInsetsEnvironment(
            safeArea: NSDirectionalEdgeInsets(top: 47, leading: 10, bottom: 34, trailing: 20),
            layoutMargins: NSDirectionalEdgeInsets(top: 8, leading: 30, bottom: 8, trailing: 40))
        func sectionInsets(_ section: UIContentInsetsReference, layout: UIContentInsetsReference)
            -> NSDirectionalEdgeInsets
        {
            let made = NSCollectionLayoutSection(
                group: .horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(1)),
                    subitems: [
                        NSCollectionLayoutItem(
                            layoutSize: NSCollectionLayoutSize(
                                widthDimension: .absolute(1), heightDimension: .absolute(1)))
                    ]))
            made.contentInsetsReference = section
            let layoutRoot = UICollectionViewCompositionalLayout(section: made)
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.contentInsetsReference = layout
            layoutRoot.configuration = configuration
            _ = laidOut(layoutRoot, counts: [1], width: 400, height: 300, scale: 1) {
                $0.safeAreaInsets = UIEdgeInsets(top: 47, left: 10, bottom: 34, right: 20)
                $0.directLayoutMargins = UIEdgeInsets(top: 8, left: 20, bottom: 8, right: 20)
            }
            let x = layoutRoot.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX ?? -1
            return NSDirectionalEdgeInsets(top: 0, leading: x, bottom: 0, trailing: 0)
        }
        XCTAssertEqual(sectionInsets(.automatic, layout: .safeArea).leading, 10)
        XCTAssertEqual(sectionInsets(.automatic, layout: .automatic).leading, 0)
        XCTAssertEqual(sectionInsets(.automatic, layout: .none).leading, 0)
        // Layout margins add the safe area to the view's own margins: 10 + 20.
        XCTAssertEqual(sectionInsets(.layoutMargins, layout: .none).leading, 30)
        XCTAssertEqual(sectionInsets(.none, layout: .safeArea).leading, 0)
        // Only the edges across the scroll axis are used.
        XCTAssertEqual(environment.insets(for: .safeArea, layoutAxis: .vertical).top, 0)
        XCTAssertEqual(environment.insets(for: .layoutMargins, layoutAxis: .horizontal).leading, 0)
        XCTAssertEqual(environment.insets(for: .layoutMargins, layoutAxis: .horizontal).top, 8)
    }
}
