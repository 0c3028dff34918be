import FlowSimGoldens
import Foundation
import XCTest

@testable import FlowSimImage

/// The SSIM metric against scikit-image's `structural_similarity` (Gaussian 11×11, σ 1.5,
/// population covariances, data range 255) on the luminance of the pairs that
/// Fixtures/perceptual/make_perceptual_fixtures.py writes with ssim.json.
final class CompareSSIMTests: XCTestCase {
    struct Case {
        var name: String
        var ssim: Double
        var mask: [Int]?
    }

    /// The fixture, read with Foundation's JSONSerialization (independent of FlowSim's parser).
    private func cases() throws -> [Case] {
        let data = try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("perceptual", "ssim.json")))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try XCTUnwrap(root["cases"] as? [[String: Any]])
        return try list.map { item in
            Case(
                name: try XCTUnwrap(item["name"] as? String),
                ssim: try XCTUnwrap((item["ssim"] as? NSNumber)?.doubleValue), mask: item["mask"] as? [Int])
        }
    }

    private func compare(_ item: Case, threshold: Double = 0.99) throws -> ImageComparison {
        var options = ImageComparisonOptions(metric: .ssim)
        options.ssimThreshold = threshold
        if let m = item.mask { options.masks = [ImageMaskRect(x: m[0], y: m[1], width: m[2], height: m[3])] }
        return try ImageComparator.compareFiles(
            expected: FixtureFiles.path("perceptual", "ssim_\(item.name)_a.png"),
            actual: FixtureFiles.path("perceptual", "ssim_\(item.name)_b.png"), options: options, drawDiff: true)
    }

    func testMeanSSIMMatchesScikitImage() throws {
        let all = try cases()
        XCTAssertEqual(all.map(\.name), ["noise", "ui", "ui_masked", "gradient_equal"])
        for item in all {
            let comparison = try compare(item)
            XCTAssertEqual(comparison.result.ssim ?? -1, item.ssim, accuracy: 1e-9, item.name)
            XCTAssertEqual(comparison.result.match, item.ssim >= 0.99, item.name)
        }
    }

    /// The 1-px stroke shift and recoloured block score 0.979: below 0.99 (fails, its windows
    /// painted red), above 0.97 (passes); equal images score exactly 1 and paint nothing.
    func testThresholdDecidesAndDiffImagePaintsLowWindows() throws {
        let all = try cases()
        let ui = all.first { $0.name == "ui" }!
        let strict = try compare(ui, threshold: 0.99)
        XCTAssertFalse(strict.result.match)
        XCTAssertGreaterThan(strict.result.diffPixels, 0)
        let red = stride(from: 0, to: strict.diffImage!.pixels.count, by: 4).filter {
            Array(strict.diffImage!.pixels[$0..<($0 + 4)]) == [255, 0, 0, 255]
        }.count
        XCTAssertEqual(red, strict.result.diffPixels)
        XCTAssertTrue(try compare(ui, threshold: 0.97).result.match)
        let equal = try compare(all.first { $0.name == "gradient_equal" }!)
        XCTAssertEqual(equal.result.ssim, 1)
        XCTAssertEqual(equal.result.diffPixels, 0)
        XCTAssertEqual(ImageComparisonOptions(metric: .ssim).criteria, "SSIM ≥ 0.99")
    }

    /// Only windows near a differing row span are computed, the others known to be exactly 1:
    /// the mean equals the one of every window computed (seeded picture, scattered changes).
    func testSkippedWindowsAreExactlyOne() {
        let width = 40
        let height = 300
        var state: UInt64 = 30
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var a = RGBAImage(width: width, height: height, fill: (200, 210, 220, 255))
        for index in 0..<(width * height) where next() < 40 { a.pixels[index * 4] = next() }
        var b = a
        for y in [20, 150, 151, 290] { b.pixels[(y * width + Int(next()) % width) * 4 + 1] = next() }
        let result = ImageComparator.compare(a, b, options: ImageComparisonOptions(metric: .ssim))
        let everyWindow = a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                SSIMKernel(
                    buffers: PixelBuffers(
                        expected: pa.baseAddress!, actual: pb.baseAddress!, width: width, height: height),
                    masked: [], threshold: 0.99
                ).band(rows: 5...(height - 6), columns: 5...(width - 6))
            }
        }
        XCTAssertEqual(everyWindow.count, (width - 10) * (height - 10))
        XCTAssertLessThan(result.ssim ?? 1, 1)
        XCTAssertEqual(result.ssim ?? 0, everyWindow.reduce(0, +) / Double(everyWindow.count), accuracy: 1e-12)
    }
}
