import FlowSimTestSupport
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// Small PNG pairs from Fixtures/make_fixtures.py whose counts follow from the algorithm by
/// hand (the script cross-checks them against pybind11-pixelmatch).
final class CompareHandMadeTests: XCTestCase {
    private func compare(
        _ a: String, _ b: String, _ options: ImageComparisonOptions = ImageComparisonOptions()
    ) throws -> ImageComparison {
        try ImageComparator.compareFiles(
            expected: FixtureFiles.path("compare", a + ".png"),
            actual: FixtureFiles.path("compare", b + ".png"), options: options, drawDiff: true)
    }

    private func pixel(_ image: RGBAImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let image else { return [] }
        let offset = (y * image.width + x) * 4
        return Array(image.pixels[offset..<(offset + 4)])
    }

    private func count(_ image: RGBAImage?, _ colour: [UInt8]) -> Int {
        guard let image else { return -1 }
        return stride(from: 0, to: image.pixels.count, by: 4)
            .filter { Array(image.pixels[$0..<($0 + 4)]) == colour }.count
    }

    /// A black pixel on white: all 8 neighbours are equal in both images, so not anti-aliasing.
    func testOnePixelOff() throws {
        for metric in ImageComparisonOptions.Metric.allCases {
            let comparison = try compare("one_pixel_a", "one_pixel_b", .init(metric: metric))
            XCTAssertEqual(comparison.result.diffPixels, 1, "\(metric)")
            XCTAssertEqual(comparison.result.totalPixels, 256)
            XCTAssertEqual(comparison.result.ratio, 1.0 / 256)
            XCTAssertFalse(comparison.result.match)
            XCTAssertEqual(pixel(comparison.diffImage, 8, 8), [255, 0, 0, 255])
            XCTAssertEqual(count(comparison.diffImage, [255, 0, 0, 255]), 1)
        }
    }

    /// Black | grey column | white, the edge one column further right in b. Column 10 (grey
    /// in a) and 11 (grey in b) differ; each grey pixel has a darker and a brighter flat side
    /// whose pixels have 3+ equal neighbours in both images: anti-aliasing, 2 × 20 pixels.
    func testShiftedAntiAliasedEdgeIsNotCounted() throws {
        let detected = try compare("aa_edge_a", "aa_edge_b")
        XCTAssertEqual(detected.result.diffPixels, 0)
        XCTAssertEqual(detected.result.antiAliasedPixels, 40)
        XCTAssertTrue(detected.result.match)
        XCTAssertEqual(count(detected.diffImage, [255, 255, 0, 255]), 40)
        XCTAssertEqual(pixel(detected.diffImage, 10, 0), [255, 255, 0, 255])
        XCTAssertEqual(pixel(detected.diffImage, 11, 19), [255, 255, 0, 255])

        let included = try compare("aa_edge_a", "aa_edge_b", .init(includeAntiAliasing: true))
        XCTAssertEqual(included.result.diffPixels, 40)
        XCTAssertEqual(count(included.diffImage, [255, 0, 0, 255]), 40)
        XCTAssertEqual(
            try compare("aa_edge_a", "aa_edge_b", .init(metric: .exact))
                .result.diffPixels, 40)
    }

    /// Same RGB, alpha 255 vs 128 in a 2×2 block: blended over white the block is pink, δ is
    /// far above the threshold, and every block pixel has 3 equal neighbours (not AA).
    func testAlphaOnlyDifference() throws {
        let comparison = try compare("alpha_a", "alpha_b")
        XCTAssertEqual(comparison.result.diffPixels, 4)
        XCTAssertEqual(comparison.result.antiAliasedPixels, 0)
        XCTAssertEqual(pixel(comparison.diffImage, 3, 3), [255, 0, 0, 255])
        XCTAssertEqual(pixel(comparison.diffImage, 4, 4), [255, 0, 0, 255])
    }

    /// Fully transparent black and white both blend to white: pixelmatch sees no difference,
    /// `exact` sees every pixel.
    func testFullyTransparentPixelsBlendToWhite() throws {
        let pixelmatch = try compare("transparent_black", "transparent_white")
        XCTAssertEqual(pixelmatch.result.diffPixels, 0)
        let exact = try compare("transparent_black", "transparent_white", .init(metric: .exact))
        XCTAssertEqual(exact.result.diffPixels, 64)
        XCTAssertEqual(exact.result.ratio, 1)
    }

    /// 0x4000 and 0x4040 both round to 64; 0xC000 rounds to 191 at pixel (2, 5).
    func testSixteenBitPairs() throws {
        for metric in ImageComparisonOptions.Metric.allCases {
            let pair = try compare("rgb16_a", "rgb16_b", .init(metric: metric))
            XCTAssertEqual(pair.result.diffPixels, 1, "\(metric)")
            XCTAssertEqual(pixel(pair.diffImage, 2, 5), [255, 0, 0, 255])
            let against8 = try compare("rgb16_a", "rgb8_64", .init(metric: metric))
            XCTAssertEqual(against8.result.diffPixels, 0, "\(metric)")
        }
    }

    func testPaletteAndGreyAgainstTheirRGBEquivalents() throws {
        let corner = try compare("palette_a", "palette_b")
        XCTAssertEqual(corner.result.diffPixels, 1)
        XCTAssertEqual(pixel(corner.diffImage, 7, 0), [255, 0, 0, 255])
        let exact = ImageComparisonOptions(metric: .exact)
        XCTAssertEqual(try compare("palette_a", "palette_a_as_rgb", exact).result.diffPixels, 0)
        XCTAssertEqual(try compare("grey_a", "grey_a_as_rgb", exact).result.diffPixels, 0)
    }

    /// With `diffColorAlt`, a pixel where actual is darker uses the alternative colour.
    func testAlternativeColourForDarkerActualPixels() throws {
        var options = ImageComparisonOptions()
        options.diffStyle.diffColorAlt = DiffImageColor(red: 0, green: 255, blue: 0)
        let darker = try compare("one_pixel_a", "one_pixel_b", options)
        XCTAssertEqual(pixel(darker.diffImage, 8, 8), [0, 255, 0, 255])
        let brighter = try compare("one_pixel_b", "one_pixel_a", options)
        XCTAssertEqual(pixel(brighter.diffImage, 8, 8), [255, 0, 0, 255])
    }

    /// Grey 100 vs 110: ΔY ≈ 10, ΔI ≈ ΔQ ≈ 0, so δ ≈ 0.5053 · 100 = 50.53 and the pixel
    /// differs exactly when 35215 · t² < 50.53, i.e. t < 0.03788.
    func testThresholdBoundary() {
        let a = RGBAImage(width: 3, height: 3, fill: (100, 100, 100, 255))
        var b = a
        b.pixels.replaceSubrange(16..<19, with: [110, 110, 110])  // centre pixel
        let below = ImageComparator.compare(a, b, options: .init(threshold: 0.0378))
        XCTAssertEqual(below.diffPixels, 1)
        let above = ImageComparator.compare(a, b, options: .init(threshold: 0.0379))
        XCTAssertEqual(above.diffPixels, 0)
    }
}
