import FlowSim
import FlowSimCoreTestSupport
import XCTest

/// Batch updates on a compositional layout: where inserted, deleted and surviving cells,
/// boundary headers and section backgrounds start and end (docs/compositional.md, "Updates").
/// Evidence: decompiled UIKit 26.1 `UICollectionViewCompositionalLayout`:
/// `initialLayoutAttributesForAppearingItemAtIndexPath:` and its supplementary and decoration
/// forms map the final index path to the initial one and, when the solver has a pre-update frame
/// (`preUpdateFrameForItemAtInitialIndexPath:`, `preUpdateFrameForSupplementaryViewOfKind:…`,
/// `preUpdateFrameForDecorationViewOfKind:…`), return the element's new attributes moved to that
/// frame; otherwise (an inserted element) they fall back to `UICollectionViewLayout`'s answer, the
/// end attributes with alpha 0. `finalLayoutAttributesForDisappearing…` only call super.
final class CompositionalUpdateTests: XCTestCase {
    private let header = FlowLayout.elementKindSectionHeader

    private func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: width, heightDimension: height)
    }

    /// 100 pt rows under a 40 pt header, with a section background; 300 × 400 viewport at 1×.
    /// Section s's header is at y = its top, its rows at top + 40 + 100·k.
    private func makeView(counts: [Int]) -> Harness {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item]))
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: header, alignment: .top)
        ]
        section.decorationItems = [DecorationItem.background(elementKind: "background")]
        let layout = CompositionalLayout(section: section)
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: 300, height: 400, layout: layout, sections: sections, scale: 1)
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func apply(_ harness: Harness, _ edit: (inout BatchUpdate) -> Void) throws {
        var batch = BatchUpdate()
        edit(&batch)
        try harness.collectionView.apply(batch, timing: AnimationTiming(curve: .linear(duration: 1)))
    }

    private func element(_ harness: Harness, at time: Double, _ match: (PresentedElement) -> Bool)
        -> PresentedElement?
    {
        harness.collectionView.presentation(at: time).first { match($0) && !$0.isSnapshot }
    }

    /// Deleting six rows of section 0 (9 rows: y 40…940) brings section 1's header from
    /// y 940…980 to y 340…380. Before the update it is more than a viewport below the 400 pt
    /// bounds, outside the region the collection view records (the bounds and a viewport either
    /// side), so only the layout's pre-update frame can place it: it slides, centre y 960 → 360,
    /// alpha 1 throughout, instead of fading in.
    func testAHeaderFromFarBelowTheFoldSlidesUpFromItsOldFrame() throws {
        let harness = makeView(counts: [9, 2])
        harness.dataSource.sections[0].items.removeFirst(6)
        try apply(harness) { $0.deletedItems = (0..<6).map { IndexPath(item: $0, section: 0) } }
        let isHeader: (PresentedElement) -> Bool = { $0.kind == .header && $0.section == 1 }
        let start = element(harness, at: 0, isHeader)
        XCTAssertEqual(start?.center, CGPoint(x: 150, y: 960))
        XCTAssertEqual(start?.alpha, 1)
        XCTAssertEqual(start?.state, .moving)
        XCTAssertEqual(element(harness, at: 0.5, isHeader)?.center, CGPoint(x: 150, y: 660))
        XCTAssertEqual(element(harness, at: 1, isHeader)?.center, CGPoint(x: 150, y: 360))
    }

    /// The same delete moves section 1's background (header + 2 rows: y 940…1180) to y 340…580;
    /// it slides from its pre-update frame (centre y 1060 → 460) rather than fading in.
    func testASectionBackgroundFromFarBelowTheFoldSlidesFromItsOldFrame() throws {
        let harness = makeView(counts: [9, 2])
        harness.dataSource.sections[0].items.removeFirst(6)
        try apply(harness) { $0.deletedItems = (0..<6).map { IndexPath(item: $0, section: 0) } }
        let isBackground: (PresentedElement) -> Bool = {
            $0.kind == .decoration("background") && $0.section == 1
        }
        let start = element(harness, at: 0, isBackground)
        XCTAssertEqual(start?.frame, CGRect(x: 0, y: 940, width: 300, height: 240))
        XCTAssertEqual(start?.alpha, 1)
        XCTAssertEqual(element(harness, at: 0.5, isBackground)?.center, CGPoint(x: 150, y: 760))
        XCTAssertEqual(element(harness, at: 1, isBackground)?.frame, CGRect(x: 0, y: 340, width: 300, height: 240))
    }

    /// An inserted row has no initial index path, so UIKit's base answer applies: its end frame
    /// with alpha 0 (fades in where it lands). The rows below slide down by 100; section 0's
    /// background grows from 240 to 340 pt; the header stays still.
    func testAnInsertedRowFadesInAndItsSectionBackgroundGrows() throws {
        let harness = makeView(counts: [2, 1])
        harness.dataSource.sections[0].items.insert(ItemData(id: "new"), at: 0)
        try apply(harness) { $0.insertedItems = [IndexPath(item: 0, section: 0)] }
        let inserted = element(harness, at: 0.5) { $0.id == "new" }
        XCTAssertEqual(inserted?.center, CGPoint(x: 150, y: 90))
        XCTAssertEqual(inserted?.alpha, 0.5)
        XCTAssertEqual(inserted?.state, .appearing)
        XCTAssertEqual(element(harness, at: 0.5) { $0.id == "s0-0" }?.center, CGPoint(x: 150, y: 140))
        let background = element(harness, at: 0.5) { $0.kind == .decoration("background") && $0.section == 0 }
        XCTAssertEqual(background?.frame, CGRect(x: 0, y: 0, width: 300, height: 290))
        let sectionHeader = element(harness, at: 0.5) { $0.kind == .header && $0.section == 0 }
        XCTAssertEqual(sectionHeader?.center, CGPoint(x: 150, y: 20))
        XCTAssertEqual(sectionHeader?.state, .static)
    }

    /// A deleted row fades out in place (UIKit's base F: its start attributes with alpha 0).
    func testADeletedRowFadesOutInPlace() throws {
        let harness = makeView(counts: [3])
        harness.dataSource.sections[0].items.remove(at: 1)
        try apply(harness) { $0.deletedItems = [IndexPath(item: 1, section: 0)] }
        let deleted = harness.collectionView.presentation(at: 0.5).first { $0.id == "s0-1" }
        XCTAssertEqual(deleted?.center, CGPoint(x: 150, y: 190))
        XCTAssertEqual(deleted?.alpha, 0.5)
        XCTAssertEqual(deleted?.state, .disappearing)
        XCTAssertEqual(element(harness, at: 0.5) { $0.id == "s0-2" }?.center, CGPoint(x: 150, y: 240))
    }

    /// An inserted section's header and background are inserted elements: they fade in at their
    /// end frames (alpha 0 → 1), as UIKit's base answer for an element with no initial path.
    func testAnInsertedSectionsHeaderAndBackgroundFadeIn() throws {
        let harness = makeView(counts: [1])
        harness.dataSource.sections.append(SectionData(id: "s1", items: items(1, prefix: "s1-")))
        try apply(harness) { $0.insertedSections = [1] }
        let sectionHeader = element(harness, at: 0.25) { $0.kind == .header && $0.section == 1 }
        XCTAssertEqual(sectionHeader?.center, CGPoint(x: 150, y: 160))
        XCTAssertEqual(sectionHeader?.alpha, 0.25)
        XCTAssertEqual(sectionHeader?.state, .appearing)
        let background = element(harness, at: 0.25) { $0.kind == .decoration("background") && $0.section == 1 }
        XCTAssertEqual(background?.frame, CGRect(x: 0, y: 140, width: 300, height: 140))
        XCTAssertEqual(background?.alpha, 0.25)
    }

    // MARK: Orthogonal sections

    /// Every section a continuous carousel of 150 × 100 groups in a 300 × 400 viewport (1×):
    /// section s's cell k is at x = 150·k − the section's offset, y = 100·s.
    private func makeCarousels(counts: [Int]) -> (Harness, CompositionalLayout) {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(0.5), .absolute(100)), subitems: [item]))
        section.orthogonalScrollingBehavior = .continuous
        let layout = CompositionalLayout(section: section)
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: 300, height: 400, layout: layout, sections: sections, scale: 1)
        harness.collectionView.layoutIfNeeded()
        return (harness, layout)
    }

    /// Scrolls section `section`'s carousel and lays out, as a scene's section scroll does.
    private func scroll(_ harness: Harness, _ layout: CompositionalLayout, section: Int, to x: CGFloat) {
        layout.setOrthogonalContentOffset(CGPoint(x: x, y: 0), forSection: section)
        harness.collectionView.recordLayoutPass()
    }

    /// Evidence: UIKit 26.1's `_UICollectionViewOrthogonalScrollerSectionController
    /// reconfigureScrollViewsForUpdate:` re-keys each section's inner scroll view by
    /// `finalSectionIndexForInitialSectionIndex:`, so a scrolled carousel keeps its offset when a
    /// section is inserted above it and moves to its new index.
    func testAnOrthogonalOffsetFollowsItsSectionWhenASectionIsInsertedAbove() throws {
        let (harness, layout) = makeCarousels(counts: [4, 4])
        scroll(harness, layout, section: 1, to: 60)
        harness.dataSource.sections.insert(SectionData(id: "new", items: items(4, prefix: "n-")), at: 0)
        try apply(harness) { $0.insertedSections = [0] }
        XCTAssertEqual(layout.orthogonalContentOffset(forSection: 2), CGPoint(x: 60, y: 0))
        XCTAssertEqual(layout.orthogonalContentOffset(forSection: 1), .zero)
        XCTAssertEqual(layout.orthogonalContentOffset(forSection: 0), .zero)
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2))?.frame,
            CGRect(x: 90, y: 200, width: 150, height: 100))
        // The carousel's cell slides straight down by one section: 150 − 60 = 90 at both ends.
        let middle = element(harness, at: 0.5) { $0.id == "s1-1" }
        XCTAssertEqual(middle?.center, CGPoint(x: 165, y: 200))
    }

    /// Deleting the section above takes its own offset with it; the carousel below keeps its own.
    func testAnOrthogonalOffsetFollowsItsSectionWhenASectionAboveIsDeleted() throws {
        let (harness, layout) = makeCarousels(counts: [4, 4])
        scroll(harness, layout, section: 0, to: 60)
        scroll(harness, layout, section: 1, to: 30)
        harness.dataSource.sections.remove(at: 0)
        try apply(harness) { $0.deletedSections = [0] }
        XCTAssertEqual(layout.orthogonalContentOffset(forSection: 0), CGPoint(x: 30, y: 0))
        XCTAssertRectEqual(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame,
            CGRect(x: -30, y: 0, width: 150, height: 100))
    }

    /// An insert into the scrolled carousel itself keeps its offset: the new cell fades in at
    /// x = 150 − 60 = 90 and the cells after it slide right by 150.
    func testAnInsertIntoAScrolledCarouselKeepsItsOffset() throws {
        let (harness, layout) = makeCarousels(counts: [4])
        scroll(harness, layout, section: 0, to: 60)
        harness.dataSource.sections[0].items.insert(ItemData(id: "new"), at: 1)
        try apply(harness) { $0.insertedItems = [IndexPath(item: 1, section: 0)] }
        XCTAssertEqual(layout.orthogonalContentOffset(forSection: 0), CGPoint(x: 60, y: 0))
        let inserted = element(harness, at: 0.5) { $0.id == "new" }
        XCTAssertEqual(inserted?.center, CGPoint(x: 165, y: 50))
        XCTAssertEqual(inserted?.alpha, 0.5)
        XCTAssertEqual(element(harness, at: 0.5) { $0.id == "s0-1" }?.center, CGPoint(x: 240, y: 50))
    }
}
