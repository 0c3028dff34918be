import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The mistakes of Layouts/TeamMistakeLayouts.swift: what UIKit raises or logs for each, in its
/// words (decompiled UIKit 26.1, `UICollectionViewLayout.m`'s attribute setters and
/// `UICollectionViewData`), and the mistakes UIKit says nothing about, which FlowSim must not
/// report either. None may hang or trap.
final class DiagnosticsMistakeTests: XCTestCase {
    private func harness(_ layout: CollectionViewLayout, items count: Int, sections: Int = 1) -> Harness {
        Harness(
            width: 375, height: 600, layout: layout,
            sections: (0..<sections).map {
                SectionData(id: "s\($0)", items: FlowSimTestSupport.items(count, prefix: "i\($0)-"))
            })
    }

    private func exception(_ mistake: BrokenGeometryLayout.Mistake) -> UIKitDiagnostic? {
        let h = harness(BrokenGeometryLayout(mistake), items: 2)
        h.collectionView.layoutIfNeeded()
        return h.collectionView.diagnostics.firstException
    }

    // MARK: Geometry UIKit's setters refuse (26.1, UICollectionViewLayout.m lines 466–522)

    /// 0 · ∞: `-setFrame:` line 470, "requires finite coordinates".
    func testANaNOriginRaisesFiniteCoordinates() {
        XCTAssertEqual(
            exception(.zeroColumnsOrigin)?.message,
            "UICollectionViewLayoutAttributes: -setFrame: requires finite coordinates. Attributes: "
                + "<UICollectionViewLayoutAttributes index path: (0-0); frame = (nan 0; 10 10)>; new frame: "
                + "{{nan, 0}, {10, 10}}")
    }

    /// A finite origin with an infinite width: line 471, "requires finite dimensions" (the origin
    /// check comes first and passes).
    func testAnInfiniteWidthRaisesFiniteDimensions() {
        let finding = exception(.zeroColumnsWidth)
        XCTAssertEqual(finding?.check, .nonFiniteFrame)
        XCTAssertEqual(finding?.severity, .exception)
        XCTAssertEqual(finding?.indexPath, IndexPath(item: 0, section: 0))
        XCTAssertEqual(
            finding?.message,
            "UICollectionViewLayoutAttributes: -setFrame: requires finite dimensions. Attributes: "
                + "<UICollectionViewLayoutAttributes index path: (0-0); frame = (8 0; inf 44)>; new frame: "
                + "{{8, 0}, {inf, 44}}")
    }

    /// `intersection` of disjoint rects is `CGRect.null`: line 467, checked before the
    /// coordinates (whose infinite origin would otherwise be named).
    func testANullFrameRaisesCGRectNullIsUndefined() {
        let finding = exception(.clippedToDisjointSection)
        XCTAssertEqual(finding?.elementKind, UICollectionView.elementKindSectionHeader)
        XCTAssertEqual(
            finding?.message,
            "UICollectionViewLayoutAttributes: -setFrame: with CGRectNull is undefined. Attributes: "
                + "<UICollectionViewLayoutAttributes index path: (0-0); element kind: "
                + "(UICollectionElementKindSectionHeader); frame = (inf inf; 0 0)>; new frame: {{inf, inf}, {0, 0}}")
    }

    /// `CGRect.infinite` has finite members, so only line 466's own check catches it; decoration
    /// views go through the same setter.
    func testAnInfiniteRectRaisesCGRectInfiniteIsUndefined() throws {
        let finding = try XCTUnwrap(exception(.infiniteBackground))
        XCTAssertTrue(
            finding.message.hasPrefix(
                "UICollectionViewLayoutAttributes: -setFrame: with CGRectInfinite is undefined. Attributes: "
                    + "<UICollectionViewLayoutAttributes index path: (0-0); element kind: (background); frame = ("),
            finding.message)
        XCTAssertTrue(finding.message.contains("zIndex = -1>; new frame: "), finding.message)
    }

    /// 0 / 0 as a scale: `-setTransform:` line 522.
    func testANaNTransformRaisesFiniteTransformMembers() {
        XCTAssertEqual(
            exception(.zeroRangeZoom)?.message,
            "UICollectionViewLayoutAttributes: -setTransform: requires that all members in the transform matrix be "
                + "finite numbers. Attributes: <UICollectionViewLayoutAttributes index path: (0-0); frame = "
                + "(0 0; 100 44); transform = [nan, 0, 0, nan, 0, 0]>; new transform: [nan, 0, 0, nan, 0, 0]")
    }

    // MARK: Elements that do not exist

    /// `0...numberOfSections`: the header of section 2 in a 2-section collection view is logged
    /// (iOS 18.2 / 26.1 `_validateLayoutInRect:`, supplementary views past the last section) and
    /// ignored; the real headers stay.
    func testAHeaderForASectionPastTheLastIsLoggedAndIgnored() {
        let layout = OffByOneHeaderLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        let h = harness(layout, items: 2, sections: 2)
        h.collectionView.layoutIfNeeded()
        let invalid = h.collectionView.diagnostics.findings.filter { $0.check == .invalidIndexPath }
        // Logged at each validation, as UIKit logs at each `_validateLayoutInRect:`.
        XCTAssertEqual(Set(invalid.map(\.indexPath)), [IndexPath(item: 0, section: 2)])
        XCTAssertEqual(
            invalid.first?.message,
            "Received layout attributes with an invalid index path. Attributes will be ignored. Attributes: "
                + "<UICollectionViewLayoutAttributes index path: (2-0); element kind: "
                + "(UICollectionElementKindSectionHeader); frame = (0 60; 100 30)>; layout: <OffByOneHeaderLayout>; "
                + "data source counts: { 2 sections with item counts: [2, 2] }")
        XCTAssertEqual(Set(h.visibleHeaders().keys), [0, 1])
    }

    // MARK: Mistakes UIKit says nothing about

    /// Invalidating from inside `prepare()` leaves the layout invalid after every preparation:
    /// FlowSim prepares it again at the next question instead of recursing (the first pass
    /// prepares, then its query prepares again), so it settles, and the frames are the layout's.
    func testInvalidatingInsidePrepareSettlesInsteadOfRecursing() {
        let layout = SelfInvalidatingLayout()
        let h = harness(layout, items: 5)
        h.collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.prepareCount, 2)
        let cells = h.visibleCells()
        XCTAssertEqual(layout.prepareCount, 3, "one preparation per question, never a loop")
        assertFrame(cells[IndexPath(item: 4, section: 0)]?.frame, CGRect(x: 0, y: 240, width: 375, height: 50))
        XCTAssertTrue(h.collectionView.diagnostics.isEmpty, "\(h.collectionView.diagnostics.findings)")
    }

    /// `shouldInvalidateLayout(forBoundsChange:)` always true with a full rebuild: one
    /// preparation per scroll step (UIKit prepares at the next layout pass, once).
    func testInvalidatingOnEveryBoundsChangePreparesOncePerScrollStep() {
        let layout = RebuildOnScrollLayout()
        let h = harness(layout, items: 50)
        h.collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.prepareCount, 1)
        for step in 1...10 {
            h.collectionView.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 37)
            h.collectionView.layoutIfNeeded()
        }
        XCTAssertEqual(layout.prepareCount, 11)
        XCTAssertTrue(h.collectionView.diagnostics.isEmpty)
    }

    /// The same attributes objects moved in place on every query: frames follow the offset
    /// (item 2 rests at 400; at offset 200 it sits at 400 + (200 − 400) · 0.25 = 350), no finding.
    func testACustomLayoutChangingItsOwnAttributesInPlaceReportsNothing() {
        let h = harness(InPlaceParallaxLayout(), items: 10)
        for offset in stride(from: 0, through: 400, by: 50) {
            h.collectionView.contentOffset = CGPoint(x: 0, y: CGFloat(offset))
            h.collectionView.layoutIfNeeded()
        }
        h.collectionView.contentOffset = CGPoint(x: 0, y: 200)
        assertFrame(
            h.visibleCells()[IndexPath(item: 2, section: 0)]?.frame, CGRect(x: 0, y: 350, width: 375, height: 180))
        XCTAssertTrue(h.collectionView.diagnostics.isEmpty, "\(h.collectionView.diagnostics.findings)")
    }

    /// A content size shorter than the items: UIKit only limits scrolling; the items the layout
    /// answers are shown, and nothing is logged.
    func testAContentSizeShorterThanTheItemsReportsNothing() {
        let layout = StaleContentSizeLayout()
        let h = harness(layout, items: 5)
        h.collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.collectionViewContentSize.height, 200)
        XCTAssertEqual(h.visibleCells().keys.map(\.item).sorted(), [0, 1, 2, 3, 4])
        XCTAssertTrue(h.collectionView.diagnostics.isEmpty)
    }

    /// Headers the layout has but leaves out of `layoutAttributesForElements(in:)`: UIKit shows
    /// what the layout answers and says nothing; so does FlowSim (the header is still answered
    /// when asked for by index path).
    func testHeadersLeftOutOfTheRectQueryAreNotShownAndNotReported() {
        let layout = CellsOnlyFlowLayout()
        layout.headerReferenceSize = CGSize(width: 375, height: 40)
        layout.itemSize = CGSize(width: 100, height: 50)
        let h = harness(layout, items: 3, sections: 2)
        h.collectionView.layoutIfNeeded()
        XCTAssertTrue(h.visibleHeaders().isEmpty)
        XCTAssertEqual(h.visibleCells().count, 6)
        assertFrame(
            layout.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))?.frame,
            CGRect(x: 0, y: 90, width: 375, height: 40))
        XCTAssertTrue(h.collectionView.diagnostics.isEmpty)
    }

    // MARK: Updates from Swift

    /// An insert past the end of the data: UIKit's sentence from `_endItemAnimations` (decompiled
    /// UIKit's assertion table: "attempt to insert item %ld into section %ld, but there are only
    /// %ld items in section %ld after the update"); the update changes nothing.
    func testAnInsertPastTheEndRaisesUIKitsSentence() {
        let h = harness(UICollectionViewFlowLayout(), items: 4)
        h.collectionView.layoutIfNeeded()
        h.dataSource.sections[0].items.append(ItemData(id: "new"))
        h.collectionView.insertItems(at: [IndexPath(item: 7, section: 0)])
        let exception = h.collectionView.diagnostics.firstException
        XCTAssertEqual(exception?.check, .invalidBatchUpdates)
        XCTAssertEqual(
            exception?.message,
            "attempt to insert item 7 into section 0, but there are only 5 items in section 0 after the update")
        XCTAssertEqual(h.collectionView.numberOfItems(inSection: 0), 4, "the update that raised changed nothing")
    }
}
