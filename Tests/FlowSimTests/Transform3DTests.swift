import Foundation
import XCTest

@testable import FlowSim

/// `CATransform3D` and its functions (Core Animation's conventions), `transform3D` on layout
/// attributes, 3-D interpolation, the shared paint order and the presented alpha clamp.
final class Transform3DTests: XCTestCase {
    func entries(_ t: CATransform3D) -> [CGFloat] {
        [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ]
    }

    func assertTransform(
        _ actual: CATransform3D, _ expected: CATransform3D, accuracy: CGFloat = 1e-12, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let a = entries(actual)
        let e = entries(expected)
        for index in 0..<16 {
            XCTAssertEqual(
                a[index], e[index], accuracy: accuracy, "entry m\(index / 4 + 1)\(index % 4 + 1) \(message)",
                file: file, line: line)
        }
    }

    /// `[x y z 1] · t`, perspective divided.
    func apply(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let p = Matrix4(t).apply(x: Double(x), y: Double(y), z: Double(z))
        return (CGFloat(p.x / p.w), CGFloat(p.y / p.w), CGFloat(p.z / p.w))
    }

    func assertPoint(
        _ p: (CGFloat, CGFloat, CGFloat), _ e: (CGFloat, CGFloat, CGFloat), file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(p.0, e.0, accuracy: 1e-15, "x", file: file, line: line)
        XCTAssertEqual(p.1, e.1, accuracy: 1e-15, "y", file: file, line: line)
        XCTAssertEqual(p.2, e.2, accuracy: 1e-15, "z", file: file, line: line)
    }

    // MARK: Functions

    func testIdentityAndTranslationScaleLayout() {
        XCTAssertEqual(entries(CATransform3DIdentity), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        XCTAssertEqual(CATransform3D(), CATransform3DIdentity)
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3D()))
        XCTAssertEqual(
            entries(CATransform3DMakeTranslation(3, 4, 5)), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1])
        XCTAssertEqual(entries(CATransform3DMakeScale(2, 3, 4)), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 1)))
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 1, 1), CATransform3DIdentity))
        XCTAssertEqual(
            Set([CATransform3DIdentity, CATransform3DMakeScale(1, 1, 1), CATransform3DMakeScale(2, 1, 1)]).count, 2)
    }

    func testRotationsAreRightHandedAndMatchTheAffineRotation() {
        // About z by π/2: (1, 0, 0) → (0, 1, 0), as CGAffineTransform(rotationAngle:) (+x towards +y).
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        assertPoint(apply(z, 1, 0, 0), (0, 1, 0))
        XCTAssertEqual(z, CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 2)))
        XCTAssertEqual(z.m12, 1)
        XCTAssertEqual(z.m21, -1)
        // About x: y → z; about y: z → x (right-handed); the axis is normalised.
        assertPoint(apply(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), 0, 1, 0), (0, 0, 1))
        assertPoint(apply(CATransform3DMakeRotation(.pi / 2, 0, 5, 0), 0, 0, 1), (1, 0, 0))
        // A zero axis gives the identity; Rotate by it leaves t alone.
        XCTAssertEqual(CATransform3DMakeRotation(1, 0, 0, 0), CATransform3DIdentity)
        let t = CATransform3DMakeTranslation(1, 2, 3)
        XCTAssertEqual(CATransform3DRotate(t, 1, 0, 0, 0), t)
    }

    func testConcatIsFirstThenSecondAndTheOpsApplyBeforeT() {
        // Concat(a, b): a first. Translate (1, 2, 3) then scale (2, 3, 4): translation scaled.
        let ts = CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), CATransform3DMakeScale(2, 3, 4))
        XCTAssertEqual(entries(ts), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 6, 12, 1])
        // Translate(t, …) = Concat(MakeTranslation, t): the translation happens first, so t scales it.
        let scale = CATransform3DMakeScale(2, 2, 2)
        XCTAssertEqual(CATransform3DTranslate(scale, 10, 0, 0).m41, 20)
        XCTAssertEqual(CATransform3DConcat(scale, CATransform3DMakeTranslation(10, 0, 0)).m41, 10)
        // Scale(t, …): scaling first, then t's translation, untouched.
        let scaled = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 2)
        XCTAssertEqual(entries(scaled), [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 10, 0, 0, 1])
        // Rotate(t, …): (1, 0, 0) turns to (0, 1, 0), then moves by t's (5, 0, 0).
        assertPoint(
            apply(CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi / 2, 0, 0, 1), 1, 0, 0), (5, 1, 0))
        XCTAssertEqual(
            CATransform3DRotate(scale, 0.3, 0, 1, 0),
            CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 1, 0), scale))
    }

    func testInvert() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let a = CATransform3DRotate(CATransform3DTranslate(perspective, 10, -20, 30), 0.7, 1, 2, 3)
        let b = CATransform3DScale(CATransform3DMakeRotation(-0.4, 0, 1, 0), 2, 0.5, 3)
        let product = CATransform3DConcat(a, b)
        // (a · b)⁻¹ = b⁻¹ · a⁻¹, and m · m⁻¹ = I.
        assertTransform(
            CATransform3DInvert(product), CATransform3DConcat(CATransform3DInvert(b), CATransform3DInvert(a)))
        assertTransform(CATransform3DConcat(product, CATransform3DInvert(product)), CATransform3DIdentity)
        // Exact simple inverses.
        XCTAssertEqual(
            CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)), CATransform3DMakeTranslation(-1, -2, -3))
        XCTAssertEqual(CATransform3DInvert(perspective).m34, 1 / 500)
        XCTAssertEqual(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)), CATransform3DMakeScale(0.5, 0.25, 0.125))
        // Singular: returned unchanged, as Core Animation does.
        let singular = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(singular), singular)
        var nonFinite = CATransform3DIdentity
        nonFinite.m11 = .infinity
        XCTAssertEqual(CATransform3DInvert(nonFinite), nonFinite)
    }

    func testAffineConversions() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        XCTAssertEqual(entries(t), [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        XCTAssertEqual(CATransform3DGetAffineTransform(t), affine)
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DIdentity))
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 0, 1)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        XCTAssertFalse(CATransform3DIsAffine(perspective))
        XCTAssertEqual(CATransform3DGetAffineTransform(perspective), .identity)
    }

    // MARK: Layout attributes

    func testTransformAndTransform3DStayInSync() {
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        XCTAssertEqual(attributes.transform3D, CATransform3DIdentity)
        attributes.transform = CGAffineTransform(scaleX: 2, y: 3)
        XCTAssertEqual(attributes.transform3D, CATransform3DMakeScale(2, 3, 1))
        var t = CATransform3DMakeRotation(0.5, 0, 1, 0)
        t.m34 = -1 / 500
        t.m41 = 7
        attributes.transform3D = t
        XCTAssertEqual(attributes.transform3D, t)
        XCTAssertEqual(
            attributes.transform, CGAffineTransform(a: cos(0.5), b: 0, c: 0, d: 1, tx: 7, ty: 0), "the affine part")
        // Copies keep it; equivalence sees the non-affine terms.
        let copy = attributes.copied()
        XCTAssertEqual(copy.transform3D, t)
        XCTAssertTrue(copy.isEquivalent(to: attributes))
        XCTAssertEqual(copy, attributes)
        copy.transform3D.m34 = 0
        XCTAssertEqual(copy.transform, attributes.transform)
        XCTAssertFalse(copy.isEquivalent(to: attributes))
        XCTAssertNotEqual(copy, attributes)
        // Setting the affine transform replaces the 3-D one entirely (z and perspective dropped).
        attributes.transform = attributes.transform
        XCTAssertEqual(attributes.transform3D.m34, 0)
        XCTAssertEqual(attributes.transform3D.m13, 0)
        XCTAssertTrue(CATransform3DIsAffine(attributes.transform3D))
        XCTAssertEqual(AttributesValue(attributes).transform3D, attributes.transform3D)
    }

    // MARK: Interpolation

    func perspective(_ angle: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        return CATransform3DRotate(t, angle, 0, 1, 0)
    }

    func testInterpolationEndsAreExactAndRotationsSlerp() {
        let from = perspective(0.2)
        let to = CATransform3DTranslate(perspective(1.1), 30, 0, 0)
        XCTAssertEqual(Transform3DDecomposition.interpolate(from, to, progress: 0), from)
        XCTAssertEqual(Transform3DDecomposition.interpolate(from, to, progress: 1), to)
        // Half way round y from 0 to 1.2 is the 0.6 rotation (not an average of matrices).
        assertTransform(
            Transform3DDecomposition.interpolate(
                CATransform3DMakeRotation(0, 0, 1, 0), CATransform3DMakeRotation(1.2, 0, 1, 0), progress: 0.5),
            CATransform3DMakeRotation(0.6, 0, 1, 0))
        // With the same perspective at both ends, the perspective stays and the turn halves.
        assertTransform(
            Transform3DDecomposition.interpolate(perspective(-0.4), perspective(1.0), progress: 0.5), perspective(0.3))
        // A quarter of the way along a turn about an oblique axis.
        assertTransform(
            Transform3DDecomposition.interpolate(
                CATransform3DMakeRotation(0.2, 1, 1, 0), CATransform3DMakeRotation(1.0, 1, 1, 0), progress: 0.25),
            CATransform3DMakeRotation(0.4, 1, 1, 0))
        // AttributesValue uses it, with p = 0 and 1 exact.
        let a = AttributesValue(center: .zero, size: CGSize(width: 10, height: 10), transform3D: from)
        let b = AttributesValue(center: .zero, size: CGSize(width: 10, height: 10), transform3D: to)
        XCTAssertEqual(AttributesValue.interpolate(from: a, to: b, progress: 0), a)
        XCTAssertEqual(AttributesValue.interpolate(from: a, to: b, progress: 1), b)
        assertTransform(
            AttributesValue.interpolate(from: a, to: b, progress: 0.3).transform3D,
            Transform3DDecomposition.interpolate(from, to, progress: 0.3))
    }

    func testDecompositionRoundTrips() {
        var t = CATransform3DMakeScale(2, 0.5, 3)
        t = CATransform3DRotate(t, 0.9, 1, -2, 0.5)
        t = CATransform3DTranslate(t, 4, -5, 6)
        var p = CATransform3DIdentity
        p.m34 = -1 / 400
        t = CATransform3DConcat(t, p)
        guard let decomposition = Transform3DDecomposition(t) else { return XCTFail("decomposable") }
        // Homogeneous: the decomposition describes t / m44 (here m44 = 1 − 18/400 ≠ 1).
        XCTAssertNotEqual(t.m44, 1)
        let normalized = Matrix4(Matrix4(t).m.map { $0 / Double(t.m44) }).transform
        assertTransform(decomposition.transform, normalized)
        // A reflection decomposes too (negative scales).
        let mirrored = CATransform3DMakeScale(-1, 1, 1)
        assertTransform(Transform3DDecomposition(mirrored)!.transform, mirrored)
        XCTAssertNil(Transform3DDecomposition(CATransform3DMakeScale(0, 1, 1)))
    }

    func testAffineTransformsInterpolateAsBefore() {
        let pairs: [(CGAffineTransform, CGAffineTransform)] = [
            (.identity, CGAffineTransform(scaleX: 0.15, y: 0.15)),
            (CGAffineTransform(rotationAngle: 0.3), CGAffineTransform(rotationAngle: 2.9).translatedBy(x: 4, y: 1)),
            (CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0), CGAffineTransform(rotationAngle: 1)),
        ]
        for (a, b) in pairs {
            for p in [0.1, 0.5, 0.77, 1.2] {
                XCTAssertEqual(
                    Transform3DDecomposition.interpolate(
                        CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b), progress: p),
                    CATransform3DMakeAffineTransform(TransformDecomposition.interpolate(a, b, progress: CGFloat(p))))
            }
        }
    }

    func testUndecomposableEndsInterpolateEntryByEntry() {
        let from = CATransform3DMakeScale(0, 1, 1)
        let to = perspective(0.5)
        let mid = Transform3DDecomposition.interpolate(from, to, progress: 0.5)
        let expected = zip(entries(from), entries(to)).map { ($0 + $1) / 2 }
        for (actual, e) in zip(entries(mid), expected) { XCTAssertEqual(actual, e, accuracy: 1e-15) }
    }

    func testTimelineCarriesAndAnimatesTransform3D() {
        let timeline = AnimationTimeline()
        let key = AnimationTimeline.TrackKey(kind: .cell, id: "a")
        let size = CGSize(width: 10, height: 10)
        let from = AttributesValue(center: CGPoint(x: 5, y: 5), size: size, transform3D: perspective(0))
        let to = AttributesValue(center: CGPoint(x: 5, y: 5), size: size, transform3D: perspective(1))
        timeline.recordAnimation(
            key: key, from: from, to: to, state: .moving, timing: AnimationTiming(curve: .linear(duration: 1)), at: 0,
            indexPath: [0, 0], content: ElementContent(), beginFromCurrentState: false, staysAfterwards: true)
        assertTransform(timeline.presentation(at: 0.5)[0].transform3D, perspective(0.5))
        XCTAssertEqual(timeline.presentation(at: 1)[0].transform3D, perspective(1))
    }

    // MARK: Paint order

    func element(_ item: Int, zIndex: Int = 0, m43: CGFloat = 0) -> PresentedElement {
        PresentedElement(
            kind: .cell, section: 0, item: item, id: "i\(item)", center: .zero, size: CGSize(width: 1, height: 1),
            zIndex: zIndex, transform3D: CATransform3DMakeTranslation(0, 0, m43))
    }

    func testPaintOrderUsesZIndexPlusTheZTranslation() {
        func order(_ elements: [PresentedElement]) -> [Int] { PresentedElement.paintOrder(elements).map { $0.item! } }
        // Equal zIndex: the one moved towards the viewer (m43 > 0) paints last, whatever its item.
        XCTAssertEqual(order([element(0, m43: 5), element(1), element(2)]), [1, 2, 0])
        XCTAssertEqual(order([element(2), element(1, m43: -1), element(0)]), [1, 0, 2])
        // Depth is zIndex + m43: zIndex 0 moved 2 pt forward is in front of zIndex 1.
        XCTAssertEqual(order([element(0, zIndex: 0, m43: 2), element(1, zIndex: 1)]), [1, 0])
        XCTAssertEqual(order([element(0, zIndex: 0, m43: 0.5), element(1, zIndex: 1)]), [0, 1])
        // Without z translations, integer zIndex decides exactly, even at the extremes.
        XCTAssertEqual(order([element(0, zIndex: Int.max), element(1, zIndex: Int.max - 1)]), [1, 0])
        // Full ties keep their input order (stable).
        var a = element(3)
        a.id = "first"
        var b = element(3)
        b.id = "second"
        XCTAssertEqual(PresentedElement.paintOrder([a, b]).map(\.id), ["first", "second"])
        XCTAssertEqual(PresentedElement.paintOrder([b, a]).map(\.id), ["second", "first"])
        // Ties by section, kind (header below cells below footer), item, snapshot below live.
        let header = PresentedElement(
            kind: .header, section: 1, item: nil, id: "h", center: .zero, size: CGSize(width: 1, height: 1))
        var snapshot = element(0)
        snapshot.isSnapshot = true
        XCTAssertEqual(
            PresentedElement.paintOrder([element(0), header, snapshot, element(5)]).map { "\($0.id)\($0.isSnapshot)" },
            ["i0true", "i0false", "i5false", "hfalse"])
    }

    // MARK: Alpha

    func testPresentedAlphaIsClampedButAttributesKeepTheirs() {
        XCTAssertEqual(PresentedElement.clampedAlpha(1.5), 1)
        XCTAssertEqual(PresentedElement.clampedAlpha(-0.2), 0)
        XCTAssertEqual(PresentedElement.clampedAlpha(0.25), 0.25)
        XCTAssertTrue(PresentedElement.clampedAlpha(.nan).isNaN)

        let timeline = AnimationTimeline()
        let over = AttributesValue(center: .zero, size: CGSize(width: 4, height: 4), alpha: 1.5)
        let under = AttributesValue(center: .zero, size: CGSize(width: 4, height: 4), alpha: -0.5)
        timeline.recordStatic(
            [
                (AnimationTimeline.TrackKey(kind: .cell, id: "over"), over, [0, 0], ElementContent()),
                (AnimationTimeline.TrackKey(kind: .cell, id: "under"), under, [0, 1], ElementContent()),
            ], at: 0)
        let presented = timeline.presentation(at: 0)
        XCTAssertEqual(presented.map(\.alpha), [1, 0])

        // The JSON of frames and layouts: LayoutExportTransformTests (scene tests).
    }
}
