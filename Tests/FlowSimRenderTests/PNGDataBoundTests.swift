import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

#if canImport(Glibc)
    import Glibc
#endif

/// A PNG whose file cannot hold the pixels its header declares is refused before any pixel
/// memory is allocated (deflate inflates at most 1032:1).
final class PNGDataBoundTests: XCTestCase {
    /// PNG bytes with `ihdr` (13 bytes) and one IDAT holding `idat`.
    func png(width: UInt32, height: UInt32, colorType: UInt8, idat: [UInt8]) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
                + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        let ihdr =
            withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
            + [8, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat)
            + chunk("IEND", [])
    }

    func testAHeaderDeclaringMorePixelsThanTheFileCanHoldIsRefused() throws {
        // 8192 × 8192 RGB: 8192 × (1 + 24576) bytes of image data; 57 bytes hold at most 58,824.
        let bomb = png(width: 8192, height: 8192, colorType: 2, idat: [])
        XCTAssertThrowsError(try PNGDecoder.decode(Data(bomb), path: "bomb.png")) { error in
            XCTAssertEqual(
                "\(error)",
                "bomb.png: corrupt or truncated PNG: truncated: 0 bytes of compressed image data cannot hold the 201334784 bytes of a 8192x8192 PNG"
            )
        }
    }

    /// A FIFO named as an image whose writer keeps it open and never writes fails after the wait
    /// instead of blocking the run.
    func testAFIFOWhoseWriterNeverWritesFailsAfterTheWait() throws {
        let url = try temporaryFolder().appendingPathComponent("photo.png")
        XCTAssertEqual(mkfifo(url.path, 0o600), 0)
        let writer = open(url.path, O_RDWR)  // holds the FIFO open as a writer, writes nothing
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        let wait = PNGDecoder.fifoWait
        PNGDecoder.fifoWait = 1
        defer { PNGDecoder.fifoWait = wait }
        let start = Date()
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOfFile: url.path)) { error in
            XCTAssertEqual(
                "\(error)", "\(url.path): cannot read file: it is a FIFO and nothing was written to it within 1 s")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    /// Padding in an ancillary chunk does not count as image data.
    func testPaddingOutsideIDATDoesNotCount() throws {
        var padded = png(
            width: 8192, height: 8192, colorType: 6, idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        // An ancillary chunk of 300,000 zero bytes after IHDR (CRC not checked by the bound).
        let chunk: [UInt8] =
            [0x00, 0x04, 0x93, 0xE0] + Array("zzZz".utf8) + [UInt8](repeating: 0, count: 300_000) + [0, 0, 0, 0]
        padded.insert(contentsOf: chunk, at: 33)
        XCTAssertThrowsError(try PNGDecoder.decode(Data(padded), path: "padded.png")) { error in
            XCTAssertTrue("\(error)".contains("truncated: 8 bytes of compressed image data cannot hold"), "\(error)")
        }
    }

    /// The bound is deflate's: the most compressible image (all black), compressed by FlowSim's
    /// own encoder, still decodes.
    func testTheMostCompressibleRealImageStillDecodes() throws {
        let black = RGBAImage(width: 2048, height: 2048, fill: (0, 0, 0, 255))
        let file = try PNGEncoder(compression: .standard, colorMode: .rgb).encode(black)
        let raw = 2048 * (1 + 3 * 2048)
        XCTAssertGreaterThan(raw / file.count, 300, "highly compressed: \(file.count) bytes")
        let image = try PNGDecoder.decode(file, path: "black.png")
        XCTAssertEqual(image.width, 2048)
        XCTAssertEqual(Array(image.pixels.prefix(4)), [0, 0, 0, 255])
    }
}
