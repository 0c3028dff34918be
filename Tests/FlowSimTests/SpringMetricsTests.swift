import XCTest

@testable import FlowSim

final class SpringMetricsTests: XCTestCase {
    func testLastCrossingAgainstMpmath() {
        // Last time |x| ≥ 0.001 (mpmath, Scripts/timing_reference.py): a metric of its own,
        // earlier than Core Animation's settlingDuration estimate (see SpringMetrics).
        let cases: [(Double, Double)] = [
            (5, 2.6878694889000661302), (15, 0.79986566099668883353),
            (10, 1.2701651956539863109), (30, 1.8497614355162991488),
        ]
        for (c, expected) in cases {
            let s = SpringParameters(stiffness: 100, damping: c)
            XCTAssertEqual(s.lastCrossing(), expected, accuracy: 1e-9, "c \(c)")
            XCTAssertEqual(s.metrics().lastCrossing, expected, accuracy: 1e-9, "c \(c)")
        }
    }

    func testSettlingDurationIsCoreAnimationsEstimate() {
        // Apple's CASpringAnimation documentation: mass 1, stiffness 100, damping 5 settles in
        // "about 2.85 s"; damping 15 in "just over 1 second". QuartzCore 26.1's
        // -durationForEpsilon: (decompiled) bounds the underdamped curve by its envelope:
        // t = ln((1 + |B|)/ε)/(ζω₀), B = (ζω₀ − v)/ω_d. Before: 2.688 s and 0.800 s (the last
        // crossing).
        let c5 = SpringParameters(stiffness: 100, damping: 5)
        XCTAssertEqual(c5.settlingDuration(), 2.854974609888761, accuracy: 1e-12)
        XCTAssertEqual(c5.metrics().settlingDuration, 2.854974609888761, accuracy: 1e-12)
        let c15 = SpringParameters(stiffness: 100, damping: 15)
        XCTAssertEqual(c15.settlingDuration(), 1.0220937981854987, accuracy: 1e-12)
        XCTAssertGreaterThan(c15.settlingDuration(), 1)
        // The envelope term uses |B|: with v = 20, B = (2.5 − 20)/ω_d.
        let fast = SpringParameters(stiffness: 100, damping: 5, initialVelocity: 20)
        let wd = 10 * (1 - 0.0625).squareRoot()
        XCTAssertEqual(
            fast.settlingDuration(), log((1 + 17.5 / wd) / 0.001) / 2.5, accuracy: 1e-12)
        // Critical and overdamped: Core Animation samples the curve every 0.1 s (adding the
        // step) and takes the first sample below ε that stays below for more than 1 s.
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 20).settlingDuration(), 0.9999999999999999)
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 30).settlingDuration(), 1.9000000000000006)
        // ζ = 0 never settles; ε below 1e-6 counts as 1e-6.
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 0).settlingDuration(), .infinity)
        XCTAssertEqual(c5.settlingDuration(epsilon: 1e-9), c5.settlingDuration(epsilon: 1e-6))
        // A physical spring (CASpringAnimation given duration = settlingDuration) lasts it.
        XCTAssertEqual(PhysicalSpring(c5).duration, 2.854974609888761, accuracy: 1e-12)
    }

    func testPeakAndOvershootAgainstClosedForms() {
        for zeta in [0.05, 0.2, 0.45, 0.65, 0.9, 0.99] {
            let s = SpringParameters(naturalFrequency: 11, dampingRatio: zeta)
            let m = s.metrics()
            let wd = 11 * (1 - zeta * zeta).squareRoot()
            XCTAssertEqual(try XCTUnwrap(m.peakTime), Double.pi / wd, accuracy: 1e-12, "\(zeta)")
            let expected = 100 * exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
            XCTAssertEqual(m.overshoot, expected, accuracy: 1e-10 * max(1, expected), "\(zeta)")
        }
        let critical = SpringParameters(naturalFrequency: 11, dampingRatio: 1).metrics()
        XCTAssertNil(critical.peakTime)
        XCTAssertEqual(critical.overshoot, 0)
        XCTAssertEqual(critical.oscillationCount, 0)
    }

    func testOvershootWithVelocityMatchesDenseSampling() {
        let springs = [
            SpringParameters(
                naturalFrequency: 10, dampingRatio: 0.4,
                initialVelocity: 8),
            SpringParameters(
                naturalFrequency: 10, dampingRatio: 0.4,
                initialVelocity: -8),
            SpringParameters(
                naturalFrequency: 10, dampingRatio: 1.6,
                initialVelocity: 60),
            SpringParameters(naturalFrequency: 10, dampingRatio: 1, initialVelocity: 40),
        ]
        for s in springs {
            var best = (0.0, 1.0)
            for i in 1...200_000 {
                let t = Double(i) * 1e-5
                let p = s.value(at: t)
                if p > best.1 { best = (t, p) }
            }
            let m = s.metrics()
            XCTAssertEqual(m.overshoot, (best.1 - 1) * 100, accuracy: 1e-6, "\(s)")
            XCTAssertEqual(try XCTUnwrap(m.peakTime), best.0, accuracy: 2e-5, "\(s)")
        }
    }

    func testOscillationCountMatchesSampledExtrema() {
        for (zeta, v) in [(0.65, 0.0), (0.2, 0.0), (0.1, 3.0), (0.05, -2.0)] {
            let s = SpringParameters(naturalFrequency: 10, dampingRatio: zeta, initialVelocity: v)
            let m = s.metrics()
            // Independent count: sign changes of the sampled velocity with |x| ≥ ε there.
            var count = 0
            let dt = 1e-5
            var previous = s.velocity(at: dt)
            var t = 2 * dt
            while t < m.lastCrossing + 1 {
                let current = s.velocity(at: t)
                if (current < 0) != (previous < 0), abs(1 - s.value(at: t)) >= 0.001 {
                    count += 1
                }
                previous = current
                t += dt
            }
            XCTAssertEqual(m.oscillationCount, count, "\(zeta) \(v)")
        }
    }

    func testUIKitValueAtEnd() {
        let seed = UIKitSpring(duration: 1, dampingRatio: 0.65)
        XCTAssertEqual(seed.valueAtEnd, 0.9990468177137609625, accuracy: 1e-10)
        XCTAssertLessThanOrEqual(abs(1 - seed.valueAtEnd), 0.001)
    }

    func testFitMeetsItsTargets() throws {
        for (settle, overshoot) in [(0.6, 5.0), (1.0, 0.0), (0.3, 20.0), (2.5, 1.0)] {
            let fit = try SpringFit(settle: settle, overshoot: overshoot)
            let m = fit.spring.metrics()
            XCTAssertEqual(m.lastCrossing, settle, accuracy: 1e-9 * settle)
            XCTAssertEqual(m.overshoot, overshoot, accuracy: 1e-9)
            let swiftUI = try SpringForm.swiftUIResponse(
                response: fit.swiftUI.response, dampingFraction: fit.swiftUI.dampingFraction
            )
            .parameters()
            XCTAssertEqual(swiftUI.lastCrossing(), settle, accuracy: 1e-9 * settle)
            let uikit = try fit.uikit.get()
            let metrics = uikit.parameters.metrics()
            XCTAssertEqual(metrics.lastCrossing, settle, accuracy: 1e-8 * settle)
            XCTAssertEqual(metrics.overshoot, overshoot, accuracy: 1e-8)
        }
    }

    func testFitRejectsImpossibleTargets() {
        XCTAssertThrowsError(try SpringFit(settle: 0.6, overshoot: 100))
        XCTAssertThrowsError(try SpringFit(settle: 0, overshoot: 5))
        XCTAssertThrowsError(try SpringFit(settle: .nan))
        // 60 s to settle with 30 % overshoot is a spring UIKit's 10 s clamp cannot produce.
        let slow = try? SpringFit(settle: 60, overshoot: 30)
        XCTAssertNotNil(slow)
        if case .success = slow?.uikit { XCTFail("UIKit cannot take a 60 s spring") }
    }

    func testSweepParsing() throws {
        let sweep = try SpringSweep(parsing: "damping=0.3:1.0:0.05")
        XCTAssertEqual(sweep.name, "damping")
        XCTAssertEqual(sweep.values.count, 15)
        XCTAssertEqual(sweep.values.last ?? 0, 1.0, accuracy: 1e-12)
        XCTAssertEqual(try SpringSweep(parsing: "duration=2:1:-0.5").values, [2, 1.5, 1])
        for bad in [
            "damping", "damping=1:2", "damping=a:1:0.1", "damping=0:1:0",
            "damping=0:1:-0.1", "=0:1:0.1", "damping=0:1e9:1e-3",
        ] {
            XCTAssertThrowsError(try SpringSweep(parsing: bad), bad)
        }
    }
}
