import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

final class PNGEncoderTests: XCTestCase {
    private func gradient(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 7 & 0xFF), UInt8(y * 13 & 0xFF), UInt8((x ^ y) & 0xFF), alpha(x, y)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testEveryModeDecodesToTheSamePixels() throws {
        let image = gradient(width: 37, height: 23)
        for compression in PNGEncoder.Compression.allCases {
            for mode in [PNGEncoder.ColorMode.rgba, .rgb, .automatic] {
                let png = try PNGEncoder(compression: compression, colorMode: mode).encode(image)
                XCTAssertEqual(try decodePNG(png), image, "\(compression) \(mode)")
                let ihdr = try XCTUnwrap(PNGChunk.parse(png).first)
                XCTAssertEqual(ihdr.type, "IHDR")
                XCTAssertEqual(ihdr.data[ihdr.data.startIndex + 9], mode == .rgba ? 6 : 2)
            }
        }
    }

    func testTransparencyIsKeptAndRGBRefusesIt() throws {
        let image = gradient(width: 8, height: 8) { x, _ in x == 0 ? 0 : 255 }
        let png = try PNGEncoder(colorMode: .automatic).encode(image)
        let decoded = try decodePNG(png)
        XCTAssertEqual(decoded[0, 3].a, 0)
        XCTAssertEqual(decoded[1, 3].a, 255)
        XCTAssertEqual(decoded[3, 3].g, image[3, 3].g)
        XCTAssertThrowsError(try PNGEncoder(colorMode: .rgb).encode(image)) { error in
            XCTAssertEqual(error as? PNGEncoderError, .notOpaque)
        }
    }

    func testEmptyImageIsAnError() {
        XCTAssertThrowsError(try PNGEncoder().encode(RGBAImage(width: 0, height: 3))) { error in
            XCTAssertEqual(error as? PNGEncoderError, .invalidSize(width: 0, height: 3))
        }
    }

    func testDeterministicAndNoTimeChunk() throws {
        let image = gradient(width: 64, height: 64)
        let a = try PNGEncoder().encode(image)
        let b = try PNGEncoder().encode(image)
        XCTAssertEqual(a, b)
        let types = try PNGChunk.parse(a).map(\.type)
        XCTAssertFalse(types.contains("tIME"))
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types.last, "IEND")
    }
}
