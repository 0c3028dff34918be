import FlowSim
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

final class DrawingTests: XCTestCase {
    let red = RGBAColor(red: 1, green: 0, blue: 0)
    let white = (255, 255, 255)

    private func frame(_ elements: [PresentedElement], time: Double = 0, offset: CGPoint = .zero) -> PresentedFrame {
        PresentedFrame(index: 0, time: time, contentOffset: offset, elements: elements)
    }

    func testScaleHalfTransformAboutCenterCoversExactlyTheExpectedPixels() throws {
        for scale in [1.0, 2.0] {
            let renderer = FrameRenderer(
                viewport: RenderViewport(width: 100, height: 100, scale: scale), style: plainStyle(cellColor: red))
            let image = try renderer.render(
                frame([
                    cell(
                        0, center: CGPoint(x: 50, y: 50), size: CGSize(width: 40, height: 40),
                        transform: CGAffineTransform(scaleX: 0.5, y: 0.5))
                ]))
            XCTAssertEqual(image.width, Int(100 * scale))
            let lo = Int(40 * scale)
            let hi = Int(60 * scale)
            var wrong = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let inside = (lo..<hi).contains(x) && (lo..<hi).contains(y)
                    let p = image[x, y]
                    let expected: (UInt8, UInt8, UInt8, UInt8) = inside ? (255, 0, 0, 255) : (255, 255, 255, 255)
                    if p != expected { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "scale \(scale)")
        }
    }

    func testTransformTranslationAndRotationFollowCoreGraphicsConvention() throws {
        let renderer = FrameRenderer(
            viewport: RenderViewport(width: 100, height: 100, scale: 1), style: plainStyle(cellColor: red))
        // Scale 0.5 then tx = 10: x' = 0.5·x + 10 → the 20×20 square moves right by 10.
        let moved = try renderer.render(
            frame([
                cell(
                    0, center: CGPoint(x: 50, y: 50), size: CGSize(width: 40, height: 40),
                    transform: CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 10, ty: 0))
            ]))
        assertPixel(moved, 50, 50, (255, 0, 0))
        assertPixel(moved, 45, 50, white)
        assertPixel(moved, 69, 50, (255, 0, 0))
        assertPixel(moved, 70, 50, white)
        // A 40×20 bar rotated by 90° becomes 20 wide and 40 tall about its centre.
        let rotated = try renderer.render(
            frame([
                cell(
                    0, center: CGPoint(x: 50, y: 50), size: CGSize(width: 40, height: 20),
                    transform: CGAffineTransform(rotationAngle: .pi / 2))
            ]))
        assertPixel(rotated, 50, 32, (255, 0, 0))
        assertPixel(rotated, 50, 28, white)
        assertPixel(rotated, 42, 50, (255, 0, 0))
        assertPixel(rotated, 35, 50, white)
    }

    func testZOrderByZIndexThenIndexPathHeadersAbove() throws {
        let style = plainStyle()
        let renderer = FrameRenderer(viewport: RenderViewport(width: 60, height: 60, scale: 1), style: style)
        let a = cell(0, id: "a", center: CGPoint(x: 20, y: 30), size: CGSize(width: 30, height: 30), zIndex: 1)
        let b = cell(1, id: "b", center: CGPoint(x: 30, y: 30), size: CGSize(width: 30, height: 30), zIndex: 0)
        // `a` has the higher zIndex: on top even though `b` comes later in the list and index path.
        let image = try renderer.render(frame([a, b]))
        assertPixel(image, 25, 30, rgb(FrameRenderer.cellColor(forID: "a")))
        assertPixel(image, 40, 30, rgb(FrameRenderer.cellColor(forID: "b")))
        // Equal zIndex: index-path order, item 1 above item 0, whatever the input order.
        var a0 = a
        a0.zIndex = 0
        for elements in [[a0, b], [b, a0]] {
            let tie = try renderer.render(frame(elements))
            assertPixel(tie, 25, 30, rgb(FrameRenderer.cellColor(forID: "b")))
        }
        // A header (zIndex 10, as UIKit's flow layout gives it) covers a cell it overlaps.
        let header = PresentedElement(
            kind: .header, section: 0, item: nil, id: "header-s", center: CGPoint(x: 30, y: 30),
            size: CGSize(width: 60, height: 10), zIndex: 10)
        let withHeader = try renderer.render(frame([header, b]))
        assertPixel(withHeader, 5, 30, rgb(style.headerBackground))
        assertPixel(withHeader, 30, 40, rgb(FrameRenderer.cellColor(forID: "b")))
    }

    func testAlphaIsClampedAndAppliedToTheWholeElement() throws {
        let renderer = FrameRenderer(
            viewport: RenderViewport(width: 100, height: 100, scale: 1), style: plainStyle(cellColor: red))
        let square = { (alpha: CGFloat) in
            cell(0, center: CGPoint(x: 50, y: 50), size: CGSize(width: 100, height: 100), alpha: alpha)
        }
        assertPixel(try renderer.render(frame([square(0.5)])), 10, 50, (255, 128, 128))
        assertPixel(try renderer.render(frame([square(1.7)])), 10, 50, (255, 0, 0), tolerance: 0)
        assertPixel(try renderer.render(frame([square(-0.3)])), 10, 50, white, tolerance: 0)

        // Group semantics: a selected cell at alpha 0.5 shows its badge faded over the
        // background, not over a half-faded cell fill (which per-primitive alpha would give).
        var selected = square(0.5)
        selected.content.isSelected = true
        let image = try renderer.render(frame([selected]))
        let badge = plainStyle().selectionColor
        let expected = (
            byte(0.5 * badge.red + 0.5), byte(0.5 * badge.green + 0.5), byte(0.5 * badge.blue + 0.5)
        )
        // Badge centre at (50 + 33.5, 50 − 33.5); 6 pt above it is inside the circle, off the tick.
        assertPixel(image, 83, 10, expected)
    }

    func testHiddenElementsAreSkippedAndChromeShowsNegativeY() throws {
        let renderer = FrameRenderer(
            viewport: RenderViewport(width: 40, height: 40, scale: 1, chromeHeight: 20),
            style: plainStyle(cellColor: red))
        var hidden = cell(1, center: CGPoint(x: 20, y: 20), size: CGSize(width: 10, height: 10))
        hidden.isHidden = true
        let above = cell(0, center: CGPoint(x: 20, y: -10), size: CGSize(width: 20, height: 10))
        let image = try renderer.render(frame([above, hidden]))
        XCTAssertEqual(image.height, 60)
        // y = −10 pt is 10 pt into the 20 pt chrome strip: rows 5..<15.
        assertPixel(image, 20, 5, (255, 0, 0), tolerance: 0)
        assertPixel(image, 20, 14, (255, 0, 0), tolerance: 0)
        assertPixel(image, 20, 3, (230, 230, 230))
        assertPixel(image, 20, 40, white, tolerance: 0)
        // Content offset moves everything up.
        let scrolled = try renderer.render(frame([above], offset: CGPoint(x: 0, y: -10)))
        assertPixel(scrolled, 20, 15, (255, 0, 0), tolerance: 0)
        assertPixel(scrolled, 20, 12, (230, 230, 230))
    }

    func testImageCellAspectFillsAndClips() throws {
        // A 2×1 image (red | blue) in a 40×20 cell fills it exactly; in a 40×40 cell it is
        // cropped left and right (aspect fill) and still covers the whole cell.
        let png = try PNGEncoder().encode(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]))
        let url = try temporaryFolder().appendingPathComponent("image.png")
        try png.write(to: url)
        let renderer = FrameRenderer(viewport: RenderViewport(width: 40, height: 60, scale: 1), style: plainStyle())
        let content = ElementContent(imagePath: url.path)
        let image = try renderer.render(
            frame([
                cell(0, center: CGPoint(x: 20, y: 10), size: CGSize(width: 40, height: 20), content: content),
                cell(1, center: CGPoint(x: 20, y: 40), size: CGSize(width: 40, height: 40), content: content),
            ]))
        assertPixel(image, 1, 10, (255, 0, 0), tolerance: 2)
        assertPixel(image, 38, 10, (0, 0, 255), tolerance: 2)
        // 40×40 cell: the image is scaled ×40 to 80×40 and its middle half shows, so every pixel
        // is a red/blue mix (no cell colour or background: top, bottom and corners are covered),
        // red dominating on the left, blue on the right (the smooth filter blends the middle).
        for (x, y) in [(1, 21), (20, 21), (38, 58), (1, 58), (20, 58)] {
            let p = image[x, y]
            XCTAssertEqual(p.g, 0, "(\(x), \(y)) \(p)")
            XCTAssertLessThanOrEqual(abs(Int(p.r) + Int(p.b) - 255), 2, "(\(x), \(y)) \(p)")
        }
        XCTAssertGreaterThan(image[1, 40].r, 200)
        XCTAssertGreaterThan(image[38, 40].b, 200)

        let missing = ElementContent(imagePath: "/nonexistent-flowsim/x.png")
        XCTAssertThrowsError(
            try renderer.render(
                frame([
                    cell(0, center: CGPoint(x: 20, y: 10), size: CGSize(width: 40, height: 20), content: missing)
                ]))
        ) { error in
            XCTAssertEqual(
                error as? RenderError,
                .unreadableImage(path: "/nonexistent-flowsim/x.png", reason: "No such file or directory"))
        }
    }

    func testTruncationWithEllipsisFits() throws {
        let cr = try Context(surface: ImageSurface(width: 1, height: 1))
        try cr.setFontSize(12)
        XCTAssertEqual(try FrameRenderer.truncate("Park", toWidth: 100, in: cr), "Park")
        let long = "Yellowstone National Park and the Grand Teton"
        let cut = try XCTUnwrap(FrameRenderer.truncate(long, toWidth: 80, in: cr))
        XCTAssertTrue(cut.hasSuffix("…"), cut)
        XCTAssertLessThanOrEqual(try cr.textExtents(cut).xAdvance, 80)
        XCTAssertTrue(long.hasPrefix(String(cut.dropLast())))
        // One more character would not fit.
        let longer = String(long.prefix(cut.count)) + "…"
        XCTAssertGreaterThan(try cr.textExtents(longer).xAdvance, 80)
        XCTAssertNil(try FrameRenderer.truncate(long, toWidth: 2, in: cr))
    }

    func testCellColourDependsOnlyOnID() {
        let a = FrameRenderer.cellColor(forID: "yosemite")
        XCTAssertEqual(a, FrameRenderer.cellColor(forID: "yosemite"))
        XCTAssertNotEqual(a, FrameRenderer.cellColor(forID: "zion"))
        for c in [a.red, a.green, a.blue] { XCTAssertTrue((0...1).contains(c)) }
    }

    func testActivityIndicatorPhase() {
        XCTAssertEqual(FrameRenderer.activityIndicatorPhase(time: 0), 0)
        XCTAssertEqual(FrameRenderer.activityIndicatorPhase(time: 0.09), 1)
        XCTAssertEqual(FrameRenderer.activityIndicatorPhase(time: 1.0), 0)
        XCTAssertEqual(FrameRenderer.activityIndicatorPhase(time: -0.01), 11)
        XCTAssertEqual(FrameRenderer.activityIndicatorPhase(time: .nan), 0)
    }

    func testRenderingTwiceIsByteIdentical() throws {
        let frames = sampleFrames(count: 2)
        let renderer = FrameRenderer(viewport: RenderViewport(width: 200, height: 300, scale: 2, chromeHeight: 40))
        let first = try frames.map { try PNGEncoder().encode(renderer.render($0)) }
        let again = FrameRenderer(viewport: RenderViewport(width: 200, height: 300, scale: 2, chromeHeight: 40))
        let second = try frames.map { try PNGEncoder().encode(again.render($0)) }
        XCTAssertEqual(first, second)
        XCTAssertNotEqual(first[0], first[1])
    }

    func testContactSheetLabelsAndGrid() throws {
        XCTAssertEqual(ContactSheet.label(time: 0.25), "t = 0.250 s")
        let sheet = ContactSheet(thumbnailWidth: 50, columns: 2)
        let solid = RGBAImage(width: 100, height: 200, fill: (255, 0, 0, 255))
        let thumb = try sheet.thumbnail(of: solid)
        XCTAssertEqual(thumb.width, 50)
        XCTAssertEqual(thumb.height, 100)
        assertPixel(thumb, 25, 50, (255, 0, 0), tolerance: 0)
        let image = try sheet.render(thumbnails: [thumb, thumb, thumb], times: [0, 0.5, 1])
        // 2 columns, 2 rows: padding 12, label 21 px.
        XCTAssertEqual(image.width, 12 + 2 * 62)
        XCTAssertEqual(image.height, 12 + 2 * (100 + 21 + 12))
        assertPixel(image, 12 + 62 + 25, 12 + 133 + 50, white)  // empty 4th slot
        assertPixel(image, 12 + 25, 12 + 133 + 50, (255, 0, 0), tolerance: 0)  // 3rd thumbnail
    }
}

/// Frames with text, badges, an image-less header, a loading cell and fading/moving cells.
func sampleFrames(count: Int) -> [PresentedFrame] {
    (0..<count).map { index in
        let t = Double(index) / 60
        var elements: [PresentedElement] = [
            PresentedElement(
                kind: .header, section: 0, item: nil, id: "header-parks", center: CGPoint(x: 100, y: 15),
                size: CGSize(width: 200, height: 30), zIndex: 10,
                content: ElementContent(title: "National Parks", itemCount: 7))
        ]
        for item in 0..<6 {
            let x = 50 + Double(item % 2) * 100
            let y = 70 + Double(item / 2) * 90 - Double(index) * 3
            elements.append(
                cell(
                    item, id: "park-\(item)", center: CGPoint(x: x, y: y), size: CGSize(width: 90, height: 80),
                    transform: item == 0 ? CGAffineTransform(scaleX: 0.5 + t, y: 0.5 + t) : .identity,
                    alpha: item == 1 ? CGFloat(1 - t * 10) : 1,
                    content: ElementContent(title: "Park number \(item) with a long name", isSelected: item == 2)))
        }
        elements.append(
            cell(
                6, id: PaginatedDataSource.loadingItemID, center: CGPoint(x: 100, y: 290),
                size: CGSize(width: 200, height: 40)))
        return PresentedFrame(index: index, time: t, contentOffset: .zero, elements: elements)
    }
}
