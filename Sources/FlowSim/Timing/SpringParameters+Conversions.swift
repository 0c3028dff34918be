import Foundation

/// Every spring API's parameters, converted through the unit-mass motion (ω₀, ζ, v).
///
/// Two springs are the same motion when ω₀ = √(k/m), ζ = c/(2√(km)) and the initial velocity
/// agree; forms with mass 1 therefore receive k/m and c/m. Forms without a velocity (SwiftUI,
/// Android, react-spring, Origami) keep `initialVelocity` on the `SpringParameters` side only.
/// All formulas are docs/uikit-rules.md §3 unless a source is named.
extension SpringParameters {
    // MARK: SwiftUI (response, dampingFraction)

    /// SwiftUI `spring(response:dampingFraction:)`: k = (2π/response)², c = 4πζ/response, m = 1.
    public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) {
        let omega0 = 2 * Double.pi / response
        self.init(
            naturalFrequency: omega0, dampingRatio: dampingFraction,
            initialVelocity: initialVelocity)
    }

    /// response = 2π/ω₀, dampingFraction = ζ.
    public var swiftUIResponse: (response: Double, dampingFraction: Double) {
        (2 * Double.pi / naturalFrequency, dampingRatio)
    }

    // MARK: iOS 17 / SwiftUI (duration, bounce)

    /// SwiftUI `Spring(duration:bounce:)` / `UISpringTimingParameters(duration:bounce:)`:
    /// ζ = 1 − b for b ≥ 0 and ζ = 1/(1 + b) for −1 < b < 0 (overdamped), then as
    /// (response = duration, dampingFraction = ζ). Apple documents b in [−1, 1].
    public init(perceptualDuration duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: zeta, initialVelocity: initialVelocity)
    }

    /// The inverse: duration = 2π/ω₀, b = 1 − ζ for ζ ≤ 1, b = 1/ζ − 1 for ζ > 1.
    public var durationBounce: (duration: Double, bounce: Double) {
        let zeta = dampingRatio
        return (2 * Double.pi / naturalFrequency, zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    // MARK: Android SpringForce (stiffness, dampingRatio)

    /// Android `SpringForce`: m = 1, c = 2ζ√k.
    public init(
        androidStiffness stiffness: Double, dampingRatio: Double,
        initialVelocity: Double = 0
    ) {
        self.init(
            naturalFrequency: stiffness.squareRoot(), dampingRatio: dampingRatio,
            initialVelocity: initialVelocity)
    }

    /// stiffness = k/m, dampingRatio = ζ.
    public var android: (stiffness: Double, dampingRatio: Double) {
        (stiffness / mass, dampingRatio)
    }

    // MARK: react-spring (tension, friction, mass)

    /// react-spring's config is the physical spring itself: tension = k, friction = c.
    public init(tension: Double, friction: Double, mass: Double = 1, initialVelocity: Double = 0) {
        self.init(
            mass: mass, stiffness: tension, damping: friction,
            initialVelocity: initialVelocity)
    }

    /// tension = k, friction = c, mass = m (no normalisation: react-spring takes a mass).
    public var reactSpring: (tension: Double, friction: Double, mass: Double) {
        (stiffness, damping, mass)
    }

    // MARK: UIKit (duration, dampingRatio, initialVelocity)

    /// `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`'s spring.
    public init(
        uikitDuration duration: Double, dampingRatio: Double,
        initialVelocity: Double = 0
    ) {
        self =
            UIKitSpring(
                duration: duration, dampingRatio: dampingRatio,
                initialVelocity: initialVelocity
            ).parameters
    }

    /// The UIKit arguments whose Newton solve gives this motion.
    ///
    /// For ζ < 1 the envelope condition inverts in closed form:
    /// d = ln(|ζω₀ − v| / (ε ω₀ √(1−ζ²))) / (ζω₀); for ζ = 1 (within 1e-12) it is solved by
    /// bisection on (1 + (ω₀ − v)d)e^(−ω₀d) = ε. The result is then re-solved forward and
    /// accepted when the forward ω₀ agrees to 1e-9 relative (the 12 Newton steps may reach
    /// another root). Throws `notRepresentable` for ζ > 1 (UIKit clamps to 1), d outside
    /// [0.01, 10] s, or when no duration reproduces ω₀.
    public func uikit() throws -> UIKitSpring {
        func fail(_ reason: String) -> SpringError {
            .notRepresentable(form: "UIKit duration/damping", reason: reason)
        }
        let omega0 = naturalFrequency
        var zeta = dampingRatio
        let v = initialVelocity
        let epsilon = UIKitSpring.envelopeEpsilon
        if zeta > 1 + 1e-12 {
            throw fail("damping ratio \(zeta) > 1 (UIKit clamps it to 1)")
        }
        if zeta < UIKitSpring.dampingRatioRange.lowerBound {
            throw fail("damping ratio \(zeta) is below UIKit's minimum 1.1920929e-7")
        }
        let duration: Double
        if zeta >= 1 - 1e-12 {
            zeta = 1
            duration = Self.criticalUIKitDuration(omega0: omega0, velocity: v, epsilon: epsilon)
        } else {
            let root = (1 - zeta * zeta).squareRoot()
            duration = log(abs(zeta * omega0 - v) / (epsilon * omega0 * root)) / (zeta * omega0)
        }
        guard duration.isFinite, UIKitSpring.durationRange.contains(duration) else {
            throw fail("the UIKit duration would be \(duration) s, outside [0.01, 10] s")
        }
        let spring = UIKitSpring(duration: duration, dampingRatio: zeta, initialVelocity: v)
        guard abs(spring.naturalFrequency - omega0) <= 1e-9 * omega0 else {
            throw fail(
                "UIKit's Newton solve for d = \(duration) s lands on ω₀ = "
                    + "\(spring.naturalFrequency), not \(omega0)")
        }
        return spring
    }

    /// The d > 0 with |1 + (ω₀ − v)d|·e^(−ω₀d) = ε, searched on the decaying side.
    static func criticalUIKitDuration(
        omega0: Double, velocity v: Double,
        epsilon: Double
    ) -> Double {
        func g(_ d: Double) -> Double { abs(1 + (omega0 - v) * d) * exp(-omega0 * d) - epsilon }
        // g decreases after its last turning point; start past it and bracket forwards.
        var low = max(0, -v / (omega0 * (omega0 - v)))
        if !low.isFinite { low = 0 }
        var high = max(low, 1 / omega0) * 2
        var steps = 0
        while g(high) > 0, steps < 200 {
            low = high
            high *= 2
            steps += 1
        }
        guard g(low) >= 0 else { return .nan }
        for _ in 0..<200 {
            let mid = 0.5 * (low + high)
            if g(mid) > 0 { low = mid } else { high = mid }
        }
        return 0.5 * (low + high)
    }

    // MARK: facebook pop / React Native Origami (bounciness, speed)

    /// React Native's `fromBouncinessAndSpeed` (facebook/react-native,
    /// packages/react-native/Libraries/Animated/SpringConfig.js, the Origami mapping facebook pop
    /// also uses), re-derived: b = 0.8·bounciness/34, s = speed/34, Origami tension
    /// T = 0.5 + 199.5·s, Origami friction F = u·0.01 + (1 − u)·N(T) with u = 2b − b² and
    /// N the piecewise cubic "no bounce" friction (`origamiNoBounceFriction`); then
    /// k = 3.62(T − 30) + 194, c = 3(F − 8) + 25, m = 1.
    public init(bounciness: Double, speed: Double, initialVelocity: Double = 0) {
        let b = 0.8 * bounciness / 34
        let tension = 0.5 + 199.5 * speed / 34
        let u = 2 * b - b * b
        let friction = u * 0.01 + (1 - u) * Self.origamiNoBounceFriction(tension)
        self.init(
            mass: 1, stiffness: (tension - 30) * 3.62 + 194,
            damping: (friction - 8) * 3 + 25, initialVelocity: initialVelocity)
    }

    /// The inverse of ``init(bounciness:speed:initialVelocity:)`` on the branch b ≤ 1
    /// (bounciness ≤ 42.5, where u = 2b − b² is increasing). Throws when the unit-mass
    /// stiffness or damping falls outside what the mapping can produce.
    public func origami() throws -> (bounciness: Double, speed: Double) {
        let unit = unitMass
        let tension = (unit.stiffness - 194) / 3.62 + 30
        let speed = (tension - 0.5) * 34 / 199.5
        let friction = (unit.damping - 25) / 3 + 8
        let noBounce = Self.origamiNoBounceFriction(tension)
        let u = (noBounce - friction) / (noBounce - 0.01)
        guard speed >= 0, u >= -1e-12, u <= 1 + 1e-12, noBounce > 0.01 else {
            throw SpringError.notRepresentable(
                form: "Origami bounciness/speed",
                reason: "damping \(unit.damping) is outside the range the mapping gives for "
                    + "stiffness \(unit.stiffness) (speed \(speed))")
        }
        let b = 1 - (1 - Swift.min(1, Swift.max(0, u))).squareRoot()
        return (b * 34 / 0.8, speed)
    }

    /// Origami's friction for a spring without bounce at Origami tension x (three cubics).
    static func origamiNoBounceFriction(_ x: Double) -> Double {
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }
}
