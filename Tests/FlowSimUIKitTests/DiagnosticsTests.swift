import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// UIKit's runtime checks (docs/diagnostics.md), each with a layout written the way the mistake
/// is made in apps (Layouts/MistakeLayouts.swift) and UIKit's exact text; the control layouts
/// report nothing.
final class DiagnosticsTests: XCTestCase {
    func harness(_ layout: CollectionViewLayout, items count: Int, width: CGFloat = 375) -> Harness {
        Harness(
            width: width, height: 667, layout: layout,
            sections: [SectionData(id: "s", items: FlowSimTestSupport.items(count, prefix: "i"))])
    }

    /// `_UIFlowLayoutSection logInvalidSizesForHorizontalDirection:warnAboutDelegateValues:`: a
    /// 400 pt item in a 375 pt vertical collection view (iOS 18.0's text, width line only, no
    /// delegate line for `itemSize`).
    func testItemWiderThanTheCollectionViewLogsUIKitsBlock() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 400, height: 50)
        let h = harness(layout, items: 3)
        h.collectionView.delegate = nil
        h.collectionView.layoutIfNeeded()
        let findings = h.collectionView.diagnostics.findings
        XCTAssertEqual(findings.map(\.check), [.itemTooLarge])
        XCTAssertEqual(findings.first?.severity, .log)
        XCTAssertEqual(
            findings.first?.message,
            """
            The behavior of the UICollectionViewFlowLayout is not defined because:
            the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.
            The relevant UICollectionViewFlowLayout instance is <UICollectionViewFlowLayout>, and it is attached to <UICollectionView; frame = (0 0; 375 667); contentOffset: {0, 0}; collectionViewLayout: <UICollectionViewFlowLayout>>.
            Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.
            """)
    }

    /// The check is strictly greater (26.1's `computeLayoutInRect:`: `if (v21 > v6)`): an item
    /// exactly as wide as the space reports nothing; section insets count.
    func testItemExactlyAsWideAsTheSpaceIsFine() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 355, height: 50)
        layout.sectionInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        let h = harness(layout, items: 3)
        h.collectionView.delegate = nil
        h.collectionView.layoutIfNeeded()
        XCTAssertTrue(h.collectionView.diagnostics.isEmpty, "\(h.collectionView.diagnostics.findings)")
        layout.sectionInset.right = 11
        h.collectionView.layoutIfNeeded()
        XCTAssertEqual(h.collectionView.diagnostics.findings.map(\.check), [.itemTooLarge])
    }

    /// `UICollectionViewFlowLayoutAlertForInvalidItemSize` from `setItemSize:` (26.1: width ≤ 0),
    /// logged at once: before the layout has a collection view, UIKit prints "(null)", as a
    /// public report of the message shows (`Invalid size: {-10, -10}; collection view: (null)`).
    func testZeroItemWidthLogsWithNullCollectionView() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: -10, height: -10)
        let h = harness(layout, items: 0)
        h.collectionView.layoutIfNeeded()
        XCTAssertEqual(
            h.collectionView.diagnostics.findings.map(\.message),
            [
                "Negative or zero item sizes are not supported by flow layout. Make a symbolic breakpoint at "
                    + "UICollectionViewFlowLayoutAlertForInvalidItemSize to catch this in the debugger. Invalid size: "
                    + "{-10, -10}; collection view: (null)"
            ])
        // A height of 0 alone is not checked by the setter.
        let tall = UICollectionViewFlowLayout()
        tall.itemSize = CGSize(width: 50, height: 0)
        XCTAssertTrue(harness(tall, items: 0).collectionView.diagnostics.isEmpty)
    }

    /// UIKit 26.1: a negative delegate size raises (apps built with a current SDK).
    func testNegativeDelegateHeightRaises() {
        let delegate = NegativeHeightDelegate()
        let h = harness(UICollectionViewFlowLayout(), items: 4)
        h.collectionView.delegate = delegate
        h.collectionView.layoutIfNeeded()
        let exception = h.collectionView.diagnostics.firstException
        XCTAssertEqual(exception?.check, .invalidSize)
        XCTAssertEqual(exception?.exceptionName, "NSInternalInconsistencyException")
        XCTAssertEqual(exception?.indexPath, IndexPath(item: 2, section: 0))
        XCTAssertEqual(
            exception?.message,
            "Collection view delegate returned a negative size {100, -14} from "
                + "-collectionView:layout:sizeForItemAtIndexPath: for item 2 in section 0, which is not supported by "
                + "flow layout. Delegate: <NegativeHeightDelegate>; collection view: <UICollectionView; frame = "
                + "(0 0; 375 667); contentOffset: {0, 0}; collectionViewLayout: <UICollectionViewFlowLayout>>")
    }

    /// `_existingLayoutAttributesForItemAtIndexPath:`: a subclass changed super's attributes in
    /// place; logged once per process however often it happens.
    func testMutatingSuperAttributesLogsTheCachedFrameMismatchOnce() throws {
        let h = harness(ZoomingFlowLayout(), items: 30)
        h.collectionView.layoutIfNeeded()
        for offset in stride(from: 10, through: 200, by: 10) {
            h.collectionView.contentOffset = CGPoint(x: 0, y: CGFloat(offset))
            h.collectionView.layoutIfNeeded()
        }
        let findings = h.collectionView.diagnostics.findings
        XCTAssertEqual(findings.map(\.check), [.cachedFrameMismatch])
        let lines = try XCTUnwrap(findings.first?.message).components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0], "Logging only once for UICollectionViewFlowLayout cache mismatched frame")
        XCTAssertTrue(
            lines[1].hasPrefix(
                "UICollectionViewFlowLayout has cached frame mismatch for index path {length = 2, path = 0 - "),
            lines[1])
        XCTAssertEqual(
            lines[2],
            "This is likely occurring because the flow layout subclass ZoomingFlowLayout is modifying attributes "
                + "returned by UICollectionViewFlowLayout without copying them")
        // The frames named differ: the cached (changed) one is grown, the expected one is the layout's.
        let path = try XCTUnwrap(findings.first?.indexPath)
        XCTAssertEqual(path.section, 0)
    }

    /// iOS 18.2 / 26.1 `_validateLayoutInRect:`: attributes for items 4 and 5 of a 4-item section
    /// are logged and ignored (neither shown nor printed).
    func testAttributesForItemsThatDoNotExistAreLoggedAndIgnored() {
        let h = harness(FixedGridLayout(), items: 4)
        h.collectionView.layoutIfNeeded()
        let visible = h.collectionView.visibleLayoutAttributes().map(\.indexPath.item).sorted()
        XCTAssertEqual(visible, [0, 1, 2, 3])
        let invalid = h.collectionView.diagnostics.findings.filter { $0.check == .invalidIndexPath }
        XCTAssertEqual(Set(invalid.compactMap(\.indexPath?.item)), [4, 5])
        XCTAssertEqual(
            invalid.first { $0.indexPath?.item == 4 }?.message,
            "Received layout attributes with an invalid index path. Attributes will be ignored. Attributes: "
                + "<UICollectionViewLayoutAttributes index path: (0-4); frame = (0 375; 187.5 187.5)>; layout: "
                + "<FixedGridLayout>; data source counts: { 1 section with item counts: [4] }")
        XCTAssertTrue(invalid.allSatisfy { $0.severity == .log })
    }

    /// iOS 16.4+'s "Invalid batch updates detected" block for an insert the data source did not
    /// make (it removed an item instead), with the older per-section sentence as a note.
    func testInconsistentBatchFromSwiftRaisesUIKitsBlock() {
        let h = harness(UICollectionViewFlowLayout(), items: 4)
        h.collectionView.layoutIfNeeded()
        h.dataSource.sections[0].items.removeLast()
        h.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        let exception = h.collectionView.diagnostics.firstException
        XCTAssertEqual(exception?.check, .invalidBatchUpdates)
        XCTAssertEqual(
            exception?.message,
            """
            Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
            Data source before updates = { 1 section with item counts: [4] }
            Data source after updates = { 1 section with item counts: [3] }
            Updates = [ Insert item (0 - 0) ]
            (iOS 16.3 and earlier: Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).)
            """)
        XCTAssertEqual(h.collectionView.updateErrors.count, 1)
    }

    /// A snapshot applied from a cell provider, underneath another apply (26.1's deadlock check).
    func testSnapshotAppliedFromInsideAnApplyRaises() {
        let h = harness(UICollectionViewFlowLayout(), items: 0)
        var dataSource: CollectionViewDiffableDataSource<String, String>!
        var nested = 0
        dataSource = CollectionViewDiffableDataSource(collectionView: h.collectionView) { _, _, _ in
            if nested == 0 {
                nested += 1
                var again = dataSource.snapshot()
                again.appendItems(["late"])
                dataSource.apply(again)
            }
            return CollectionViewCell(frame: .zero)
        }
        var snapshot = dataSource.snapshot()
        snapshot.appendSections(["s"])
        snapshot.appendItems(["a", "b"])
        dataSource.apply(snapshot)
        XCTAssertEqual(h.collectionView.diagnostics.firstException?.check, .reentrantApply)
        XCTAssertTrue(
            h.collectionView.diagnostics.firstException?.message.hasPrefix(
                "Deadlock detected: attempted to apply a snapshot to diffable data source while it was already applying a snapshot."
            ) ?? false)
        XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["a", "b"], "the nested apply changed nothing")
    }

    /// No false findings: the seed's layout (which copies before changing), FlowSim's own flow
    /// layouts and the test suite's real-layout idioms, laid out, scrolled and updated.
    func testControlLayoutsReportNothing() {
        let layouts: [() -> CollectionViewLayout] = [
            { FlowLayout() /* the seed's, Layouts/SeedFlowLayout.swift */ }, { FlowSim.FlowLayout() },
            { InsetFlowLayout.parks() }, { LeftAlignedFlowLayout() },
            { CarouselFlowLayout() }, { ParallaxFlowLayout() }, { WaterfallLayout() },
        ]
        for make in layouts {
            let layout = make()
            let h = harness(layout, items: 12)
            h.collectionView.layoutIfNeeded()
            for offset in stride(from: 0, through: 300, by: 50) {
                h.collectionView.contentOffset = CGPoint(x: 0, y: CGFloat(offset))
                h.collectionView.layoutIfNeeded()
            }
            h.dataSource.sections[0].items.insert(ItemData(id: "new"), at: 1)
            h.collectionView.insertItems(at: [IndexPath(item: 1, section: 0)])
            h.dataSource.sections[0].items.remove(at: 3)
            h.collectionView.deleteItems(at: [IndexPath(item: 3, section: 0)])
            _ = h.collectionView.presentation(at: 1)
            XCTAssertTrue(
                h.collectionView.diagnostics.isEmpty,
                "\(type(of: layout)): \(h.collectionView.diagnostics.findings.map(\.message))")
        }
    }
}
