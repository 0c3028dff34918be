import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// Fixture files next to this source file (not SwiftPM resources: see Fixtures/make_fixtures.py).
enum FixtureFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ folder: String, _ name: String) -> String {
        root.appendingPathComponent(folder).appendingPathComponent(name).path
    }

    static func image(_ folder: String, _ name: String) throws -> RGBAImage {
        try PNGDecoder.decode(contentsOfFile: path(folder, name))
    }
}

final class PNGDecoderTests: XCTestCase {
    private func pixels(_ name: String) throws -> [[UInt8]] {
        let image = try FixtureFiles.image("decoder", name)
        XCTAssertEqual(image.width, 3, name)
        XCTAssertEqual(image.height, 2, name)
        return stride(from: 0, to: image.pixels.count, by: 4).map {
            Array(image.pixels[$0..<($0 + 4)])
        }
    }

    private let rgba: [[UInt8]] = [
        [255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0],
        [10, 20, 30, 40], [200, 100, 50, 255], [1, 2, 3, 4],
    ]

    func testRGBA8AndInterlaced() throws {
        XCTAssertEqual(try pixels("rgba8.png"), rgba)
        XCTAssertEqual(try pixels("rgba8_interlaced.png"), rgba)
    }

    func testRGB8GetsOpaqueAlphaAndTRNSColourKeyBecomesTransparent() throws {
        let opaque = rgba.map { [$0[0], $0[1], $0[2], 255] }
        XCTAssertEqual(try pixels("rgb8.png"), opaque)
        var keyed = opaque
        keyed[4][3] = 0  // (200, 100, 50) is the tRNS colour key; straight alpha keeps RGB
        XCTAssertEqual(try pixels("rgb8_trns.png"), keyed)
    }

    func testGreyDepthsAndGreyAlpha() throws {
        let grey8: [UInt8] = [0, 128, 255, 17, 34, 51]
        XCTAssertEqual(try pixels("grey8.png"), grey8.map { [$0, $0, $0, 255] })
        XCTAssertEqual(
            try pixels("grey8_trns.png"), grey8.map { [$0, $0, $0, $0 == 128 ? 0 : 255] })
        XCTAssertEqual(
            try pixels("greyalpha8.png"),
            [
                [0, 0, 0, 255], [128, 128, 128, 128], [255, 255, 255, 0],
                [17, 17, 17, 1], [34, 34, 34, 2], [51, 51, 51, 3],
            ])
        let grey1: [UInt8] = [0, 255, 0, 255, 0, 255]
        XCTAssertEqual(try pixels("grey1.png"), grey1.map { [$0, $0, $0, 255] })
        // 4-bit v scales to v * 17 (bit replication: 0xF -> 0xFF).
        let grey4: [UInt8] = [0, 85, 255, 17, 136, 170]
        XCTAssertEqual(try pixels("grey4.png"), grey4.map { [$0, $0, $0, 255] })
    }

    func testPaletteWithTRNSAndTwoBitPalette() throws {
        let palette: [[UInt8]] = [
            [255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0],
            [9, 8, 7, 255],
        ]
        let indices = [0, 1, 2, 3, 1, 0]
        XCTAssertEqual(try pixels("palette8_trns.png"), indices.map { palette[$0] })
        XCTAssertEqual(
            try pixels("palette2.png"), indices.map { Array(palette[$0][0..<3]) + [255] })
    }

    /// 16-bit samples become round(v / 257) (libpng `png_set_scale_16`, as pngjs), not the
    /// high byte and not an sRGB-from-linear conversion.
    func testSixteenBitRoundsToNearest() throws {
        // v: 0x00FF 0x8100 0xFFFF / 0x0080 0x0081 0x7F80; high bytes would be 0 129 255 0 0 127.
        let rounded: [UInt8] = [1, 128, 255, 0, 1, 127]
        XCTAssertEqual(try pixels("rgb16.png"), rounded.map { [$0, 128, 255, 255] })
        XCTAssertEqual(try pixels("grey16.png"), rounded.map { [$0, $0, $0, 255] })
        // Alpha 0x8000 -> 128 and the colour is not premultiplied by it.
        XCTAssertEqual(try pixels("rgba16.png"), rounded.map { [$0, 0, 64, 128] })
    }

    /// Deliberate difference from pngjs (documented on PNGDecoder): libpng converts a linear
    /// (gAMA 1.0) file to sRGB, while a gAMA of 1/2.2 is treated as sRGB and left alone.
    func testGammaChunks() throws {
        let grey8: [UInt8] = [0, 128, 255, 17, 34, 51]
        XCTAssertEqual(try pixels("grey8_gamma045.png"), grey8.map { [$0, $0, $0, 255] })
        let linear = try pixels("grey8_gamma1.png")
        XCTAssertEqual(linear[0], [0, 0, 0, 255])
        XCTAssertEqual(linear[2], [255, 255, 255, 255])
        XCTAssertEqual(linear.map { $0[0] }, [0, 186, 255, 74, 102, 123])  // sRGB of v/255
    }

    func testDecodesFromMemoryWithTheSameResult() throws {
        let path = FixtureFiles.path("decoder", "noise64.png")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let fromMemory = try PNGDecoder.decode(data)
        XCTAssertEqual(fromMemory, try PNGDecoder.decode(contentsOfFile: path))
        XCTAssertEqual(fromMemory.width, 64)
        XCTAssertEqual(fromMemory.pixels.count, 64 * 64 * 4)
    }

    private func decodingError(_ path: String) -> PNGDecodingError? {
        do {
            _ = try PNGDecoder.decode(contentsOfFile: path)
            XCTFail("\(path) decoded without error")
            return nil
        } catch let error as PNGDecodingError {
            XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description)
            return error
        } catch {
            XCTFail("unexpected error type: \(error)")
            return nil
        }
    }

    func testMissingFileAndDirectoryAreUnreadable() {
        let missing = FixtureFiles.path("decoder", "does_not_exist.png")
        XCTAssertEqual(decodingError(missing)?.kind, .unreadable)
        XCTAssertEqual(decodingError(FixtureFiles.path("decoder", ""))?.kind, .unreadable)
    }

    func testForeignAndEmptyFilesAreNotPNG() {
        let foreign = decodingError(FixtureFiles.path("decoder", "not_a_png.png"))
        XCTAssertEqual(foreign?.kind, .notPNG)
        let reason = foreign?.reason ?? ""
        XCTAssertFalse(reason.contains("47 49 46 38"), reason)  // never the file's content
        let empty = decodingError(FixtureFiles.path("decoder", "empty.png"))
        XCTAssertEqual(empty?.kind, .notPNG)
        XCTAssertEqual(empty?.reason, "the file is empty")
    }

    func testTruncatedAndCRCDamagedFilesAreCorruptWithLibpngsReason() {
        let expectedReasons = [
            "truncated.png": "read beyond end of data",
            "bad_crc.png": "IDAT: CRC error",
            "bad_zlib.png": "IDAT: incorrect data check",
        ]
        for (name, reason) in expectedReasons {
            let error = decodingError(FixtureFiles.path("decoder", name))
            XCTAssertEqual(error?.kind, .corrupt, name)
            XCTAssertEqual(error?.reason, reason, name)
        }
    }

    func testSignatureOnlyAndHeaderOnlyDataAreCorrupt() throws {
        let path = FixtureFiles.path("decoder", "rgba8.png")
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for length in [8, 20, 33] {
            XCTAssertThrowsError(try PNGDecoder.decode(whole.prefix(length), path: "cut.png")) {
                let error = $0 as? PNGDecodingError
                XCTAssertEqual(error?.kind, .corrupt, "\(length) bytes: \($0)")
                XCTAssertEqual(error?.path, "cut.png")
            }
        }
    }

    func testPixelLimitIsCheckedBeforeAllocating() {
        let path = FixtureFiles.path("decoder", "noise64.png")
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOfFile: path, maxPixelCount: 4095)) {
            XCTAssertEqual(($0 as? PNGDecodingError)?.kind, .tooLarge)
            XCTAssertTrue("\($0)".contains("64x64"), "\($0)")
        }
        XCTAssertNoThrow(try PNGDecoder.decode(contentsOfFile: path, maxPixelCount: 4096))
    }
}

final class PNGDecoderConcurrentTests: XCTestCase {
    func testResultsKeepTheOrderOfThePathsAndEachFilesError() throws {
        let names = ["rgba8.png", "empty.png", "noise64.png", "truncated.png", "grey16.png"]
        let paths = names.map { FixtureFiles.path("decoder", $0) }
        let results = PNGDecoder.decodeConcurrently(contentsOfFiles: paths)
        XCTAssertEqual(results.count, names.count)
        for (path, result) in zip(paths, results) {
            switch result {
            case .success(let image):
                XCTAssertEqual(image, try PNGDecoder.decode(contentsOfFile: path))
            case .failure(let error):
                XCTAssertEqual(error.path, path)
            }
        }
        XCTAssertEqual(results.map { (try? $0.get()) == nil }, [false, true, false, true, false])
        XCTAssertTrue(PNGDecoder.decodeConcurrently(contentsOfFiles: []).isEmpty)
    }

    func testCompareFilesNamesTheFileThatFailed() {
        let good = FixtureFiles.path("decoder", "rgba8.png")
        let bad = FixtureFiles.path("decoder", "bad_crc.png")
        XCTAssertThrowsError(try ImageComparator.compareFiles(expected: good, actual: bad)) {
            XCTAssertEqual(($0 as? PNGDecodingError)?.path, bad)
        }
        XCTAssertThrowsError(try ImageComparator.compareFiles(expected: bad, actual: good)) {
            XCTAssertEqual(($0 as? PNGDecodingError)?.path, bad)
        }
    }
}
