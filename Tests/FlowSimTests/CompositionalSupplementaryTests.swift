import FlowSim
import FlowSimCoreTestSupport
import XCTest

/// Headers, footers, badges, backgrounds, orthogonal sections and list sections of the
/// compositional layout (docs/compositional.md R17–R21, R25).
final class CompositionalSupplementaryTests: XCTestCase {
    private let header = FlowLayout.elementKindSectionHeader
    private let footer = FlowLayout.elementKindSectionFooter

    private func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: width, heightDimension: height)
    }

    private func rows(height: CGFloat = 50) -> LayoutSection {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        return LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(height)), subitems: [item]))
    }

    private func harness(_ layout: CompositionalLayout, counts: [Int], width: CGFloat = 390, height: CGFloat = 300)
        -> Harness
    {
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: width, height: height, layout: layout, sections: sections, scale: 2)
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func supplementary(_ layout: CompositionalLayout, _ kind: String, _ item: Int = 0, section: Int = 0)
        -> CGRect?
    {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: item, section: section))?.frame
    }

    /// R17: a header extends the section above the content; with `supplementariesFollowContentInsets`
    /// (the default) it takes the section's leading and trailing insets. Order: header, top inset,
    /// groups, bottom inset, footer.
    func testHeaderAndFooterExtendTheSection() {
        let section = rows()
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(44)), elementKind: header, alignment: .top),
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: footer, alignment: .bottom),
        ]
        let layout = CompositionalLayout(section: section)
        _ = harness(layout, counts: [2, 1])
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 16, y: 0, width: 358, height: 44))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame,
            CGRect(x: 16, y: 54, width: 358, height: 50))
        XCTAssertRectEqual(supplementary(layout, footer), CGRect(x: 16, y: 164, width: 358, height: 30))
        XCTAssertRectEqual(supplementary(layout, header, section: 1), CGRect(x: 16, y: 194, width: 358, height: 44))
        XCTAssertEqual(layout.collectionViewContentSize.height, 194 * 2 - 50)
        XCTAssertEqual(
            layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 0))?.zIndex, 1)
    }

    /// R17: `extendsBoundary = false` overlaps the content; the section does not grow.
    func testHeaderThatDoesNotExtendOverlaps() {
        let section = rows()
        let top = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(44)), elementKind: header, alignment: .top)
        top.extendsBoundary = false
        section.boundarySupplementaryItems = [top]
        let layout = CompositionalLayout(section: section)
        _ = harness(layout, counts: [2])
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 0, y: 0, width: 390, height: 44))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY, 0)
        XCTAssertEqual(layout.collectionViewContentSize.height, 100)
    }

    /// R17: `absoluteOffset` moves the item (here one that does not extend the section).
    func testAbsoluteOffset() {
        let section = rows()
        let tag = BoundarySupplementaryItem(
            layoutSize: size(.absolute(100), .absolute(20)), elementKind: "tag", alignment: .topLeading,
            absoluteOffset: CGPoint(x: 8, y: 4))
        tag.extendsBoundary = false
        section.boundarySupplementaryItems = [tag]
        let layout = CompositionalLayout(section: section)
        _ = harness(layout, counts: [1])
        XCTAssertRectEqual(supplementary(layout, "tag"), CGRect(x: 8, y: 4, width: 100, height: 20))
    }

    /// R18: a pinned header stays at the top of the visible bounds and is pushed off by the
    /// section's end (`_UIPinnedNonOverlappingFramesForContentFrameVisibleFrame`).
    func testPinnedHeaderFollowsScrolling() {
        let section = rows()
        let top = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: header, alignment: .top)
        top.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [top]
        let layout = CompositionalLayout(section: section)
        let harness = harness(layout, counts: [10, 10])
        // Section 0: header 0–40, rows 40–540. Section 1 starts at 540.
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 200)
        harness.collectionView.layoutIfNeeded()
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 0, y: 200, width: 390, height: 40))
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 520)
        harness.collectionView.layoutIfNeeded()
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 0, y: 500, width: 390, height: 40))
        let visibleHeaders = harness.visible().filter { $0.representedElementKind == header }.map(\.indexPath.section)
        XCTAssertEqual(Set(visibleHeaders), [0, 1])
    }

    /// R19: Apple's badge sample, 20 × 20 at the top trailing corner, fractional offset
    /// (0.3, −0.3) of its own size: (x + w − 14, y − 6).
    func testBadgeAnchoredWithFractionalOffset() {
        let badge = SupplementaryItem(
            layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
        let item = LayoutItem(
            layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), supplementaryItems: [badge])
        item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [6], width: 400)
        // Item 5: group 1, slot 1: inset frame (105, 105, 90, 90).
        XCTAssertRectEqual(supplementary(layout, "badge", 5), CGRect(x: 181, y: 99, width: 20, height: 20))
        let all = Fixture.allAttributes(layout).filter { $0.representedElementKind == "badge" }
        XCTAssertEqual(all.count, 6)
    }

    /// R20 (weak): a background covers the section (headers included) inset by its insets; cells
    /// go above it.
    func testBackgroundDecoration() {
        let section = rows()
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let background = DecorationItem.background(elementKind: "background")
        background.contentInsets = DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        let layout = CompositionalLayout(section: section)
        _ = harness(layout, counts: [2])
        let decoration = layout.layoutAttributesForDecorationView(
            ofKind: "background", at: IndexPath(item: 0, section: 0))
        XCTAssertRectEqual(decoration?.frame, CGRect(x: 5, y: 5, width: 380, height: 110))
        XCTAssertEqual(decoration?.representedElementCategory, .decorationView)
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.zIndex, 1)
    }

    /// R21: an orthogonal section lays its groups out across the scroll axis at offset 0; the
    /// group's fraction is of the full width (R2: the leading inset is not subtracted).
    func testOrthogonalSectionFrames() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(0.5), .absolute(120)), subitems: [item])
        let carousel = LayoutSection(group: group)
        carousel.orthogonalScrollingBehavior = .groupPaging
        carousel.interGroupSpacing = 10
        carousel.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let layout = CompositionalLayout(sectionProvider: { index, _ in index == 0 ? carousel : self.rows() })
        _ = harness(layout, counts: [5, 1])
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame,
            CGRect(x: 16, y: 8, width: 195, height: 120))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame,
            CGRect(x: 631, y: 8, width: 195, height: 120))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame,
            CGRect(x: 0, y: 136, width: 390, height: 50))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 186))
        let visible = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 300)) ?? []
        XCTAssertEqual(visible.filter { $0.indexPath.section == 0 }.map(\.indexPath.item), [0, 1])
    }

    /// An orthogonal section scrolled on its own: cells move, the section does not; paging
    /// targets (weak: our reading) snap to groups, centred groups or pages.
    func testOrthogonalOffsetAndPagingTargets() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(0.5), .absolute(120)), subitems: [item])
        let carousel = LayoutSection(group: group)
        carousel.orthogonalScrollingBehavior = .groupPaging
        carousel.interGroupSpacing = 10
        carousel.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        carousel.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: header, alignment: .top)
        ]
        let layout = CompositionalLayout(section: carousel)
        let harness = harness(layout, counts: [5])
        withExtendedLifetime(harness) {
            XCTAssertEqual(layout.orthogonalContentSize(forSection: 0), CGSize(width: 1047, height: 156))
            layout.setOrthogonalContentOffset(CGPoint(x: 205, y: 0), forSection: 0)
            XCTAssertRectEqual(
                layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
                CGRect(x: 16, y: 28, width: 195, height: 120))
            let visible = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 300)) ?? []
            XCTAssertEqual(visible.filter { $0.representedElementCategory == .cell }.map(\.indexPath.item), [0, 1, 2])
            XCTAssertRectEqual(
                supplementary(layout, header), CGRect(x: 16, y: 0, width: 358, height: 20), "headers stay")
            func target(_ x: CGFloat, _ velocity: CGFloat) -> CGFloat {
                layout.targetOrthogonalContentOffset(
                    forSection: 0, proposedContentOffset: CGPoint(x: x, y: 0), velocity: CGPoint(x: velocity, y: 0)
                ).x
            }
            // Group leading edges 0, 205, 410, 615, and the end 1047 − 390 = 657.
            XCTAssertEqual([target(300, 0), target(300, 1), target(300, -1), target(900, 0)], [205, 410, 205, 657])
            carousel.orthogonalScrollingBehavior = .groupPagingCentered
            let centred = CompositionalLayout(section: carousel)
            let other = Harness(
                width: 390, height: 300, layout: centred, sections: [SectionData(id: "c", items: items(5, prefix: "c"))]
            )
            other.collectionView.layoutIfNeeded()
            // Group g centred: 16 + 205g + 97.5 − 195 = 205g − 81.5 (the first clamped to 0).
            XCTAssertEqual(
                centred.targetOrthogonalContentOffset(
                    forSection: 0, proposedContentOffset: CGPoint(x: 300, y: 0), velocity: .zero
                ).x, 328.5)
            XCTAssertEqual(
                centred.targetOrthogonalContentOffset(
                    forSection: 0, proposedContentOffset: CGPoint(x: 10, y: 0), velocity: .zero
                ).x, 0)
        }
    }

    /// R25 (ListMetrics): an insetGrouped list with headers on a 390 pt phone; 17.5 below a
    /// section without a footer that is not the last.
    func testInsetGroupedList() {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        let layout = CompositionalLayout.list(using: configuration)
        _ = harness(layout, counts: [2, 1])
        XCTAssertRectEqual(supplementary(layout, header), CGRect(x: 16, y: 0, width: 358, height: 38))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 16, y: 82, width: 358, height: 44))
        XCTAssertRectEqual(supplementary(layout, header, section: 1), CGRect(x: 16, y: 143.5, width: 358, height: 38))
    }

    /// Layout-wide boundary items (R24) wrap every section and shift them.
    func testConfigurationHeaderShiftsSections() {
        let configuration = CompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(60)), elementKind: "banner", alignment: .top)
        ]
        let layout = CompositionalLayout(section: rows(), configuration: configuration)
        _ = harness(layout, counts: [1])
        XCTAssertRectEqual(supplementary(layout, "banner"), CGRect(x: 0, y: 0, width: 390, height: 60))
        XCTAssertEqual(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY, 60)
        XCTAssertEqual(layout.collectionViewContentSize.height, 110)
    }
}
