import FlowSim
import FlowSimSupport
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

    /// A parameter's camelCase spelling, as scene files and `spring --json` print it
    /// (`damping-coefficient` → `dampingCoefficient`).
    public static func camelCaseName(_ name: String) -> String {
        let parts = name.split(separator: "-")
        guard let first = parts.first else { return name }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The option spelling of a parameter given in either spelling (`dampingCoefficient` or
    /// `damping-coefficient` → `damping-coefficient`); unknown names are returned unchanged.
    public static func optionName(_ name: String) -> String {
        allParameterNames.first { camelCaseName($0) == name } ?? name
    }

    /// Every spelling a scene accepts: the option names and their camelCase forms.
    public static var acceptedParameterNames: [String] {
        Array(Set(allParameterNames.map(camelCaseName)).union(allParameterNames)).sorted()
    }

    /// A form's display name in messages: the API and its parameters
    /// ("SwiftUI response/dampingFraction").
    public static func title(ofForm name: String) -> String {
        switch name {
        case "uikit": return "UIKit duration/damping"
        case "physical": return "CASpringAnimation mass/stiffness/damping"
        case "swiftUIResponse": return "SwiftUI response/dampingFraction"
        case "swiftUIDurationBounce": return "SwiftUI duration/bounce"
        case "android": return "Android SpringForce stiffness/dampingRatio"
        case "reactSpring": return "react-spring tension/friction"
        case "origami": return "pop / React Native bounciness/speed"
        default: return name
        }
    }

    /// The form's parameters by option name (`velocity` only for forms that carry one).
    public var namedValues: [(name: String, value: Double)] {
        switch self {
        case .uikit(let d, let z, let v): return [("duration", d), ("damping", z), ("velocity", v)]
        case .physical(let m, let k, let c, let v):
            return [("mass", m), ("stiffness", k), ("damping-coefficient", c), ("velocity", v)]
        case .swiftUIResponse(let r, let f): return [("response", r), ("damping-fraction", f)]
        case .swiftUIDurationBounce(let d, let b): return [("spring-duration", d), ("bounce", b)]
        case .android(let k, let z): return [("android-stiffness", k), ("android-damping-ratio", z)]
        case .reactSpring(let t, let f, let m): return [("tension", t), ("friction", f), ("mass", m)]
        case .origami(let b, let s): return [("bounciness", b), ("speed", s)]
        }
    }

    /// The form stated by `values`, e.g. `["duration": 1, "damping": 0.65]`. Throws
    /// `invalidParameter` with a message naming the options when no form, several forms or an
    /// incomplete form is given, or when a shared name (`mass`) belongs to no given form.
    /// Values are not range-checked here (see `parameters(velocity:)`).
    public init(named spelled: [String: Double]) throws {
        var values: [String: Double] = [:]
        for (key, value) in spelled {
            let name = Self.optionName(key)
            guard values.updateValue(value, forKey: name) == nil else {
                throw SpringError.invalidParameter(
                    "'\(name)' is given twice (as '\(name)' and '\(Self.camelCaseName(name))')")
            }
        }
        let given = Set(values.keys)
        let unknown = given.subtracting(Self.allParameterNames)
        if let name = unknown.sorted().first {
            let hint = nearestName(to: name, in: Self.acceptedParameterNames).map { "; did you mean '\($0)'?" } ?? ""
            throw SpringError.invalidParameter("unknown spring parameter '\(name)'\(hint)")
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
            let names = started.map { "\(Self.title(ofForm: $0.form)) (\(list($0.required)))" }
            throw SpringError.invalidParameter(
                "mixed spring forms: " + names.joined(separator: " and ") + "; give exactly one")
        }
        let missing = chosen.required.filter { values[$0] == nil }
        guard missing.isEmpty else {
            throw SpringError.invalidParameter(
                "the \(Self.title(ofForm: chosen.form)) form also needs \(list(missing))")
        }
        let foreign = given.subtracting(chosen.required + chosen.optional)
        if let name = foreign.sorted().first {
            throw SpringError.invalidParameter(
                "--\(name) is not part of the \(Self.title(ofForm: chosen.form)) form (\(list(chosen.required)))")
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
