import FlowSimGoldens
import XCTest

@testable import FlowSimImage

/// Masks: masked pixels are neither counted nor painted red, and show hatched.
final class CompareMaskTests: XCTestCase {
    private func pair() throws -> (RGBAImage, RGBAImage) {
        (try FixtureFiles.image("compare", "one_pixel_a.png"), try FixtureFiles.image("compare", "one_pixel_b.png"))
    }

    /// The one-pixel pair fails on every per-pixel metric; a mask over (8, 8) makes it pass, with
    /// that pixel counted as masked, not different, and hatched or faded in the diff image.
    func testMaskTurnsAFailingPairIntoAPassingOne() throws {
        let (a, b) = try pair()
        for metric in ImageComparisonOptions.Metric.allCases {
            var options = ImageComparisonOptions(metric: metric)
            XCTAssertFalse(ImageComparator.compare(a, b, options: options).match, "\(metric)")
            options.masks = [ImageMaskRect(x: 6, y: 6, width: 4, height: 4)]
            let masked = ImageComparator.compareWithDiff(a, b, options: options)
            XCTAssertTrue(masked.result.match, "\(metric)")
            XCTAssertEqual(masked.result.diffPixels, 0, "\(metric)")
            XCTAssertEqual(masked.result.maskedPixels, 16)
            let diff = try XCTUnwrap(masked.diffImage)
            let red = stride(from: 0, to: diff.pixels.count, by: 4).filter {
                Array(diff.pixels[$0..<($0 + 4)]) == [255, 0, 0, 255]
            }
            XCTAssertEqual(red.count, 0, "\(metric)")
            // (6, 6): x + y = 12, 12 % 8 = 4: not a stripe; (8, 8): 16 % 8 = 0: a stripe.
            let hatch = ImageMask.hatchColor
            XCTAssertEqual(
                Array(diff.pixels[(8 * 16 + 8) * 4..<(8 * 16 + 8) * 4 + 4]), [hatch.red, hatch.green, hatch.blue, 255])
            XCTAssertNotEqual(
                Array(diff.pixels[(6 * 16 + 6) * 4..<(6 * 16 + 6) * 4 + 3]), [hatch.red, hatch.green, hatch.blue])
        }
    }

    /// The ratio's denominator leaves masked pixels out: 1 differing of 256 − 16 compared.
    func testRatioCountsComparedPixelsOnly() throws {
        let (a, b) = try pair()
        var options = ImageComparisonOptions(metric: .exact)
        options.masks = [ImageMaskRect(x: 0, y: 0, width: 4, height: 4)]
        let result = ImageComparator.compare(a, b, options: options)
        XCTAssertEqual(result.diffPixels, 1)
        XCTAssertEqual(result.ratio, 1.0 / 240)
        XCTAssertEqual(options.criteria, "metric exact, limit 0 pixels, 1 mask")
    }

    /// A mask not inside the image is refused (files), naming the mask and the image size.
    func testMaskOutsideTheImageIsRefused() {
        var options = ImageComparisonOptions()
        options.masks = [ImageMaskRect(x: 10, y: 10, width: 8, height: 2, label: "--mask 10,10,8,2")]
        XCTAssertThrowsError(
            try ImageComparator.compareFiles(
                expected: FixtureFiles.path("compare", "one_pixel_a.png"),
                actual: FixtureFiles.path("compare", "one_pixel_b.png"), options: options)
        ) { error in
            XCTAssertEqual(
                "\(error)", "mask --mask 10,10,8,2 is not inside the 16×16 px image (a mask must lie within it)")
        }
        // Compared without validation, the mask is clipped: no trap.
        let (a, b) = (try? pair())!
        XCTAssertEqual(ImageComparator.compare(a, b, options: options).maskedPixels, 12)
    }

    /// Points become the pixels they touch at a scale (edges rounded outwards).
    func testPointsToPixels() {
        XCTAssertEqual(
            ImageMaskRect.covering(x: 0.5, y: 1, width: 10, height: 2.2, scale: 3),
            ImageMaskRect(x: 1, y: 3, width: 31, height: 7))
        XCTAssertEqual(
            ImageMaskRect.covering(x: 0, y: 0, width: 375, height: 44, scale: 3),
            ImageMaskRect(x: 0, y: 0, width: 1125, height: 132))
    }
}
