import FlowSimCLI
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Layout functions written as in Apple's "Implementing Modern Collection Views" sample compile
/// unchanged (with warnings as errors) and give UIKit's frames.
final class ModernCollectionViewLayoutTests: XCTestCase {
    private func laidOut(_ layout: UICollectionViewLayout, counts: [Int], width: CGFloat = 390, scale: CGFloat = 3)
        -> Harness
    {
        let sections = counts.enumerated().map { index, count in
            SectionData(id: "s\(index)", items: items(count, prefix: "s\(index)-"))
        }
        let harness = Harness(width: width, height: 844, layout: layout, sections: sections, scale: scale)
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    /// 390 × 0.2 = 78 at @3x; 5 pt insets on each side.
    func testInsetItemsGrid() {
        let layout = ModernLayouts.insetItemsGrid()
        _ = laidOut(layout, counts: [12])
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame,
            CGRect(x: 83, y: 83, width: 68, height: 68))
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 390, height: 234))
    }

    /// `subitem:count:` with `.fixed(10)`: each column is a share of the width less the spacing.
    func testAdaptiveColumns() {
        let layout = ModernLayouts.adaptiveColumns()
        _ = laidOut(layout, counts: [5])
        // Container 390 less 10 + 10 insets = 370; two columns: (370 − 10) / 2 = 180.
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 200, y: 10, width: 180, height: 44))
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame,
            CGRect(x: 10, y: 118, width: 180, height: 44))
    }

    func testBadgesAndBackground() {
        let layout = ModernLayouts.badgesOnBackground()
        _ = laidOut(layout, counts: [4], width: 400, scale: 2)
        // Section container 360 wide: items 90, groups 0.2 × 360 = 72 tall; item 1 inset frame (115, 25, 80, 62).
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 115, y: 25, width: 80, height: 62))
        assertFrame(
            layout.layoutAttributesForSupplementaryView(
                ofKind: ModernLayouts.badgeKind, at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 181, y: 19, width: 20, height: 20))
        assertFrame(
            layout.layoutAttributesForDecorationView(
                ofKind: ModernLayouts.backgroundKind, at: IndexPath(item: 0, section: 0))?.frame,
            CGRect(x: 10, y: 10, width: 380, height: 92))
    }

    func testPinnedHeaderWhileScrolling() {
        let layout = ModernLayouts.pinnedHeaders()
        let harness = laidOut(layout, counts: [20, 20])
        harness.collectionView.contentOffset = CGPoint(x: 0, y: 300)
        harness.collectionView.layoutIfNeeded()
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        assertFrame(header?.frame, CGRect(x: 10, y: 300, width: 370, height: 44))
        XCTAssertEqual(header?.zIndex, 2)
    }

    func testCarouselAboveAList() {
        let layout = ModernLayouts.carouselAndList()
        _ = laidOut(layout, counts: [6, 3])
        // 390 × 0.85 = 331.5 → 331.333 at @3x; the carousel starts at its leading inset.
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
            CGRect(x: 20 + 994.0 / 3 + 10, y: 0, width: 994.0 / 3, height: 150))
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        assertFrame(header?.frame, CGRect(x: 16, y: 170, width: 358, height: 38))
    }

    /// The handler sees the visible items at orthogonal offset 0 and its transforms show in the
    /// rect query's answer.
    func testVisibleItemsInvalidationHandlerScalesTheCentredCard() {
        let layout = ModernLayouts.scalingCarousel()
        let harness = laidOut(layout, counts: [5])
        let answer = withExtendedLifetime(harness) {
            layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        }
        XCTAssertEqual(answer.map(\.indexPath.item), [0, 1])
        // Item 0: x 20, width 331.333 → midX 185.667, 9.333 from the centre: 1.1 − 9.333 / 390.
        XCTAssertEqual(answer[0].transform.a, 1.1 - (195 - (20 + 994.0 / 6)) / 390, accuracy: 1e-9)
        XCTAssertEqual(answer[1].transform.a, 0.7, "far from the centre: the minimum")
    }

    func testPlainList() {
        let layout = ModernLayouts.plainList()
        _ = laidOut(layout, counts: [3])
        assertFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame,
            CGRect(x: 0, y: 88, width: 390, height: 44))
    }
}

/// A team's own `flowsim` with its compositional layout functions:
/// `FlowSimCommand.main(layouts: ["grid": { createLayout() }])`, scene `"layout": {"class": "grid"}`.
final class CompositionalCLITests: XCTestCase {
    func testRegisteredLayoutFunctionRunsThroughTheCLI() throws {
        var output = ""
        var error = ""
        let context = CommandContext(
            standardOutput: { output += $0 }, standardError: { error += $0 },
            layouts: ["grid": { ModernLayouts.insetItemsGrid() }])
        let path = CLI.sceneFile(
            """
            {"viewport": {"width": 390, "height": 300, "scale": 3}, "layout": {"class": "grid"},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}, {"id": "f"}]}]}
            """)
        XCTAssertEqual(FlowSimCommand.run(["layout", path], context: context), 0, error)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(root["elements"] as? [[String: Any]])
        let last = try XCTUnwrap(elements.last { $0["kind"] as? String == "cell" })
        XCTAssertEqual(last["frame"] as? [String: Double], ["x": 5, "y": 83, "width": 68, "height": 68])
        XCTAssertEqual(root["contentSize"] as? [String: Double], ["width": 390, "height": 156])
    }
}
