import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// Every colour type × bit depth × interlace combination (Fixtures/matrix, written and decoded
/// by pypng, an independent pure-Python decoder: Fixtures/make_matrix_fixtures.py) decodes to
/// exactly pypng's pixels. Before the fix, 16-bit interlaced files decoded through libpng's
/// simplified API differed in about half their pixels.
final class PNGMatrixTests: XCTestCase {
    func testEveryColourTypeBitDepthAndInterlaceMatchesAnIndependentDecoder() throws {
        let folder = FixtureFiles.root.appendingPathComponent("matrix")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 30)
        for name in names {
            let png = folder.appendingPathComponent(name)
            let expected = try Data(contentsOf: png.deletingPathExtension().appendingPathExtension("rgba"))
            let image = try PNGDecoder.decode(contentsOfFile: png.path)
            XCTAssertEqual(image.width, 13, name)
            XCTAssertEqual(image.height, 11, name)
            let differing = zip(image.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }.count
            XCTAssertEqual(differing, 0, "\(name): \(differing) of \(expected.count) bytes differ from pypng")
            if name.contains("_d16_adam7") {
                // The bug the rewrite avoids: libpng's simplified API alone gets these wrong.
                let data = try Data(contentsOf: png)
                let direct = try data.withUnsafeBytes {
                    try PNGDecoder.decodeWithLibPNG(bytes: $0, path: name, maxPixelCount: 1 << 20)
                }
                XCTAssertNotEqual(Array(direct.pixels), Array(expected), "\(name): libpng alone now decodes it right")
            }
        }
    }

    /// The header is read before the file: a huge non-PNG or an over-limit PNG is refused
    /// without reading (or allocating) the rest.
    func testSignatureAndHeaderAreCheckedBeforeTheFileIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A sparse 8 GiB file that is not a PNG: refused at once.
        let big = dir.appendingPathComponent("big.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: Data("root:x:0:0:secret".utf8)))
        XCTAssertEqual(truncate(big.path, 8 << 30), 0)
        let start = Date()
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOfFile: big.path)) { error in
            let text = "\(error)"
            XCTAssertEqual((error as? PNGDecodingError)?.kind, .notPNG, text)
            XCTAssertFalse(text.contains("root") || text.contains("72 6f 6f 74"), "no file content in: \(text)")
            XCTAssertTrue(text.contains(big.path), text)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        // A PNG header declaring 60000 × 60000 pixels, then 8 GiB of nothing: too large, at once.
        let header = FixtureFiles.root.appendingPathComponent("matrix/c6_d8_plain.png")
        var bytes = try Data(contentsOf: header).prefix(33)
        bytes.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        let huge = dir.appendingPathComponent("huge.png")
        try bytes.write(to: huge)
        XCTAssertEqual(truncate(huge.path, 8 << 30), 0)
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOfFile: huge.path)) { error in
            XCTAssertEqual((error as? PNGDecodingError)?.kind, .tooLarge, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }
}
