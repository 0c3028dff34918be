import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// UIKit's safe-area rules for a collection view (decompiled UIKit 26.1, docs/devices.md):
/// `_edgesApplyingSafeAreaInsetsToContentInsetForContentSize:` applies the safe area's top and
/// bottom to a vertical flow layout (its axis is marked as scrolling) and its sides only when the
/// content is wider than the bounds; `.always` applies every edge, `.never` none.
final class SafeAreaTests: XCTestCase {
    /// iPhone 16 Pro's safe area, portrait and landscape (docs/devices.md).
    static let portraitSafeArea = EdgeInsets(top: 62, left: 0, bottom: 34, right: 0)
    static let landscapeSafeArea = EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)

    private func view(
        width: CGFloat, height: CGFloat, safeArea: EdgeInsets, behavior: ContentInsetAdjustmentBehavior = .automatic,
        layout: FlowLayout = FlowLayout(), items count: Int = 12
    ) -> (CollectionView, SectionedDataSource) {
        layout.itemSize = CGSize(width: 100, height: 100)
        let (view, data) = Fixture.collectionView(
            [SectionData(id: "s", items: Fixture.items(count))], layout: layout, width: width, height: height, scale: 3)
        view.safeAreaInsets = safeArea
        view.contentInsetAdjustmentBehavior = behavior
        view.layoutIfNeeded()
        return (view, data)
    }

    func testAutomaticAppliesTopAndBottomToAVerticalFlowLayoutEvenWhenItsContentFits() {
        let (view, _) = view(width: 402, height: 874, safeArea: Self.portraitSafeArea, items: 1)
        XCTAssertLessThan(view.collectionViewLayout.collectionViewContentSize.height, 874)
        XCTAssertEqual(view.adjustedContentInset, EdgeInsets(top: 62, left: 0, bottom: 34, right: 0))
    }

    /// Landscape: the sides (sensor housing) are not applied to a vertical flow layout, so its
    /// first cell sits at x = 0, under the housing; dim = 874 → 8 columns of 100.
    func testAutomaticLeavesTheSidesOfAVerticalFlowLayoutInLandscape() {
        let (view, _) = view(width: 874, height: 402, safeArea: Self.landscapeSafeArea)
        XCTAssertEqual(view.adjustedContentInset, EdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        XCTAssertEqual(Fixture.origins(view.collectionViewLayout).first, CGPoint(x: 0, y: 0))
    }

    /// `.always`: every edge; dim = 874 − 124 = 750, n = ⌊760/110⌋ = 6, gap = (750 − 600)/5 = 30.
    func testAlwaysAppliesEveryEdge() {
        let (view, _) = view(width: 874, height: 402, safeArea: Self.landscapeSafeArea, behavior: .always)
        XCTAssertEqual(view.adjustedContentInset, Self.landscapeSafeArea)
        XCTAssertEqual((view.collectionViewLayout as! FlowLayout).crossDimension, 750)
        XCTAssertEqual(Fixture.origins(view.collectionViewLayout).prefix(3).map(\.x), [0, 130, 260])
    }

    func testNeverAppliesNothing() {
        let (view, _) = view(width: 402, height: 874, safeArea: Self.portraitSafeArea, behavior: .never)
        XCTAssertEqual(view.adjustedContentInset, .zero)
    }

    /// A horizontal flow layout scrolls along x: the sides apply; its content is never taller than
    /// the bounds, so top and bottom do not (unless the vertical axis bounces).
    func testHorizontalFlowLayoutGetsTheSides() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        let (view, _) = view(
            width: 874, height: 402, safeArea: EdgeInsets(top: 20, left: 62, bottom: 20, right: 62), layout: layout)
        XCTAssertEqual(view.adjustedContentInset, EdgeInsets(top: 0, left: 62, bottom: 0, right: 62))
        view.alwaysBounceVertical = true
        XCTAssertEqual(view.adjustedContentInset, EdgeInsets(top: 20, left: 62, bottom: 20, right: 62))
    }

    func testAdjustedInsetAddsTheContentInset() {
        let (view, _) = view(width: 402, height: 874, safeArea: Self.portraitSafeArea)
        view.contentInset = EdgeInsets(top: 10, left: 5, bottom: 0, right: 5)
        XCTAssertEqual(view.adjustedContentInset, EdgeInsets(top: 72, left: 5, bottom: 34, right: 5))
    }

    /// `.fromSafeArea` in landscape: the section starts at the safe area, 62 pt in, and ends 62 pt
    /// from the right: avail = 874 − 124 = 750 → 6 columns, gap 30: x = 62, 192, 322.
    func testFromSafeAreaInsetsTheSectionBySensorHousing() {
        let layout = FlowLayout()
        layout.sectionInsetReference = .fromSafeArea
        let (view, _) = view(width: 874, height: 402, safeArea: Self.landscapeSafeArea, layout: layout)
        XCTAssertEqual(Fixture.origins(view.collectionViewLayout).prefix(3).map(\.x), [62, 192, 322])
        XCTAssertEqual(
            Fixture.origins(view.collectionViewLayout)[6].x, 62, "the second row starts at the safe area too")
    }

    /// With `.always` the content area already starts at the safe area: nothing is added twice.
    func testFromSafeAreaAddsNothingTheAdjustedInsetAlreadyHolds() {
        let layout = FlowLayout()
        layout.sectionInsetReference = .fromSafeArea
        let (view, _) = view(
            width: 874, height: 402, safeArea: Self.landscapeSafeArea, behavior: .always, layout: layout)
        XCTAssertEqual(Fixture.origins(view.collectionViewLayout).first?.x, 0)
    }

    /// `.fromLayoutMargins`: UIView's 8 pt margins plus the safe area (insetsLayoutMarginsFromSafeArea):
    /// 70 pt each side, avail = 734 → 6 columns, gap (734 − 600)/5 = 26.8.
    func testFromLayoutMarginsUsesTheMarginsOutsideTheSafeArea() {
        let layout = FlowLayout()
        layout.sectionInsetReference = .fromLayoutMargins
        let (view, _) = view(width: 874, height: 402, safeArea: Self.landscapeSafeArea, layout: layout)
        XCTAssertEqual(view.layoutMargins, EdgeInsets(top: 8, left: 70, bottom: 29, right: 70))
        let xs = Fixture.origins(view.collectionViewLayout).prefix(2).map(\.x)
        XCTAssertEqual(xs[0], 70)
        XCTAssertEqual(xs[1], (3 * (70 + 126.8)).rounded() / 3)
    }

    /// Seeded property: for every behaviour and random safe areas and sizes, the adjusted inset is
    /// the content inset plus a subset of the safe area's edges, `.always` all of them and
    /// `.never` none; a vertical flow layout always gets top and bottom unless `.never`.
    func testAdjustedInsetIsContentInsetPlusSafeAreaEdges() {
        var random = SeededRandom(seed: 26)
        for _ in 0..<200 {
            let safe = EdgeInsets(
                top: CGFloat(random.next() % 70), left: CGFloat(random.next() % 70),
                bottom: CGFloat(random.next() % 40), right: CGFloat(random.next() % 70))
            let behavior = ContentInsetAdjustmentBehavior.allCases[Int(random.next() % 4)]
            let width = CGFloat(300 + random.next() % 700)
            let (view, _) = view(
                width: width, height: CGFloat(300 + random.next() % 700), safeArea: safe, behavior: behavior,
                items: Int(random.next() % 40))
            let adjusted = view.adjustedContentInset
            for (a, s) in [
                (adjusted.top, safe.top), (adjusted.left, safe.left), (adjusted.bottom, safe.bottom),
                (adjusted.right, safe.right),
            ] {
                XCTAssertTrue(a == 0 || a == s, "\(behavior): \(adjusted) from \(safe)")
            }
            switch behavior {
            case .always: XCTAssertEqual(adjusted, safe)
            case .never: XCTAssertEqual(adjusted, .zero)
            default:
                XCTAssertEqual(adjusted.top, safe.top)
                XCTAssertEqual(adjusted.bottom, safe.bottom)
            }
        }
    }
}
