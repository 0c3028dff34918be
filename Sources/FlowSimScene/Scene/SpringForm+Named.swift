import FlowSim
import Foundation

/// Reading a spring from named parameters, as `flowsim spring` options (without the leading
/// dashes) and scene files state them: exactly one form, complete, and nothing foreign.
extension SpringForm {
    /// The parameter names of each form, required first; `velocity` is accepted by every form
    /// and `mass` is optional for `physical` and `reactSpring` (default 1).
    public static let parameterNames: [(form: String, required: [String], optional: [String])] = [
        ("uikit", ["duration", "damping"], ["velocity"]),
        ("physical", ["stiffness", "damping-coefficient"], ["mass", "velocity"]),
        ("swiftUIResponse", ["response", "damping-fraction"], ["velocity"]),
        ("swiftUIDurationBounce", ["spring-duration", "bounce"], ["velocity"]),
        ("android", ["android-stiffness", "android-damping-ratio"], ["velocity"]),
        ("reactSpring", ["tension", "friction"], ["mass", "velocity"]),
        ("origami", ["bounciness", "speed"], ["velocity"]),
    ]

    /// Every name any form takes.
    public static var allParameterNames: Set<String> {
        Set(parameterNames.flatMap { $0.required + $0.optional })
    }

    /// The form stated by `values`, e.g. `["duration": 1, "damping": 0.65]`. Throws
    /// `invalidParameter` with a message naming the options when no form, several forms or an
    /// incomplete form is given, or when a shared name (`mass`) belongs to no given form.
    /// Values are not range-checked here (see `parameters(velocity:)`).
    public init(named values: [String: Double]) throws {
        let given = Set(values.keys)
        let unknown = given.subtracting(Self.allParameterNames)
        if let name = unknown.sorted().first {
            throw SpringError.invalidParameter("unknown spring parameter '\(name)'")
        }
        let started = Self.parameterNames.filter { !given.isDisjoint(with: $0.required) }
        func list(_ names: [String]) -> String {
            names.map { "--\($0)" }.joined(separator: " ")
        }
        guard let chosen = started.first else {
            let forms = Self.parameterNames.map { list($0.required) }.joined(separator: " | ")
            throw SpringError.invalidParameter("no spring given: use one of \(forms), or --preset")
        }
        guard started.count == 1 else {
            let names = started.map { "\($0.form) (\(list($0.required)))" }
            throw SpringError.invalidParameter(
                "mixed spring forms: " + names.joined(separator: " and ") + "; give exactly one")
        }
        let missing = chosen.required.filter { values[$0] == nil }
        guard missing.isEmpty else {
            throw SpringError.invalidParameter(
                "the \(chosen.form) form also needs \(list(missing))")
        }
        let foreign = given.subtracting(chosen.required + chosen.optional)
        if let name = foreign.sorted().first {
            throw SpringError.invalidParameter(
                "--\(name) is not part of the \(chosen.form) form (\(list(chosen.required)))")
        }
        func value(_ name: String, _ fallback: Double = 0) -> Double { values[name] ?? fallback }
        switch chosen.form {
        case "uikit":
            self = .uikit(
                duration: value("duration"), dampingRatio: value("damping"),
                initialVelocity: value("velocity"))
        case "physical":
            self = .physical(
                mass: value("mass", 1), stiffness: value("stiffness"),
                damping: value("damping-coefficient"),
                initialVelocity: value("velocity"))
        case "swiftUIResponse":
            self = .swiftUIResponse(
                response: value("response"),
                dampingFraction: value("damping-fraction"))
        case "swiftUIDurationBounce":
            self = .swiftUIDurationBounce(
                duration: value("spring-duration"),
                bounce: value("bounce"))
        case "android":
            self = .android(
                stiffness: value("android-stiffness"),
                dampingRatio: value("android-damping-ratio"))
        case "reactSpring":
            self = .reactSpring(
                tension: value("tension"), friction: value("friction"),
                mass: value("mass", 1))
        default:
            self = .origami(bounciness: value("bounciness"), speed: value("speed"))
        }
    }

    /// Whether the form carries its own initial velocity (UIKit, physical); the others take
    /// `velocity` through `parameters(velocity:)`.
    public var carriesVelocity: Bool {
        switch self {
        case .uikit, .physical: return true
        default: return false
        }
    }

    /// The same form with another initial velocity (only UIKit and physical carry one).
    public func withVelocity(_ v: Double) -> SpringForm {
        switch self {
        case .uikit(let d, let z, _):
            return .uikit(duration: d, dampingRatio: z, initialVelocity: v)
        case .physical(let m, let k, let c, _):
            return .physical(mass: m, stiffness: k, damping: c, initialVelocity: v)
        default: return self
        }
    }
}
