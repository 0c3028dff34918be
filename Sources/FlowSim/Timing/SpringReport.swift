import Foundation

/// Everything the spring command says about one spring: its parameters in every form, its
/// metrics and the timing curve it animates with.
///
/// The curve: a UIKit form animates for its (clamped) duration and snaps to 1; every other
/// form runs for its settling duration at ε = 0.001, as a CASpringAnimation given
/// `duration = settlingDuration`, then snaps.
public struct SpringReport {
    /// The form as given.
    public var form: SpringForm
    public var spring: SpringParameters
    public var curve: TimingCurve
    public var metrics: SpringMetrics
    public var forms: [(name: String, form: Result<SpringForm, SpringError>)]
    /// The free spring's value at the end of its UIKit duration (the snap), when the spring
    /// is a UIKit spring.
    public var uikitEndValue: Double?

    /// Validates and converts `form` (`velocity` is the initial velocity of forms without one).
    public init(form: SpringForm, velocity: Double = 0, epsilon: Double = 0.001) throws {
        self.form = form
        spring = try form.parameters(velocity: velocity)
        forms = SpringForm.allForms(of: spring)
        if case .uikit = form, let index = forms.firstIndex(where: { $0.name == "uikit" }) {
            // The UIKit form of a UIKit-form spring is the input itself; the inverse conversion
            // can miss it (UIKit's Newton solve from 5/d lands on another root for some springs).
            forms[index].form = .success(form)
        }
        if case .uikit(let d, let zeta, let v) = form {
            let uikit = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
            curve = .uikitSpring(uikit)
            uikitEndValue = uikit.valueAtEnd
        } else {
            curve = .physicalSpring(PhysicalSpring(spring))
            uikitEndValue = (try? spring.uikit())?.valueAtEnd
        }
        // Only a peak the animation shows counts (not after its end, not within ε).
        metrics = spring.metrics(epsilon: epsilon).seen(within: curve.duration)
    }

    /// What UIKit's clamps changed, one sentence each, and a saturated solve (empty when
    /// nothing was clamped or the form is not UIKit's).
    public var clampNotes: [String] {
        guard case .uikit(let d, let zeta, let v) = form else { return [] }
        let uikit = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
        var notes: [String] = []
        if uikit.duration != d {
            notes.append(
                "UIKit clamps the duration \(Self.general(d)) s to "
                    + "\(Self.general(uikit.duration)) s (range 0.01…10 s)")
        }
        if uikit.dampingRatio != zeta {
            notes.append(
                "UIKit clamps the damping ratio \(Self.general(zeta)) to "
                    + "\(Self.general(uikit.dampingRatio)) (range 1.1920929e-7…1)")
        }
        if let note = uikit.saturationNote { notes.append(note) }
        return notes
    }

    /// `%g` with 8 significant digits: small values stay visible (1e-09, not 0).
    public static func general(_ x: Double) -> String { String(format: "%.8g", x) }

    /// A short decimal: at most `digits` decimals, no trailing zeros.
    /// Values a fixed-point decimal would show with dozens of digits (a saturated UIKit
    /// spring's k = 1e300) are printed as `general`.
    public static func number(_ x: Double, _ digits: Int = 6) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        if abs(x) >= 1e15 { return general(x) }
        var text = String(format: "%.\(digits)f", x)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
