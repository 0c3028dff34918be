import XCTest

@testable import FlowSim

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
}
