import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// `CoverFlowLayout` (Layouts/CoverFlowLayout.swift): a flow-layout subclass setting
/// `transform3D` (m34 perspective, rotation about y by the distance from the centre).
final class CoverFlowLayoutTests: XCTestCase {
    // Viewport 375 × 400, five 160 × 220 items, horizontal, line spacing 10.
    // prepare(): sectionInset.left = right = (375 − 160)/2 = 107.5, so centres are
    // x_i = 107.5 + 80 + 170·i = 187.5 + 170·i; y = (400 − 220)/2 + 110 = 200.
    func makeHarness() -> Harness {
        Harness(
            width: 375, height: 400, layout: CoverFlowLayout(),
            sections: [SectionData(id: "s", items: items(5, prefix: "cover"))])
    }

    /// The expected transform: identity with m34 = −1/500, rotated about y by
    /// θ = −clamp(offset)·π/3 applied first (CATransform3DRotate = rotation · t):
    /// m11 = m33 = cos θ, m13 = −sin θ, m31 = sin θ, and the perspective column becomes
    /// (−sin θ·(−1/500), 0, cos θ·(−1/500), 1).
    func expected(offset: CGFloat) -> CATransform3D {
        let angle = -max(-1, min(offset, 1)) * .pi / 3
        var t = CATransform3DIdentity
        t.m11 = cos(angle)
        t.m13 = -sin(angle)
        t.m31 = sin(angle)
        t.m33 = cos(angle)
        t.m14 = sin(angle) / 500
        t.m34 = -cos(angle) / 500
        return t
    }

    func assertTransform(
        _ actual: CATransform3D?, _ expected: CATransform3D, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard let actual else { return XCTFail("missing \(message)", file: file, line: line) }
        let a = [
            actual.m11, actual.m12, actual.m13, actual.m14, actual.m21, actual.m22, actual.m23, actual.m24,
            actual.m31, actual.m32, actual.m33, actual.m34, actual.m41, actual.m42, actual.m43, actual.m44,
        ]
        let e = [
            expected.m11, expected.m12, expected.m13, expected.m14, expected.m21, expected.m22, expected.m23,
            expected.m24, expected.m31, expected.m32, expected.m33, expected.m34, expected.m41, expected.m42,
            expected.m43, expected.m44,
        ]
        for index in 0..<16 {
            XCTAssertEqual(a[index], e[index], accuracy: 1e-15, "\(message) entry \(index)", file: file, line: line)
        }
    }

    func testTransformsAtTheStart() {
        let harness = makeHarness()
        let cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.map(\.item).sorted(), [0, 1])
        // Item 0 is centred: no turn, only the perspective.
        let centred = cells[IndexPath(item: 0, section: 0)]
        XCTAssertEqual(centred?.transform3D.m34, -1 / 500)
        XCTAssertEqual(centred?.transform3D.m11, 1)
        XCTAssertEqual(centred?.transform3D.m13, 0)
        XCTAssertEqual(centred?.transform, .identity, "the affine part of a pure perspective is the identity")
        XCTAssertEqual(centred?.zIndex, 0)
        XCTAssertEqual(centred?.center, CGPoint(x: 187.5, y: 200))
        // Item 1 is 170 pt right of the centre: offset 170/375, turned by −(170/375)·π/3.
        let right = cells[IndexPath(item: 1, section: 0)]
        assertTransform(right?.transform3D, expected(offset: 170 / 375), "item 1")
        XCTAssertEqual(right?.zIndex, -45, "−round(100·170/375)")
        XCTAssertEqual(right?.transform.a ?? 0, cos(170 / 375 * .pi / 3), accuracy: 1e-15)
    }

    func testTransformsAfterScrollingAndPresentation() {
        let harness = makeHarness()
        // Offset 170: item 1 is centred, items 0 and 2 are 170 pt either side.
        harness.collectionView.contentOffset = CGPoint(x: 170, y: 0)
        let cells = harness.visibleCells()
        XCTAssertEqual(cells.keys.map(\.item).sorted(), [0, 1, 2])
        assertTransform(cells[IndexPath(item: 0, section: 0)]?.transform3D, expected(offset: -170 / 375), "item 0")
        assertTransform(cells[IndexPath(item: 1, section: 0)]?.transform3D, expected(offset: 0), "item 1")
        assertTransform(cells[IndexPath(item: 2, section: 0)]?.transform3D, expected(offset: 170 / 375), "item 2")
        // Mirror images: item 0 turns the other way.
        XCTAssertEqual(
            cells[IndexPath(item: 0, section: 0)]?.transform3D.m13 ?? 0, -sin(170 / 375 * .pi / 3), accuracy: 1e-15)

        // What the screen shows carries the 3-D transform; the centred card paints last (front).
        let presented = harness.collectionView.presentation(at: harness.collectionView.timeline.endTime)
            .filter { $0.kind == .cell }
        XCTAssertEqual(presented.last?.id, "cover1")
        assertTransform(presented.first { $0.id == "cover2" }?.transform3D, expected(offset: 170 / 375), "presented 2")
    }

    func testCopiesKeepTheTransform3D() {
        let harness = makeHarness()
        let original = harness.visibleCells()[IndexPath(item: 1, section: 0)]!
        let copy = original.copy() as! UICollectionViewLayoutAttributes
        XCTAssertEqual(copy.transform3D, original.transform3D)
        XCTAssertEqual(copy, original)
        copy.transform3D.m34 = 0
        XCTAssertNotEqual(copy, original, "isEqual compares transform3D")
    }
}
