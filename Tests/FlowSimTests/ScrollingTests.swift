import XCTest

@testable import FlowSim

final class ScrollingTests: XCTestCase {
    // MARK: Deceleration

    func testVelocityDecaysByRatePerMillisecond() {
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        XCTAssertEqual(fling.velocity(at: 0), 2500)
        XCTAssertEqual(fling.velocity(at: 0.001), 2500 * 0.998, accuracy: 1e-9)
        XCTAssertEqual(fling.velocity(at: 1), 2500 * pow(0.998, 1000), accuracy: 1e-9)
    }

    func testOffsetMatchesClosedForm() {
        for rate in [Deceleration.normalRate, Deceleration.fastRate] {
            let fling = Deceleration(initialOffset: 100, initialVelocity: -1800, rate: rate)
            for t in [0.0, 0.1, 0.5, 1, 2.5] {
                let expected = 100 + -1800 * (pow(rate, 1000 * t) - 1) / (1000 * log(rate))
                XCTAssertEqual(fling.offset(at: t), expected, accuracy: 1e-9)
            }
        }
    }

    func testOffsetIsTheIntegralOfVelocity() {
        // Integrate v with the midpoint rule at 0.1 ms and compare with x(t).
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        var x = 0.0
        let dt = 0.0001
        for step in 0..<10_000 { x += fling.velocity(at: (Double(step) + 0.5) * dt) * dt }
        XCTAssertEqual(x, fling.offset(at: 1), accuracy: 1e-4)
    }

    func testRestingOffsetAndKnownNumbers() {
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        // v₀ / (1000 |ln 0.998|) = 2500 / 2.002002…
        XCTAssertEqual(fling.restingOffset, 1248.749, accuracy: 0.001)
        XCTAssertEqual(fling.offset(at: 100), fling.restingOffset, accuracy: 1e-9)
        let fast = Deceleration(initialOffset: 0, initialVelocity: 2500, rate: Deceleration.fastRate)
        XCTAssertEqual(fast.restingOffset, 248.748, accuracy: 0.001)
    }

    func testStopThresholdIsHalfAPixelLeftToTravel() {
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        let duration = fling.duration(threshold: 0.25)
        XCTAssertEqual(duration, 4.254, accuracy: 0.001)
        XCTAssertEqual(fling.restingOffset - fling.offset(at: duration), 0.25, accuracy: 1e-9)
        XCTAssertEqual(abs(fling.velocity(at: duration)), 0.25 * 1000 * abs(log(0.998)), accuracy: 1e-9)
        XCTAssertEqual(Deceleration(initialVelocity: 0.1).duration(threshold: 0.25), 0)
        XCTAssertEqual(Deceleration(initialVelocity: 0).duration(threshold: 0.25), 0)
    }

    func testTimeToReach() throws {
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        let t = try XCTUnwrap(fling.time(toReach: 603))
        XCTAssertEqual(fling.offset(at: t), 603, accuracy: 1e-9)
        XCTAssertNil(fling.time(toReach: 1300), "beyond the resting offset")
        XCTAssertNil(fling.time(toReach: -1), "behind the start")
    }

    // MARK: Rubber band

    func testRubberBandValues() {
        let d = 667.0
        XCTAssertEqual(RubberBand.offset(overshoot: 0, dimension: d), 0)
        XCTAssertEqual(RubberBand.offset(overshoot: d, dimension: d), (1 - 1 / 1.55) * d, accuracy: 1e-9)
        XCTAssertEqual(
            RubberBand.offset(overshoot: 100, dimension: d), (1 - 1 / (100 * 0.55 / d + 1)) * d, accuracy: 1e-9)
        XCTAssertEqual(RubberBand.offset(overshoot: 100, dimension: d), 50.811, accuracy: 0.001)
        XCTAssertEqual(
            RubberBand.offset(overshoot: -100, dimension: d), -RubberBand.offset(overshoot: 100, dimension: d))
        XCTAssertEqual(RubberBand.offset(overshoot: 0.001, dimension: d) / 0.001, 0.55, accuracy: 1e-5, "slope c at 0")
        XCTAssertLessThan(RubberBand.offset(overshoot: 1e9, dimension: d), d)
        XCTAssertEqual(RubberBand.offset(overshoot: 10, dimension: 0), 0)
    }

    func testRubberBandClamp() {
        XCTAssertEqual(RubberBand.clamp(50, to: 0...100, dimension: 500), 50)
        XCTAssertEqual(
            RubberBand.clamp(200, to: 0...100, dimension: 500),
            100 + RubberBand.offset(overshoot: 100, dimension: 500), accuracy: 1e-9)
        XCTAssertEqual(
            RubberBand.clamp(-20, to: 0...100, dimension: 500),
            -RubberBand.offset(overshoot: 20, dimension: 500), accuracy: 1e-9)
    }

    // MARK: Edge bounce

    func testBounceIsCriticallyDampedSpring() {
        let bounce = EdgeBounce(edge: 1000, initialDisplacement: 0, initialVelocity: 300)
        XCTAssertEqual(bounce.offset(at: 0), 1000)
        XCTAssertEqual(bounce.velocity(at: 0), 300)
        // Peak at t = 1/ω with overshoot v₀ / (ω e).
        XCTAssertEqual(bounce.offset(at: 0.1), 1000 + 300 / (10 * M_E), accuracy: 1e-9)
        XCTAssertEqual(bounce.velocity(at: 0.1), 0, accuracy: 1e-9)
        XCTAssertTrue(bounce.isSettled(at: 2, threshold: 0.25))
        XCTAssertFalse(bounce.isSettled(at: 0.1, threshold: 0.25))
        // Numerical derivative agrees with v(t).
        let h = 1e-6
        XCTAssertEqual(
            (bounce.offset(at: 0.3 + h) - bounce.offset(at: 0.3 - h)) / (2 * h), bounce.velocity(at: 0.3),
            accuracy: 1e-4)
    }

    // MARK: Driver

    func testDriverFollowsClosedFormWithinRange() {
        var driver = ScrollDriver(gesture: .fling(velocity: 2500, reflingBelow: nil), startTime: 0.5)
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        var offset = 0.0
        for step in 0...120 {
            let time = Double(step) / 60
            offset = driver.advance(to: time, from: offset, range: 0...10_000, dimension: 667)
            XCTAssertEqual(offset, time < 0.5 ? 0 : fling.offset(at: time - 0.5), accuracy: 1e-9)
        }
        XCTAssertEqual(driver.flingCount, 1)
    }

    func testDriverBouncesAtTheEndAndSettles() {
        var driver = ScrollDriver(gesture: .fling(velocity: 2500, reflingBelow: nil))
        var offset = 0.0
        var maximum = 0.0
        for step in 0...600 {
            offset = driver.advance(to: Double(step) / 60, from: offset, range: 0...1000, dimension: 667)
            maximum = max(maximum, offset)
        }
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        let edgeSpeed = fling.velocity(at: fling.time(toReach: 1000) ?? 0)
        XCTAssertGreaterThan(maximum, 1000)
        XCTAssertLessThanOrEqual(maximum, 1000 + edgeSpeed / (10 * M_E) + 1e-9)
        XCTAssertEqual(offset, 1000)
        XCTAssertTrue(driver.isAtRest)
    }

    func testDriverReflingsWhenSlowAndContentRemains() {
        var driver = ScrollDriver(gesture: .fling(velocity: 2500, reflingBelow: 10))
        var offset = 0.0
        for step in 0...360 {
            offset = driver.advance(to: Double(step) / 60, from: offset, range: 0...100_000, dimension: 667)
        }
        XCTAssertEqual(driver.flingCount, 3, "flings at 0, ≈2.76 s and ≈5.52 s")
        XCTAssertGreaterThan(offset, 2 * 1200)
    }

    func testConstantSpeedDragRubberBandsPastTheEnd() {
        var driver = ScrollDriver(gesture: .constantSpeed(600))
        var offset = 0.0
        offset = driver.advance(to: 1, from: offset, range: 0...1000, dimension: 667)
        XCTAssertEqual(offset, 600, accuracy: 1e-9)
        offset = driver.advance(to: 2, from: offset, range: 0...1000, dimension: 667)
        XCTAssertEqual(offset, 1000 + RubberBand.offset(overshoot: 200, dimension: 667), accuracy: 1e-9)
        offset = driver.advance(to: 2, from: offset, range: 0...2000, dimension: 667)
        XCTAssertEqual(offset, 1200, accuracy: 1e-9, "content grew: the finger position shows")
    }

    func testContentShrinkingUnderTheOffsetBouncesBack() {
        var driver = ScrollDriver(gesture: .fling(velocity: 0, reflingBelow: nil))
        var offset = driver.advance(to: 0, from: 900, range: 0...1000, dimension: 667)
        XCTAssertEqual(offset, 900)
        for step in 1...120 {
            offset = driver.advance(to: Double(step) / 60, from: offset, range: 0...500, dimension: 667)
        }
        XCTAssertEqual(offset, 500)
    }

    func testFlingOverContentShorterThanTheViewportDoesNotMoveIt() {
        // Scroll range of one point (content no longer than the bounds): UIKit does not scroll
        // without alwaysBounceVertical, so there is no fling and no bounce.
        for refling: Double? in [nil, 10] {
            var driver = ScrollDriver(gesture: .fling(velocity: 2500, reflingBelow: refling))
            var offset = 0.0
            for step in 0...120 {
                offset = driver.advance(to: Double(step) / 60, from: offset, range: 0...0, dimension: 667)
                XCTAssertEqual(offset, 0, "step \(step)")
            }
            XCTAssertEqual(driver.flingCount, 0)
            XCTAssertTrue(driver.isAtRest)
            // Content grows past the viewport: a user who keeps flinging now scrolls.
            offset = driver.advance(to: 2.1, from: offset, range: 0...1000, dimension: 667)
            offset = driver.advance(to: 2.2, from: offset, range: 0...1000, dimension: 667)
            XCTAssertEqual(driver.flingCount, refling == nil ? 0 : 1)
            XCTAssertEqual(offset > 0, refling != nil)
        }
    }
}
