import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// The scene module's springs: the preset catalogue scenes and `flowsim spring --preset` name
/// (the published presets and the parks insert), and spring forms spelled by parameter names.
/// Moved from the core's SpringConversionTests.
final class SpringCatalogueTests: XCTestCase {
    func testCataloguedPresetsResolve() throws {
        for preset in SpringPreset.catalogue {
            let spring = try preset.form.parameters()
            XCTAssertGreaterThan(spring.settlingDuration(), 0, preset.name)
        }
        let seed = try XCTUnwrap(SpringPreset.named("seed-insert", in: SpringPreset.catalogue)).form.parameters()
        XCTAssertEqual(seed.stiffness, 107.88803617355937631, accuracy: 1e-9)
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
