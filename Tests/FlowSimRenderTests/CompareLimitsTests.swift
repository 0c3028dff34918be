import FlowSimTestSupport
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

final class CompareLimitsTests: XCTestCase {
    /// 16×16 (256 pixels) white images, `actual` with `n` black pixels on the diagonal.
    private func result(
        differing n: Int, maxPixels: Int? = nil, maxRatio: Double? = nil
    ) -> ImageComparisonResult {
        let expected = RGBAImage(width: 16, height: 16, fill: (255, 255, 255, 255))
        var actual = expected
        for i in 0..<n {
            actual.pixels.replaceSubrange(
                (i * 17 * 4)..<(i * 17 * 4 + 3),
                with: [0, 0, 0])
        }
        let options = ImageComparisonOptions(maxDiffPixels: maxPixels, maxDiffPixelRatio: maxRatio)
        let result = ImageComparator.compare(expected, actual, options: options)
        XCTAssertEqual(result.diffPixels, n)
        return result
    }

    func testWithoutLimitsAnyDifferingPixelFails() {
        XCTAssertTrue(result(differing: 0).match)
        XCTAssertFalse(result(differing: 1).match)
    }

    func testMaxDiffPixels() {
        XCTAssertTrue(result(differing: 3, maxPixels: 3).match)
        XCTAssertFalse(result(differing: 4, maxPixels: 3).match)
        XCTAssertFalse(result(differing: 1, maxPixels: 0).match)
    }

    func testMaxDiffPixelRatio() {
        // 4 / 256 = 0.015625
        XCTAssertTrue(result(differing: 4, maxRatio: 0.015625).match)
        XCTAssertFalse(result(differing: 4, maxRatio: 0.0156).match)
        XCTAssertEqual(result(differing: 4).ratio, 0.015625)
    }

    func testBothLimitsTheStricterWins() {
        // Ratio stricter: 4 pixels allowed by count, 0.01 · 256 = 2.56 by ratio.
        XCTAssertFalse(result(differing: 4, maxPixels: 10, maxRatio: 0.01).match)
        XCTAssertTrue(result(differing: 2, maxPixels: 10, maxRatio: 0.01).match)
        // Count stricter.
        XCTAssertFalse(result(differing: 4, maxPixels: 3, maxRatio: 0.5).match)
        XCTAssertTrue(result(differing: 3, maxPixels: 3, maxRatio: 0.5).match)
    }

    func testSizeMismatchAlwaysFailsAndNamesBothSizes() throws {
        let options = ImageComparisonOptions(maxDiffPixels: 1_000, maxDiffPixelRatio: 1)
        for metric in ImageComparisonOptions.Metric.allCases {
            var metricOptions = options
            metricOptions.metric = metric
            let comparison = try ImageComparator.compareFiles(
                expected: FixtureFiles.path("compare", "size_10x5.png"),
                actual: FixtureFiles.path("compare", "size_5x10.png"), options: metricOptions,
                drawDiff: true)
            XCTAssertFalse(comparison.result.match)
            XCTAssertEqual(
                comparison.result.sizeMismatch,
                SizeMismatch(expectedWidth: 10, expectedHeight: 5, actualWidth: 5, actualHeight: 10))
            XCTAssertEqual(
                comparison.result.sizeMismatch?.description, "size mismatch: expected 10x5, actual 5x10")
            XCTAssertNil(comparison.diffImage)
            XCTAssertEqual(comparison.result.width, 10)
            XCTAssertEqual(comparison.result.diffPixels, 50)
        }
    }

    func testEmptyImagesMatch() {
        let empty = RGBAImage(width: 0, height: 0, pixels: [])
        let result = ImageComparator.compare(empty, empty)
        XCTAssertTrue(result.match)
        XCTAssertEqual(result.ratio, 0)
    }

    func testValidationNamesTheOption() {
        let bad: [(ImageComparisonOptions, String)] = [
            (.init(threshold: 1.5), "threshold"), (.init(threshold: .nan), "threshold"),
            (.init(maxDiffPixels: -1), "maxDiffPixels"),
            (.init(maxDiffPixelRatio: 2), "maxDiffPixelRatio"),
        ]
        for (options, name) in bad {
            XCTAssertThrowsError(try options.validate()) {
                XCTAssertTrue("\($0)".contains(name), "\($0)")
            }
        }
        XCTAssertNoThrow(try ImageComparisonOptions(maxDiffPixels: 0).validate())
    }

    func testSideBySidePlacesExpectedDiffActual() {
        let expected = RGBAImage(width: 2, height: 3, fill: (1, 1, 1, 255))
        let diff = RGBAImage(width: 2, height: 3, fill: (2, 2, 2, 255))
        let actual = RGBAImage(width: 1, height: 4, fill: (3, 3, 3, 255))
        let image = SideBySideImage.compose(
            expected: expected, diff: diff, actual: actual, spacing: 1)
        XCTAssertEqual(image.width, 2 + 1 + 2 + 1 + 1)
        XCTAssertEqual(image.height, 4)
        XCTAssertEqual(image[0, 0].r, 1)
        XCTAssertEqual(image[2, 0].a, 0)
        XCTAssertEqual(image[3, 2].r, 2)
        XCTAssertEqual(image[6, 3].r, 3)
        XCTAssertEqual(image[0, 3].a, 0)
        let pair = SideBySideImage.compose(expected: expected, diff: nil, actual: actual)
        XCTAssertEqual(pair.width, 2 + 4 + 1)
    }
}
