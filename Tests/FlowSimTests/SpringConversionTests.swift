import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Conversions between spring APIs: published checks, mpmath values (Scripts/
/// timing_reference.py) and seeded round trips between every pair of forms.
final class SpringConversionTests: XCTestCase {
    func testSwiftUIDurationBouncePublishedCheck() throws {
        // docs/uikit-rules.md §3: Spring(duration: 0.5, bounce: 0.3) → m 1, k 157.9, c 17.6.
        let s = try SpringForm.swiftUIDurationBounce(duration: 0.5, bounce: 0.3).parameters()
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.stiffness, 157.9136704174297379, accuracy: 1e-10)
        XCTAssertEqual(s.damping, 17.592918860102842135, accuracy: 1e-10)
        let over = try SpringForm.swiftUIDurationBounce(duration: 0.5, bounce: -0.5).parameters()
        XCTAssertEqual(over.dampingRatio, 2, accuracy: 1e-14)
        XCTAssertEqual(over.damping, 50.265482457436691815, accuracy: 1e-10)
    }

    func testResponseAndAndroid() throws {
        let swiftUI = try SpringForm.swiftUIResponse(response: 0.5, dampingFraction: 0.7)
            .parameters()
        XCTAssertEqual(swiftUI.stiffness, 157.9136704174297379, accuracy: 1e-10)
        XCTAssertEqual(swiftUI.damping, 4 * Double.pi * 0.7 / 0.5, accuracy: 1e-12)
        let android = try SpringForm.android(stiffness: 1500, dampingRatio: 0.5).parameters()
        XCTAssertEqual(android.damping, 2 * 0.5 * (1500.0).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(android.mass, 1)
    }

    func testOrigamiAgainstReactNativeFormula() throws {
        let cases: [(Double, Double, Double, Double)] = [
            (8, 12, 342.10058823529411765, 24.684019245284345008),
            (0, 0, 87.21, 5.7770125),
            (20, 5, 193.41441176470588235, 8.22643977367954132),
            (40, 30, 724.43647058823529412, 1.2063603558804513412),
        ]
        for (bounciness, speed, k, c) in cases {
            let s = try SpringForm.origami(bounciness: bounciness, speed: speed).parameters()
            XCTAssertEqual(s.stiffness, k, accuracy: 1e-10, "\(bounciness) \(speed)")
            XCTAssertEqual(s.damping, c, accuracy: 1e-10, "\(bounciness) \(speed)")
            let back = try s.origami()
            XCTAssertEqual(back.bounciness, bounciness, accuracy: 1e-8)
            XCTAssertEqual(back.speed, speed, accuracy: 1e-9)
        }
    }

    func testUIKitInverse() throws {
        for (d, zeta, v) in [
            (1.0, 0.65, 0.0), (3, 0.25, 0), (0.5, 0.8, 2), (0.4, 0.3, -1),
            (1, 1, 0), (1, 1, 3), (0.2, 1, -4), (7, 0.05, 0.5),
        ] {
            let forward = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
            let back = try forward.parameters.uikit()
            XCTAssertEqual(back.duration, d, accuracy: 1e-9 * d, "\(d) \(zeta) \(v)")
            XCTAssertEqual(back.dampingRatio, zeta, accuracy: 1e-12, "\(d) \(zeta) \(v)")
            XCTAssertEqual(back.initialVelocity, v)
        }
    }

    func testUIKitNotRepresentable() {
        let overdamped = SpringParameters(stiffness: 100, damping: 30)
        XCTAssertThrowsError(try overdamped.uikit())
        // ω₀ = 0.3 with ζ = 0.5 would need d ≈ 46 s, beyond UIKit's 10 s clamp.
        let slow = SpringParameters(naturalFrequency: 0.3, dampingRatio: 0.5)
        XCTAssertThrowsError(try slow.uikit())
    }

    /// A random spring stated in `formIndex`'s form, within each form's domain.
    func randomForm(_ index: Int, _ rng: inout SeededRandom) -> SpringForm {
        func r(_ a: Double, _ b: Double) -> Double { Double.random(in: a...b, using: &rng) }
        switch index {
        case 0: return .uikit(duration: r(0.2, 3), dampingRatio: r(0.1, 1), initialVelocity: 0)
        case 1:
            return .physical(
                mass: r(0.2, 5), stiffness: r(20, 800), damping: r(1, 60),
                initialVelocity: 0)
        case 2: return .swiftUIResponse(response: r(0.1, 2), dampingFraction: r(0.1, 2))
        case 3: return .swiftUIDurationBounce(duration: r(0.1, 2), bounce: r(-0.9, 0.95))
        case 4: return .android(stiffness: r(10, 10_000), dampingRatio: r(0.05, 3))
        case 5: return .reactSpring(tension: r(20, 500), friction: r(2, 80), mass: r(0.5, 4))
        default: return .origami(bounciness: r(0, 42), speed: r(0, 40))
        }
    }

    func testRoundTripsBetweenEveryPairOfForms() throws {
        var rng = SeededRandom(seed: 0x0006_F0F0)
        var checked = Set<String>()
        for _ in 0..<60 {
            for source in 0..<7 {
                let form = randomForm(source, &rng)
                let spring = try form.parameters()
                for (name, result) in SpringForm.allForms(of: spring) {
                    guard case .success(let target) = result else { continue }
                    let again = try target.parameters()
                    let label = "\(form) → \(name) \(target)"
                    XCTAssertEqual(
                        again.naturalFrequency, spring.naturalFrequency,
                        accuracy: 1e-9 * spring.naturalFrequency, label)
                    XCTAssertEqual(
                        again.dampingRatio, spring.dampingRatio,
                        accuracy: 1e-9 * spring.dampingRatio, label)
                    XCTAssertEqual(again.initialVelocity, spring.initialVelocity, label)
                    checked.insert("\(form.name)→\(name)")
                }
            }
        }
        // All 7 × 7 pairs were exercised (each form can state some spring of every other).
        XCTAssertEqual(checked.count, 49, "\(checked.sorted())")
    }

    func testDomainErrors() {
        let bad: [SpringForm] = [
            .uikit(duration: 1, dampingRatio: 0, initialVelocity: 0),
            .uikit(duration: .nan, dampingRatio: 0.5, initialVelocity: 0),
            .physical(mass: -1, stiffness: 100, damping: 10, initialVelocity: 0),
            .physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: .infinity),
            .swiftUIResponse(response: 0, dampingFraction: 0.5),
            .swiftUIDurationBounce(duration: 0.5, bounce: 1),
            .swiftUIDurationBounce(duration: 0.5, bounce: -1),
            .android(stiffness: 1500, dampingRatio: -0.5),
            .reactSpring(tension: 170, friction: 26, mass: 0),
            .origami(bounciness: -1, speed: 12),
        ]
        for form in bad {
            XCTAssertThrowsError(try form.parameters(), "\(form)")
        }
    }

    func testPresetsResolve() throws {
        for preset in SpringPreset.catalogue {
            let spring = try preset.form.parameters()
            XCTAssertGreaterThan(spring.settlingDuration(), 0, preset.name)
        }
        let seed = try XCTUnwrap(SpringPreset.catalogued("seed-insert")).form.parameters()
        XCTAssertEqual(seed.stiffness, 107.88803617355937631, accuracy: 1e-9)
        let standard = try XCTUnwrap(SpringPreset.named("uikit-default")).form.parameters()
        XCTAssertEqual(standard.dampingRatio, 4.56, accuracy: 0.005)  // Apple's documented ζ
        let android = try XCTUnwrap(SpringPreset.named("android-medium")).form.parameters()
        XCTAssertEqual(android.stiffness, 1500)
        XCTAssertEqual(android.dampingRatio, 0.5, accuracy: 1e-15)
        XCTAssertNil(SpringPreset.named("nope"))
    }
}

final class SpringNamedFormTests: XCTestCase {
    func testEachFormFromNames() throws {
        XCTAssertEqual(
            try SpringForm(named: ["duration": 1, "damping": 0.65]),
            .uikit(duration: 1, dampingRatio: 0.65, initialVelocity: 0))
        XCTAssertEqual(
            try SpringForm(named: ["stiffness": 100, "damping-coefficient": 10]),
            .physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        XCTAssertEqual(
            try SpringForm(named: ["tension": 180, "friction": 12, "mass": 2]),
            .reactSpring(tension: 180, friction: 12, mass: 2))
        XCTAssertEqual(
            try SpringForm(named: ["bounciness": 8, "speed": 12, "velocity": 1]),
            .origami(bounciness: 8, speed: 12))
    }

    func testErrorsNameTheOptions() {
        func message(_ values: [String: Double]) -> String {
            do {
                _ = try SpringForm(named: values)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertTrue(
            message(["duration": 1, "damping": 0.5, "response": 0.5])
                .contains("mixed spring forms"))
        XCTAssertTrue(message(["duration": 1]).contains("--damping"))
        XCTAssertTrue(message([:]).contains("no spring given"))
        XCTAssertTrue(
            message(["duration": 1, "damping": 0.5, "mass": 2])
                .contains("--mass is not part of the UIKit duration/damping form"))
        XCTAssertTrue(message(["dampng": 1]).contains("unknown spring parameter"))
    }
}
