import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The fourth round of open-source layouts (docs/layouts-on-linux.md, "Checked against
/// open-source layouts"): interactive layout transitions, a honeycomb, a week calendar, a
/// centre-snapping strip and a blur backdrop, re-written as FlowSim's own files
/// (`PinchColumnsLayout`, `HexRingLayout`, `WeekTimelineLayout`, `CentreSnapFlowLayout`,
/// `BlurBackdropView`) with exact frames where UIKit's arithmetic is exact.
final class OpenSourceRoundFourTests: XCTestCase {
    // MARK: Interactive transitions (PinchColumnsLayout, DriftTransitionLayout)

    /// 320 × 480, 40 items, 4 columns → 2. Four columns: side ⌊(320 − 6) / 4⌋ = 78, justified
    /// gaps 8/3, x = 0, 80.5, 161.5, 242 at 2× (origins on the pixel grid), rows 80 apart. Two
    /// columns: side ⌊318 / 2⌋ = 159 at x 0 and 161, rows 161 apart, content 20 · 159 + 19 · 2 = 3218.
    private func pinchGrid() -> (Harness, PinchGridController) {
        let layouts = [PinchColumnsLayout(columns: 4), PinchColumnsLayout(columns: 2)]
        let harness = Harness(
            width: 320, height: 480, layout: layouts[0], sections: [SectionData(id: "p", items: items(40, prefix: "p"))]
        )
        let controller = PinchGridController(collectionView: harness.collectionView, layouts: layouts)
        harness.collectionView.delegate = controller  // the layouts' own itemSize; the transition layout
        harness.collectionView.layoutIfNeeded()
        return (harness, controller)
    }

    func testAPinchInterpolatesBetweenTheColumnLayoutsAsUIKitDoes() throws {
        let (harness, controller) = pinchGrid()
        let collectionView = harness.collectionView
        XCTAssertEqual(
            harness.visibleCells()[IndexPath(item: 13, section: 0)]?.frame,
            CGRect(x: 80.5, y: 240, width: 78, height: 78))

        controller.pinchBegan(at: 1, towards: controller.layouts[1])
        let transition = try XCTUnwrap(collectionView.collectionViewLayout as? DriftTransitionLayout)
        XCTAssertTrue(transition === controller.transitionLayout, "the delegate's transition layout is installed")
        XCTAssertTrue(transition.currentLayout === controller.layouts[0])
        XCTAssertEqual(transition.collectionViewContentSize, CGSize(width: 320, height: 3218), "the larger of the two")
        // Progress 0: every element where the current layout has it, the offset where it was.
        XCTAssertEqual(collectionView.contentOffset, .zero)
        assertFrame(
            harness.visibleCells()[IndexPath(item: 13, section: 0)]?.frame,
            CGRect(x: 80.5, y: 240, width: 78, height: 78))

        // UIKit centres the next layout's bounds on the cell nearest the middle of the current ones
        // (160, 240): items 13 and 14 tie at √(40.5² + 39²), the first listed wins. Item 13 is at
        // (161, 966) in two columns, centre (240.5, 1045.5): bounds x 80.5 stick out of the
        // 320-wide content, which is no wider than the view, so x = 0; y = 1045.5 − 240 = 805.5.
        controller.pinchChanged(to: 1.5)
        XCTAssertEqual(transition.transitionProgress, 0.5)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 402.75), "halfway from 0 to 805.5")
        // Centre (119.5, 279) → (240.5, 1045.5) halfway: (180, 662.25), on the ¼-point grid;
        // size 78 → 159 halfway: 118.5, on the ½-point grid.
        let item = try XCTUnwrap(transition.layoutAttributesForItem(at: IndexPath(item: 13, section: 0)))
        assertFrame(item.frame, CGRect(x: 120.75, y: 603, width: 118.5, height: 118.5))
        // The transition holds the 24 cells on screen at the start (rows 0–5; the next layout's
        // bounds show items 10–15, already among them), whatever the rect asked.
        XCTAssertEqual(transition.layoutAttributesForElements(in: .zero)?.count, 24)
        // An item in neither bounds is interpolated on demand: item 30, (161.5, 560) → (0, 2415).
        let far = try XCTUnwrap(transition.layoutAttributesForItem(at: IndexPath(item: 30, section: 0)))
        assertFrame(far.frame, CGRect(x: 80.75, y: 1487.5, width: 118.5, height: 118.5))

        // The app's drift, tracked with updateValue(_:forAnimatedKey:), moves every element.
        controller.pinchChanged(to: 1.5, drift: UIOffset(horizontal: 10, vertical: -4))
        XCTAssertEqual(transition.value(forAnimatedKey: "driftX"), 10)
        let drifted = try XCTUnwrap(harness.visibleCells()[IndexPath(item: 13, section: 0)])
        assertFrame(drifted.frame, CGRect(x: 130.75, y: 599, width: 118.5, height: 118.5))
    }

    func testFinishingInstallsTheNextLayoutAtItsBoundsAndCancellingGoesBack() throws {
        let (harness, controller) = pinchGrid()
        let collectionView = harness.collectionView
        controller.pinchBegan(at: 1, towards: controller.layouts[1])
        controller.pinchChanged(to: 1.5)
        controller.pinchEnded()
        XCTAssertTrue(collectionView.collectionViewLayout === controller.layouts[1])
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 805.5))
        XCTAssertEqual(controller.outcomes.count, 0, "the elements are still moving to the next layout")
        collectionView.currentTime += 0.3  // UIKit's default layout-change animation
        _ = collectionView.presentation(at: collectionView.currentTime)
        XCTAssertEqual(controller.outcomes.map(\.completed), [true])
        XCTAssertEqual(controller.outcomes.map(\.finished), [true])
        assertFrame(
            harness.visibleCells()[IndexPath(item: 13, section: 0)]?.frame,
            CGRect(x: 161, y: 966, width: 159, height: 159))
        XCTAssertEqual(
            controller.layouts[0].transitionLog, ["to DriftTransitionLayout", "finalize"],
            "the old layout hands over to the transition layout and is finalized when the next one is in place")
        XCTAssertEqual(controller.layouts[1].transitionLog, ["from DriftTransitionLayout", "finalize"])

        // A short pinch back (progress 0.2) is cancelled: the two-column layout and its offset return.
        controller.pinchBegan(at: 1, towards: controller.layouts[0])
        controller.pinchChanged(to: 0.8)
        XCTAssertEqual(try XCTUnwrap(controller.transitionLayout).transitionProgress, 0.2, accuracy: 1e-12)
        controller.pinchEnded()
        XCTAssertTrue(collectionView.collectionViewLayout === controller.layouts[1])
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 805.5))
        collectionView.currentTime += 0.3
        _ = collectionView.presentation(at: collectionView.currentTime)
        XCTAssertEqual(controller.outcomes.map(\.completed), [true, false])
    }

    /// Seeded property: for random column counts, item counts and starting offsets, a transition
    /// at progress 0 shows every paired element where the current layout has it, at progress 1
    /// where the next layout has it (flow origins are on the pixel grid and sides whole points, so
    /// UIKit's rounding of centres to ¼ point and sizes to ½ point changes nothing), and the
    /// content offset runs from the starting bounds to where finishing leaves it.
    func testATransitionStartsOnTheCurrentLayoutAndEndsOnTheNext() throws {
        var random = SeededRandom(seed: 0x7A_2A51)
        for _ in 0..<20 {
            let from = PinchColumnsLayout(columns: Int.random(in: 1...6, using: &random))
            let to = PinchColumnsLayout(columns: Int.random(in: 1...6, using: &random))
            let count = Int.random(in: 1...80, using: &random)
            let harness = Harness(
                width: 320, height: 480, layout: from,
                sections: [SectionData(id: "s", items: items(count, prefix: "s"))])
            let collectionView = harness.collectionView
            collectionView.delegate = nil
            collectionView.layoutIfNeeded()
            let reach = max(0, from.collectionViewContentSize.height - 480)
            let start = CGPoint(x: 0, y: CGFloat(Int.random(in: 0...Int(reach), using: &random)))
            collectionView.contentOffset = start
            let transition = collectionView.startInteractiveTransition(to: to)
            let paired = try XCTUnwrap(transition.layoutAttributesForElements(in: .zero))
            XCTAssertFalse(paired.isEmpty)
            for attributes in paired {
                XCTAssertEqual(attributes.frame, from.layoutAttributesForItem(at: attributes.indexPath)?.frame)
            }
            XCTAssertEqual(collectionView.contentOffset, start)
            transition.transitionProgress = 1
            let end = collectionView.contentOffset
            for attributes in try XCTUnwrap(transition.layoutAttributesForElements(in: .zero)) {
                XCTAssertEqual(attributes.frame, to.layoutAttributesForItem(at: attributes.indexPath)?.frame)
            }
            collectionView.finishInteractiveTransition()
            XCTAssertTrue(collectionView.collectionViewLayout === to)
            XCTAssertEqual(collectionView.contentOffset, end, "finishing leaves the offset where progress 1 put it")
        }
    }

    func testSetCollectionViewLayoutCallsTheTransitionHooks() {
        let (harness, controller) = pinchGrid()
        harness.collectionView.setCollectionViewLayout(controller.layouts[1], animated: false)
        XCTAssertEqual(controller.layouts[0].transitionLog, ["to PinchColumnsLayout", "finalize"])
        XCTAssertEqual(controller.layouts[1].transitionLog, ["from PinchColumnsLayout", "finalize"])
    }

    /// A transition layout that moves super's answer in place (without copying), as older
    /// tutorials do: UIKit hands out the same interpolated objects until the progress changes, so
    /// every query moves them again. FlowSim keeps the objects, as UIKit does.
    private final class InPlaceNudgeTransitionLayout: UICollectionViewTransitionLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let attributes = super.layoutAttributesForElements(in: rect)
            attributes?.forEach { $0.center.y += 5 }
            return attributes
        }
    }

    func testMovingTheTransitionsOwnAttributesInPlaceAddsUpAsOnIOS() throws {
        let (harness, controller) = pinchGrid()
        let transition = InPlaceNudgeTransitionLayout(
            currentLayout: controller.layouts[0], nextLayout: controller.layouts[1])
        harness.collectionView.collectionViewLayout = transition
        transition.transitionProgress = 0
        func firstY() -> CGFloat? {
            transition.layoutAttributesForElements(in: .zero)?.first { $0.indexPath.item == 0 }?.frame.minY
        }
        XCTAssertEqual(firstY(), 5)
        XCTAssertEqual(firstY(), 10, "the same object, moved again")
        transition.transitionProgress = 0  // re-interpolated: fresh objects
        XCTAssertEqual(firstY(), 5)
    }

    // MARK: HexRingLayout (honeycomb)

    /// 320 × 568, 60-point cells 80 apart, 19 items (rings of 6 and 12): the comb is 4 · 80 + 60
    /// = 380 wide, wider than the view, so its middle is (190, 284) and the content 380 × 568.
    func testTheHoneycombWalksItsRingsAndScrollsItsMiddleIntoViewFromPrepare() throws {
        let layout = HexRingLayout()
        let harness = Harness(
            width: 320, height: 568, layout: layout, sections: [SectionData(id: "h", items: items(19, prefix: "h"))])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 380, height: 568))
        let cell = { (item: Int) in layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame }
        assertFrame(cell(0), CGRect(x: 160, y: 254, width: 60, height: 60))
        assertFrame(cell(1), CGRect(x: 240, y: 254, width: 60, height: 60))
        assertFrame(cell(7), CGRect(x: 320, y: 254, width: 60, height: 60))
        // Ring 2, step 3: halfway from corner 1 (270, 284 + 80√3) to corner 2 (110, 284 + 80√3).
        assertFrame(cell(10), CGRect(x: 160, y: 254 + 80 * 3.0.squareRoot(), width: 60, height: 60), accuracy: 1e-9)
        // prepare() set the inset (left 120, right 60) and scrolled item 0 to the middle of the
        // view less the inset, as UIKit centres (the 140 points between the insets): midX 190 −
        // (120 + 140 / 2) = 0.
        XCTAssertEqual(collectionView.contentInset, UIEdgeInsets(top: 0, left: 120, bottom: 0, right: 60))
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 0))
        XCTAssertEqual(
            Set(harness.visibleCells().keys.map(\.item)), Set(0..<19).subtracting([7]),
            "all but item 7, which starts at the right edge (x 320)")
        // Prepared once: the cache guard keeps the comb (and the offset) through invalidations.
        collectionView.contentOffset = CGPoint(x: -50, y: 0)
        layout.invalidateLayout()
        collectionView.layoutIfNeeded()
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: -50, y: 0))
        XCTAssertTrue(collectionView.diagnostics.isEmpty, "\(collectionView.diagnostics.findings)")
    }

    // MARK: WeekTimelineLayout (calendar week view)

    private final class Events: WeekTimelineLayoutDelegate {
        let calendar: Calendar
        init(calendar: Calendar) { self.calendar = calendar }
        func date(_ hour: Int, _ minute: Int) -> Date {
            calendar.date(from: DateComponents(year: 2026, month: 3, day: 2, hour: hour, minute: minute)) ?? Date()
        }
        func collectionView(
            _ collectionView: UICollectionView, layout: WeekTimelineLayout, startOfItemAt indexPath: IndexPath
        )
            -> Date
        {
            indexPath.item == 0 ? date(9, 30) : date(13, 0)
        }
        func collectionView(
            _ collectionView: UICollectionView, layout: WeekTimelineLayout, endOfItemAt indexPath: IndexPath
        )
            -> Date
        {
            indexPath.item == 0 ? date(11, 0) : date(13, 45)
        }
    }

    /// 375 × 600, three days visible: columns ⌊(375 − 50) / 3⌋ = 108 wide after the 50-point hour
    /// column, hours 8–20 at 50 points under a 40-point header.
    func testTheWeekPlacesEventsByTimeAndPinsItsHeadersToTheBounds() throws {
        let layout = WeekTimelineLayout()
        let events = Events(calendar: layout.calendar)
        layout.delegate = events
        layout.now = (day: 2, time: events.date(12, 15))
        let harness = Harness(
            width: 375, height: 600, layout: layout,
            sections: (0..<7).map { SectionData(id: "d\($0)", items: items(2, prefix: "d\($0)e")) })
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 50 + 7 * 108, height: 40 + 12 * 50))
        // 9:30–11:00 on day 1: y = 40 + 1.5 · 50, 75 tall; 13:00–13:45: 40 + 250 to 40 + ⌊287.5⌋.
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame,
            CGRect(x: 159, y: 115, width: 106, height: 75))
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame,
            CGRect(x: 159, y: 290, width: 106, height: 37))

        collectionView.contentOffset = CGPoint(x: 120, y: 30)
        let visible = harness.visible()
        func element(_ kind: String, _ indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            visible.first { $0.representedElementKind == kind && $0.indexPath == indexPath }
        }
        let dayHeader = try XCTUnwrap(element(WeekTimelineLayout.Kind.dayHeader, IndexPath(item: 0, section: 1)))
        assertFrame(dayHeader.frame, CGRect(x: 158, y: 30, width: 108, height: 40))
        XCTAssertEqual(dayHeader.zIndex, weekDayHeaderZIndex)
        XCTAssertEqual(dayHeader.representedElementCategory, .supplementaryView)
        let tenOClock = try XCTUnwrap(element(WeekTimelineLayout.Kind.hourHeader, IndexPath(item: 2, section: 0)))
        assertFrame(tenOClock.frame, CGRect(x: 120, y: 130, width: 50, height: 20))
        let line = try XCTUnwrap(element(WeekTimelineLayout.Kind.hourLine, IndexPath(item: 2, section: 0)))
        assertFrame(line.frame, CGRect(x: 50, y: 140, width: 756, height: 0.5))
        XCTAssertEqual(line.representedElementCategory, .decorationView)
        // 12:15 on day 2: y = 40 + ⌊4.25 · 50⌋ − 1.
        let now = try XCTUnwrap(element(WeekTimelineLayout.Kind.nowLine, IndexPath(item: 0, section: 0)))
        assertFrame(now.frame, CGRect(x: 266, y: 251, width: 108, height: 2))
        let corner = try XCTUnwrap(element(WeekTimelineLayout.Kind.corner, IndexPath(item: 0, section: 0)))
        assertFrame(corner.frame, CGRect(x: 120, y: 30, width: 50, height: 40))
        XCTAssertEqual(corner.zIndex, weekCornerZIndex)
        // The hour column (x 120 … 170) hides day 0's events (x 51 … 157) only partly: they stay asked for.
        XCTAssertNotNil(
            visible.first { $0.representedElementCategory == .cell && $0.indexPath == IndexPath(item: 0, section: 0) })
        XCTAssertTrue(collectionView.diagnostics.isEmpty, "\(collectionView.diagnostics.findings)")
    }

    // MARK: CentreSnapFlowLayout

    /// Metrics from the 375 × 667 screen: cards 315 × ⌊315 · 504 / 320⌋ = 496, top and bottom
    /// insets ⌊(667 − 496) / 2⌋ = 85, one card a column at x = 30 + 325 i, y = 85 + (497 − 496) / 2.
    func testAFlingStopsWithTheNearestCardCentred() throws {
        let layout = CentreSnapFlowLayout()
        let harness = Harness(
            width: 375, height: 667, layout: layout, sections: [SectionData(id: "c", items: items(5, prefix: "c"))])
        harness.collectionView.delegate = nil  // the layout's own itemSize and insets
        harness.collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.itemSize, CGSize(width: 315, height: 496))
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 355, y: 85.5, width: 315, height: 496))
        // Proposed 400: middle 587.5; card 1 (centre 512.5) is nearer than card 2 (837.5).
        let target = layout.targetContentOffset(
            forProposedContentOffset: CGPoint(x: 400, y: 0), withScrollingVelocity: CGPoint(x: 2, y: 0))
        XCTAssertEqual(target, CGPoint(x: 325, y: 0))
    }

    // MARK: BlurBackdropView (UIVisualEffectView + UIViewPropertyAnimator)

    func testTheBlurViewSetsItselfUpWhenItJoinsASuperviewAndStopsWhenItLeaves() throws {
        let backdrop = BlurBackdropView(style: .dark, intensity: 0.3)
        XCTAssertNil(backdrop.effect)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        host.addSubview(backdrop)
        XCTAssertEqual(backdrop.frame, CGRect(x: 0, y: 0, width: 200, height: 120))
        XCTAssertEqual(backdrop.backgroundColor, .clear)
        // Setting fractionComplete made the paused animator active: its block set the effect.
        XCTAssertEqual((backdrop.effect as? UIBlurEffect)?.style, .dark)
        XCTAssertEqual(backdrop.animatorState, .active)
        XCTAssertTrue(backdrop.contentView.superview === backdrop)
        backdrop.removeFromSuperview()
        XCTAssertEqual(backdrop.animatorState, .inactive, "stopped without finishing: no completion")
        XCTAssertEqual(backdrop.completions, [])

        host.addSubview(backdrop)
        backdrop.intensity = 0.6
        backdrop.settle()
        XCTAssertEqual(backdrop.completions, [.current])
        XCTAssertEqual(backdrop.animatorState, .inactive)
    }

    // MARK: FormGridLayout (screen-scale metrics, colour literal, decoration attributes class)

    private final class Heights: FormGridLayoutDelegate {
        func formGrid(_ layout: FormGridLayout, minimumHeightForItemAt indexPath: IndexPath) -> CGFloat {
            40 + CGFloat(indexPath.item % 3) * 10
        }
    }

    /// 375 wide at 2× (no window: `UIScreen.main`'s scale), insets 20: columns ⌊(335 / 3) · 2⌋ / 2
    /// = 111.5, the last 335 − 223 = 112; rows as tall as their tallest item (60, 60, 40).
    func testTheFormGridFloorsToTheScreenAndRecoloursItsSeparators() throws {
        let layout = FormGridLayout()
        let heights = Heights()
        layout.delegate = heights
        let harness = Harness(
            width: 375, height: 400, layout: layout, sections: [SectionData(id: "f", items: items(7, prefix: "f"))])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertNil(collectionView.window)
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 160))
        let cell = { (item: Int) in layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame }
        assertFrame(cell(0), CGRect(x: 20, y: 0, width: 111.5, height: 60))
        assertFrame(cell(2), CGRect(x: 243, y: 0, width: 112, height: 60))
        assertFrame(cell(6), CGRect(x: 20, y: 120, width: 111.5, height: 40))
        let separators = harness.visible().compactMap { $0 as? FormSeparatorAttributes }.sorted {
            $0.indexPath.item < $1.indexPath.item
        }
        XCTAssertEqual(separators.map(\.frame.minY), [59.5, 119.5, 159.5], "a pixel (1 / 2) above each row's bottom")
        XCTAssertEqual(separators.first?.frame.height, 0.5)
        XCTAssertEqual(
            separators.first?.backgroundColor,
            #colorLiteral(red: 0.7843137255, green: 0.7803921569, blue: 0.8, alpha: 1))

        layout.itemLayoutMargins = UIEdgeInsets(top: 8.3, left: 20.26, bottom: 8, right: 10.74)
        XCTAssertEqual(layout.itemLayoutMargins, UIEdgeInsets(top: 8, left: 20, bottom: 8, right: 10.5))

        layout.separatorColor = .red
        XCTAssertTrue(layout.actionsWereDisabled)
        XCTAssertFalse(CATransaction.disableActions(), "the transaction ended")
        let recoloured = harness.visible().compactMap { $0 as? FormSeparatorAttributes }
        XCTAssertEqual(recoloured.count, 3)
        XCTAssertTrue(recoloured.allSatisfy { $0.backgroundColor == .red })
        XCTAssertTrue(collectionView.diagnostics.isEmpty, "\(collectionView.diagnostics.findings)")
    }
}
