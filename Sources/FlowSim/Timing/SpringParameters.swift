import Foundation

/// A physical spring: `m·x″ + c·x′ + k·x = 0` pulling the progress p = 1 − x from 0 to 1, as
/// CASpringAnimation and `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`
/// describe it.
///
/// Units: mass in arbitrary mass units, stiffness in force per unit distance, damping (the
/// coefficient c) in force per unit velocity; only the ratios k/m and c/m affect the motion.
/// `initialVelocity` is in fractions of the whole distance per second (p′(0) = v), the
/// convention of UIKit's `initialSpringVelocity` and of CASpringAnimation's `initialVelocity`.
///
/// The initializer stores its arguments as given; call ``validate()`` before trusting values
/// that came from users (non-positive mass or stiffness, negative damping or non-finite values
/// make the closed forms meaningless).
public struct SpringParameters: Equatable, Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    /// The damping coefficient c (not the ratio).
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Builds the unit-mass spring with natural frequency ω₀ and damping ratio ζ:
    /// k = ω₀², c = 2ζω₀.
    public init(
        naturalFrequency omega0: Double, dampingRatio zeta: Double,
        initialVelocity: Double = 0
    ) {
        self.init(
            mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0,
            initialVelocity: initialVelocity)
    }

    /// ζ = c / (2√(k·m)): below 1 the spring oscillates, 1 is critical, above 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The same motion with mass 1 (k/m, c/m): every unit-mass form converts through this.
    public var unitMass: SpringParameters {
        SpringParameters(
            mass: 1, stiffness: stiffness / mass, damping: damping / mass,
            initialVelocity: initialVelocity)
    }

    var oscillator: DampedOscillator {
        DampedOscillator(omega0: naturalFrequency, zeta: dampingRatio, velocity: initialVelocity)
    }

    /// The progress p(t) = 1 − x(t) of the free spring (no snapping), for t ≥ 0; p(0) = 0.
    /// Closed form for every ζ (see `DampedOscillator`); may exceed 1 while overshooting.
    public func value(at t: Double) -> Double {
        1 - oscillator.displacement(at: t)
    }

    /// p′(t), in fractions of the distance per second; p′(0) = initialVelocity.
    public func velocity(at t: Double) -> Double {
        -oscillator.displacementVelocity(at: t)
    }

    /// Throws when the parameters do not describe a spring that comes to rest: mass and
    /// stiffness must be finite and > 0, damping finite and > 0 (a zero-damping spring never
    /// settles), velocity finite.
    public func validate() throws {
        func check(_ ok: Bool, _ message: String) throws {
            if !ok { throw SpringError.invalidParameter(message) }
        }
        try check(mass.isFinite && mass > 0, "mass must be a finite number > 0 (got \(mass))")
        try check(
            stiffness.isFinite && stiffness > 0,
            "stiffness must be a finite number > 0 (got \(stiffness))")
        try check(
            damping.isFinite && damping > 0,
            "damping coefficient must be a finite number > 0 (got \(damping))")
        try check(
            initialVelocity.isFinite,
            "initial velocity must be a finite number (got \(initialVelocity))")
    }
}

/// Why a spring description was rejected.
public enum SpringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value out of its domain; the message names the value and the allowed range.
    case invalidParameter(String)
    /// The spring cannot be expressed in the named form (for example ζ > 1 in UIKit's form).
    case notRepresentable(form: String, reason: String)

    public var description: String {
        switch self {
        case .invalidParameter(let message): return message
        case .notRepresentable(let form, let reason):
            return "not representable as \(form): \(reason)"
        }
    }
}
