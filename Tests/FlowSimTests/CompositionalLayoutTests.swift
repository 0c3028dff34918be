import FlowSim
import FlowSimTestSupport
import XCTest

/// Worked cases of the compositional layout's rules, each with the rule (docs/compositional.md)
/// and where UIKit does it. Exact values: the solver computes in UIKit's order.
final class CompositionalLayoutTests: XCTestCase {
    private func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: width, heightDimension: height)
    }

    /// A harness laid out with `layout` over sections of `counts` items.
    private func harness(
        _ layout: CompositionalLayout, counts: [Int], width: CGFloat = 390, height: CGFloat = 844, scale: CGFloat = 3
    ) -> Harness {
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: width, height: height, layout: layout, sections: sections, scale: scale)
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func cell(_ layout: CompositionalLayout, _ item: Int, section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    private func single(_ item: LayoutItem, group groupSize: LayoutSize, spacing: LayoutSpacing? = nil) -> LayoutSection
    {
        let group = LayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        group.interItemSpacing = spacing
        return LayoutSection(group: group)
    }

    // MARK: R3 dimensions

    /// R3: 390 × 0.85 = 331.5 floors to 331.333 at @3x (NSCollectionLayoutSize
    /// `_effectiveSizeForContainer:displayScale:ignoringInsets:`: `floor(s·v)/s`).
    func testFractionalWidthFloorsToThePixelGrid() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let layout = CompositionalLayout(
            section: single(item, group: size(.fractionalWidth(0.85), .absolute(100))))
        _ = harness(layout, counts: [1])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: 994.0 / 3, height: 100))
    }

    /// R3 at @2x: 320 / 3 = 106.67 floors to 106.5, so three items leave 0.5 pt at the end.
    func testThirdsAtTwoXFloorToHalfPoints() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3.0), .absolute(50)))
        let layout = CompositionalLayout(section: single(item, group: size(.fractionalWidth(1), .absolute(50))))
        _ = harness(layout, counts: [3], width: 320, scale: 2)
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: 106.5, height: 50))
        XCTAssertRectEqual(cell(layout, 2), CGRect(x: 213, y: 0, width: 106.5, height: 50))
    }

    // MARK: R5, R6, R13, R14: items, filling, tiling, content size

    /// The inset-items grid of Apple's sample: a third of the width, insets 5 on every side
    /// (R5: `_solveSingleItemWithPreferredSize` insets the item's rect), groups tiled (R13).
    func testInsetItemsGrid() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3.0), .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let layout = CompositionalLayout(
            section: single(item, group: size(.fractionalWidth(1), .fractionalWidth(1.0 / 3.0))))
        _ = harness(layout, counts: [7])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 5, y: 5, width: 120, height: 120))
        XCTAssertRectEqual(cell(layout, 4), CGRect(x: 135, y: 135, width: 120, height: 120))
        XCTAssertRectEqual(cell(layout, 6), CGRect(x: 5, y: 265, width: 120, height: 120))
        // R14: three groups of 130, the partial last one counted whole.
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 390))
    }

    /// R6: a candidate is accepted while the remainder is ≥ −0.25 pt.
    func testFitToleranceIsAQuarterPoint() {
        func perGroup(_ width: CGFloat) -> Int {
            let item = LayoutItem(layoutSize: size(.absolute(width), .absolute(40)))
            let layout = CompositionalLayout(section: single(item, group: size(.fractionalWidth(1), .absolute(40))))
            _ = harness(layout, counts: [6])
            return (0..<6).filter { cell(layout, $0)?.minY == 0 }.count
        }
        XCTAssertEqual(perGroup(130.08), 3, "390 − 3 × 130.08 = −0.24 fits")
        XCTAssertEqual(perGroup(130.1), 2, "390 − 3 × 130.1 = −0.3 does not")
    }

    /// R6: the subitems list repeats while it fits.
    func testSubitemsRepeatCyclically() {
        let wide = LayoutItem(layoutSize: size(.absolute(200), .absolute(40)))
        let narrow = LayoutItem(layoutSize: size(.absolute(90), .absolute(40)))
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [wide, narrow])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [4])
        XCTAssertRectEqual(cell(layout, 1), CGRect(x: 200, y: 0, width: 90, height: 40))
        XCTAssertRectEqual(cell(layout, 2), CGRect(x: 0, y: 40, width: 200, height: 40), "200 more does not fit")
        XCTAssertRectEqual(cell(layout, 3), CGRect(x: 200, y: 40, width: 90, height: 40))
    }

    // MARK: R7, R8: counts and spacing

    /// R8: two halves with 10 pt spacing are halves of 380 (a second solve in the length less
    /// the spacing: `_UISetSizeValueForAxis(…, -spacing * (count - 1))`).
    func testSpacingRetryShrinksFractionalItems() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(40)))
        let layout = CompositionalLayout(
            section: single(item, group: size(.fractionalWidth(1), .absolute(40)), spacing: .fixed(10)))
        _ = harness(layout, counts: [2])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: 190, height: 40))
        XCTAssertRectEqual(cell(layout, 1), CGRect(x: 200, y: 0, width: 190, height: 40))
    }

    /// R7: `subitem:count:` replaces the width by 1/3 (`+_effectiveSizeForSize:count:…`, "this
    /// widthDimension will be ignored"); with R8 each is a third of 370, floored at @3x.
    func testCountGroupReplacesTheWidth() {
        let item = LayoutItem(layoutSize: size(.absolute(999), .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(44)), subitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [3])
        let width = (3 * (370 * (1.0 / 3.0))).rounded(.down) / 3
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: width, height: 44))
        XCTAssertRectEqual(cell(layout, 1), CGRect(x: 400.0 / 3, y: 0, width: width, height: 44))
        XCTAssertRectEqual(cell(layout, 2), CGRect(x: 800.0 / 3, y: 0, width: width, height: 44))
    }

    /// R7: `repeatingSubitem:count:` places exactly `count` items, past the group's end if need be.
    func testRepeatingSubitemOverflows() {
        let item = LayoutItem(layoutSize: size(.absolute(100), .absolute(40)))
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(40)), repeatingSubitem: item, count: 4)
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [5])
        XCTAssertRectEqual(cell(layout, 3), CGRect(x: 300, y: 0, width: 100, height: 40))
        XCTAssertRectEqual(cell(layout, 4), CGRect(x: 0, y: 40, width: 100, height: 40))
    }

    /// R9: flexible inter-item spacing shares the space left: (390 − 300) / 2 = 45.
    func testFlexibleSpacingSharesTheRest() {
        let item = LayoutItem(layoutSize: size(.absolute(100), .absolute(40)))
        let layout = CompositionalLayout(
            section: single(item, group: size(.fractionalWidth(1), .absolute(40)), spacing: .flexible(0)))
        _ = harness(layout, counts: [3])
        XCTAssertEqual((0..<3).compactMap { cell(layout, $0)?.minX }, [0, 145, 290])
    }

    /// R10: flexible top and bottom edge spacing centres an item across the group.
    func testFlexibleCrossEdgesCentre() {
        let item = LayoutItem(layoutSize: size(.absolute(100), .absolute(50)))
        item.edgeSpacing = LayoutEdgeSpacing(leading: .fixed(8), top: .flexible(0), trailing: nil, bottom: .flexible(0))
        let layout = CompositionalLayout(section: single(item, group: size(.absolute(108), .absolute(100))))
        _ = harness(layout, counts: [1])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 8, y: 25, width: 100, height: 50))
    }

    // MARK: R11 nesting

    /// Apple's nested-group sample: a 0.7 item beside a vertical pair of 0.3 × 0.5 items.
    func testNestedGroups() {
        let leading = LayoutItem(layoutSize: size(.fractionalWidth(0.7), .fractionalHeight(1)))
        let pairItem = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)), subitem: pairItem, count: 2)
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.4)), subitems: [leading, pair])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [6], width: 400, height: 800, scale: 2)
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: 280, height: 320))
        XCTAssertRectEqual(cell(layout, 1), CGRect(x: 280, y: 0, width: 120, height: 160))
        XCTAssertRectEqual(cell(layout, 2), CGRect(x: 280, y: 160, width: 120, height: 160))
        XCTAssertRectEqual(cell(layout, 3), CGRect(x: 0, y: 320, width: 280, height: 320))
    }

    // MARK: R2, R13, R16: sections

    /// R2/R13/R14: section insets across the axis shrink the container, along it they offset the
    /// groups; interGroupSpacing between groups only.
    func testSectionInsetsAndInterGroupSpacing() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let section = single(item, group: size(.fractionalWidth(1), .absolute(50)))
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 20)
        section.interGroupSpacing = 5
        let layout = CompositionalLayout(section: section)
        _ = harness(layout, counts: [5])
        XCTAssertRectEqual(cell(layout, 0), CGRect(x: 20, y: 10, width: 350, height: 50))
        XCTAssertRectEqual(cell(layout, 4), CGRect(x: 20, y: 230, width: 350, height: 50))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 310))
    }

    /// R16: interSectionSpacing goes between defined sections; a nil section takes nothing.
    func testInterSectionSpacingAndNilSections() {
        let configuration = CompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 7
        let layout = CompositionalLayout(
            sectionProvider: { index, _ in
                guard index != 1 else { return nil }
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
                return LayoutSection(
                    group: .horizontal(
                        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                        subitems: [item]))
            }, configuration: configuration)
        _ = harness(layout, counts: [1, 0, 1])
        XCTAssertRectEqual(cell(layout, 0, section: 2), CGRect(x: 0, y: 57, width: 390, height: 50))
        XCTAssertEqual(layout.collectionViewContentSize.height, 107)
    }

    /// Section providers read the environment's effective content size (Apple's adaptive sample).
    func testSectionProviderReadsTheEnvironment() {
        let layout = CompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
            let item = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = LayoutGroup.horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
                subitem: item,
                count: columns)
            return LayoutSection(group: group)
        }
        let harness = harness(layout, counts: [8], width: 390)
        XCTAssertEqual(cell(layout, 2)?.minY, 60, "two columns at 390")
        harness.collectionView.frame = CGRect(x: 0, y: 0, width: 800, height: 600)
        harness.collectionView.layoutIfNeeded()
        XCTAssertRectEqual(cell(layout, 2), CGRect(x: 400, y: 0, width: 200, height: 60), "four at 800, re-solved")
    }

    /// Horizontal scrolling: sections and groups run left to right, fractions of the height.
    func testHorizontalScrollDirection() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let group = LayoutGroup.vertical(layoutSize: size(.absolute(100), .fractionalHeight(1)), subitems: [item])
        let configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = CompositionalLayout(section: LayoutSection(group: group), configuration: configuration)
        _ = harness(layout, counts: [5], width: 390, height: 600)
        XCTAssertRectEqual(cell(layout, 3), CGRect(x: 100, y: 300, width: 100, height: 300))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 300, height: 600))
    }

    // MARK: Errors

    /// UIKit raises "There is no room…" for a group whose insets leave a negative size; FlowSim
    /// returns it as a value with the section's index and an empty layout. As in `_solveGroup`,
    /// the text names the parent's insets and size first, then the group's own insets.
    func testNoRoomIsAnErrorValue() {
        let item = LayoutItem(layoutSize: size(.absolute(10), .absolute(10)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
        group.contentInsets = DirectionalEdgeInsets(top: 0, leading: 200, bottom: 0, trailing: 200)
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        let h = harness(layout, counts: [1])
        XCTAssertEqual(layout.layoutError?.section, 0)
        // The collection view's diagnostics hold it as the exception UIKit raises.
        let exception = h.collectionView.diagnostics.firstException
        XCTAssertEqual(exception?.check, .invalidCompositionalLayout)
        XCTAssertEqual(exception?.exceptionName, "NSInternalInconsistencyException")
        XCTAssertEqual(exception?.message, layout.layoutError?.description)
        XCTAssertEqual(
            layout.layoutError?.detail,
            "There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets ({0, 0, 0, 0}) do not result in a negative effectiveContentSize when applied to size: {390, 844}.\nAlso ensure that the group's contentInsets ({0, 200, 0, 200}) leave space for its subitems after being applied to the group's effective size ({-10, 40}).\nGroup: NSCollectionLayoutGroup (horizontal, 1 subitem, size \(group.layoutSize))"
        )
        XCTAssertNil(cell(layout, 0))
    }

    /// UIKit's text when not even one item fits the group (`_solveGroup`).
    func testNoItemFitsIsAnErrorValue() {
        let item = LayoutItem(layoutSize: size(.absolute(500), .absolute(10)))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [1])
        XCTAssertTrue(
            layout.layoutError?.detail.hasPrefix(
                "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item. Inspect the spacing and size of the items in this group and ensure that they fit into the group when its effective size is {390, 40}."
            ) ?? false, layout.layoutError?.detail ?? "no error")
    }

    /// A custom group's frames are used as given (R24), repeated like any group.
    func testCustomGroupFrames() {
        let group = LayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(100))) { environment in
            let width = environment.container.effectiveContentSize.width
            return [
                LayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 100)),
                LayoutGroupCustomItem(frame: CGRect(x: width / 2, y: 50, width: width / 2, height: 50)),
            ]
        }
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = harness(layout, counts: [3])
        XCTAssertRectEqual(cell(layout, 1), CGRect(x: 195, y: 50, width: 195, height: 50))
        XCTAssertRectEqual(cell(layout, 2), CGRect(x: 0, y: 100, width: 195, height: 100))
    }

    /// A rect query visits only the groups it meets: 10,000 items, a viewport's worth of answers.
    func testViewportQueryOfALargeSection() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        let layout = CompositionalLayout(section: single(item, group: size(.fractionalWidth(1), .absolute(100))))
        _ = harness(layout, counts: [10_000], width: 400, scale: 2)
        let answer = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 125_000, width: 400, height: 844)) ?? []
        XCTAssertEqual(answer.count, 4 * 9, "rows 1250…1258 meet the rect")
        XCTAssertEqual(answer.map(\.indexPath.item).min(), 5000)
        XCTAssertRectEqual(cell(layout, 9_999), CGRect(x: 300, y: 249_900, width: 100, height: 100))
        XCTAssertEqual(layout.collectionViewContentSize.height, 250_000)
    }
}
