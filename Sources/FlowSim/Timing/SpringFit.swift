import Foundation

/// Finds the spring (initial velocity 0) that settles in a given time with a given overshoot,
/// in UIKit's (duration, damping) and SwiftUI's (response, dampingFraction) forms.
///
/// Method: with v = 0 the overshoot depends on ζ only, O = e^(−ζπ/√(1−ζ²)), which inverts to
/// ζ = −ln O / √(π² + ln² O) (ζ = 1 for O = 0, the fastest spring without overshoot). At fixed ζ
/// the motion is a function of ω₀t, so settling(ω₀) = settling(1)/ω₀ and
/// ω₀ = settling(1)/S. Both steps are exact (no search); the result is then checked by
/// computing its metrics.
public struct SpringFit: Equatable, Sendable {
    /// Target settling time S in seconds (at `epsilon`): the exact last crossing of ε
    /// (`SpringMetrics.lastCrossing`), which scales exactly with 1/ω₀; Core Animation's
    /// `settlingDuration` estimate of the fitted spring is longer.
    public var settle: Double
    /// Target overshoot in percent (0 ≤ O < 100).
    public var overshoot: Double
    public var epsilon: Double

    /// The spring meeting both targets.
    public var spring: SpringParameters
    /// UIKit's form, or why it cannot express the spring.
    public var uikit: Result<UIKitSpring, SpringError>
    /// SwiftUI's (response, dampingFraction).
    public var swiftUI: (response: Double, dampingFraction: Double)

    public static func == (lhs: SpringFit, rhs: SpringFit) -> Bool {
        lhs.settle == rhs.settle && lhs.overshoot == rhs.overshoot && lhs.spring == rhs.spring
    }

    /// Throws `invalidParameter` naming the target that cannot be met: settle must be finite
    /// and > 0, overshoot in [0, 100) percent (100 % would need ζ = 0, which never settles),
    /// and the fitted ω₀ and k = ω₀² must be finite and > 0 (settle = 1e-200 or 1e300 leave
    /// double precision) with the fitted spring settling at the target.
    public init(settle: Double, overshoot: Double = 0, epsilon: Double = 0.001) throws {
        guard settle.isFinite, settle > 0 else {
            throw SpringError.invalidParameter(
                "settle target \(settle) s cannot be met: it must be a finite time > 0")
        }
        guard overshoot.isFinite, overshoot >= 0, overshoot < 100 else {
            throw SpringError.invalidParameter(
                "overshoot target \(overshoot)% cannot be met: it must be in [0, 100)")
        }
        guard epsilon.isFinite, epsilon > 0, epsilon < 1 else {
            throw SpringError.invalidParameter("epsilon must be in (0, 1) (got \(epsilon))")
        }
        self.settle = settle
        self.overshoot = overshoot
        self.epsilon = epsilon
        let zeta = Self.dampingRatio(forOvershoot: overshoot)
        let unit = SpringParameters(naturalFrequency: 1, dampingRatio: zeta)
        let unitSettle = unit.lastCrossing(epsilon: epsilon)
        let omega0 = unitSettle / settle
        let fitted = SpringParameters(naturalFrequency: omega0, dampingRatio: zeta)
        // Extreme targets leave double precision: ω₀ or k = ω₀² overflows to ∞ or underflows
        // to 0, and the "fit" would print nonsense.
        guard omega0.isFinite, omega0 > 0, fitted.stiffness.isFinite, fitted.stiffness > 0,
            fitted.damping.isFinite, fitted.damping > 0
        else {
            throw SpringError.invalidParameter(
                "settle target \(settle) s cannot be met: it needs a natural frequency ω₀ = \(omega0) rad/s "
                    + "and stiffness k = ω₀² = \(fitted.stiffness), which must be finite numbers > 0")
        }
        let achieved = fitted.lastCrossing(epsilon: epsilon)
        guard achieved.isFinite, abs(achieved - settle) <= 1e-6 * settle else {
            throw SpringError.invalidParameter(
                "settle target \(settle) s cannot be met: the fitted spring settles in \(achieved) s")
        }
        spring = fitted
        do {
            uikit = .success(try fitted.uikit())
        } catch let error as SpringError {
            uikit = .failure(error)
        } catch {
            uikit = .failure(.invalidParameter("\(error)"))
        }
        swiftUI = fitted.swiftUIResponse
    }

    /// ζ = −ln O / √(π² + ln² O) for O = overshoot/100 in (0, 1); 1 for O = 0.
    public static func dampingRatio(forOvershoot percent: Double) -> Double {
        guard percent > 0 else { return 1 }
        let l = log(percent / 100)
        return -l / (Double.pi * Double.pi + l * l).squareRoot()
    }
}
