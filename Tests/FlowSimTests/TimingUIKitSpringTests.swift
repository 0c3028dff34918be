import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// UIKit's spring against docs/uikit-rules.md §3 and values derived independently with mpmath
/// (40 digits, `findroot` on the envelope condition, not the 12-step Newton; see
/// Scripts/timing_reference.py).
final class TimingUIKitSpringTests: XCTestCase {
    func testPublishedFramerCheck() {
        let spring = UIKitSpring(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        XCTAssertEqual(spring.parameters.stiffness, 54.83363359078326, accuracy: 1e-9)
        XCTAssertEqual(spring.parameters.damping, 3.702486785620688, accuracy: 1e-9)
        XCTAssertEqual(spring.parameters.mass, 1)
    }

    func testSeedInsertSpring() {
        let spring = UIKitSpring(duration: 1.0, dampingRatio: 0.65, initialVelocity: 0)
        // mpmath: ω₀ = 10.386916586435041566
        XCTAssertEqual(spring.naturalFrequency, 10.386916586435041566, accuracy: 1e-10)
        XCTAssertEqual(spring.parameters.stiffness, 107.88803617355937631, accuracy: 1e-9)
        XCTAssertEqual(spring.parameters.damping, 13.502991562365554036, accuracy: 1e-9)
        XCTAssertEqual(spring.parameters.dampingRatio, 0.65, accuracy: 1e-15)
        XCTAssertEqual(spring.progress(at: 0.1), 0.33233695483775355831, accuracy: 1e-12)
        XCTAssertEqual(spring.progress(at: 0.25), 0.92692197608997660654, accuracy: 1e-12)
        XCTAssertEqual(spring.progress(at: 0.5), 1.0447803398437799525, accuracy: 1e-12)
        // Just before the end the free spring is 1 − 9.53e-4, inside the 0.001 envelope.
        XCTAssertEqual(spring.progress(at: 1 - 1e-12), 0.9990468177137609625, accuracy: 1e-10)
        XCTAssertEqual(spring.progress(at: 1), 1)
        XCTAssertEqual(spring.progress(at: 2), 1)
        XCTAssertEqual(spring.progress(at: 0), 0)
        XCTAssertEqual(spring.progress(at: -1), 0)
    }

    func testNonZeroVelocityAndCritical() {
        // (d, ζ, v) → ω₀ and p(0.1), p(0.25) from mpmath.
        let cases: [(Double, Double, Double, Double, Double, Double)] = [
            (0.5, 0.8, 2, 17.605717394337416917, 0.63615822644467262456, 1.0096983731952653474),
            (1, 1, 0, 9.2334134764515857304, 0.23606867982504370504, 0.67106751928576506902),
            (1, 1, 3, 8.8289221253784959433, 0.34533951718605889742, 0.72969264507915149944),
            (0.4, 0.3, -1, 48.478631706848571786, 1.098680302379945896, 0.993346536098637838),
        ]
        for (d, zeta, v, omega, p1, p25) in cases {
            let spring = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
            XCTAssertEqual(
                spring.naturalFrequency, omega, accuracy: 1e-9 * omega,
                "\(d) \(zeta) \(v)")
            XCTAssertEqual(spring.progress(at: 0.1), p1, accuracy: 1e-11, "\(d) \(zeta) \(v)")
            if d > 0.25 {
                XCTAssertEqual(spring.progress(at: 0.25), p25, accuracy: 1e-11, "\(d) \(zeta) \(v)")
            }
        }
    }

    func testCriticalEndValueIsOneMinusEpsilon() {
        // For ζ = 1 and ω ≥ v the condition is x(d) = +ε exactly.
        let spring = UIKitSpring(duration: 1, dampingRatio: 1, initialVelocity: 3)
        XCTAssertEqual(spring.progress(at: 1 - 1e-13), 0.999, accuracy: 1e-10)
    }

    func testClamps() {
        let long = UIKitSpring(duration: 20, dampingRatio: 1.5)
        XCTAssertEqual(long.duration, 10)
        XCTAssertEqual(long.dampingRatio, 1)
        XCTAssertTrue(long.wasClamped)
        let short = UIKitSpring(duration: 0.001, dampingRatio: 0)
        XCTAssertEqual(short.duration, 0.01)
        XCTAssertEqual(short.dampingRatio, 1.1920929e-7)
        XCTAssertTrue(short.wasClamped)
        XCTAssertFalse(UIKitSpring(duration: 1, dampingRatio: 0.65).wasClamped)
        // With ζ = 1.19e-7 and v = 0 the envelope starts below ε: see
        // testTheSmallestDampingRatioIsSolvedAsInExactArithmetic.
        XCTAssertFalse(short.saturated)
        XCTAssertEqual(short.progress(at: 0.01), 1)
    }

    func testDerivativeMatchesFiniteDifference() {
        for (zeta, v) in [(0.3, 0.0), (0.3, 4.0), (0.9, -2.0), (1.0, 0.5), (1.0, 12.0)] {
            let w = 7.0
            let h = 1e-6
            func g(_ w: Double) -> (Double, Double) {
                UIKitSpring.envelope(w, duration: 0.8, dampingRatio: zeta, velocity: v)
            }
            let dg = g(w).1
            let gp = g(w + h).0
            let gm = g(w - h).0
            XCTAssertEqual(dg, (gp - gm) / (2 * h), accuracy: 1e-7, "\(zeta) \(v)")
        }
    }

    /// UIKit 26.1's `parametersOfSpringAnimation` (decompiled UIKitCore,
    /// called by `UIViewSpringAnimationState -generateSpringPropertiesForDuration:damping:
    /// velocity:`) runs exactly 12 unguarded Newton steps from ω = 5/d. At d = 1, ζ = 0.4,
    /// v = 2 the envelope term is exactly 0 at the start and the first step goes down, to the
    /// lower root: k ≈ 24.200 (FlowSim gave 25.901 before).
    func testVelocitySolveFollowsUIKitsUnguardedSteps() {
        let spring = UIKitSpring(duration: 1, dampingRatio: 0.4, initialVelocity: 2)
        XCTAssertEqual(spring.parameters.stiffness, 24.200071278435058, accuracy: 1e-9)
        XCTAssertEqual(spring.parameters.damping, 2 * 0.4 * 4.91935679519539, accuracy: 1e-9)
        XCTAssertFalse(spring.saturated)
        // The published check and the velocity-free springs are unchanged.
        XCTAssertEqual(
            UIKitSpring(duration: 3, dampingRatio: 0.25).parameters.stiffness,
            54.83363359078326, accuracy: 1e-9)
    }

    /// d = 0.5, ζ = 0.2, v = 1: the first step lands at 2.19e16 and the second, in exact
    /// arithmetic, near −e^(2.2e15): beyond every double (UIKit's own doubles reach ∞, then
    /// NaN). FlowSim plays the limit, ω₀ = 1e150: the value is at its target for every t > 0.
    func testAnIterateBeyondTheDoublesSaturates() throws {
        let spring = UIKitSpring(duration: 0.5, dampingRatio: 0.2, initialVelocity: 1)
        XCTAssertTrue(spring.saturated)
        XCTAssertEqual(spring.naturalFrequency, 1e150)
        XCTAssertEqual(spring.parameters.stiffness, 1e150 * 1e150)
        XCTAssertEqual(spring.parameters.damping, 2 * 0.2 * 1e150)
        XCTAssertEqual(spring.progress(at: 1.0 / 60), 1)
        XCTAssertEqual(spring.progress(at: 0), 0)
        let parameters = try SpringForm.uikit(duration: 0.5, dampingRatio: 0.2, initialVelocity: 1).parameters()
        XCTAssertEqual(parameters.stiffness, 1e150 * 1e150)
        XCTAssertTrue(parameters.settlingDuration().isFinite)
        XCTAssertLessThan(parameters.settlingDuration(), 1e-140)
    }

    /// `--damping 1e-9`: UIKit clamps ζ to [1.1920929e-7, 1] (decompiled UIKit 26.1:
    /// `UIViewSpringAnimationState -generateSpringPropertiesForDuration:damping:velocity:` hands
    /// the damping to `parametersOfSpringAnimation`; the open re-implementation OpenUXKit's
    /// `UXViewAnimationContext` shows its `fmin(fmax(damping, 0.00000011920929), 1.0)`). With
    /// v = 0 the envelope ζ/√(1−ζ²)·e^(−ζωd) starts below ε, so f = ε − |g| has no root: the
    /// first step jumps to ω = −7.036e10 (doubles: ∞ and NaN next) and each later step, in exact
    /// arithmetic, adds 1/(ζd) ≈ 8.39e6. Twelve steps: ω₀ = 70268122289.75 at d = 1, twice
    /// that at d = 0.5.
    func testTheSmallestDampingRatioIsSolvedAsInExactArithmetic() {
        let one = UIKitSpring(duration: 1, dampingRatio: 1e-9)
        XCTAssertEqual(one.dampingRatio, 1.1920929e-7)
        XCTAssertFalse(one.saturated)
        XCTAssertEqual(one.naturalFrequency, 70268122289.75133, accuracy: 1e-3)
        let half = UIKitSpring(duration: 0.5, dampingRatio: 1e-9)
        XCTAssertEqual(half.naturalFrequency, 140536244579.50266, accuracy: 1e-3)
        // A spring that settles: ζω₀ ≈ 8377 /s, Core Animation's estimate about 0.8 ms.
        let settling = one.parameters.settlingDuration()
        XCTAssertTrue(settling.isFinite)
        let zeta = 1.1920929e-7
        let amplitude = zeta / (1 - zeta * zeta).squareRoot()
        XCTAssertEqual(settling, log((amplitude + 1) / 0.001) / (zeta * 70268122289.75133), accuracy: 1e-9)
        XCTAssertEqual(one.progress(at: 0.5), 1, accuracy: 1e-12)
    }

    /// UIKit's result jumps as the velocity changes (d = 1, ζ = 0.4): the steps reach the upper
    /// root up to v = 1.2, overflow doubles at 1.3 and reach the lower root from 1.4 on.
    func testStiffnessJumpsWithVelocity() {
        func k(_ v: Double) -> Double {
            UIKitSpring(duration: 1, dampingRatio: 0.4, initialVelocity: v).parameters.stiffness
        }
        XCTAssertEqual(k(1.2), 213.81924076514247, accuracy: 1e-8)
        // At 1.3 UIKit's doubles overflow; the steps in exact arithmetic end on a very stiff
        // spring (k ≈ 8.04e8, settling in 0.6 ms), not NaN.
        XCTAssertFalse(UIKitSpring(duration: 1, dampingRatio: 0.4, initialVelocity: 1.3).saturated)
        XCTAssertEqual(k(1.3), 804457494.7828109, accuracy: 1e-3)
        XCTAssertEqual(k(1.4), 12.015898092772094, accuracy: 1e-8)
        XCTAssertEqual(k(1.9), 23.292431653440275, accuracy: 1e-8)
        XCTAssertEqual(k(2.1), 26.594949324348217, accuracy: 1e-8)
    }

    /// the snap at t = d jumps over up to about ε/ζ of the distance, not ε:
    /// the solve bounds only the sine term's envelope |B|·e^(−ζω₀d) = ε, and the cosine term
    /// e^(−ζω₀d) = ε/|B| ≈ ε·√(1−ζ²)/ζ adds to it.
    func testResidueAtEndIsUpToEpsilonOverZeta() {
        for zeta in [0.05, 0.1, 0.2, 0.4, 0.65] {
            let spring = UIKitSpring(duration: 1, dampingRatio: zeta)
            let residue = abs(1 - spring.valueAtEnd)
            let bound = UIKitSpring.envelopeEpsilon * (1 + (1 - zeta * zeta).squareRoot() / zeta)
            XCTAssertLessThanOrEqual(residue, bound * (1 + 1e-9), "ζ \(zeta)")
        }
        // ζ = 0.05: the residue is 1.2 % of the distance, twelve times ε.
        let loose = UIKitSpring(duration: 1, dampingRatio: 0.05)
        XCTAssertGreaterThan(abs(1 - loose.valueAtEnd), 0.01)
    }
}

/// Scenes take the springs at UIKit's clamps too (they were refused with "UIKit's spring solve
/// overflows"): the update plays ζ = 1.1920929e-7 with ω₀ = 70268122289.75 at duration 1.
final class SceneSpringAtTheClampTests: XCTestCase {
    func testASceneSpringWithTheSmallestDampingIsPlayed() throws {
        let scene = try SceneDecoder.decode(
            Data(
                #"{"viewport": {"width": 100, "height": 100}, "sections": [{"items": [{"id": "a"}, {"id": "b"}]}], "updates": [{"at": 0, "delete": [{"section": 0, "item": 0}], "timing": {"spring": {"duration": 1, "damping": 1e-9, "velocity": 0}}}]}"#
                    .utf8), source: "scene.json", defaultName: "scene")
        guard case .uikitSpring(let spring) = scene.updates.first?.timing?.curve else {
            return XCTFail("\(String(describing: scene.updates.first?.timing))")
        }
        XCTAssertEqual(spring.dampingRatio, 1.1920929e-7)
        XCTAssertEqual(spring.naturalFrequency, 70268122289.75133, accuracy: 1e-3)
        XCTAssertFalse(spring.saturated)
    }
}
