import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

final class APNGWriterTests: XCTestCase {
    private func frames(_ count: Int) -> [RGBAImage] {
        (0..<count).map { i in
            var image = RGBAImage(width: 30, height: 20, fill: (255, 255, 255, 255))
            for y in 0..<20 {
                let o = (y * 30 + i * 5) * 4
                image.pixels[o] = 0
                image.pixels[o + 1] = UInt8(40 * i)
            }
            return image
        }
    }

    private func u32(_ data: Data, _ at: Int) -> UInt32 {
        let b = [UInt8](data)
        return UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private func u16(_ data: Data, _ at: Int) -> UInt16 {
        let b = [UInt8](data)
        return UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    func testStructureSequenceNumbersCRCsAndDecodableFrames() throws {
        let images = frames(4)
        let encoder = PNGEncoder(compression: .fast, colorMode: .rgb)
        let apng = try APNGWriter(framesPerSecond: 60).animation(fromPNGs: images.map(encoder.encode))
        let chunks = try PNGChunk.parse(apng)  // verifies every CRC
        let types = chunks.map(\.type)
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types.last, "IEND")
        let actl = try XCTUnwrap(types.firstIndex(of: "acTL"))
        XCTAssertLessThan(actl, try XCTUnwrap(types.firstIndex(of: "IDAT")))
        XCTAssertEqual(u32(chunks[actl].data, 0), 4)
        XCTAssertEqual(u32(chunks[actl].data, 4), 0)
        XCTAssertEqual(types.filter { $0 == "fcTL" }.count, 4)

        // Sequence numbers over fcTL and fdAT: 0, 1, 2, … with no gaps.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { u32($0.data, 0) }
        XCTAssertEqual(sequence, (0..<UInt32(sequence.count)).map { $0 })

        // Rebuild each frame as a standalone PNG and decode it.
        let preamble = chunks.prefix { $0.type != "acTL" && $0.type != "fcTL" && $0.type != "IDAT" }
        var decoded: [RGBAImage] = []
        var current: [PNGChunk] = []
        var frameCount = 0
        func flush() throws {
            guard !current.isEmpty else { return }
            var png = PNGChunk.signature
            for c in preamble + current + [PNGChunk(type: "IEND", data: Data())] { png.append(c.serialized()) }
            decoded.append(try decodePNG(png))
            current = []
        }
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                try flush()
                frameCount += 1
                XCTAssertEqual(u32(chunk.data, 4), 30)
                XCTAssertEqual(u32(chunk.data, 8), 20)
                XCTAssertEqual(u16(chunk.data, 20), 1)
                XCTAssertEqual(u16(chunk.data, 22), 60)
            case "IDAT": current.append(chunk)
            case "fdAT": current.append(PNGChunk(type: "IDAT", data: chunk.data.dropFirst(4)))
            default: break
            }
        }
        try flush()
        XCTAssertEqual(frameCount, 4)
        XCTAssertEqual(decoded, images)
    }

    func testCorruptedCRCIsDetected() throws {
        var png = try PNGEncoder().encode(frames(1)[0])
        png[png.startIndex + 20] ^= 0xFF  // inside IHDR's data
        XCTAssertThrowsError(try APNGWriter(framesPerSecond: 30).animation(fromPNGs: [png])) { error in
            XCTAssertEqual(error as? APNGError, .badCRC(frame: 0, chunk: "IHDR"))
        }
    }

    func testFramesMustShareTheHeader() throws {
        let a = try PNGEncoder(colorMode: .rgb).encode(frames(1)[0])
        let b = try PNGEncoder(colorMode: .rgba).encode(frames(1)[0])
        XCTAssertThrowsError(try APNGWriter(framesPerSecond: 30).animation(fromPNGs: [a, b])) { error in
            XCTAssertEqual(error as? APNGError, .headerMismatch(frame: 1))
        }
        XCTAssertThrowsError(try APNGWriter(framesPerSecond: 30).animation(fromPNGs: [])) { error in
            XCTAssertEqual(error as? APNGError, .noFrames)
        }
    }

    func testDelayFractions() throws {
        XCTAssertTrue(try APNGWriter.delayFraction(framesPerSecond: 60) == (1, 60))
        XCTAssertTrue(try APNGWriter.delayFraction(framesPerSecond: 29.97) == (1000, 29970))
        XCTAssertThrowsError(try APNGWriter.delayFraction(framesPerSecond: 0))
        XCTAssertThrowsError(try APNGWriter.delayFraction(framesPerSecond: .nan))
    }

    func testCRC32KnownVector() {
        var crc = CRC32()
        crc.update(Array("123456789".utf8))
        XCTAssertEqual(crc.value, 0xCBF4_3926)  // the standard CRC-32 check value
    }
}
