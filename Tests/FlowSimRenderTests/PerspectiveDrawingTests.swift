import FlowSim
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// Elements with a non-affine `transform3D`: projection about the centre, drawing onto the
/// projected quad, skipping what is behind the eye, paint order by depth, alpha, and a golden.
/// Record the golden (once, then look at it) with
/// `FLOWSIM_RECORD_GOLDENS=1 swift test --filter PerspectiveDrawing`.
final class PerspectiveDrawingTests: XCTestCase {
    static let goldens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens/tests/perspective")

    let red = RGBAColor(red: 1, green: 0, blue: 0)
    let white = (255, 255, 255)

    /// m34 = −1/500, then turned by `angle` about y (applied first).
    func perspective(_ angle: CGFloat, eye: CGFloat = 500) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / eye
        return CATransform3DRotate(t, angle, 0, 1, 0)
    }

    func element(
        _ item: Int, center: CGPoint, size: CGSize, transform3D: CATransform3D, alpha: CGFloat = 1, zIndex: Int = 0,
        title: String = ""
    ) -> PresentedElement {
        PresentedElement(
            kind: .cell, section: 0, item: item, id: "card\(item)", center: center, size: size, alpha: alpha,
            zIndex: zIndex, content: ElementContent(title: title), transform3D: transform3D)
    }

    func render(_ elements: [PresentedElement], width: Double = 200, height: Double = 200, scale: Double = 1)
        throws -> RGBAImage
    {
        let renderer = FrameRenderer(
            viewport: RenderViewport(width: width, height: height, scale: scale), style: plainStyle(cellColor: red))
        return try renderer.render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: elements))
    }

    // MARK: Projection

    func testProjectionOfAKnownQuad() throws {
        // Turned π/3 about y: [x y 0 1]·M = (x·cos, y, −x·sin, 1 + x·sin/500), so
        // the corner (x, y) lands at (x·cos / w, y / w) with w = 1 + x·sin/500.
        let t = perspective(.pi / 3)
        let corners = try XCTUnwrap(Transform3DProjection.corners(of: CGSize(width: 100, height: 60), by: t))
        let c = cos(Double.pi / 3)
        let s = sin(Double.pi / 3)
        let expected = [(-50.0, -30.0), (50, -30), (50, 30), (-50, 30)].map { x, y -> (Double, Double) in
            let w = 1 + x * s / 500
            return (x * c / w, y / w)
        }
        for (actual, e) in zip(corners, expected) {
            XCTAssertEqual(Double(actual.x), e.0, accuracy: 1e-12)
            XCTAssertEqual(Double(actual.y), e.1, accuracy: 1e-12)
        }
        // The right edge turned away from the eye is shorter than the left one.
        XCTAssertEqual(Double(corners[1].x), 25 / (1 + 50 * s / 500), accuracy: 1e-12)
        XCTAssertLessThan(corners[2].y - corners[1].y, corners[3].y - corners[0].y)
        // Behind the eye: nil.
        XCTAssertNil(Transform3DProjection.project(CGPoint(x: 0, y: 0), by: perspective(0, eye: 1).translated(z: 2)))
    }

    func testAffineMapFitsThreeCorners() throws {
        let source = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)]
        let destination = [CGPoint(x: 5, y: 5), CGPoint(x: 25, y: 8), CGPoint(x: 2, y: 35)]
        let map = try XCTUnwrap(FrameRenderer.affineMap(from: source, to: destination))
        for (s, d) in zip(source, destination) {
            let p = s.applying(map)
            XCTAssertEqual(p.x, d.x, accuracy: 1e-12)
            XCTAssertEqual(p.y, d.y, accuracy: 1e-12)
        }
        XCTAssertNil(FrameRenderer.affineMap(from: source, to: [.zero, CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)]))
    }

    // MARK: Drawing

    func testPerspectiveCellFillsItsProjectedQuad() throws {
        // A 100 × 100 cell at (100, 100) turned π/3: right edge at x = 100 + 25/1.0866 ≈ 123.0,
        // left edge at x = 100 − 25/0.9134 ≈ 72.6; the left edge spans y = 100 ± 54.7.
        let image = try render([
            element(
                0, center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 100),
                transform3D: perspective(.pi / 3))
        ])
        assertPixel(image, 100, 100, (255, 0, 0))
        assertPixel(image, 120, 100, (255, 0, 0))
        assertPixel(image, 126, 100, white)
        assertPixel(image, 75, 100, (255, 0, 0))
        assertPixel(image, 69, 100, white)
        assertPixel(image, 80, 49, (255, 0, 0))
        assertPixel(image, 80, 44, white)
        assertPixel(image, 120, 50, white, tolerance: 0)
    }

    func testPurePerspectiveLooksLikeTheFlatCell() throws {
        // m34 alone moves nothing in the z = 0 plane: the projected drawing matches the affine one.
        let size = CGSize(width: 60, height: 40)
        var style = plainStyle()
        style.cornerRadius = 8
        let renderer = FrameRenderer(viewport: RenderViewport(width: 100, height: 100, scale: 2), style: style)
        let flat = try renderer.render(
            PresentedFrame(
                index: 0, time: 0, contentOffset: .zero,
                elements: [element(0, center: CGPoint(x: 50, y: 50), size: size, transform3D: CATransform3DIdentity)]))
        let projected = try renderer.render(
            PresentedFrame(
                index: 0, time: 0, contentOffset: .zero,
                elements: [element(0, center: CGPoint(x: 50, y: 50), size: size, transform3D: perspective(0))]))
        let result = ImageComparator.compare(flat, projected)
        XCTAssertTrue(result.match, "\(result)")
        XCTAssertLessThan(result.diffPixels, 20, "\(result)")
    }

    func testElementsBehindTheEyeAreSkipped() throws {
        // Turned so its left edge passes the eye (w = 1 − 100·sin(1.2)/50 < 0), and one moved
        // through the eye (z = 600 with the eye at 500): nothing drawn, no error.
        let turned = element(
            0, center: CGPoint(x: 100, y: 100), size: CGSize(width: 200, height: 50),
            transform3D: perspective(-1.2, eye: 50))
        let through = element(
            1, center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50),
            transform3D: CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 600), perspective(0)))
        let image = try render([turned, through])
        for (x, y) in [(100, 100), (10, 100), (190, 100), (100, 90)] { assertPixel(image, x, y, white, tolerance: 0) }
    }

    func testAlphaIsClampedForProjectedElements() throws {
        let t = perspective(0.3)
        let half = try render([
            element(0, center: CGPoint(x: 100, y: 100), size: CGSize(width: 80, height: 80), transform3D: t, alpha: 0.5)
        ])
        assertPixel(half, 100, 100, (255, 128, 128))
        let over = try render([
            element(0, center: CGPoint(x: 100, y: 100), size: CGSize(width: 80, height: 80), transform3D: t, alpha: 1.7)
        ])
        assertPixel(over, 100, 100, (255, 0, 0), tolerance: 0)
        let under = try render([
            element(0, center: CGPoint(x: 100, y: 100), size: CGSize(width: 80, height: 80), transform3D: t, alpha: -1)
        ])
        assertPixel(under, 100, 100, white, tolerance: 0)
    }

    func testZTranslationPaintsInFrontOfALaterSibling() throws {
        var style = plainStyle()
        style.cellColor = nil
        let renderer = FrameRenderer(viewport: RenderViewport(width: 60, height: 60, scale: 1), style: style)
        let front = element(
            0, center: CGPoint(x: 20, y: 30), size: CGSize(width: 30, height: 30),
            transform3D: CATransform3DMakeTranslation(0, 0, 10))
        let back = element(
            1, center: CGPoint(x: 35, y: 30), size: CGSize(width: 30, height: 30), transform3D: CATransform3DIdentity)
        XCTAssertEqual(FrameRenderer.paintOrder([front, back]).map(\.id), ["card1", "card0"])
        let image = try renderer.render(
            PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: [front, back]))
        assertPixel(image, 28, 30, rgb(FrameRenderer.cellColor(forID: "card0")))
        assertPixel(image, 45, 30, rgb(FrameRenderer.cellColor(forID: "card1")))
    }

    func testHugeElementsUseABoundedOffscreenSurface() throws {
        let renderer = FrameRenderer(
            viewport: RenderViewport(width: 100, height: 100, scale: 2), style: plainStyle(cellColor: red))
        XCTAssertEqual(renderer.offscreenPixelLimit, 4 * 200 * 200)
        let image = try renderer.render(
            PresentedFrame(
                index: 0, time: 0, contentOffset: .zero,
                elements: [
                    element(
                        0, center: CGPoint(x: 50, y: 50), size: CGSize(width: 40000, height: 40000),
                        transform3D: perspective(0.01, eye: 100000))
                ]))
        assertPixel(image, 100, 100, (255, 0, 0))
    }

    // MARK: Golden

    /// Three cards as a cover flow shows them: the centre one flat in front, its neighbours
    /// turned ±π/4 away and drawn behind it, in the default style (hashed colours, rounded
    /// corners, titles) at scale 2.
    func testCoverFlowGolden() throws {
        let size = CGSize(width: 70, height: 90)
        let elements = [
            element(
                0, center: CGPoint(x: 45, y: 60), size: size, transform3D: perspective(.pi / 4, eye: 300), zIndex: -1,
                title: "Left"),
            element(
                1, center: CGPoint(x: 100, y: 60), size: size, transform3D: perspective(0, eye: 300), title: "Centre"),
            element(
                2, center: CGPoint(x: 155, y: 60), size: size, transform3D: perspective(-.pi / 4, eye: 300), zIndex: -1,
                title: "Right"),
        ]
        let renderer = FrameRenderer(viewport: RenderViewport(width: 200, height: 120, scale: 2))
        let image = try renderer.render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: elements))
        let url = Self.goldens.appendingPathComponent("cover-flow.png")
        if ProcessInfo.processInfo.environment["FLOWSIM_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try PNGEncoder().encode(image).write(to: url)
            // Recording never passes: a run that wrote the golden compared nothing.
            return XCTFail("recorded \(url.path); look at it, then run again without FLOWSIM_RECORD_GOLDENS")
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            return XCTFail("missing golden \(url.path); record with FLOWSIM_RECORD_GOLDENS=1")
        }
        let expected = try PNGDecoder.decode(contentsOfFile: url.path)
        let result = ImageComparator.compare(expected, image)
        if !result.match || result.diffPixels > 0 {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-cover-flow.png")
            try? PNGEncoder().encode(image).write(to: actual)
            XCTFail("cover-flow.png differs from its golden (\(result)); actual written to \(actual.path)")
        }
    }
}

extension CATransform3D {
    fileprivate func translated(z: CGFloat) -> CATransform3D {
        CATransform3DConcat(CATransform3DMakeTranslation(0, 0, z), self)
    }
}
