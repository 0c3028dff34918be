import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimImage
@testable import FlowSimRender

/// A cell image much larger than its cell is drawn from a halving of it (made once), so a frame
/// never samples a huge image: exact 2 × 2 means, and the level chosen from the drawn size.
final class ImageLevelTests: XCTestCase {
    func testHalvingAveragesTwoByTwoBlocksAndRepeatsTheEdgeOfAnOddSize() {
        // 3 × 2, premultiplied ARGB words; the third column has no right neighbour.
        let image = PremultipliedImage(
            width: 3, height: 2,
            pixels: [0xFF00_0000, 0xFF00_0004, 0x8040_2010, 0xFFFF_FFFF, 0xFF00_0008, 0x0000_0000])
        let half = image.halved()
        XCTAssertEqual(half.width, 2)
        XCTAssertEqual(half.height, 1)
        // Block 1: alpha (255·4)/4 = 255; red (0+0+255+0)/4 = 63.75 → 64; green 63.75 → 64;
        // blue (0+4+255+8+2)/4 = 67.25 → 67 (sums rounded half up: (sum + 2) / 4).
        XCTAssertEqual(half.pixels[0], 0xFF40_4043)
        // Block 2: the column repeated: (0x80, 0x80, 0, 0)/4 alpha = 64; red 0x40·2/4 = 32;
        // green 0x20·2/4 = 16; blue 0x10·2/4 = 8.
        XCTAssertEqual(half.pixels[1], 0x4020_1008)
    }

    func testTheLevelIsTheSmallestHalvingStillAtLeastTheDrawnSize() throws {
        let url = try temporaryFolder().appendingPathComponent("big.png")
        try PNGEncoder().encode(RGBAImage(width: 1000, height: 600, fill: (10, 20, 30, 255))).write(to: url)
        let cache = ImageCache()
        func size(_ w: Double, _ h: Double) throws -> [Int] {
            let image = try cache.image(atPath: url.path, drawnAt: w, h)
            return [image.width, image.height]
        }
        XCTAssertEqual(try size(1000, 600), [1000, 600])
        XCTAssertEqual(try size(501, 300), [1000, 600], "half (500) would be smaller than 501")
        XCTAssertEqual(try size(500, 300), [500, 300])
        XCTAssertEqual(try size(200, 120), [250, 150])
        XCTAssertEqual(try size(40, 24), [63, 38], "1000 → 500 → 250 → 125 → 63, 600 → … → 38")
        XCTAssertEqual(try size(2000, 1200), [1000, 600], "never enlarged")
        XCTAssertEqual(try size(.nan, 10), [1000, 600])
        XCTAssertEqual(
            try cache.image(atPath: url.path, drawnAt: 200, 120).pixels.first, 0xFF0A_141E,
            "ARGB of (10, 20, 30): a solid image halves to itself")
    }

    /// A cell drawing a large image looks as the same image drawn small: a 64 × 64 cell showing
    /// a 1024² checkerboard of 512 px squares matches the one showing it at 64² within the
    /// pixelmatch threshold (the halvings and Cairo's filter agree on what the cell shows).
    func testALargeImageDrawsAsItsSmallCopy() throws {
        let folder = try temporaryFolder()
        func checkerboard(_ side: Int) -> RGBAImage {
            var image = RGBAImage(width: side, height: side, fill: (0, 0, 0, 255))
            for y in 0..<side {
                for x in 0..<side where (x * 2 / side + y * 2 / side) % 2 == 0 {
                    let i = (y * side + x) * 4
                    image.pixels[i] = 250
                    image.pixels[i + 1] = 200
                    image.pixels[i + 2] = 20
                }
            }
            return image
        }
        func render(_ side: Int) throws -> RGBAImage {
            let url = folder.appendingPathComponent("board-\(side).png")
            try PNGEncoder().encode(checkerboard(side)).write(to: url)
            let renderer = FrameRenderer(viewport: RenderViewport(width: 64, height: 64, scale: 1))
            let element = PresentedElement(
                kind: .cell, section: 0, item: 0, id: "c", center: CGPoint(x: 32, y: 32),
                size: CGSize(width: 64, height: 64), content: ElementContent(imagePath: url.path))
            return try renderer.render(PresentedFrame(index: 0, time: 0, contentOffset: .zero, elements: [element]))
        }
        let options = ImageComparisonOptions(metric: .pixelmatch, threshold: 0.1)
        let result = ImageComparator.compare(try render(64), try render(1024), options: options)
        XCTAssertTrue(result.match, GoldenCaseResult.describe(result, options: options))
    }
}
