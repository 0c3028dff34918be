import FlowSim
import FlowSimScene
import Foundation

extension SpringReport {
    /// The issue-6 object, keys in the order: mass, stiffness, damping (the
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

    /// One form's parameters, named as the APIs name them.
    public static func json(_ form: SpringForm) -> JSONValue {
        func object(_ pairs: [(String, Double)]) -> JSONValue {
            .object(pairs.map { (key: $0.0, value: JSONValue.number($0.1)) })
        }
        switch form {
        case .uikit(let d, let z, let v):
            return object([("duration", d), ("dampingRatio", z), ("initialVelocity", v)])
        case .physical(let m, let k, let c, let v):
            return object([("mass", m), ("stiffness", k), ("damping", c), ("initialVelocity", v)])
        case .swiftUIResponse(let r, let f):
            return object([("response", r), ("dampingFraction", f)])
        case .swiftUIDurationBounce(let d, let b):
            return object([("duration", d), ("bounce", b)])
        case .android(let k, let z):
            return object([("stiffness", k), ("dampingRatio", z)])
        case .reactSpring(let t, let f, let m):
            return object([("tension", t), ("friction", f), ("mass", m)])
        case .origami(let b, let s):
            return object([("bounciness", b), ("speed", s)])
        }
    }
}
