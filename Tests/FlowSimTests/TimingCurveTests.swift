import XCTest

@testable import FlowSim

final class TimingCurveTests: XCTestCase {
    let curves: [TimingCurve] = [
        .uikitSpring(duration: 1, dampingRatio: 0.65),
        .physicalSpring(stiffness: 100, damping: 10),
        .linear(duration: 0.4),
        .easeIn(duration: 0.3), .easeOut(duration: 0.3), .easeInEaseOut(duration: 0.3),
        .default(duration: 0.25),
        .cubicBezier(0.2, 0.8, 0.3, 1.2, duration: 0.5),
    ]

    func testEndpoints() {
        for curve in curves {
            XCTAssertEqual(curve.progress(at: 0), 0, "\(curve)")
            XCTAssertEqual(curve.progress(at: -3), 0, "\(curve)")
            XCTAssertEqual(curve.progress(at: curve.duration), 1, "\(curve)")
            XCTAssertEqual(curve.progress(at: curve.duration + 5), 1, "\(curve)")
        }
    }

    func testLinearAndBezierUseTheFraction() {
        XCTAssertEqual(TimingCurve.linear(duration: 0.4).progress(at: 0.1), 0.25, accuracy: 1e-15)
        XCTAssertEqual(
            TimingCurve.easeInEaseOut(duration: 0.3).progress(at: 0.15), 0.5,
            accuracy: 1e-15)
        XCTAssertEqual(
            TimingCurve.easeIn(duration: 2).progress(at: 0.5),
            CubicBezier.easeIn.progress(atFraction: 0.25))
    }

    func testPhysicalSpringDurationIsSettlingDuration() {
        // Core Animation's settlingDuration for m 1, k 100, c 10: ln((1 + 1/√3)/0.001)/5
        // (its envelope estimate; the exact last crossing, 1.2701651956539863 s, is earlier).
        let curve = TimingCurve.physicalSpring(stiffness: 100, damping: 10)
        XCTAssertEqual(curve.duration, log((1 + 1 / 3.0.squareRoot()) / 0.001) / 5, accuracy: 1e-12)
        let explicit = TimingCurve.physicalSpring(stiffness: 100, damping: 10, duration: 0.5)
        XCTAssertEqual(explicit.duration, 0.5)
        XCTAssertEqual(explicit.progress(at: 0.5), 1)
        let free = SpringParameters(stiffness: 100, damping: 10)
        XCTAssertEqual(explicit.progress(at: 0.2), free.value(at: 0.2))
    }

    func testAnimationTiming() {
        let timing = AnimationTiming.spring(duration: 1, delay: 0.2, dampingRatio: 0.65)
        XCTAssertEqual(timing.endTime, 1.2, accuracy: 1e-15)
        XCTAssertEqual(timing.progress(atTimeSinceStart: 0.2), 0)
        XCTAssertEqual(timing.progress(atTimeSinceStart: 0.1), 0)
        XCTAssertEqual(
            timing.progress(atTimeSinceStart: 0.7),
            UIKitSpring(duration: 1, dampingRatio: 0.65).progress(at: 0.5))
        XCTAssertEqual(timing.progress(atTimeSinceStart: 1.2), 1)
        let standard = AnimationTiming.uikitDefault
        XCTAssertEqual(standard.curve, .easeInEaseOut(duration: 0.3))
        XCTAssertEqual(standard.delay, 0)
        XCTAssertEqual(standard.endTime, 0.3)
    }
}
