import Foundation

/// A spring as one API states it. `parameters()` validates the domain of each form and
/// converts it (see `SpringParameters+Conversions`).
public enum SpringForm: Equatable, Hashable, Sendable {
    /// UIKit `usingSpringWithDamping`: duration (s), damping ratio, initialSpringVelocity.
    case uikit(duration: Double, dampingRatio: Double, initialVelocity: Double)
    /// CASpringAnimation / `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// SwiftUI `spring(response:dampingFraction:)`.
    case swiftUIResponse(response: Double, dampingFraction: Double)
    /// SwiftUI / UIKit iOS 17 `(duration:bounce:)`.
    case swiftUIDurationBounce(duration: Double, bounce: Double)
    /// Android `SpringForce` (stiffness, dampingRatio).
    case android(stiffness: Double, dampingRatio: Double)
    /// react-spring (tension, friction, mass).
    case reactSpring(tension: Double, friction: Double, mass: Double)
    /// facebook pop / React Native (bounciness, speed), Origami mapping.
    case origami(bounciness: Double, speed: Double)

    /// The form's short name, as the CLI and JSON use it.
    public var name: String {
        switch self {
        case .uikit: return "uikit"
        case .physical: return "physical"
        case .swiftUIResponse: return "swiftUIResponse"
        case .swiftUIDurationBounce: return "swiftUIDurationBounce"
        case .android: return "android"
        case .reactSpring: return "reactSpring"
        case .origami: return "origami"
        }
    }

    /// The spring, after checking each value's domain (finite; durations, response,
    /// stiffness, tension, mass > 0; damping ratios / fractions / friction > 0; bounce in
    /// (−1, 1); bounciness and speed ≥ 0). UIKit's own clamps are not errors: see
    /// `UIKitSpring.wasClamped`. `velocity` is the initial velocity for forms without one.
    public func parameters(velocity: Double = 0) throws -> SpringParameters {
        func require(_ ok: Bool, _ message: String) throws {
            if !ok { throw SpringError.invalidParameter(message) }
        }
        func positive(_ x: Double, _ name: String) throws {
            try require(x.isFinite && x > 0, "\(name) must be a finite number > 0 (got \(x))")
        }
        try require(velocity.isFinite, "velocity must be a finite number (got \(velocity))")
        let spring: SpringParameters
        switch self {
        case .uikit(let d, let zeta, let v):
            try positive(d, "duration")
            try positive(zeta, "damping ratio")
            try require(v.isFinite, "velocity must be a finite number (got \(v))")
            let uikit = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
            spring = uikit.parameters
        case .physical(let m, let k, let c, let v):
            try positive(m, "mass")
            try positive(k, "stiffness")
            try positive(c, "damping coefficient")
            try require(v.isFinite, "velocity must be a finite number (got \(v))")
            spring = SpringParameters(mass: m, stiffness: k, damping: c, initialVelocity: v)
        case .swiftUIResponse(let r, let f):
            try positive(r, "response")
            try positive(f, "damping fraction")
            spring = SpringParameters(response: r, dampingFraction: f, initialVelocity: velocity)
        case .swiftUIDurationBounce(let d, let b):
            try positive(d, "spring duration")
            try require(
                b.isFinite && b > -1 && b < 1,
                "bounce must be in (-1, 1) (got \(b); 1 never settles)")
            spring = SpringParameters(perceptualDuration: d, bounce: b, initialVelocity: velocity)
        case .android(let k, let zeta):
            try positive(k, "Android stiffness")
            try positive(zeta, "Android damping ratio")
            spring = SpringParameters(
                androidStiffness: k, dampingRatio: zeta,
                initialVelocity: velocity)
        case .reactSpring(let t, let f, let m):
            try positive(t, "tension")
            try positive(f, "friction")
            try positive(m, "mass")
            spring = SpringParameters(tension: t, friction: f, mass: m, initialVelocity: velocity)
        case .origami(let b, let s):
            try require(b.isFinite && b >= 0, "bounciness must be a finite number >= 0 (got \(b))")
            try require(s.isFinite && s >= 0, "speed must be a finite number >= 0 (got \(s))")
            spring = SpringParameters(bounciness: b, speed: s, initialVelocity: velocity)
        }
        try spring.validate()
        return spring
    }
}
