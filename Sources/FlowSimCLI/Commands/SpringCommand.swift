import FlowSim
import Foundation

/// `flowsim spring`: a spring in any API's form, converted to every other form, with its
/// metrics, samples, CSS `linear()` easing, sweeps and fits (issue 6). Plotting (`--plot`,
/// `--compare`) is not part of this command yet.
public enum SpringCommand: Subcommand {
    /// Options holding a spring parameter, named as `SpringForm(named:)` names them.
    static let parameterOptions: [(String, String, String)] = [
        ("duration", "D", "UIKit duration in seconds (with --damping)."),
        ("damping", "Z", "UIKit damping ratio (usingSpringWithDamping)."),
        ("velocity", "V", "Initial velocity in distances per second (any form)."),
        ("mass", "M", "Mass (with --stiffness/--damping-coefficient or --tension/--friction)."),
        ("stiffness", "K", "Stiffness (CASpringAnimation, with --damping-coefficient)."),
        ("damping-coefficient", "C", "Damping coefficient (CASpringAnimation)."),
        ("response", "R", "SwiftUI response in seconds (with --damping-fraction)."),
        ("damping-fraction", "F", "SwiftUI damping fraction."),
        ("spring-duration", "D", "iOS 17 / SwiftUI perceptual duration (with --bounce)."),
        ("bounce", "B", "iOS 17 / SwiftUI bounce, in (-1, 1)."),
        ("android-stiffness", "K", "Android SpringForce stiffness."),
        ("android-damping-ratio", "Z", "Android SpringForce damping ratio."),
        ("tension", "T", "react-spring tension (with --friction [--mass])."),
        ("friction", "F", "react-spring friction."),
        ("bounciness", "B", "facebook pop / React Native bounciness (with --speed)."),
        ("speed", "S", "facebook pop / React Native speed."),
    ]

    public static let spec = CommandSpec(
        name: "spring",
        abstract: "Convert, measure and tune a spring animation.",
        discussion: """
            Give exactly one form: --duration D --damping Z [--velocity V] (UIKit); \
            --mass M --stiffness K --damping-coefficient C (CASpringAnimation); \
            --response R --damping-fraction F (SwiftUI); --spring-duration D --bounce B \
            (iOS 17); --android-stiffness K --android-damping-ratio Z; \
            --tension T --friction F [--mass M] (react-spring); --bounciness B --speed S \
            (pop / React Native); or --preset NAME. Presets: \
            \(SpringPreset.all.map(\.name).joined(separator: ", ")).
            """,
        options: parameterOptions.map { OptionSpec("--\($0.0)", value: $0.1, help: $0.2) } + [
            OptionSpec("--preset", value: "NAME", help: "A named spring (see above)."),
            OptionSpec("--epsilon", value: "E", default: "0.001",
                       help: "Settling threshold, fraction of the distance."),
            OptionSpec("--json", help: "Print one JSON object."),
            OptionSpec("--fps", value: "N", default: "60", help: "Samples per second (--json)."),
            OptionSpec("--at", value: "T,...", help: "Sample at these times instead (--json)."),
            OptionSpec("--css", help: "Print a CSS linear() easing and its duration."),
            OptionSpec("--sweep", value: "NAME=FROM:TO:STEP",
                       help: "Metrics for each value of one parameter of the form."),
            OptionSpec("--fit", value: "settle=S,overshoot=O%",
                       help: "Find UIKit and SwiftUI springs meeting the targets."),
        ])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if arguments.wantsHelp {
            context.print(spec.helpText)
            return 0
        }
        let epsilon = try arguments.double("--epsilon") ?? 0.001
        guard epsilon > 0, epsilon < 1 else {
            throw usage("--epsilon must be in (0, 1), got \(epsilon)")
        }
        if let fit = arguments.string("--fit") {
            return try runFit(fit, arguments: arguments, epsilon: epsilon, context: context)
        }
        var values = try parameterValues(arguments)
        if let text = arguments.string("--sweep") {
            let sweep = try wrap { try SpringSweep(parsing: text) }
            guard SpringForm.allParameterNames.contains(sweep.name) else {
                throw usage("--sweep: '\(sweep.name)' is not a spring parameter (use one of "
                            + SpringForm.allParameterNames.sorted().joined(separator: ", ") + ")")
            }
            guard values[sweep.name] == nil else {
                throw usage("--sweep varies --\(sweep.name); do not also give --\(sweep.name)")
            }
            return try runSweep(sweep, values: &values, arguments: arguments, epsilon: epsilon,
                                context: context)
        }
        let form = try resolveForm(values, arguments: arguments)
        let velocity = values["velocity"] ?? 0
        let spring = try wrap { try form.parameters(velocity: velocity) }
        reportClamps(form, context: context)
        let curve = timingCurve(form, spring: spring)
        if arguments.flag("--css") {
            guard let easing = CSSLinearEasing(curve: curve) else {
                throw usage("this spring has no finite duration to express in CSS")
            }
            context.print("animation-duration: \(number(easing.duration * 1000, 1))ms;")
            context.print("animation-timing-function: \(easing.css);")
            context.print("/* \(easing.stops.count) stops, max error "
                          + "\(number(easing.maxError * 100, 3))% of the distance */")
            return 0
        }
        if arguments.flag("--json") {
            let times = try sampleTimes(arguments, duration: curve.duration)
            context.print(json(form, spring: spring, curve: curve, epsilon: epsilon,
                               times: times))
            return 0
        }
        context.print(text(form, spring: spring, curve: curve, epsilon: epsilon))
        return 0
    }

    // MARK: Input

    static func usage(_ message: String) -> CommandError {
        .usage("flowsim spring: \(message)")
    }

    /// Runs `body`, turning a `SpringError` into an exit-2 error.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SpringError {
            throw usage(error.description)
        }
    }

    static func parameterValues(_ arguments: ParsedArguments) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for (name, _, _) in parameterOptions {
            if let value = try arguments.double("--\(name)") { values[name] = value }
        }
        return values
    }

    /// The form from the options or the preset (one of the two, not both).
    static func resolveForm(_ values: [String: Double],
                            arguments: ParsedArguments) throws -> SpringForm {
        if let name = arguments.string("--preset") {
            guard let preset = SpringPreset.named(name) else {
                throw usage("unknown preset '\(name)' (known: "
                            + SpringPreset.all.map(\.name).joined(separator: ", ") + ")")
            }
            let extra = values.keys.filter { $0 != "velocity" }.sorted()
            guard extra.isEmpty else {
                throw usage("mixed spring forms: --preset and --\(extra[0]); give exactly one")
            }
            if let v = values["velocity"] { return preset.form.withVelocity(v) }
            return preset.form
        }
        return try wrap { try SpringForm(named: values) }
    }

    /// UIKit's clamps change the input: say so on stderr.
    static func reportClamps(_ form: SpringForm, context: CommandContext) {
        guard case .uikit(let d, let zeta, let v) = form else { return }
        let spring = UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
        if spring.duration != d {
            context.printError("flowsim spring: note: UIKit clamps the duration \(number(d)) s "
                               + "to \(number(spring.duration)) s (range 0.01…10 s)")
        }
        if spring.dampingRatio != zeta {
            context.printError("flowsim spring: note: UIKit clamps the damping ratio "
                               + "\(number(zeta)) to \(number(spring.dampingRatio)) "
                               + "(range 1.1920929e-7…1)")
        }
    }

    /// UIKit input animates for its (clamped) duration and snaps; every other form runs for
    /// its settling duration at ε = 0.001, as a CASpringAnimation given its settlingDuration.
    static func timingCurve(_ form: SpringForm, spring: SpringParameters) -> TimingCurve {
        if case .uikit(let d, let zeta, let v) = form {
            return .uikitSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
        }
        return .physicalSpring(PhysicalSpring(spring))
    }

    static func sampleTimes(_ arguments: ParsedArguments, duration: Double) throws -> [Double] {
        if let times = try arguments.doubles("--at") {
            guard times.allSatisfy({ $0 >= 0 }) else { throw usage("--at times must be >= 0") }
            return times
        }
        let fps = try arguments.int("--fps", range: 1...10_000) ?? 60
        guard duration.isFinite, duration * Double(fps) < 1_000_000 else {
            throw usage("too many samples (duration \(number(duration)) s at \(fps) fps)")
        }
        // t = i/fps up to the duration, and the duration itself as the last sample.
        var times: [Double] = []
        var i = 0
        while Double(i) / Double(fps) < duration - 1e-12 {
            times.append(Double(i) / Double(fps))
            i += 1
        }
        times.append(duration)
        return times
    }

    // MARK: Output

    /// A short decimal form: up to `digits` significant decimals, no trailing zeros.
    static func number(_ x: Double, _ digits: Int = 6) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        var text = String(format: "%.\(digits)f", x)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func formText(_ form: SpringForm) -> String {
        switch form {
        case .uikit(let d, let z, let v):
            return "--duration \(number(d)) --damping \(number(z)) --velocity \(number(v))"
        case .physical(let m, let k, let c, let v):
            return "--mass \(number(m)) --stiffness \(number(k)) "
                + "--damping-coefficient \(number(c)) --velocity \(number(v))"
        case .swiftUIResponse(let r, let f):
            return "--response \(number(r)) --damping-fraction \(number(f))"
        case .swiftUIDurationBounce(let d, let b):
            return "--spring-duration \(number(d)) --bounce \(number(b))"
        case .android(let k, let z):
            return "--android-stiffness \(number(k)) --android-damping-ratio \(number(z))"
        case .reactSpring(let t, let f, let m):
            return "--tension \(number(t)) --friction \(number(f)) --mass \(number(m))"
        case .origami(let b, let s):
            return "--bounciness \(number(b)) --speed \(number(s))"
        }
    }

    static let formTitles = [
        "uikit": "UIKit", "physical": "CASpringAnimation", "swiftUIResponse": "SwiftUI",
        "swiftUIDurationBounce": "iOS 17 / SwiftUI", "android": "Android",
        "reactSpring": "react-spring", "origami": "pop / React Native",
    ]

    static func uikitEndValue(_ form: SpringForm, spring: SpringParameters) -> Double? {
        if case .uikit(let d, let z, let v) = form {
            return UIKitSpring(duration: d, dampingRatio: z, initialVelocity: v).valueAtEnd
        }
        return (try? spring.uikit())?.valueAtEnd
    }

    static func text(_ form: SpringForm, spring: SpringParameters, curve: TimingCurve,
                     epsilon: Double) -> String {
        let metrics = spring.metrics(epsilon: epsilon)
        func row(_ label: String, _ value: String) -> String {
            "  " + label.padding(toLength: 22, withPad: " ", startingAt: 0) + value
        }
        var lines = ["Spring (\(formTitles[form.name] ?? form.name): \(formText(form)))"]
        lines.append(row("mass", number(spring.mass)))
        lines.append(row("stiffness", number(spring.stiffness)))
        lines.append(row("damping coefficient", number(spring.damping)))
        lines.append(row("damping ratio", number(spring.dampingRatio)))
        lines.append(row("natural frequency", number(spring.naturalFrequency) + " rad/s"))
        lines.append(row("initial velocity", number(spring.initialVelocity) + " /s"))
        lines.append("Forms")
        for (name, result) in SpringForm.allForms(of: spring) {
            let title = formTitles[name] ?? name
            switch result {
            case .success(let converted): lines.append(row(title, formText(converted)))
            case .failure(let error): lines.append(row(title, "(\(error))"))
            }
        }
        lines.append("Metrics (ε = \(number(epsilon)))")
        let kind = curve.duration == metrics.settlingDuration ? "settling" : "UIKit"
        lines.append(row("duration", "\(number(curve.duration)) s (\(kind))"))
        lines.append(row("settling duration", number(metrics.settlingDuration) + " s"))
        lines.append(row("peak time", metrics.peakTime.map { number($0) + " s" } ?? "none"))
        lines.append(row("overshoot", number(metrics.overshoot, 3) + " %"))
        lines.append(row("oscillations above ε", "\(metrics.oscillationCount)"))
        if let end = uikitEndValue(form, spring: spring) {
            lines.append(row("value at UIKit end", number(end) + " (then snaps to 1)"))
        } else {
            lines.append(row("value at UIKit end", "n/a (not a UIKit spring)"))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    /// A JSON number: shortest round-trip decimal; non-finite values become null.
    static func jsonNumber(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(format: "%.1f", x) }
        return "\(x)"
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func jsonObject(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func jsonForm(_ form: SpringForm) -> String {
        let n = jsonNumber
        switch form {
        case .uikit(let d, let z, let v):
            return jsonObject([("duration", n(d)), ("dampingRatio", n(z)),
                               ("initialVelocity", n(v))])
        case .physical(let m, let k, let c, let v):
            return jsonObject([("mass", n(m)), ("stiffness", n(k)), ("damping", n(c)),
                               ("initialVelocity", n(v))])
        case .swiftUIResponse(let r, let f):
            return jsonObject([("response", n(r)), ("dampingFraction", n(f))])
        case .swiftUIDurationBounce(let d, let b):
            return jsonObject([("duration", n(d)), ("bounce", n(b))])
        case .android(let k, let z):
            return jsonObject([("stiffness", n(k)), ("dampingRatio", n(z))])
        case .reactSpring(let t, let f, let m):
            return jsonObject([("tension", n(t)), ("friction", n(f)), ("mass", n(m))])
        case .origami(let b, let s):
            return jsonObject([("bounciness", n(b)), ("speed", n(s))])
        }
    }

    /// The issue's keys in its order, then `epsilon`, `oscillations` and `uikitEndValue`.
    static func json(_ form: SpringForm, spring: SpringParameters, curve: TimingCurve,
                     epsilon: Double, times: [Double]) -> String {
        let metrics = spring.metrics(epsilon: epsilon)
        let n = jsonNumber
        let forms = SpringForm.allForms(of: spring).map { entry -> (String, String) in
            switch entry.form {
            case .success(let converted): return (entry.name, jsonForm(converted))
            case .failure(let error):
                return (entry.name, jsonObject([("error", jsonString(error.description))]))
            }
        }
        let samples = times.map { t in
            jsonObject([("t", n(t)), ("value", n(curve.progress(at: t)))])
        }
        return jsonObject([
            ("mass", n(spring.mass)), ("stiffness", n(spring.stiffness)),
            ("damping", n(spring.damping)), ("dampingRatio", n(spring.dampingRatio)),
            ("naturalFrequency", n(spring.naturalFrequency)),
            ("initialVelocity", n(spring.initialVelocity)),
            ("duration", n(curve.duration)), ("settlingDuration", n(metrics.settlingDuration)),
            ("peakTime", metrics.peakTime.map(n) ?? "null"), ("overshoot", n(metrics.overshoot)),
            ("forms", jsonObject(forms)),
            ("samples", "[" + samples.joined(separator: ", ") + "]"),
            ("epsilon", n(epsilon)), ("oscillations", "\(metrics.oscillationCount)"),
            ("uikitEndValue", uikitEndValue(form, spring: spring).map(n) ?? "null"),
        ])
    }

    // MARK: Sweep and fit

    static func runSweep(_ sweep: SpringSweep, values: inout [String: Double],
                         arguments: ParsedArguments, epsilon: Double,
                         context: CommandContext) throws -> Int32 {
        guard arguments.string("--preset") == nil else {
            throw usage("--sweep varies a parameter of an explicit form; it cannot sweep a preset")
        }
        var rows: [(Double, SpringParameters, SpringMetrics, Double?)] = []
        for value in sweep.values {
            values[sweep.name] = value
            let form = try wrap { try SpringForm(named: values) }
            let spring = try wrap { try form.parameters(velocity: values["velocity"] ?? 0) }
            rows.append((value, spring, spring.metrics(epsilon: epsilon),
                         uikitEndValue(form, spring: spring)))
        }
        if arguments.flag("--json") {
            let n = jsonNumber
            let objects = rows.map { value, spring, m, end in
                jsonObject([
                    ("parameter", jsonString(sweep.name)), ("value", n(value)),
                    ("stiffness", n(spring.stiffness)),
                    ("damping", n(spring.damping)), ("dampingRatio", n(spring.dampingRatio)),
                    ("settlingDuration", n(m.settlingDuration)),
                    ("peakTime", m.peakTime.map(n) ?? "null"), ("overshoot", n(m.overshoot)),
                    ("oscillations", "\(m.oscillationCount)"),
                    ("uikitEndValue", end.map(n) ?? "null"),
                ])
            }
            context.print("[" + objects.joined(separator: ",\n ") + "]")
            return 0
        }
        let header = [sweep.name, "stiffness", "coefficient", "ratio", "settle s", "peak s",
                      "overshoot %", "swings", "UIKit end"]
        var table = [header]
        for (value, spring, m, end) in rows {
            table.append([number(value, 4), number(spring.stiffness, 3), number(spring.damping, 3),
                          number(spring.dampingRatio, 4), number(m.settlingDuration, 4),
                          m.peakTime.map { number($0, 4) } ?? "-", number(m.overshoot, 3),
                          "\(m.oscillationCount)", end.map { number($0, 5) } ?? "-"])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for row in table {
            let cells = row.enumerated().map { index, cell in
                String(repeating: " ", count: widths[index] - cell.count) + cell
            }
            context.print(cells.joined(separator: "  "))
        }
        return 0
    }

    /// `settle=0.6,overshoot=5%` (settle in seconds, optional `s`; overshoot in percent,
    /// optional `%`; overshoot defaults to 0).
    static func parseFit(_ text: String) throws -> (settle: Double, overshoot: Double) {
        var settle: Double?
        var overshoot = 0.0
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2 else { throw usage("--fit: '\(part)' is not key=value") }
            var raw = pair[1]
            switch pair[0] {
            case "settle":
                if raw.hasSuffix("s") { raw.removeLast() }
                guard let value = Double(raw), value.isFinite else {
                    throw usage("--fit: settle expects seconds, got '\(pair[1])'")
                }
                settle = value
            case "overshoot":
                if raw.hasSuffix("%") { raw.removeLast() }
                guard let value = Double(raw), value.isFinite else {
                    throw usage("--fit: overshoot expects a percentage, got '\(pair[1])'")
                }
                overshoot = value
            default:
                throw usage("--fit: unknown target '\(pair[0])' (use settle and overshoot)")
            }
        }
        guard let settle else { throw usage("--fit needs settle=SECONDS") }
        return (settle, overshoot)
    }

    static func runFit(_ text: String, arguments: ParsedArguments, epsilon: Double,
                       context: CommandContext) throws -> Int32 {
        let given = try parameterValues(arguments)
        guard given.isEmpty, arguments.string("--preset") == nil,
              arguments.string("--sweep") == nil else {
            throw usage("--fit finds the spring itself; give no spring form, preset or sweep")
        }
        let targets = try parseFit(text)
        let fit = try wrap {
            try SpringFit(settle: targets.settle, overshoot: targets.overshoot, epsilon: epsilon)
        }
        let swiftUI = fit.swiftUI
        let uikit = try? fit.uikit.get()
        if arguments.flag("--json") {
            let n = jsonNumber
            let uikitJSON: String
            switch fit.uikit {
            case .success(let u):
                uikitJSON = jsonObject([("duration", n(u.duration)),
                                        ("dampingRatio", n(u.dampingRatio))])
            case .failure(let error):
                uikitJSON = jsonObject([("error", jsonString(error.description))])
            }
            let m = fit.spring.metrics(epsilon: epsilon)
            context.print(jsonObject([
                ("settle", n(fit.settle)), ("overshoot", n(fit.overshoot)),
                ("uikit", uikitJSON),
                ("swiftUI", jsonObject([("response", n(swiftUI.response)),
                                        ("dampingFraction", n(swiftUI.dampingFraction))])),
                ("stiffness", n(fit.spring.stiffness)), ("damping", n(fit.spring.damping)),
                ("achievedSettlingDuration", n(m.settlingDuration)),
                ("achievedOvershoot", n(m.overshoot)),
            ]))
            return uikit == nil ? 1 : 0
        }
        let m = fit.spring.metrics(epsilon: epsilon)
        context.print("Targets: settle \(number(fit.settle)) s (ε = \(number(epsilon))), "
                      + "overshoot \(number(fit.overshoot)) %")
        if let uikit {
            context.print("  UIKit    --duration \(number(uikit.duration)) "
                          + "--damping \(number(uikit.dampingRatio))")
        } else if case .failure(let error) = fit.uikit {
            context.print("  UIKit    cannot meet the targets: \(error)")
        }
        context.print("  SwiftUI  --response \(number(swiftUI.response)) "
                      + "--damping-fraction \(number(swiftUI.dampingFraction))")
        context.print("  achieved: settle \(number(m.settlingDuration)) s, "
                      + "overshoot \(number(m.overshoot, 3)) %")
        return uikit == nil ? 1 : 0
    }
}
