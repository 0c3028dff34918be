import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene
import FlowSimCoreTestSupport

/// Self-sizing cells (`estimatedItemSize`). UIKit lays the items out at their
/// estimates, asks each cell `preferredLayoutAttributesFitting(_:)` and lays out again through
/// the non-uniform path, where a section whose every line holds one item centres it. Device
/// observations: IGListKit #516 and #520, Xamarin.Forms #6851, #9545, #14136, #14231 (fix PR
/// #10241) and MAUI #25181: a lone self-sized item sits in the middle of the section, where the
/// same item with a fixed itemSize sits at the leading edge.
final class SelfSizingTests: XCTestCase {
    private final class CountingLayout: FlowLayout {
        var asked = 0
        var contexts = 0
        override func shouldInvalidateLayout(
            forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
            withOriginalAttributes originalAttributes: LayoutAttributes
        ) -> Bool {
            asked += 1
            return super.shouldInvalidateLayout(
                forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        }
        override func invalidationContext(
            forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
            withOriginalAttributes originalAttributes: LayoutAttributes
        ) -> LayoutInvalidationContext {
            contexts += 1
            return super.invalidationContext(
                forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        }
    }

    /// One self-sized 100 pt item in a 375 pt section: x = 137.5 (centred); with a fixed
    /// itemSize of 100 pt: x = 0 (FlowSim gave x = 0 for both before).
    func testLoneSelfSizedItemIsCentred() {
        let layout = CountingLayout()
        layout.estimatedItemSize = FlowLayout.automaticSize
        let (cv, _) = Fixture.collectionView([SectionData(id: "s", items: Fixture.items(1))], layout: layout)
        cv.cellFittingSize = { _, _ in CGSize(width: 100, height: 100) }
        layout.invalidateLayout()
        XCTAssertEqual(Fixture.cellFrames(layout), [CGRect(x: 137.5, y: 0, width: 100, height: 100)])
        // Asked once per pass (the first, before the fitting size was given, kept the estimate).
        XCTAssertEqual(layout.asked, 2)
        XCTAssertEqual(layout.contexts, 1)

        let fixed = FlowLayout()
        fixed.itemSize = CGSize(width: 100, height: 100)
        _ = Fixture.collectionView([SectionData(id: "s", items: Fixture.items(1))], layout: fixed)
        XCTAssertEqual(Fixture.cellFrames(fixed), [CGRect(x: 0, y: 0, width: 100, height: 100)])
    }

    /// Equal self-sized items still take the non-uniform path: full lines justified, the last
    /// line left-aligned; a cell subclass's own answer is used.
    func testCellSubclassAnswersAndLinesFollowTheNonUniformPath() {
        final class WideCell: CollectionViewCell {
            override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
                layoutAttributes.size = CGSize(width: 170, height: 30 + CGFloat(layoutAttributes.indexPath.item))
                return layoutAttributes
            }
        }
        let layout = FlowLayout()
        layout.estimatedItemSize = CGSize(width: 50, height: 50)
        let (cv, _) = Fixture.collectionView([SectionData(id: "s", items: Fixture.items(3))], layout: layout)
        cv.makeSelfSizingCell = { WideCell(frame: .zero) }
        layout.invalidateLayout()
        let frames = Fixture.cellFrames(layout)
        // Two of 170 fit in 375 (170 + 10 + 170 = 350): justified, x = 0 and 205; the third
        // alone on the last line, left-aligned at x = 0 (not every line holds one item).
        XCTAssertEqual(frames.map(\.minX), [0, 205, 0])
        XCTAssertEqual(frames.map(\.width), [170, 170, 170])
        XCTAssertEqual(frames[2].minY, 31 + 10)
    }

    /// Without a fitting size the base cell keeps the estimate and nothing is invalidated.
    func testNoFittingSizeKeepsTheEstimate() {
        let layout = CountingLayout()
        layout.estimatedItemSize = CGSize(width: 100, height: 40)
        let (_, _) = Fixture.collectionView([SectionData(id: "s", items: Fixture.items(1))], layout: layout)
        // The data source is the delegate: its size (itemSize, 50 × 50) is the estimate.
        XCTAssertEqual(Fixture.cellFrames(layout), [CGRect(x: 162.5, y: 0, width: 50, height: 50)])
        XCTAssertEqual(layout.contexts, 0)
    }
}

/// Self-sizing in scenes: `layout.estimatedItemSize` and each item's content.
final class SceneSelfSizingTests: XCTestCase {
    private func frames(_ json: String) throws -> [CGRect] {
        let scene = try SceneDecoder.decode(Data(json.utf8), source: "t.json", defaultName: "t", isPropertyList: false)
        let simulation = try SceneSimulation(scene: scene)
        return Fixture.cellFrames(simulation.collectionView.collectionViewLayout)
    }

    /// The lone self-sized 100 pt item sits at x = 137.5 (IGListKit #516/#520, Xamarin.Forms
    /// #6851 …, MAUI #25181); the same scene without estimatedItemSize puts it at x = 0.
    func testExplicitFittingSizeCentresALoneItem() throws {
        let selfSized = #"""
            {"viewport": {"width": 375, "height": 667},
             "layout": {"estimatedItemSize": "automatic", "itemSize": {"width": 100, "height": 100}},
             "sections": [{"items": [{"id": "a", "fittingSize": {"width": 100, "height": 100}}]}]}
            """#
        XCTAssertEqual(try frames(selfSized), [CGRect(x: 137.5, y: 0, width: 100, height: 100)])
        let fixed = #"""
            {"viewport": {"width": 375, "height": 667},
             "layout": {"itemSize": {"width": 100, "height": 100}},
             "sections": [{"items": [{"id": "a"}]}]}
            """#
        XCTAssertEqual(try frames(fixed), [CGRect(x: 0, y: 0, width: 100, height: 100)])
    }

    /// A title is measured with the style's font size (12): "Hello" is ⌈5 · 0.6 · 12 + 16⌉ = 52
    /// wide and ⌈1.2 · 12 + 16⌉ = 31 tall.
    func testTitleIsMeasuredWithTheStyleFont() throws {
        let json = #"""
            {"viewport": {"width": 375, "height": 667},
             "layout": {"estimatedItemSize": {"width": 80, "height": 40}},
             "sections": [{"items": [{"id": "a", "title": "Hello"}, {"id": "b", "title": "Hello"}]}]}
            """#
        let result = try frames(json)
        XCTAssertEqual(result.map(\.size), [CGSize(width: 52, height: 31), CGSize(width: 52, height: 31)])
        // One line of two items: the last (and only) line is left-aligned with the spacing.
        XCTAssertEqual(result.map(\.minX), [0, 62])
    }
}
