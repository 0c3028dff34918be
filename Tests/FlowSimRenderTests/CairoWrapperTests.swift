import FlowSim
import FlowSimScene
import FlowSimStyle
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

final class CairoWrapperTests: XCTestCase {
    func testInvalidSurfaceSizeThrowsCairosOwnMessage() {
        // 40000 px exceeds Cairo's 32767 limit: Cairo itself refuses it.
        XCTAssertThrowsError(try ImageSurface(width: 40000, height: 1)) { error in
            guard let error = error as? CairoError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.hasPrefix("invalid value (typically too big) for the size"), error.message)
            XCTAssertTrue(error.description.contains("40000"), error.description)
        }
        XCTAssertThrowsError(try ImageSurface(width: -1, height: 5)) { error in
            XCTAssertTrue((error as? CairoError)?.message.contains("invalid value") == true, "\(error)")
        }
    }

    func testUnwritablePathThrows() throws {
        let surface = try ImageSurface(width: 4, height: 4)
        XCTAssertThrowsError(try surface.writePNG(to: "/nonexistent-flowsim-dir/x.png")) { error in
            guard let error = error as? CairoError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("error while writing to output stream"), error.message)
        }
    }

    func testMissingPNGThrowsFileNotFound() {
        XCTAssertThrowsError(try ImageSurface(pngPath: "/nonexistent-flowsim-dir/x.png")) { error in
            XCTAssertTrue((error as? CairoError)?.message.contains("file not found") == true, "\(error)")
        }
    }

    func testSingularTransformIsRefusedAndContextStaysUsable() throws {
        let surface = try ImageSurface(width: 2, height: 2)
        let cr = try Context(surface: surface)
        XCTAssertThrowsError(try cr.transform(CGAffineTransform(scaleX: 0, y: 1))) { error in
            XCTAssertTrue((error as? CairoError)?.message.contains("invalid matrix") == true, "\(error)")
        }
        try cr.setSource(red: 0, green: 1, blue: 0)
        try cr.paint()
        XCTAssertEqual(try surface.rgbaImage()[1, 1].g, 255)
    }

    func testRGBAImageRoundTripUnpremultipliesWithCairosRounding() throws {
        let pixels: [UInt8] = [
            10, 20, 30, 255, 0, 0, 0, 0, 200, 100, 50, 128, 255, 255, 255, 1,
        ]
        let image = RGBAImage(width: 4, height: 1, pixels: pixels)
        let back = try ImageSurface(image: image).rgbaImage()
        XCTAssertEqual(back[0, 0].r, 10)
        XCTAssertEqual(back[0, 0].b, 30)
        XCTAssertTrue(back[1, 0] == (0, 0, 0, 0))
        // Semi-transparent: the premultiplied 8-bit value can only round-trip within 255 / (2a) + 1.
        let p = back[2, 0]
        XCTAssertEqual(p.a, 128)
        XCTAssertLessThanOrEqual(abs(Int(p.r) - 200), 2)
        XCTAssertLessThanOrEqual(abs(Int(p.g) - 100), 2)
        XCTAssertEqual(back[3, 0].a, 1)
        // Pure premultiplied value check: 50% red over nothing → (255, 0, 0, 128) after unpremultiply.
        let surface = try ImageSurface(width: 1, height: 1)
        let cr = try Context(surface: surface)
        try cr.setSource(red: 1, green: 0, blue: 0, alpha: 0.5)
        try cr.paint()
        let half = try surface.rgbaImage()[0, 0]
        XCTAssertEqual(half.r, 255)
        XCTAssertEqual(half.a, 128)
    }

    func testTextExtentsUseDejaVuAndAreStable() throws {
        let cr = try Context(surface: ImageSurface(width: 10, height: 10))
        try cr.setFontSize(20)
        let a = try cr.textExtents("Hello")
        let b = try cr.textExtents("Hello")
        XCTAssertEqual(a, b)
        XCTAssertGreaterThan(a.xAdvance, 40)
        XCTAssertGreaterThan(try cr.textExtents("Hello, world").xAdvance, a.xAdvance)
    }
}

// MARK: - Shared test helpers

/// Decodes a PNG through Cairo's reader (the wrapper), for checking what the encoder wrote.
func decodePNG(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> RGBAImage {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowsim-test-\(UUID().uuidString).png")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let surface = try ImageSurface(pngPath: url.path)
    return try ImageSurface(premultiplied: surface.premultipliedImage()).rgbaImage()
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowsim-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// 8-bit value Cairo stores for a colour component (within ±1).
func byte(_ component: Double) -> Int { Int((component * 255).rounded()) }

func assertPixel(
    _ image: RGBAImage, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), tolerance: Int = 1,
    file: StaticString = #filePath, line: UInt = #line
) {
    let p = image[x, y]
    let ok =
        abs(Int(p.r) - expected.0) <= tolerance && abs(Int(p.g) - expected.1) <= tolerance
        && abs(Int(p.b) - expected.2) <= tolerance && p.a == 255
    XCTAssertTrue(ok, "pixel (\(x), \(y)) = \(p), expected \(expected)", file: file, line: line)
}

func rgb(_ c: RGBAColor) -> (Int, Int, Int) { (byte(c.red), byte(c.green), byte(c.blue)) }

func cell(
    _ item: Int, section: Int = 0, id: String? = nil, center: CGPoint, size: CGSize,
    transform: CGAffineTransform = .identity, alpha: CGFloat = 1, zIndex: Int = 0,
    content: ElementContent = ElementContent()
) -> PresentedElement {
    PresentedElement(
        kind: .cell, section: section, item: item, id: id ?? "item-\(section)-\(item)", center: center,
        size: size, transform: transform, alpha: alpha, zIndex: zIndex, content: content)
}

/// Plain style: white background, square corners.
func plainStyle(cellColor: RGBAColor? = nil) -> SceneStyle {
    var style = SceneStyle()
    style.background = RGBAColor(red: 1, green: 1, blue: 1)
    style.cornerRadius = 0
    style.cellColor = cellColor
    return style
}
