import Foundation
import XCTest

@testable import FlowSim

/// Bounds changes and layout changes as UIKit handles them: the layout is asked while the old
/// bounds are still in place, a flow layout re-flows on a width change, and a layout change made
/// inside an animation block animates from where the elements were.
final class LayoutChangeAnimationTests: XCTestCase {
    private func makeView(width: CGFloat, layout: FlowLayout) -> (CollectionView, SectionedDataSource) {
        let source = SectionedDataSource(sections: [SectionData(id: "s", items: (0..<6).map { ItemData(id: "i\($0)") })]
        )
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 600), collectionViewLayout: layout)
        view.dataSource = source
        view.delegate = source
        view.layoutIfNeeded()
        return (view, source)
    }

    /// `return newBounds.size != collectionView.bounds.size`, the usual idiom, sees the old bounds.
    func testLayoutIsAskedWhileTheOldBoundsAreInPlace() {
        final class Observing: FlowLayout {
            var seen: [(current: CGRect, new: CGRect)] = []
            override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
                seen.append((collectionView?.bounds ?? .null, newBounds))
                return newBounds.size != collectionView?.bounds.size
            }
        }
        let layout = Observing()
        let (view, source) = makeView(width: 320, layout: layout)
        defer { withExtendedLifetime(source) {} }
        view.frame.size.width = 200
        XCTAssertEqual(layout.seen.count, 1)
        XCTAssertEqual(layout.seen[0].current, CGRect(x: 0, y: 0, width: 320, height: 600))
        XCTAssertEqual(layout.seen[0].new, CGRect(x: 0, y: 0, width: 200, height: 600))
        XCTAssertTrue(layout.isPrepared, "invalidated and laid out again for the new bounds")
    }

    /// Six 100×100 items: three columns in 320 pt (gap (320 − 300)/2 = 10: x = 0, 110, 220), two
    /// in 220 pt (gap 20: x = 0, 120), so three rows (y = 0, 110, 220) and content 220 × 320.
    func testFlowLayoutReflowsWhenTheWidthChanges() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (view, source) = makeView(width: 320, layout: layout)
        defer { withExtendedLifetime(source) {} }
        XCTAssertEqual(view.visibleLayoutAttributes().map(\.frame.origin.x), [0, 110, 220, 0, 110, 220])
        view.frame.size.width = 220
        XCTAssertEqual(view.visibleLayoutAttributes().map(\.frame.origin.x), [0, 120, 0, 120, 0, 120])
        XCTAssertEqual(view.visibleLayoutAttributes().map(\.frame.origin.y), [0, 0, 110, 110, 220, 220])
        XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 220, height: 320))
        // A scroll (same width) does not invalidate a plain flow layout.
        XCTAssertFalse(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 50, width: 220, height: 600)))
    }

    /// `UIView.animate(withDuration: 0.3) { layout.itemSize = …; collectionView.layoutIfNeeded() }`:
    /// item 0 grows from 100 to 150 with the curve (linear here: 125 at half time).
    func testLayoutChangeInsideAnAnimationBlockAnimates() throws {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (view, source) = makeView(width: 320, layout: layout)
        defer { withExtendedLifetime(source) {} }
        view.currentTime = 1
        ViewAnimation.animate(withDuration: 0.3, options: .curveLinear) {
            layout.itemSize = CGSize(width: 150, height: 150)
            view.layoutIfNeeded()
        }
        func size(at time: Double) throws -> CGFloat {
            try XCTUnwrap(view.presentation(at: time).first { $0.id == "i0" }).size.width
        }
        XCTAssertEqual(try size(at: 1), 100)
        XCTAssertEqual(try size(at: 1.15), 125, accuracy: 1e-9)
        XCTAssertEqual(try size(at: 1.3), 150)
    }

    /// Outside an animation block the new layout shows at once.
    func testLayoutChangeOutsideABlockJumps() throws {
        let layout = FlowLayout()
        let (view, source) = makeView(width: 320, layout: layout)
        defer { withExtendedLifetime(source) {} }
        view.currentTime = 1
        layout.itemSize = CGSize(width: 80, height: 80)
        view.layoutIfNeeded()
        XCTAssertEqual(try XCTUnwrap(view.presentation(at: 1).first { $0.id == "i0" }).size.width, 80)
    }

    /// The expand/collapse idiom: change a layout property, then `performBatchUpdates(nil)`; the
    /// cells animate from their old size with UIKit's default update animation.
    func testEmptyBatchAfterALayoutChangeAnimates() throws {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (view, source) = makeView(width: 320, layout: layout)
        defer { withExtendedLifetime(source) {} }
        layout.itemSize = CGSize(width: 150, height: 150)
        view.performBatchUpdates(nil)
        XCTAssertTrue(view.updateErrors.isEmpty, "\(view.updateErrors)")
        let mid = try XCTUnwrap(view.presentation(at: 0.15).first { $0.id == "i0" }).size.width
        XCTAssertGreaterThan(mid, 100)
        XCTAssertLessThan(mid, 150)
        XCTAssertEqual(try XCTUnwrap(view.presentation(at: 0.3).first { $0.id == "i0" }).size.width, 150)
    }
}
