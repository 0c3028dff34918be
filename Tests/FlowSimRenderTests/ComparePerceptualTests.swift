import FlowSimGoldens
import Foundation
import XCTest

@testable import FlowSimImage

/// The perceptual metric against ΔE94 values computed independently with scikit-image
/// (Fixtures/perceptual/make_perceptual_fixtures.py writes deltae94.json).
final class ComparePerceptualTests: XCTestCase {
    struct Pair {
        var name: String
        var expected: [UInt8]
        var actual: [UInt8]
        var deltaE: Double
    }

    /// The fixture, read with Foundation's JSONSerialization (independent of FlowSim's parser).
    private func pairs() throws -> [Pair] {
        let data = try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("perceptual", "deltae94.json")))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try XCTUnwrap(root["pairs"] as? [[String: Any]])
        return try list.map { item in
            Pair(
                name: try XCTUnwrap(item["name"] as? String),
                expected: try XCTUnwrap(item["expected"] as? [Int]).map { UInt8($0) },
                actual: try XCTUnwrap(item["actual"] as? [Int]).map { UInt8($0) },
                deltaE: try XCTUnwrap((item["deltaE94"] as? NSNumber)?.doubleValue))
        }
    }

    private func image(_ colour: [UInt8], width: Int = 12, height: Int = 10) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: (colour[0], colour[1], colour[2], 255))
    }

    private func labDelta(_ pair: Pair) -> Double {
        let a = pair.expected + [255]
        let b = pair.actual + [255]
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                LabColorDelta.deltaE94(
                    reference: LabColorDelta.lab(pa.baseAddress!, 0), sample: LabColorDelta.lab(pb.baseAddress!, 0))
            }
        }
    }

    /// Every fixture pair's ΔE94 equals scikit-image's to 1e-9 (same formula, same constants;
    /// only the order of floating-point operations differs).
    func testDeltaE94MatchesScikitImage() throws {
        let all = try pairs()
        XCTAssertEqual(all.count, 65)
        for pair in all {
            XCTAssertEqual(labDelta(pair), pair.deltaE, accuracy: 1e-9, pair.name)
        }
    }

    /// At 0.98 (ΔE threshold 1.999998) a just-noticeable shift (ΔE 1.6, 1.7) passes and a visible
    /// one (ΔE 4.4, 4.2) fails on every pixel; each fixture pair is judged by its reference ΔE.
    func testJustNoticeablePassesAndVisibleFailsAtPointNineEight() throws {
        let all = try pairs()
        let options = ImageComparisonOptions(metric: .perceptual)
        XCTAssertEqual(options.perceptualPrecision, 0.98)
        for pair in all {
            let result = ImageComparator.compare(image(pair.expected), image(pair.actual), options: options)
            let fails = pair.deltaE > 1.999998
            XCTAssertEqual(result.match, !fails, "\(pair.name) ΔE \(pair.deltaE)")
            XCTAssertEqual(result.diffPixels, fails ? 120 : 0, pair.name)
            XCTAssertEqual(result.maxDeltaE ?? -1, pair.expected == pair.actual ? 0 : pair.deltaE, accuracy: 1e-9)
        }
        let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
        for name in ["jnd_blue", "jnd_grey"] {
            XCTAssertTrue(
                ImageComparator.compare(image(byName[name]!.expected), image(byName[name]!.actual), options: options)
                    .match)
        }
        for name in ["visible_blue", "visible_grey"] {
            let pair = byName[name]!
            XCTAssertFalse(ImageComparator.compare(image(pair.expected), image(pair.actual), options: options).match)
            // A lower perceptual precision (ΔE ≤ 5) accepts the visible shift too.
            var loose = options
            loose.perceptualPrecision = 0.95
            XCTAssertTrue(ImageComparator.compare(image(pair.expected), image(pair.actual), options: loose).match)
        }
    }

    /// swift-snapshot-testing's threshold and pixel precision are computed in Float.
    func testThresholdAndPrecisionAsSwiftSnapshotTesting() {
        XCTAssertEqual(PerceptualKernel.threshold(0.98), (1 - Float(0.98)) * 100)
        XCTAssertEqual(PerceptualKernel.threshold(1), 0)
        XCTAssertEqual(PerceptualKernel.threshold(0), 100)
        // ΔE is read back as a half-precision float: 1.9996 → 2.0, beyond 1.999998; 1.9990 →
        // 1.999023 (2^-10 steps below 2), within it.
        XCTAssertEqual(PerceptualKernel.readBack(1.9996), 2)
        XCTAssertEqual(PerceptualKernel.readBack(1.9990), 1.999_023_437_5)
        XCTAssertGreaterThan(PerceptualKernel.readBack(1.9996), PerceptualKernel.threshold(0.98))
        XCTAssertLessThan(PerceptualKernel.readBack(1.9990), PerceptualKernel.threshold(0.98))
        // 3 of 120 pixels visibly off: precision 0.975 passes, 0.98 fails (1 − 3/120 = 0.975).
        var actual = image([0, 122, 255])
        for index in 0..<3 {
            actual.pixels[index * 4 + 1] = 110
            actual.pixels[index * 4 + 2] = 240
        }
        var options = ImageComparisonOptions(metric: .perceptual)
        options.precision = 0.975
        let passing = ImageComparator.compare(image([0, 122, 255]), actual, options: options)
        XCTAssertEqual(passing.diffPixels, 3)
        XCTAssertTrue(passing.match)
        options.precision = 0.98
        XCTAssertFalse(ImageComparator.compare(image([0, 122, 255]), actual, options: options).match)
        XCTAssertEqual(options.criteria, "perceptual precision 0.98 (ΔE94 ≤ 2), limit precision 0.98")
    }

    /// Seeded: ΔE94 is 0 for equal colours, never negative, and the metric counts exactly the
    /// pixels whose ΔE exceeds the threshold.
    func testSeededCountsFollowDeltaE() {
        var state: UInt64 = 30
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let width = 16
        let height = 9
        var a = [UInt8]()
        var b = [UInt8]()
        for _ in 0..<(width * height) {
            let c = [next(), next(), next()]
            a += c + [255]
            let shift = Int(next() % 9) - 4
            b += c.map { UInt8(clamping: Int($0) + shift) } + [255]
        }
        var expectedCount = 0
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for index in 0..<(width * height) {
                    let d = LabColorDelta.deltaE94(
                        reference: LabColorDelta.lab(pa.baseAddress!, index * 4),
                        sample: LabColorDelta.lab(pb.baseAddress!, index * 4))
                    XCTAssertGreaterThanOrEqual(d, 0)
                    if PerceptualKernel.readBack(d) > PerceptualKernel.threshold(0.99) { expectedCount += 1 }
                }
            }
        }
        var options = ImageComparisonOptions(metric: .perceptual)
        options.perceptualPrecision = 0.99
        let result = ImageComparator.compare(
            RGBAImage(width: width, height: height, pixels: a), RGBAImage(width: width, height: height, pixels: b),
            options: options)
        XCTAssertEqual(result.diffPixels, expectedCount)
        XCTAssertGreaterThan(expectedCount, 0)
        XCTAssertLessThan(expectedCount, width * height)
        let same = ImageComparator.compare(
            RGBAImage(width: width, height: height, pixels: a), RGBAImage(width: width, height: height, pixels: a),
            options: options)
        XCTAssertEqual(same.diffPixels, 0)
        XCTAssertEqual(same.maxDeltaE, 0)
    }
}
