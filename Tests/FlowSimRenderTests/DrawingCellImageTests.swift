import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// Cell images are decoded by `PNGDecoder`: its pixel limit and messages that name the file.
final class DrawingCellImageTests: XCTestCase {
    private func render(_ path: String) throws -> RGBAImage {
        let renderer = FrameRenderer(viewport: RenderViewport(width: 40, height: 40, scale: 1))
        let element = PresentedElement(
            kind: .cell, section: 0, item: 0, id: "c", center: CGPoint(x: 20, y: 20),
            size: CGSize(width: 40, height: 40), content: ElementContent(imagePath: path))
        return try renderer.render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: [element]))
    }

    /// A few hundred bytes declaring 9000×8000 px (more than PNGDecoder's 2^26): refused from
    /// the header, before any pixel memory is allocated (Cairo's reader allocated it all).
    func testHugeDeclaredImageIsRefusedFromItsHeader() throws {
        let small = try PNGEncoder().encode(RGBAImage(width: 1, height: 1, fill: (255, 0, 0, 255)))
        var chunks = try PNGChunk.parse(small)
        var ihdr = chunks[0].data
        ihdr.replaceSubrange(0..<8, with: [0, 0, 0x23, 0x28, 0, 0, 0x1F, 0x40])  // 9000 × 8000
        chunks[0] = PNGChunk(type: "IHDR", data: ihdr)
        var png = PNGChunk.signature
        for chunk in chunks { png.append(chunk.serialized()) }
        let url = try temporaryFolder().appendingPathComponent("huge.png")
        try png.write(to: url)
        XCTAssertThrowsError(try render(url.path)) { error in
            guard case .unreadableImage(let path, let reason) = error as? RenderError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, url.path)
            XCTAssertTrue(reason.contains("9000x8000 exceeds the limit of 67108864 pixels"), reason)
            XCTAssertTrue("\(error)".hasPrefix("cannot read image \(url.path): image too large"), "\(error)")
        }
    }

    func testNotAPNGAndCorruptFilesNameThePath() throws {
        let folder = try temporaryFolder()
        let text = folder.appendingPathComponent("notes.png")
        try Data("hello".utf8).write(to: text)
        XCTAssertThrowsError(try render(text.path)) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot read image \(text.path): not a PNG file: missing the PNG signature"
            )
        }
        let png = try PNGEncoder().encode(RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255)))
        let truncated = folder.appendingPathComponent("truncated.png")
        try png.prefix(png.count - 20).write(to: truncated)
        XCTAssertThrowsError(try render(truncated.path)) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix("cannot read image \(truncated.path): corrupt or truncated PNG: "), "\(error)")
        }
    }

    func testTranslucentImagesArePremultipliedLikeCairo() throws {
        var image = RGBAImage(width: 3, height: 1, fill: (0, 0, 0, 0))
        image.pixels = [200, 100, 50, 128, 255, 255, 255, 255, 10, 20, 30, 0]
        XCTAssertEqual(PremultipliedImage(image), try ImageSurface(image: image).premultipliedImage())
    }
}
