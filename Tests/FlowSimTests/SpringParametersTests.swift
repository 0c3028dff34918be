import XCTest

@testable import FlowSim

/// Closed forms of `SpringParameters` against mpmath values (40 digits; the derivative by
/// mpmath's numerical differentiation of the same closed form) for every damping regime.
final class SpringParametersTests: XCTestCase {
    func testUnderdampedWithMass() {
        // m 2, k 300, c 10: ζ = 10/(2√600) ≈ 0.204.
        let s = SpringParameters(mass: 2, stiffness: 300, damping: 10)
        XCTAssertEqual(s.naturalFrequency, (150.0).squareRoot(), accuracy: 1e-14)
        XCTAssertEqual(s.dampingRatio, 10 / (2 * (600.0).squareRoot()), accuracy: 1e-15)
        XCTAssertEqual(s.value(at: 0.1), 0.56574567352020286882, accuracy: 1e-13)
        XCTAssertEqual(s.velocity(at: 0.1), 9.0776118592283267035, accuracy: 1e-11)
        XCTAssertEqual(s.value(at: 0.3), 1.4675599213470287977, accuracy: 1e-13)
        XCTAssertEqual(s.velocity(at: 0.3), -2.5985881488020794351, accuracy: 1e-11)
    }

    func testOverdamped() {
        let s = SpringParameters(mass: 1, stiffness: 100, damping: 30)  // ζ = 1.5
        XCTAssertEqual(s.dampingRatio, 1.5)
        XCTAssertEqual(s.value(at: 0.1), 0.21335440069663166668, accuracy: 1e-13)
        XCTAssertEqual(s.velocity(at: 0.1), 2.7260893766252905322, accuracy: 1e-11)
        XCTAssertEqual(s.value(at: 0.3), 0.62781769443936541723, accuracy: 1e-13)
        XCTAssertEqual(s.velocity(at: 0.3), 1.4201272812535294012, accuracy: 1e-11)
        let moving = SpringParameters(mass: 1, stiffness: 100, damping: 30, initialVelocity: 5)
        XCTAssertEqual(moving.value(at: 0.2), 0.55847750579289289068, accuracy: 1e-13)
        XCTAssertEqual(moving.velocity(at: 0.2), 1.6927466120217567014, accuracy: 1e-11)
        // Far tail: the exponential form must not overflow (ω_d t > 20 branch).
        XCTAssertEqual(s.value(at: 50), 1, accuracy: 1e-12)
        XCTAssertTrue(s.velocity(at: 500).isFinite)
    }

    func testCriticalWithMassAndNegativeVelocity() {
        let s = SpringParameters(mass: 0.5, stiffness: 50, damping: 10, initialVelocity: -1)
        XCTAssertEqual(s.dampingRatio, 1)
        XCTAssertEqual(s.value(at: 0.2), 0.56692709364283938594, accuracy: 1e-13)
        XCTAssertEqual(s.velocity(at: 0.2), 2.8420409479688665298, accuracy: 1e-11)
    }

    func testInitialConditions() {
        for zeta in [0.1, 0.65, 1.0, 1.0 + 1e-12, 1.0 - 1e-12, 2.5] {
            let s = SpringParameters(naturalFrequency: 12, dampingRatio: zeta, initialVelocity: 3)
            XCTAssertEqual(s.value(at: 0), 0, accuracy: 1e-15, "\(zeta)")
            XCTAssertEqual(s.velocity(at: 0), 3, accuracy: 1e-12, "\(zeta)")
        }
    }

    func testNearCriticalIsContinuous() {
        let critical = SpringParameters(naturalFrequency: 9, dampingRatio: 1, initialVelocity: 2)
        for zeta in [1 - 1e-9, 1 + 1e-9] {
            let near = SpringParameters(naturalFrequency: 9, dampingRatio: zeta, initialVelocity: 2)
            for t in stride(from: 0.05, through: 2, by: 0.05) {
                XCTAssertEqual(near.value(at: t), critical.value(at: t), accuracy: 1e-8)
                XCTAssertEqual(near.velocity(at: t), critical.velocity(at: t), accuracy: 1e-7)
            }
        }
    }

    func testVelocityIsDerivativeOfValue() {
        let springs = [
            SpringParameters(mass: 1.5, stiffness: 80, damping: 3, initialVelocity: -2),
            SpringParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: 7),
            SpringParameters(mass: 3, stiffness: 40, damping: 60, initialVelocity: 1),
        ]
        let h = 1e-6
        for s in springs {
            for t in [0.05, 0.3, 1.1] {
                let numeric = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), numeric, accuracy: 1e-6, "\(s) \(t)")
            }
        }
    }

    func testValidation() {
        XCTAssertNoThrow(try SpringParameters(stiffness: 100, damping: 10).validate())
        XCTAssertThrowsError(
            try SpringParameters(mass: -1, stiffness: 100, damping: 10).validate())
        XCTAssertThrowsError(try SpringParameters(stiffness: 0, damping: 10).validate())
        XCTAssertThrowsError(try SpringParameters(stiffness: 100, damping: 0).validate())
        XCTAssertThrowsError(try SpringParameters(stiffness: .nan, damping: 10).validate())
        XCTAssertThrowsError(
            try SpringParameters(stiffness: 100, damping: 10, initialVelocity: .infinity)
                .validate())
    }
}
