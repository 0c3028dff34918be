import FlowSim
import FlowSimCoreTestSupport
import XCTest

/// List sections' insets and pinning, as UIKit 26.1's `_UICollectionViewListLayoutSection`,
/// `_UICollectionViewListLayoutSectionConfiguration` and `UITableConstants_IOS` compute them
/// (docs/compositional.md, "List metrics"). Frames at scale 2.
final class ListMetricsTests: XCTestCase {
    private let header = FlowLayout.elementKindSectionHeader
    private let footer = FlowLayout.elementKindSectionFooter

    private func list(
        _ appearance: ListConfiguration.Appearance, header: ListConfiguration.HeaderMode = .none,
        footer: ListConfiguration.FooterMode = .none, headerTopPadding: CGFloat? = nil
    ) -> CompositionalLayout {
        var configuration = ListConfiguration(appearance: appearance)
        configuration.headerMode = header
        configuration.footerMode = footer
        configuration.headerTopPadding = headerTopPadding
        return CompositionalLayout.list(using: configuration)
    }

    private func harness(
        _ layout: CompositionalLayout, counts: [Int], width: CGFloat = 390, height: CGFloat = 844,
        safeArea: EdgeInsets = .zero, margins: EdgeInsets? = nil
    ) -> Harness {
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: width, height: height, layout: layout, sections: sections, scale: 2)
        harness.collectionView.safeAreaInsets = safeArea
        if let margins { harness.collectionView.directLayoutMargins = margins }
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func cell(_ layout: CompositionalLayout, _ item: Int, section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    private func supplementary(_ layout: CompositionalLayout, _ kind: String, section: Int = 0) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
    }

    /// Grouped styles without headers or footers: 35 above the first section
    /// (`defaultPaddingAboveFirstSectionWithoutHeaderTableStyle:`), 17.5 above the others and below
    /// all but the last (the grouped header and footer heights), 20 below the last.
    func testInsetGroupedSectionsWithoutHeadersOrFooters() {
        let layout = list(.insetGrouped)
        _ = harness(layout, counts: [2, 1, 1])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 16, y: 35, width: 358, height: 44))
        XCTAssertRectEqual(cell(layout, 1), CGRect(x: 16, y: 79, width: 358, height: 44))
        XCTAssertRectEqual(cell(layout, 0, section: 1), CGRect(x: 16, y: 158, width: 358, height: 44))
        XCTAssertRectEqual(cell(layout, 0, section: 2), CGRect(x: 16, y: 237, width: 358, height: 44))
        XCTAssertEqual(layout.collectionViewContentSize.height, 301)
    }

    /// Grouped rows span the container (no side insets), with the same vertical spacing.
    func testGroupedRowsSpanTheWidth() {
        let layout = list(.grouped)
        _ = harness(layout, counts: [1, 1])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 35, width: 390, height: 44))
        XCTAssertRectEqual(cell(layout, 0, section: 1), CGRect(x: 0, y: 114, width: 390, height: 44))
        XCTAssertEqual(layout.collectionViewContentSize.height, 178)
    }

    /// A header takes the space above its section away; a footer the space below.
    func testGroupedHeadersAndFootersTakeTheSpacing() {
        let layout = list(.insetGrouped, header: .supplementary, footer: .supplementary)
        _ = harness(layout, counts: [1, 1])
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 16, y: 0, width: 358, height: 38))
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 16, y: 38, width: 358, height: 44))
        XCTAssertRectEqual(supplementary(layout, footer), CGRect(x: 16, y: 82, width: 358, height: 38))
        XCTAssertRectEqual(supplementary(layout, header, section: 1), CGRect(x: 16, y: 120, width: 358, height: 38))
        XCTAssertEqual(layout.collectionViewContentSize.height, 240)
    }

    /// Headers without footers: 17.5 below every section but the last, 20 below the last.
    func testGroupedHeadersWithoutFooters() {
        let layout = list(.grouped, header: .supplementary)
        _ = harness(layout, counts: [1, 1])
        XCTAssertRectEqual(supplementary(layout, header, section: 1), CGRect(x: 0, y: 99.5, width: 390, height: 38))
        XCTAssertEqual(layout.collectionViewContentSize.height, 201.5)
    }

    /// On a landscape iPhone (narrow-margin screen) an inset-grouped list's inset is the table
    /// margin plus the safe area: 16 + 47; headers follow the insets.
    func testInsetGroupedLandscapeAddsTheSafeArea() {
        let layout = list(.insetGrouped, header: .supplementary)
        _ = harness(
            layout, counts: [1], width: 844, height: 390, safeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 63, y: 0, width: 718, height: 38))
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 63, y: 38, width: 718, height: 44))
    }

    /// Plain rows span the whole container, under a landscape safe area too.
    func testPlainRowsIgnoreTheSafeArea() {
        let layout = list(.plain)
        _ = harness(
            layout, counts: [1], width: 844, height: 390, safeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: 844, height: 44))
    }

    /// Wide-margin screens (a large iPhone, an iPad) take 20.
    func testWideScreensTakeTwenty() {
        let phone = list(.insetGrouped)
        _ = harness(phone, counts: [1], width: 440, height: 956)
        XCTAssertRectEqual(cell(phone, 0), CGRect(x: 20, y: 35, width: 400, height: 44))
        let pad = list(.insetGrouped)
        _ = harness(pad, counts: [1], width: 1024, height: 768)
        XCTAssertRectEqual(cell(pad, 0), CGRect(x: 20, y: 35, width: 984, height: 44))
    }

    /// Layout margins larger than the table margin plus the safe area win
    /// (`_effectiveCollectionViewLayoutMarginsForAppearanceStyle:forUseAsContentInsets:` takes the max).
    func testLargerLayoutMarginsWin() {
        let layout = list(.insetGrouped)
        _ = harness(layout, counts: [1], margins: EdgeInsets(top: 8, left: 40, bottom: 8, right: 30))
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 40, y: 35, width: 320, height: 44))
    }

    /// Sidebar: the table margin at the sides, nothing above, 10 below a section without a footer.
    func testSidebarInsets() {
        let layout = list(.sidebar)
        _ = harness(layout, counts: [2])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 16, y: 0, width: 358, height: 44))
        XCTAssertEqual(layout.collectionViewContentSize.height, 98)
    }

    /// SidebarPlain: rows take the table margin, the header ignores it and spans the container.
    func testSidebarPlainHeaderSpansTheInsetRows() {
        let layout = list(.sidebarPlain, header: .supplementary)
        _ = harness(layout, counts: [1])
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 0, y: 0, width: 390, height: 28))
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 16, y: 28, width: 358, height: 44))
    }

    /// Plain and sidebarPlain lists pin headers and footers (`_shouldPinSupplementaries`); the
    /// others pin neither.
    func testPinning() {
        let environment = CompositionalEnvironment(
            container: CompositionalContainer(contentSize: CGSize(width: 390, height: 844)),
            traitCollection: TraitCollection(displayScale: 2))
        for appearance in ListConfiguration.Appearance.allCases {
            var configuration = ListConfiguration(appearance: appearance)
            configuration.headerMode = .supplementary
            configuration.footerMode = .supplementary
            let section = LayoutSection.list(using: configuration, layoutEnvironment: environment)
            let pins = appearance == .plain || appearance == .sidebarPlain
            XCTAssertEqual(section.boundarySupplementaryItems.map(\.pinToVisibleBounds), [pins, pins], "\(appearance)")
            XCTAssertEqual(section.supplementariesFollowContentInsets, !pins, "\(appearance)")
        }
    }

    /// A headerTopPadding of 0 turns a sidebarPlain section's chrome on: 8 above and below.
    func testSidebarPlainZeroHeaderTopPaddingAddsChromeInsets() {
        var configuration = ListConfiguration(appearance: .sidebarPlain)
        configuration.headerMode = .supplementary
        let context = ListMetrics.Context(containerSize: CGSize(width: 390, height: 844))
        XCTAssertEqual(ListMetrics.metrics(for: configuration, in: context).topInset, 0)
        configuration.headerTopPadding = 0
        let chrome = ListMetrics.metrics(for: configuration, in: context)
        XCTAssertEqual([chrome.topInset, chrome.bottomInset], [8, 8])
    }

    /// The table margin: 16, 20 on wide-margin screens, 16 again at most 320 pt wide.
    func testTableMargin() {
        XCTAssertEqual(ListMetrics.tableMargin(containerSize: CGSize(width: 390, height: 844)), 16)
        XCTAssertEqual(ListMetrics.tableMargin(containerSize: CGSize(width: 844, height: 390)), 16)
        XCTAssertEqual(ListMetrics.tableMargin(containerSize: CGSize(width: 430, height: 932)), 20)
        XCTAssertEqual(ListMetrics.tableMargin(containerSize: CGSize(width: 320, height: 1024)), 16)
        XCTAssertEqual(ListMetrics.tableMargin(containerSize: CGSize(width: 1366, height: 1024)), 20)
    }

    /// An environment FlowSim did not build: its container's insets stand for the safe area.
    func testForeignEnvironmentUsesTheContainerInsets() {
        struct Foreign: LayoutEnvironment {
            var container: LayoutContainer
            var traitCollection: TraitCollection
        }
        let environment = Foreign(
            container: CompositionalContainer(
                contentSize: CGSize(width: 844, height: 390),
                contentInsets: DirectionalEdgeInsets(top: 0, leading: 47, bottom: 0, trailing: 47)),
            traitCollection: TraitCollection(displayScale: 3))
        let section = LayoutSection.list(
            using: ListConfiguration(appearance: .insetGrouped), layoutEnvironment: environment)
        XCTAssertEqual(section.contentInsets, DirectionalEdgeInsets(top: 35, leading: 63, bottom: 20, trailing: 63))
    }
}
