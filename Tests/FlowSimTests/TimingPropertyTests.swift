import XCTest

@testable import FlowSim
@testable import FlowSimScene

extension SeededRandom {
    /// Log-uniform in [low, high].
    mutating func logUniform(_ low: Double, _ high: Double) -> Double {
        exp(Double.random(in: log(low)...log(high), using: &self))
    }
}

final class TimingPropertyTests: XCTestCase {
    func testUIKitSpringsAreFiniteAndSnap() {
        var rng = SeededRandom(seed: 0x5EED_0003)
        for _ in 0..<2000 {
            let d = rng.logUniform(0.005, 20)
            let zeta = Double.random(in: -0.5...1.5, using: &rng)
            let v = Double.random(in: -20...40, using: &rng)
            let spring = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
            // Every clamped input gives a finite spring: the steps whose doubles overflow are
            // taken in the factored form, and an iterate beyond the doubles saturates.
            XCTAssertTrue(
                spring.naturalFrequency.isFinite && spring.naturalFrequency > 0
                    && spring.naturalFrequency <= UIKitSpring.saturationFrequency
                    && spring.parameters.stiffness.isFinite,
                "d \(d) ζ \(zeta) v \(v)")
            for i in 0...50 {
                let t = spring.duration * Double(i) / 50
                XCTAssertTrue(spring.progress(at: t).isFinite, "d \(d) ζ \(zeta) v \(v) t \(t)")
            }
            XCTAssertEqual(spring.progress(at: spring.duration), 1)
        }
    }

    func testPhysicalSpringsAreFiniteAndSettle() {
        var rng = SeededRandom(seed: 0xF10_5111)
        for _ in 0..<1000 {
            let s = SpringParameters(
                mass: rng.logUniform(0.01, 100), stiffness: rng.logUniform(0.1, 10_000),
                damping: rng.logUniform(0.01, 1_000),
                initialVelocity: Double.random(in: -30...30, using: &rng))
            let settle = s.oscillator.settlingTime(epsilon: 0.001)
            XCTAssertTrue(settle.isFinite && settle >= 0, "\(s)")
            for i in 0...40 {
                let t = settle * Double(i) / 40
                XCTAssertTrue(s.value(at: t).isFinite, "\(s) \(t)")
                XCTAssertTrue(s.velocity(at: t).isFinite, "\(s) \(t)")
            }
            // Definition of settling: ε at the settle time, and within ε just after it, at
            // several later probes (closed-form extrema make this exact, not approximate).
            if settle > 0 {
                XCTAssertEqual(abs(1 - s.value(at: settle)), 0.001, accuracy: 1e-9, "\(s)")
            }
            for k in 1...20 {
                let t = settle * (1 + Double(k) * 0.05) + Double(k) * 1e-9
                XCTAssertLessThan(abs(1 - s.value(at: t)), 0.001 + 1e-12, "\(s) \(t)")
            }
        }
    }

    func testBeziersAreMonotonicForRandomControlPoints() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<300 {
            let curve = CubicBezier(
                x1: Double.random(in: 0...1, using: &rng),
                y1: Double.random(in: -1...2, using: &rng),
                x2: Double.random(in: 0...1, using: &rng),
                y2: Double.random(in: -1...2, using: &rng))
            for _ in 0..<20 {
                let t = Double.random(in: 0...1, using: &rng)
                let s = curve.parameter(forX: t)
                XCTAssertEqual(curve.x(s), t, accuracy: 1e-9, "\(curve) \(t)")
                XCTAssertTrue(curve.progress(atFraction: t).isFinite)
            }
        }
    }
}
