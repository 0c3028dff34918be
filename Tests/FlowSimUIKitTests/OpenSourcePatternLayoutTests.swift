import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Frames of the layouts re-written from patterns found in open-source layouts:
/// `CubePageLayout`, `DirectionalTagLayout` and `MonthGridLayout` (Layouts/).
final class OpenSourcePatternLayoutTests: XCTestCase {
    // MARK: CubePageLayout

    func testCubePagesTurnAboutTheirNearEdgeHalfwayBetweenPages() throws {
        let layout = CubePageLayout()
        let harness = Harness(
            width: 375, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(4, prefix: "p"))])
        let collectionView = harness.collectionView
        collectionView.contentOffset = CGPoint(x: 187.5, y: 0)  // half of page 0, half of page 1

        let pages = harness.visibleCells()
        XCTAssertEqual(pages.count, 2)
        assertFrame(pages[IndexPath(item: 0, section: 0)]?.frame, CGRect(x: 0, y: 0, width: 375, height: 400))
        assertFrame(pages[IndexPath(item: 1, section: 0)]?.frame, CGRect(x: 375, y: 0, width: 375, height: 400))
        // pageOffset = (centre.x − offset) / width − 0.5: (187.5 − 187.5)/375 − 0.5 and (562.5 − 187.5)/375 − 0.5.
        XCTAssertEqual((pages[IndexPath(item: 0, section: 0)] as? PageTurnAttributes)?.pageOffset, -0.5)
        XCTAssertEqual((pages[IndexPath(item: 1, section: 0)] as? PageTurnAttributes)?.pageOffset, 0.5)

        // Page 0 turns about its right edge by −π/4; its content layer's bounds are the cell's.
        let left = try XCTUnwrap(collectionView.cellForItem(at: IndexPath(item: 0, section: 0))).contentView.layer
        XCTAssertEqual(left.bounds, CGRect(x: 0, y: 0, width: 375, height: 400))
        XCTAssertEqual(left.anchorPoint, CGPoint(x: 1, y: 0.5))
        // translate(+187.5) with m34 = −1/500, then rotate: m41 keeps the translation, m11 = cos(π/4)
        // and m34 = cos(π/4) · (−1/500) (Core Animation's row-vector product R · T).
        XCTAssertEqual(left.transform.m41, 187.5, accuracy: 1e-12)
        XCTAssertEqual(left.transform.m11, cos(CGFloat.pi / 4), accuracy: 1e-12)
        XCTAssertEqual(left.transform.m34, cos(CGFloat.pi / 4) * (-1 / 500), accuracy: 1e-15)
        let right = try XCTUnwrap(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))).contentView.layer
        XCTAssertEqual(right.anchorPoint, CGPoint(x: 0, y: 0.5))
        XCTAssertEqual(right.transform.m41, -187.5, accuracy: 1e-12)

        // Page 1 centred: it is flat again (a zero turn about its right edge); page 0 is a whole
        // page away and is reset.
        collectionView.contentOffset = CGPoint(x: 375, y: 0)
        let centred = harness.visibleCells()
        XCTAssertEqual(centred.keys.map(\.item), [1])
        XCTAssertEqual((centred[IndexPath(item: 1, section: 0)] as? PageTurnAttributes)?.pageOffset, 0)
        XCTAssertEqual(right.transform.m11, 1, accuracy: 1e-12)
        XCTAssertEqual(right.transform.m41, 187.5, accuracy: 1e-12)
    }

    // MARK: DirectionalTagLayout

    // Width 320, insets 10, spacings 10: 300 points a line. Tags 100, 120 | 90, 200 | 80, 150
    // (100 + 10 + 120 + 10 + 90 = 330 > 300; 90 + 10 + 200 = 300 fits exactly), all 40 high:
    // lines at y = 10, 60, 110.
    private let tagWidths: [CGFloat] = [100, 120, 90, 200, 80, 150]

    private func tagHarness() -> (Harness, DirectionalTagLayout) {
        let layout = DirectionalTagLayout()
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let tags = tagWidths.enumerated().map {
            ItemData(id: "t\($0.offset)", size: CGSize(width: $0.element, height: 40))
        }
        let harness = Harness(width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: tags)])
        return (harness, layout)
    }

    private func tagFrames(_ harness: Harness) -> [CGRect] {
        harness.visible().filter { $0.representedElementCategory == .cell }.sorted { $0.indexPath < $1.indexPath }
            .map(\.frame)
    }

    func testTagsStartAtTheLeftInsetLeftToRight() {
        let (harness, layout) = tagHarness()
        XCTAssertFalse(layout.isRightToLeft)
        XCTAssertEqual(layout.developmentLayoutDirection, .leftToRight)
        // Each line restarts at 10 and adds width + 10.
        XCTAssertEqual(
            tagFrames(harness),
            [
                CGRect(x: 10, y: 10, width: 100, height: 40), CGRect(x: 120, y: 10, width: 120, height: 40),
                CGRect(x: 10, y: 60, width: 90, height: 40), CGRect(x: 110, y: 60, width: 200, height: 40),
                CGRect(x: 10, y: 110, width: 80, height: 40), CGRect(x: 100, y: 110, width: 150, height: 40),
            ])
    }

    // Right to left each line restarts at 320 − 10 = 310 and moves left by width + 10:
    // 310 − 100 = 210, 200 − 120 = 80 | 310 − 90 = 220, 210 − 200 = 10 | 310 − 80 = 230, 220 − 150 = 70.
    private let rightToLeftTags: [CGRect] = [
        CGRect(x: 210, y: 10, width: 100, height: 40), CGRect(x: 80, y: 10, width: 120, height: 40),
        CGRect(x: 220, y: 60, width: 90, height: 40), CGRect(x: 10, y: 60, width: 200, height: 40),
        CGRect(x: 230, y: 110, width: 80, height: 40), CGRect(x: 70, y: 110, width: 150, height: 40),
    ]

    func testTagsStartAtTheRightInsetWhenTheCollectionViewIsForcedRightToLeft() {
        let (harness, layout) = tagHarness()
        harness.collectionView.semanticContentAttribute = .forceRightToLeft
        XCTAssertTrue(layout.isRightToLeft)
        XCTAssertEqual(harness.collectionView.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        XCTAssertEqual(tagFrames(harness), rightToLeftTags)
    }

    func testTheAppWideAppearanceTurnsTheTagsToo() {
        defer { UIView.appearance().semanticContentAttribute = .unspecified }
        let (harness, layout) = tagHarness()
        UIView.appearance().semanticContentAttribute = .forceRightToLeft
        layout.invalidateLayout()  // what the app does after switching language
        XCTAssertTrue(layout.isRightToLeft)
        // The collection view itself stays left to right (proxies apply to views in windows).
        XCTAssertEqual(harness.collectionView.effectiveUserInterfaceLayoutDirection, .leftToRight)
        XCTAssertEqual(tagFrames(harness), rightToLeftTags)
    }

    // MARK: MonthGridLayout

    private final class Months: MonthGridLayoutDelegate {
        func monthGridLayout(_ layout: MonthGridLayout, firstColumnOfMonth section: Int) -> Int {
            section == 0 ? 3 : 0
        }
    }

    // Width 350: columns of 50. Rows 48 (the default text size, `.large`). Month 0: 30 days from
    // column 3, (3 + 30 + 6) / 7 = 5 weeks: header 0…24, grid 24…264. Month 1 after 16 points:
    // 28 days from column 0, 4 weeks: header 280…304, grid 304…496. Days are inset by 1.
    private func monthHarness(height: CGFloat = 600) -> (Harness, MonthGridLayout, Months) {
        let layout = MonthGridLayout()
        let months = Months()
        layout.delegate = months
        let harness = Harness(
            width: 350, height: height, layout: layout,
            sections: [
                SectionData(id: "m0", items: items(30, prefix: "a")),
                SectionData(id: "m1", items: items(28, prefix: "b")),
            ])
        return (harness, layout, months)
    }

    func testDaysFallInTheirWeekdayColumns() {
        let (harness, layout, months) = monthHarness()
        let collectionView = harness.collectionView
        let cells = harness.visibleCells()
        XCTAssertEqual(cells.count, 58)
        assertFrame(cells[IndexPath(item: 0, section: 0)]?.frame, CGRect(x: 151, y: 25, width: 48, height: 46))
        // Day 4 is slot 7: the second week's first column.
        assertFrame(cells[IndexPath(item: 4, section: 0)]?.frame, CGRect(x: 1, y: 73, width: 48, height: 46))
        // Day 29 is slot 32: column 4 of the fifth week (24 + 4 × 48 = 216).
        assertFrame(cells[IndexPath(item: 29, section: 0)]?.frame, CGRect(x: 201, y: 217, width: 48, height: 46))
        assertFrame(cells[IndexPath(item: 0, section: 1)]?.frame, CGRect(x: 1, y: 305, width: 48, height: 46))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 350, height: 496))
        XCTAssertFalse(collectionView.isPrefetchingEnabled)  // turned off in prepare()
        XCTAssertEqual(
            layout.registeredDecorationViewClasses[MonthGridLayout.weekLineKind].map(ObjectIdentifier.init),
            ObjectIdentifier(UICollectionReusableView.self))
        withExtendedLifetime(months) {}
    }

    func testRowsGrowWithTheTextSize() {
        let (harness, _, months) = monthHarness()
        // An accessibility size: rows of 88. Month 0: 24 + 5 × 88 = 464; month 1 from 480:
        // 24 + 4 × 88 = 376, so the content ends at 856.
        harness.collectionView.traits.preferredContentSizeCategoryName =
            UIContentSizeCategory.accessibilityMedium.rawValue
        XCTAssertEqual(harness.collectionView.traitCollection.preferredContentSizeCategory, .accessibilityMedium)
        let cells = harness.visibleCells()
        assertFrame(cells[IndexPath(item: 0, section: 0)]?.frame, CGRect(x: 151, y: 25, width: 48, height: 86))
        assertFrame(cells[IndexPath(item: 4, section: 0)]?.frame, CGRect(x: 1, y: 113, width: 48, height: 86))
        XCTAssertEqual(harness.collectionView.contentSize, CGSize(width: 350, height: 856))
        // A larger size that is not an accessibility one: rows of 56.
        harness.collectionView.traits.preferredContentSizeCategoryName =
            UIContentSizeCategory.extraExtraLarge.rawValue
        assertFrame(
            harness.visibleCells()[IndexPath(item: 4, section: 0)]?.frame, CGRect(x: 1, y: 81, width: 48, height: 54))
        withExtendedLifetime(months) {}
    }

    func testWeekLinesAndWeekdayHeadersAreTheLayoutsOwnKinds() {
        let (harness, layout, months) = monthHarness()
        let visible = harness.visible()
        let lines = visible.filter { $0.representedElementCategory == .decorationView }
            .sorted { $0.indexPath < $1.indexPath }
        XCTAssertEqual(lines.count, 9)  // 5 + 4 weeks
        XCTAssertEqual(Set(lines.map(\.representedElementKind)), [MonthGridLayout.weekLineKind])
        // Under week 0 of month 0 (24 + 48 − 0.5) and under the last week of month 1 (304 + 192 − 0.5).
        assertFrame(lines.first?.frame, CGRect(x: 0, y: 71.5, width: 350, height: 1))
        assertFrame(lines.last?.frame, CGRect(x: 0, y: 495.5, width: 350, height: 1))
        XCTAssertEqual(lines.first?.zIndex, -1)
        assertFrame(
            layout.layoutAttributesForDecorationView(
                ofKind: MonthGridLayout.weekLineKind, at: IndexPath(item: 4, section: 0))?.frame,
            CGRect(x: 0, y: 263.5, width: 350, height: 1))

        let headers = visible.filter { $0.representedElementKind == MonthGridLayout.weekdayHeaderKind }
            .sorted { $0.indexPath < $1.indexPath }
        XCTAssertEqual(
            headers.map(\.frame),
            [
                CGRect(x: 0, y: 0, width: 350, height: 24), CGRect(x: 0, y: 280, width: 350, height: 24),
            ])
        withExtendedLifetime(months) {}
    }

    func testTheLayoutRestylesOnlyTheHeadersOnScreen() {
        let (harness, layout, months) = monthHarness(height: 300)
        let both = layout.visibleWeekdayHeaders()
        XCTAssertEqual(both.map(\.0), [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
        XCTAssertEqual(
            both.map(\.1.frame),
            [
                CGRect(x: 0, y: 0, width: 350, height: 24), CGRect(x: 0, y: 280, width: 350, height: 24),
            ])
        // Scrolled to 100…400: month 0's header has left the screen; month 1's keeps its view.
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 100)
        let one = layout.visibleWeekdayHeaders()
        XCTAssertEqual(one.map(\.0), [IndexPath(item: 0, section: 1)])
        XCTAssertTrue(one.first?.1 === both.last?.1)
        withExtendedLifetime(months) {}
    }
}
