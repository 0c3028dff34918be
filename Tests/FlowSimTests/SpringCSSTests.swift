import XCTest

@testable import FlowSim
import FlowSimCoreTestSupport

final class SpringCSSTests: XCTestCase {
    func testCSSFollowsTheCurveWithinHalfAPercent() throws {
        let curves: [TimingCurve] = [
            .uikitSpring(duration: 1, dampingRatio: 0.65),
            .uikitSpring(duration: 2, dampingRatio: 0.15),
            .physicalSpring(stiffness: 100, damping: 10),
            .physicalSpring(stiffness: 100, damping: 30),
            .easeInEaseOut(duration: 0.3),
        ]
        var rng = SeededRandom(seed: 0xC55)
        for curve in curves {
            let easing = try XCTUnwrap(CSSLinearEasing(curve: curve))
            XCTAssertLessThanOrEqual(easing.maxError, 0.005, "\(curve)")
            // Re-sample at random times, independently of the verification grid.
            for _ in 0..<5000 {
                let f = Double.random(in: 0...1, using: &rng)
                let actual = curve.progress(at: f * curve.duration)
                XCTAssertEqual(
                    easing.value(atFraction: f), actual, accuracy: 0.005,
                    "\(curve) f \(f)")
            }
            // Few stops: far fewer than the 2001 samples.
            XCTAssertLessThan(easing.stops.count, 80, "\(curve)")
            XCTAssertEqual(easing.stops.first?.value, 0)
            XCTAssertEqual(easing.stops.last?.value, 1)
        }
    }

    func testCSSText() throws {
        let easing = try XCTUnwrap(CSSLinearEasing(curve: .linear(duration: 0.5)))
        XCTAssertEqual(easing.css, "linear(0, 1)")
        XCTAssertEqual(easing.duration, 0.5)
        let spring = try XCTUnwrap(
            CSSLinearEasing(
                curve: .uikitSpring(
                    duration: 1,
                    dampingRatio: 0.65)))
        XCTAssertTrue(spring.css.hasPrefix("linear(0, "), spring.css)
        XCTAssertTrue(spring.css.hasSuffix(", 1)"), spring.css)
        XCTAssertTrue(spring.css.contains("%"), spring.css)
    }

    func testNoCSSForAnEndlessCurve() {
        XCTAssertNil(CSSLinearEasing(curve: .physicalSpring(stiffness: 100, damping: 0)))
    }

    /// The stops of a printed `linear(…)` (positions of the first and last default to 0 and 1).
    static func parse(_ css: String) -> [(Double, Double)] {
        let body = css.dropFirst("linear(".count).dropLast()
        let parts = body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.enumerated().map { index, part in
            let fields = part.split(separator: " ")
            let value = Double(fields[0]) ?? .nan
            let position = fields.count > 1 ? (Double(fields[1].dropLast()) ?? .nan) / 100 : (index == 0 ? 0 : 1)
            return (position, value)
        }
    }

    func testLowDampedAndLongSpringsMeetHalfAPercentAsPrinted() throws {
        // Before: 2000 fixed samples and 12 halvings gave 5.4 %, 1.6 % and 0.59 % here.
        let curves: [TimingCurve] = [
            .uikitSpring(duration: 10, dampingRatio: 0.01),
            .uikitSpring(duration: 10, dampingRatio: 0.05),
            .physicalSpring(stiffness: 1000, damping: 1),
        ]
        var rng = SeededRandom(seed: 0x10C55)
        for curve in curves {
            let easing = try XCTUnwrap(CSSLinearEasing(curve: curve))
            XCTAssertLessThanOrEqual(easing.maxError, 0.005, "\(curve)")
            XCTAssertGreaterThanOrEqual(
                Double(easing.sampleCount), 16 * CSSLinearEasing.periods(of: curve), "\(curve)")
            // The printed text, re-sampled at random times (independent of every grid).
            let printed = Self.parse(easing.css)
            XCTAssertEqual(printed.count, easing.stops.count)
            var worst = 0.0
            for _ in 0..<20000 {
                let f = Double.random(in: 0..<1, using: &rng)
                worst = max(
                    worst, abs(CSSLinearEasing.interpolate(printed, at: f) - curve.progress(at: f * curve.duration)))
            }
            XCTAssertLessThanOrEqual(worst, 0.005, "\(curve)")
        }
    }

    func testTheSnapAtTheEndIsAJump() throws {
        // ζ = 0.001 for 10 s: UIKit's free spring is at 0.7187 when it snaps to 1.
        let spring = UIKitSpring(duration: 10, dampingRatio: 0.001)
        let easing = try XCTUnwrap(CSSLinearEasing(curve: .uikitSpring(spring)))
        let last = easing.stops.suffix(2).map { $0 }
        XCTAssertEqual(last.map(\.fraction), [1, 1])
        XCTAssertEqual(last[0].value, spring.valueAtEnd, accuracy: 5e-5)
        XCTAssertEqual(last[1].value, 1)
        XCTAssertTrue(easing.css.hasSuffix("\(SpringReport.number(last[0].value, 4)) 100%, 1)"), easing.css)
        XCTAssertEqual(easing.value(atFraction: 0.999_999), spring.valueAtEnd, accuracy: 0.005)
        XCTAssertEqual(easing.value(atFraction: 1), 1)
        XCTAssertTrue(easing.meetsTarget)
    }

    func testAMissedTargetIsReportedNotHidden() throws {
        // 200 samples over ≈ 44 periods cannot follow the swings within 0.5 %.
        let curve = TimingCurve.physicalSpring(stiffness: 10_000, damping: 2)
        let easing = try XCTUnwrap(CSSLinearEasing(curve: curve, sampleCount: 200))
        XCTAssertFalse(easing.meetsTarget)
        XCTAssertGreaterThan(easing.maxError, 0.005)
        // Too many periods for the sample cap: not attempted.
        let endless = try XCTUnwrap(CSSLinearEasing(curve: .physicalSpring(stiffness: 1e8, damping: 1)))
        XCTAssertFalse(endless.meetsTarget)
        XCTAssertTrue(endless.stops.isEmpty)
    }
}
