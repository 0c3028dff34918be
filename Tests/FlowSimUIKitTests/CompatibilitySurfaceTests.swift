import FlowSim
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Runs the idioms of Layouts/CompatibilitySurface.swift: they compile (with
/// -warnings-as-errors) and behave as on iOS.
final class CompatibilitySurfaceTests: XCTestCase {
    func testCustomAttributesClassIsCopiedAndCompared() throws {
        let layout = CardStackLayout()
        let harness = Harness(
            width: 375, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(6, prefix: "c"))])
        let cells = harness.visible().compactMap { $0 as? CardLayoutAttributes }
        XCTAssertFalse(cells.isEmpty, "the flow layout makes its attributes with layoutAttributesClass")
        let first = try XCTUnwrap(cells.first)
        let copy = try XCTUnwrap(first.copy() as? CardLayoutAttributes)
        XCTAssertEqual(copy, first)
        XCTAssertEqual(copy.parallax, first.parallax)
        copy.parallax += 1
        XCTAssertNotEqual(copy, first)
        // prepare() set the insets that centre the first card: (375 − 200) / 2.
        XCTAssertEqual(layout.sectionInset.left, 87.5)
        XCTAssertEqual(harness.collectionView.decelerationRate, .fast)
        // The centred card: no perspective turn, full scale.
        let centred = try XCTUnwrap(cells.first { $0.indexPath.item == 0 })
        XCTAssertEqual(centred.transform3D.m34, -1.0 / 800)
        XCTAssertEqual(centred.transform3D.m11, 1, accuracy: 1e-12)
    }

    func testGestureAwareLayoutReadsTheEnvironment() {
        let layout = GestureAwareLayout()
        let harness = Harness(
            width: 320, height: 200, layout: layout, sections: [SectionData(id: "s", items: items(8, prefix: "g"))],
            scale: 3)
        _ = harness.visible()
        let environment = layout.environment()
        XCTAssertEqual(environment.scale, 3)
        XCTAssertFalse(environment.rightToLeft)
        XCTAssertEqual(layout.touchCells(), harness.collectionView.indexPathsForVisibleItems.count)
        XCTAssertGreaterThan(layout.touchCells(), 0)
    }
}
