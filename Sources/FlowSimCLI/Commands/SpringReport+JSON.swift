import FlowSim
import FlowSimScene
import FlowSimSupport
import Foundation

extension SpringReport {
    /// The spring object, keys in this order: mass, stiffness, damping (the
    /// coefficient), dampingRatio, naturalFrequency, initialVelocity, duration (the curve's),
    /// settlingDuration, peakTime and overshoot (percent; both null when the animation shows
    /// no overshoot: none at all, a peak after the end, or one within ε), forms (each
    /// form's parameters or {"error": …}), samples ({t, value} of the curve, snapped at the
    /// end); then epsilon, oscillations, uikitEndValue (null when not a UIKit spring) and
    /// lastCrossing (the exact last time |1 − p| ≥ ε; settlingDuration is Core Animation's
    /// envelope estimate).
    public func jsonValue(sampleTimes: [Double]) -> JSONValue {
        let samples = sampleTimes.map { t in
            JSONValue.object([("t", .number(t)), ("value", .number(curve.progress(at: t)))])
        }
        let formMembers = forms.map { entry -> (key: String, value: JSONValue) in
            switch entry.form {
            case .success(let converted): return (entry.name, Self.json(converted))
            case .failure(let error):
                return (entry.name, .object([("error", .string(error.description))]))
            }
        }
        return .object([
            ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)),
            ("damping", .number(spring.damping)), ("dampingRatio", .number(spring.dampingRatio)),
            ("naturalFrequency", .number(spring.naturalFrequency)),
            ("initialVelocity", .number(spring.initialVelocity)),
            ("duration", .number(curve.duration)),
            ("settlingDuration", .number(metrics.settlingDuration)),
            ("peakTime", metrics.peakTime.map(JSONValue.number) ?? .null),
            ("overshoot", metrics.peakTime == nil ? .null : .number(metrics.overshoot)),
            ("forms", .object(formMembers)),
            ("samples", .array(samples)),
            ("epsilon", .number(metrics.epsilon)),
            ("oscillations", .number(Double(metrics.oscillationCount))),
            ("uikitEndValue", uikitEndValue.map(JSONValue.number) ?? .null),
            ("lastCrossing", .number(metrics.lastCrossing)),
        ])
    }

    /// One form's parameters, keyed as a scene's `"spring"` object takes them (the option
    /// names in camelCase: `dampingCoefficient`, `springDuration`), so a form pastes into a scene.
    public static func json(_ form: SpringForm) -> JSONValue {
        .object(form.namedValues.map { (key: SpringForm.camelCaseName($0.name), value: JSONValue.number($0.value)) })
    }
}
