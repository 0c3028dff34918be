import FlowSimTestSupport
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// pixelmatch 5.3.0's own test pairs (Fixtures/pixelmatch, ISC licence) with the counts its
/// test suite expects (test/test.js at v5.3.0).
final class ComparePixelmatchParityTests: XCTestCase {
    private func compare(
        _ a: String, _ b: String, threshold: Double, includeAA: Bool = false
    ) throws -> ImageComparison {
        let options = ImageComparisonOptions(threshold: threshold, includeAntiAliasing: includeAA)
        return try ImageComparator.compareFiles(
            expected: FixtureFiles.path("pixelmatch", a + ".png"),
            actual: FixtureFiles.path("pixelmatch", b + ".png"), options: options, drawDiff: true)
    }

    func testCountsOfPixelmatchsSuite() throws {
        let cases: [(String, String, Double, Int)] = [
            ("1a", "1b", 0.05, 143), ("1a", "1b", 0.1, 106), ("2a", "2b", 0.05, 12437),
            ("3a", "3b", 0.05, 212), ("4a", "4b", 0.05, 36049), ("5a", "5b", 0.05, 0),
            ("6a", "6b", 0.05, 51), ("6a", "6a", 0, 0), ("7a", "7b", 0.1, 2448),
        ]
        for (a, b, threshold, expected) in cases {
            let comparison = try compare(a, b, threshold: threshold)
            XCTAssertEqual(comparison.result.diffPixels, expected, "\(a)/\(b) at \(threshold)")
            XCTAssertEqual(comparison.result.match, expected == 0, "\(a)/\(b)")
            XCTAssertNotNil(comparison.diffImage)
        }
    }

    /// With anti-aliasing counted every pixel above the threshold counts, so the total must be
    /// the detector's split (diff + anti-aliased). 251 is what pybind11-pixelmatch 0.1.6 (the
    /// C++ port) reports for 1a/1b at 0.05 with includeAA; pixelmatch's own suite has no such
    /// case (its "1diffmask" case uses includeAA: false and expects 143).
    func testIncludingAntiAliasingCountsEveryPixelAboveTheThreshold() throws {
        let detected = try compare("1a", "1b", threshold: 0.05).result
        XCTAssertEqual(detected.diffPixels, 143)
        XCTAssertEqual(detected.antiAliasedPixels, 108)
        let included = try compare("1a", "1b", threshold: 0.05, includeAA: true).result
        XCTAssertEqual(included.diffPixels, 251)
        XCTAssertEqual(included.antiAliasedPixels, 0)
    }

    /// The diff images equal, byte for byte, those drawn by pybind11-pixelmatch (red, yellow,
    /// grey background `255 + (Y − 255) · 0.1 · A/255` truncated), see make_fixtures.py.
    func testDiffImagesEqualPixelmatchsOutput() throws {
        for name in ["1", "4"] {
            let diff = try compare(name + "a", name + "b", threshold: 0.05).diffImage
            let reference = try FixtureFiles.image("compare", name + "diff_reference.png")
            XCTAssertEqual(diff?.width, reference.width)
            XCTAssertEqual(diff?.height, reference.height)
            let mismatches = zip(diff?.pixels ?? [], reference.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(mismatches, 0, "\(name)diff")
            XCTAssertEqual(diff?.pixels.count, reference.pixels.count)
        }
    }

    /// Identical images take pixelmatch's fast path, which still draws the faded background.
    func testIdenticalImagesDrawTheFadedBackground() throws {
        let comparison = try compare("6a", "6a", threshold: 0)
        let image = try FixtureFiles.image("pixelmatch", "6a.png")
        guard let diff = comparison.diffImage else { return XCTFail("no diff image") }
        for index in stride(from: 0, to: diff.pixels.count, by: 4) {
            let r = Double(image.pixels[index])
            let g = Double(image.pixels[index + 1])
            let b = Double(image.pixels[index + 2])
            let a = Double(image.pixels[index + 3])
            let y = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
            let grey = UInt8(255 + (y - 255) * (0.1 * a / 255))
            XCTAssertEqual(Array(diff.pixels[index..<(index + 4)]), [grey, grey, grey, 255])
            if diff.pixels[index] != grey { break }
        }
    }
}
