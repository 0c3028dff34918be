import AVFoundation
import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The third round of open-source layouts compiled unedited (docs/layouts-on-linux.md, "Checked
/// against open-source layouts"): the patterns they use, re-written as FlowSim's own layouts
/// (`StackedCardFlowLayout`, `FrozenGridLayout`, `GrowingFeatureLayout`, `FixedSpacingTagLayout`), and one test per UIKit name they needed that
/// FlowSim lacked.
final class OpenSourceRoundThreeTests: XCTestCase {
    // MARK: StackedCardFlowLayout (card-swiper pattern)

    /// 375 × 600, cards 300 × 400 with 20 pt between them: card i rests at y = 420 i (one card a
    /// line), centred at x = (375 − 300) / 2 = 37.5.
    private func cardHarness() -> (Harness, StackedCardFlowLayout) {
        let layout = StackedCardFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 400)
        let harness = Harness(
            width: 375, height: 600, layout: layout, sections: [SectionData(id: "s", items: items(6, prefix: "c"))])
        harness.collectionView.delegate = nil  // the layout's own itemSize
        return (harness, layout)
    }

    func testACardHalfUnderTheTopIsHeldThereAndNarrowed() throws {
        let (harness, _) = cardHarness()
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 210)
        let cards = harness.visibleCells()
        let first = try XCTUnwrap(cards[IndexPath(item: 0, section: 0)])
        // Held at the visible top (210) instead of 0; slid 210 / 400 = 0.525 cards under:
        // scale 1 − 0.525 · 0.05 = 0.97375, alpha min(1, 1 − (0.525 − 1)) = 1.
        assertFrame(first.frame, CGRect(x: 37.5, y: 210, width: 300, height: 400))
        XCTAssertEqual(first.transform.a, 0.97375, accuracy: 1e-12)
        XCTAssertEqual(first.transform.d, 1)
        XCTAssertEqual(first.alpha, 1)
        XCTAssertEqual(first.zIndex, 0)
        let second = try XCTUnwrap(cards[IndexPath(item: 1, section: 0)])
        assertFrame(second.frame, CGRect(x: 37.5, y: 420, width: 300, height: 400))
        XCTAssertEqual(second.transform, .identity)
        XCTAssertEqual(second.zIndex, 1, "a later card slides over the pile")
    }

    func testCardsDeeperThanThePileFade() throws {
        let (harness, _) = cardHarness()
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 1050)
        let cards = harness.visibleCells()
        // Card 0 has slid 1050 / 400 = 2.625 cards under, deeper than the one-card pile: faded out.
        let gone = try XCTUnwrap(cards[IndexPath(item: 0, section: 0)])
        assertFrame(gone.frame, CGRect(x: 37.5, y: 1050, width: 300, height: 400))
        XCTAssertEqual(gone.alpha, 0)
        // Card 1 rests at 420: slid (1050 − 420) / 400 = 1.575 cards, alpha 1 − 0.575 = 0.425,
        // scale 1 − 1.575 · 0.05 = 0.92125.
        let deep = try XCTUnwrap(cards[IndexPath(item: 1, section: 0)])
        assertFrame(deep.frame, CGRect(x: 37.5, y: 1050, width: 300, height: 400))
        XCTAssertEqual(deep.alpha, 0.425, accuracy: 1e-12)
        XCTAssertEqual(deep.transform.a, 0.92125, accuracy: 1e-12)
        // Card 2 rests at 840: 0.525 cards under, as card 0 was at 210.
        let shallow = try XCTUnwrap(cards[IndexPath(item: 2, section: 0)])
        assertFrame(shallow.frame, CGRect(x: 37.5, y: 1050, width: 300, height: 400))
        XCTAssertEqual(shallow.transform.a, 0.97375, accuracy: 1e-12)
        // The layout copied super's attributes: no cached-frame finding however often it is asked.
        XCTAssertTrue(harness.collectionView.diagnostics.isEmpty, "\(harness.collectionView.diagnostics.findings)")
    }

    func testAFlingSnapsToTheNextWholeCard() {
        let (harness, layout) = cardHarness()
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 300)  // 300 / 420 ≈ 0.714 cards
        let proposed = CGPoint(x: 0, y: 555)
        XCTAssertEqual(
            layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero).y, 420)
        XCTAssertEqual(
            layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: CGPoint(x: 0, y: -1))
                .y,
            0)
        XCTAssertEqual(
            layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: CGPoint(x: 0, y: 1))
                .y,
            420)
    }

    // MARK: FrozenGridLayout (sticky rows and columns)

    private final class Columns: FrozenGridLayoutDelegate {
        func frozenGrid(_ layout: FrozenGridLayout, widthOfColumn column: Int) -> CGFloat { column == 0 ? 80 : 100 }
    }

    /// 10 rows (sections) of 6 columns, 40 pt rows, columns 80, 100 × 5: content 580 × 400.
    func testTheFrozenRowAndColumnFollowTheOffsetAndTheCornerStaysOnTop() throws {
        let layout = FrozenGridLayout()
        layout.rowHeight = 40
        let columns = Columns()
        layout.delegate = columns
        let harness = Harness(
            width: 300, height: 200, layout: layout,
            sections: (0..<10).map { SectionData(id: "r\($0)", items: items(6, prefix: "r\($0)c")) })
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 580, height: 400))

        collectionView.contentOffset = CGPoint(x: 150, y: 100)
        let cells = harness.visibleCells()
        let corner = try XCTUnwrap(cells[IndexPath(item: 0, section: 0)])
        assertFrame(corner.frame, CGRect(x: 150, y: 100, width: 80, height: 40))
        XCTAssertEqual(corner.zIndex, 2)
        // Row 0, column 3 rests at x = 80 + 200 = 280: frozen vertically only.
        let header = try XCTUnwrap(cells[IndexPath(item: 3, section: 0)])
        assertFrame(header.frame, CGRect(x: 280, y: 100, width: 100, height: 40))
        XCTAssertEqual(header.zIndex, 1)
        // Row 4, column 0: frozen horizontally only.
        let rowTitle = try XCTUnwrap(cells[IndexPath(item: 0, section: 4)])
        assertFrame(rowTitle.frame, CGRect(x: 150, y: 160, width: 80, height: 40))
        XCTAssertEqual(rowTitle.zIndex, 1)
        // Row 4, column 3: the body scrolls.
        let body = try XCTUnwrap(cells[IndexPath(item: 3, section: 4)])
        assertFrame(body.frame, CGRect(x: 280, y: 160, width: 100, height: 40))
        XCTAssertEqual(body.zIndex, 0)
        // Row 1 (y 40…80) is scrolled off and not frozen: not asked for.
        XCTAssertNil(cells[IndexPath(item: 3, section: 1)])
    }

    // MARK: GrowingFeatureLayout (featured-cell pattern)

    /// 375 × 600, 10 rows: content 10 · 180 + 600 − 180 = 2220 high. Half a feature step (90):
    /// row 0 is the feature, slid up by 100 · 0.5 to y = 90 − 50 = 40 (280 high, bottom 320);
    /// row 1 has grown by 180 · 0.5 to 190 with its bottom at 320 + 100 = 420; row 2 follows.
    func testTheNextRowGrowsIntoTheFeatureAsTheListScrolls() throws {
        let layout = GrowingFeatureLayout()
        let harness = Harness(
            width: 375, height: 600, layout: layout, sections: [SectionData(id: "s", items: items(10, prefix: "r"))])
        harness.collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 2220))
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 90)
        let rows = harness.visibleCells()
        assertFrame(rows[IndexPath(item: 0, section: 0)]?.frame, CGRect(x: 0, y: 40, width: 375, height: 280))
        assertFrame(rows[IndexPath(item: 1, section: 0)]?.frame, CGRect(x: 0, y: 230, width: 375, height: 190))
        assertFrame(rows[IndexPath(item: 2, section: 0)]?.frame, CGRect(x: 0, y: 420, width: 375, height: 100))
        XCTAssertEqual(rows[IndexPath(item: 1, section: 0)]?.zIndex, 1)
        // One whole step: row 1 is the feature at the top, row 2 starts to grow from 100.
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 180)
        let next = harness.visibleCells()
        assertFrame(next[IndexPath(item: 1, section: 0)]?.frame, CGRect(x: 0, y: 180, width: 375, height: 280))
        assertFrame(next[IndexPath(item: 2, section: 0)]?.frame, CGRect(x: 0, y: 460, width: 375, height: 100))
        // Snapping: 100 / 180 ≈ 0.56 rounds to the second feature.
        XCTAssertEqual(
            layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 100), withScrollingVelocity: .zero),
            CGPoint(x: 0, y: 180))
        // A flow subclass that never uses super's attributes: nothing to report.
        XCTAssertTrue(harness.collectionView.diagnostics.isEmpty)
    }

    // MARK: FixedSpacingTagLayout (spacings overridden as getters)

    /// Chips 100, 120, 90 | 200, 80 | 150, 60, 60 wide, 30 high, in 320 pt: with the overridden
    /// 4 pt spacing 100 + 4 + 120 + 4 + 90 = 318 fits a line (10 pt, the stored default, would
    /// not), so super breaks lines with the getter, as UIKit's flow layout asks `self` for it.
    func testOverriddenSpacingGettersDriveSupersLineBreaking() {
        let layout = FixedSpacingTagLayout()
        layout.minimumInteritemSpacing = 20  // ignored by the override
        let widths: [CGFloat] = [100, 120, 90, 200, 80, 150, 60, 60]
        let harness = Harness(
            width: 320, height: 400, layout: layout,
            sections: [
                SectionData(
                    id: "s",
                    items: widths.enumerated().map {
                        ItemData(id: "t\($0.offset)", size: CGSize(width: $0.element, height: 30))
                    })
            ])
        let chips = harness.visibleCells()
        let expected: [CGRect] = [
            CGRect(x: 0, y: 0, width: 100, height: 30), CGRect(x: 104, y: 0, width: 120, height: 30),
            CGRect(x: 228, y: 0, width: 90, height: 30), CGRect(x: 0, y: 34, width: 200, height: 30),
            CGRect(x: 204, y: 34, width: 80, height: 30), CGRect(x: 0, y: 68, width: 150, height: 30),
            CGRect(x: 154, y: 68, width: 60, height: 30), CGRect(x: 218, y: 68, width: 60, height: 30),
        ]
        for (item, frame) in expected.enumerated() {
            assertFrame(chips[IndexPath(item: item, section: 0)]?.frame, frame, "chip \(item)")
        }
        XCTAssertTrue(harness.collectionView.diagnostics.isEmpty, "the layout copies super's attributes")
    }

    // MARK: Gaps found compiling the layouts, one test each

    /// JTAppleCalendar's calendar view is its own `UICollectionViewDataSource` and answers only
    /// UIKit's questions (`numberOfItemsInSection`, `cellForItemAt`): it conforms unedited, the
    /// unimplemented `numberOfSections(in:)` is 1 as in UIKit, and the items are known by index path.
    func testAUIKitStyleDataSourceConformsAndDrivesTheLayout() throws {
        final class MonthDays: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 42 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell
            { UICollectionViewCell(frame: .zero) }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 350, height: 300), collectionViewLayout: layout)
        let days = MonthDays()
        collectionView.dataSource = days
        collectionView.layoutIfNeeded()
        XCTAssertEqual(collectionView.numberOfSections, 1)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 42)
        // Seven 50 pt days a week in 350 pt: day 8 is the second of the second week.
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 8, section: 0))?.frame,
            CGRect(x: 50, y: 50, width: 50, height: 50))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 350, height: 300))
        let item = days.collectionView(collectionView, itemAt: IndexPath(item: 8, section: 0))
        XCTAssertEqual(item.id, "0-8")
        XCTAssertEqual(days.collectionView(collectionView, sectionAt: 0).id, "0")
    }

    /// Waterfall delegates size photos with AVFoundation's `AVMakeRect` (the Pinterest-layout
    /// tutorials): the largest rectangle of the photo's aspect inside the column, centred.
    func testAVMakeRectFitsTheAspectRatioInsideTheRect() {
        // A 4:3 photo in a 170 pt column of unbounded height (the tutorials' idiom): 170 × 127.5.
        let column = CGRect(x: 0, y: 0, width: 170, height: CGFloat.greatestFiniteMagnitude)
        let photo = AVMakeRect(aspectRatio: CGSize(width: 4, height: 3), insideRect: column)
        XCTAssertEqual(photo.width, 170)
        XCTAssertEqual(photo.height, 127.5)
        XCTAssertEqual(photo.minX, 0)
        // 16:9 in a 200 pt square: 200 × 112.5, centred vertically at y = (200 − 112.5) / 2.
        XCTAssertEqual(
            AVMakeRect(
                aspectRatio: CGSize(width: 16, height: 9), insideRect: CGRect(x: 0, y: 0, width: 200, height: 200)),
            CGRect(x: 0, y: 43.75, width: 200, height: 112.5))
        // A tall photo in a wide rect is limited by the height and centred horizontally.
        XCTAssertEqual(
            AVMakeRect(
                aspectRatio: CGSize(width: 1, height: 2), insideRect: CGRect(x: 10, y: 0, width: 300, height: 100)),
            CGRect(x: 135, y: 0, width: 50, height: 100))
        // An empty aspect ratio is not documented: an empty rect at the centre, never NaN.
        XCTAssertEqual(
            AVMakeRect(aspectRatio: .zero, insideRect: CGRect(x: 0, y: 0, width: 100, height: 50)),
            CGRect(x: 50, y: 25, width: 0, height: 0))
    }

    /// JZCalendarWeekView tells devices apart by `UIScreen.main.nativeBounds.height` (pixels,
    /// portrait up): FlowSim's screen is the iPhone 8's, 750 × 1334 at 2×.
    func testNativeBoundsAreTheScreenInPixels() {
        XCTAssertEqual(UIScreen.main.nativeBounds, CGRect(x: 0, y: 0, width: 750, height: 1334))
    }
}
