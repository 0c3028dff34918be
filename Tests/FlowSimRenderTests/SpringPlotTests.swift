import FlowSim
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimOutput
@testable import FlowSimRender

/// The spring plot's pixels, determinism and goldens. Record goldens (once, then look at them)
/// with `FLOWSIM_RECORD_GOLDENS=1 swift test --filter SpringPlot`; otherwise a missing or
/// different golden fails.
final class SpringPlotTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = packageRoot.appendingPathComponent("Goldens/tests/spring-plot")

    /// The parks scene's insert spring: UIKit d = 1, ζ = 0.65.
    static func seedSeries() throws -> SpringPlotSeries {
        let report = try SpringReport(form: .uikit(duration: 1, dampingRatio: 0.65, initialVelocity: 0))
        return SpringPlotSeries(label: "seed-insert (UIKit: duration 1, damping 0.65)", report: report)
    }

    static func compareSeries() throws -> [SpringPlotSeries] {
        [
            try seedSeries(),
            SpringPlotSeries(
                label: "SwiftUI: response 0.5, damping-fraction 0.7",
                report: try SpringReport(form: .swiftUIResponse(response: 0.5, dampingFraction: 0.7))),
            SpringPlotSeries(
                label: "CASpringAnimation: mass 1, stiffness 100, damping-coefficient 5",
                report: try SpringReport(
                    form: .physical(
                        mass: 1, stiffness: 100, damping: 5,
                        initialVelocity: 0))),
            SpringPlotSeries(
                label: "Android: android-stiffness 1500, android-damping-ratio 0.5",
                report: try SpringReport(form: .android(stiffness: 1500, dampingRatio: 0.5))),
        ]
    }

    // MARK: Helpers

    func pixel(_ image: RGBAImage, _ x: Double, _ y: Double) -> (Int, Int, Int) {
        let p = image[Int(x.rounded(.down)), Int(y.rounded(.down))]
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    func distance(_ a: (Int, Int, Int), _ c: RGBAColor) -> Int {
        let b = (Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
        return max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
    }

    /// Whether some pixel within `radius` of (x, y) is within `tolerance` of `color`.
    func hasColor(
        _ image: RGBAImage, near x: Double, _ y: Double, _ color: RGBAColor, radius: Int = 1,
        tolerance: Int = 40
    ) -> Bool {
        let cx = Int(x.rounded(.down))
        let cy = Int(y.rounded(.down))
        for dy in -radius...radius {
            for dx in -radius...radius {
                let px = cx + dx
                let py = cy + dy
                guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
                let p = image[px, py]
                if distance((Int(p.r), Int(p.g), Int(p.b)), color) <= tolerance { return true }
            }
        }
        return false
    }

    // MARK: Geometry

    func testTimeAxisSpansTheLongestDurationTimesOnePointOne() throws {
        let seed = try Self.seedSeries()
        XCTAssertEqual(
            try SpringPlot(series: [seed]).frame().timeMax,
            max(seed.metrics.settlingDuration, 1) * 1.1, accuracy: 1e-12)
        let all = try Self.compareSeries()
        let longest = all.map { max($0.metrics.settlingDuration, $0.uikitDuration ?? 0) }.max() ?? 0
        XCTAssertEqual(try SpringPlot(series: all).frame().timeMax, longest * 1.1, accuracy: 1e-12)
        // The CASpringAnimation spring (c = 5) settles last: Apple's "about 2.85 s".
        XCTAssertEqual(longest, 2.855, accuracy: 1e-3)
    }

    func testValueRangeHoldsZeroOneAndThePeak() throws {
        let frame = try SpringPlot(series: Self.compareSeries()).frame()
        XCTAssertLessThan(frame.valueMin, 0)
        XCTAssertGreaterThan(frame.valueMax, 1.444)  // overshoot 44.4 % of the c = 5 spring
        XCTAssertEqual(frame.area.x, 70)
        XCTAssertEqual(frame.area.width, 800 - 70 - 24)
    }

    // MARK: Pixels

    func testCurvePixelsFollowTheSpring() throws {
        let seed = try Self.seedSeries()
        let plot = SpringPlot(series: [seed])
        let frame = try plot.frame()
        let image = try plot.image()
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 480)
        let blue = SpringPlotStyle.color(0)
        for t in [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.9] {
            let x = frame.x(t)
            let y = frame.y(seed.value(at: t))
            XCTAssertTrue(hasColor(image, near: x, y, blue), "curve missing at t = \(t) (\(x), \(y))")
            // 25 px below the curve (still inside the area) there is no curve.
            if y + 25 < frame.area.maxY - 20 {
                XCTAssertFalse(
                    hasColor(image, near: x, y + 25, blue, tolerance: 60),
                    "curve colour off the curve at t = \(t)")
            }
        }
    }

    func testTargetLineRowAndEpsilonBand() throws {
        let plot = SpringPlot(series: [try Self.seedSeries()])
        let frame = try plot.frame()
        let image = try plot.image()
        let row = frame.y(1)
        let x = frame.x(0.03)  // the curve is still near 0 there
        XCTAssertLessThanOrEqual(distance(pixel(image, x, row), SpringPlotStyle.target), 2)
        // The band shades the rows next to the line (at least 3 px in all): greener than grey.
        let above = pixel(image, x, row - 1)
        XCTAssertGreaterThan(above.1, above.0 + 10, "band above the line: \(above)")
        // Well above the line: background (or a grid line).
        let clear = pixel(image, x, row - 12)
        XCTAssertGreaterThanOrEqual(min(clear.0, clear.1, clear.2), 225)
    }

    func testUIKitSnapMarkerColumn() throws {
        let plot = SpringPlot(series: [try Self.seedSeries()])
        let frame = try plot.frame()
        let image = try plot.image()
        let column = frame.x(1)  // d = 1
        let blue = SpringPlotStyle.color(0)
        // Dashed (5 on, 4 off): a 9-px run in the middle of the area meets the marker.
        let middle = frame.y(0.5)
        let hits = (0..<9).filter { hasColor(image, near: column, middle + Double($0), blue, radius: 0, tolerance: 70) }
        XCTAssertFalse(hits.isEmpty, "no snap marker at x = \(column)")
        let beside = (0..<9).filter {
            hasColor(image, near: column - 6, middle + Double($0), blue, radius: 0, tolerance: 70)
        }
        XCTAssertTrue(beside.isEmpty)
        // After the snap the curve lies on the target line.
        XCTAssertTrue(hasColor(image, near: frame.x(1.05), frame.y(1), blue))
    }

    func testPeakIsMarked() throws {
        let seed = try Self.seedSeries()
        let peak = try XCTUnwrap(seed.peak)
        XCTAssertEqual(peak.value - 1, exp(-0.65 * Double.pi / (1 - 0.65 * 0.65).squareRoot()), accuracy: 1e-9)
        let plot = SpringPlot(series: [seed])
        let frame = try plot.frame()
        let image = try plot.image()
        // The dot (radius 4) is filled with the curve's colour, wider than the 2-px curve.
        let blue = SpringPlotStyle.color(0)
        for (dx, dy) in [(0.0, 0.0), (2.5, 0.0), (-2.5, 0.0), (0.0, 2.5), (0.0, -2.5)] {
            XCTAssertTrue(hasColor(image, near: frame.x(peak.time) + dx, frame.y(peak.value) + dy, blue, radius: 0))
        }
    }

    func testNonUIKitSpringHasNoSnapAndCompareCurvesHaveTheirColours() throws {
        let series = try Self.compareSeries()
        XCTAssertNil(series[1].uikitDuration)
        XCTAssertEqual(series[0].uikitDuration, 1)
        let plot = SpringPlot(series: series)
        let frame = try plot.frame()
        let image = try plot.image()
        for (index, s) in series.enumerated() {
            let color = SpringPlotStyle.color(index)
            // Sample on the rising part, where the curves are apart.
            for t in [0.06, 0.1, 0.14] {
                XCTAssertTrue(
                    hasColor(image, near: frame.x(t), frame.y(s.value(at: t)), color, radius: 1, tolerance: 60),
                    "curve \(index) missing at t = \(t)")
            }
        }
    }

    // MARK: Determinism and goldens

    func testRenderingIsDeterministic() throws {
        let plot = SpringPlot(series: try Self.compareSeries())
        XCTAssertEqual(try plot.pngData(), try plot.pngData())
    }

    func checkGolden(_ data: Data, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.goldens.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FLOWSIM_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try data.write(to: url)
            // Recording never passes (swift-snapshot-testing's rule): a run that wrote the golden
            // compared nothing.
            return XCTFail(
                "recorded \(url.path); look at it, then run again without FLOWSIM_RECORD_GOLDENS", file: file,
                line: line)
        }
        guard let expected = try? Data(contentsOf: url) else {
            return XCTFail("missing golden \(url.path); record with FLOWSIM_RECORD_GOLDENS=1", file: file, line: line)
        }
        if expected != data {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
            try? data.write(to: actual)
            XCTFail("\(name) differs from its golden; actual written to \(actual.path)", file: file, line: line)
        }
    }

    func testSeedGolden() throws {
        try checkGolden(SpringPlot(series: [Self.seedSeries()]).pngData(), named: "seed.png")
    }

    func testCompareGolden() throws {
        try checkGolden(
            SpringPlot(series: Self.compareSeries(), title: "Spring progress: 4 springs").pngData(),
            named: "compare.png")
    }

    // MARK: Sheet

    func testSweepSheetSharesAxesAndDrawsEveryPanel() throws {
        let panels = try [0.3, 0.5, 0.7, 0.9, 1.0, 0.65].map { zeta in
            (
                label: "damping = \(zeta)",
                series: SpringPlotSeries(
                    label: "",
                    report: try SpringReport(form: .uikit(duration: 1, dampingRatio: zeta, initialVelocity: 0)))
            )
        }
        let sheet = SpringPlotSheet(panels: panels, title: "sweep")
        XCTAssertEqual(sheet.columns, 5)
        XCTAssertEqual(sheet.rows, 2)
        XCTAssertEqual(sheet.width, 5 * SpringPlotSheet.panelWidth)
        let image = try sheet.image()
        XCTAssertEqual(image.height, sheet.height)
        let first = try sheet.frame(ofPanel: 0)
        for (index, panel) in panels.enumerated() {
            let frame = try sheet.frame(ofPanel: index)
            XCTAssertEqual(frame.timeMax, first.timeMax)
            XCTAssertEqual(frame.valueMin, first.valueMin)
            XCTAssertEqual(frame.valueMax, first.valueMax)
            XCTAssertEqual(frame.area.width, first.area.width)
            for t in [0.1, 0.2, 0.6] {
                XCTAssertTrue(
                    hasColor(
                        image, near: frame.x(t), frame.y(panel.series.value(at: t)),
                        SpringPlotStyle.color(0), radius: 1, tolerance: 60),
                    "panel \(index) curve missing at t = \(t)")
            }
        }
        XCTAssertEqual(try sheet.pngData(), try sheet.pngData())
    }

    // MARK: Errors and helpers

    func testErrors() throws {
        let seed = try Self.seedSeries()
        XCTAssertThrowsError(try SpringPlot(series: []).frame()) {
            XCTAssertEqual($0 as? SpringPlotError, .noSprings)
        }
        XCTAssertThrowsError(try SpringPlot(series: Array(repeating: seed, count: 9)).frame())
        XCTAssertThrowsError(try SpringPlot(series: [seed], width: 150, height: 100).pngData()) {
            guard case .tooSmall? = $0 as? SpringPlotError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try SpringPlotSheet(panels: [], title: "").pngData())
    }

    func testNiceTicks() {
        XCTAssertEqual(PlotTicks.step(span: 1.1, targetCount: 10), 0.2)
        XCTAssertEqual(PlotTicks.step(span: 2.96, targetCount: 10), 0.5)
        XCTAssertEqual(PlotTicks.step(span: 1.0, targetCount: 4), 0.25)
        XCTAssertEqual(PlotTicks.step(span: 37, targetCount: 5), 10)
        XCTAssertEqual(PlotTicks.values(from: -0.07, to: 1.13, step: 0.2).count, 6)
        XCTAssertEqual(PlotTicks.values(from: 0, to: 1.1, step: 0.2).last ?? 0, 1.0, accuracy: 1e-12)
        XCTAssertEqual(PlotTicks.label(0.25, step: 0.25), "0.25")
        XCTAssertEqual(PlotTicks.label(-0.0, step: 0.2), "0.0")
        XCTAssertEqual(PlotTicks.label(2, step: 1), "2")
        XCTAssertEqual(PlotTicks.label(0.30000000000000004, step: 0.1), "0.3")
    }

    func testAtomicFileWriter() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("springplot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.png")
        try AtomicOutput.write(Data([1, 2, 3]), to: file)
        try AtomicOutput.write(Data([4, 5]), to: file)
        XCTAssertEqual(try Data(contentsOf: file), Data([4, 5]))
        XCTAssertThrowsError(try AtomicOutput.write(Data([1]), to: folder.appendingPathComponent("no/x.png")))
        XCTAssertThrowsError(try AtomicOutput.write(Data([1]), to: folder))
        // No temporary files are left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.png"])
    }
}
