import FlowSim
import FlowSimRender
import FlowSimScene
import Foundation

/// `flowsim spring`: a spring in any API's form, converted to every other form, with its
/// metrics, samples, CSS `linear()` easing, sweeps, fits and plots (issue 6).
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
            OptionSpec(
                "--epsilon", value: "E", default: "0.001",
                help: "Settling threshold, fraction of the distance."),
            OptionSpec(
                "--json",
                help: "Print one JSON object (peakTime and overshoot are null when the animation shows no "
                    + "overshoot: none at all, a peak after its end, or one within ε)."),
            OptionSpec("--fps", value: "N", default: "60", help: "Samples per second (--json)."),
            OptionSpec("--at", value: "T,...", help: "Sample at these times instead (--json)."),
            OptionSpec(
                "--css",
                help: "Print a CSS linear() easing within 0.5 % of the distance and its duration "
                    + "(a spring's snap at the end is a jump: two stops at 100%); exit 2 when "
                    + "no easing meets 0.5 %."),
            OptionSpec(
                "--sweep", value: "NAME=FROM:TO:STEP",
                help: "Metrics for each value of one parameter of the form (the UIKit form's "
                    + "--duration defaults to 1 s, as in scene files)."),
            OptionSpec(
                "--fit", value: "settle=S,overshoot=O%",
                help: "Find UIKit and SwiftUI springs meeting the targets."),
            OptionSpec(
                "--plot", value: "FILE.png",
                help: "Draw the progress curve (with --sweep: one small plot per value) "
                    + "to a PNG, written atomically; the other output is printed as usual."),
            OptionSpec(
                "--compare", value: "SPEC",
                help: "More springs to overlay on --plot: springs separated by ';', each "
                    + "as comma-separated NAME=VALUE pairs with this command's option names "
                    + "without the dashes, or preset=NAME[,velocity=V]; e.g. "
                    + "\"preset=swiftui-bouncy;response=0.5,damping-fraction=0.7\". "
                    + "May be repeated; at most \(SpringPlotStyle.palette.count) springs in all."),
            OptionSpec(
                "--plot-size", value: "WxH", default: "800x480",
                help: "Pixel size of --plot (not of --sweep sheets)."),
        ])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if arguments.wantsHelp {
            context.print(spec.helpText)
            return 0
        }
        let epsilon = try arguments.double("--epsilon") ?? 0.001
        guard epsilon > 0, epsilon < 1 else {
            throw usage("--epsilon must be in (0, 1), got \(SpringReport.number(epsilon))")
        }
        if let fit = arguments.string("--fit") {
            for option in ["--plot", "--compare", "--plot-size"] where arguments.string(option) != nil {
                throw usage("\(option) cannot be combined with --fit")
            }
            return try SpringFitOutput.run(
                fit, arguments: arguments, epsilon: epsilon,
                context: context)
        }
        var values = try parameterValues(arguments)
        if let text = arguments.string("--sweep") {
            return try SpringSweepOutput.run(
                text, values: &values, arguments: arguments,
                epsilon: epsilon, context: context)
        }
        let form = try resolveForm(values, arguments: arguments)
        let report = try wrap {
            try SpringReport(form: form, velocity: values["velocity"] ?? 0, epsilon: epsilon)
        }
        if let path = try SpringPlotOutput.plotPath(arguments) {
            let label = SpringPlotOutput.label(
                form: form, velocity: values["velocity"],
                preset: arguments.string("--preset"))
            try SpringPlotOutput.plot(
                main: (label, report), to: path, arguments: arguments,
                epsilon: epsilon)
        }
        for note in report.clampNotes { context.printError("flowsim spring: note: \(note)") }
        if arguments.flag("--css") {
            guard let easing = CSSLinearEasing(curve: report.curve) else {
                throw usage("this spring has no finite duration to express in CSS")
            }
            let n = SpringReport.number
            if easing.stops.isEmpty {
                throw usage(
                    "--css: this spring cannot be expressed within \(n(easing.target * 100, 3)) % in "
                        + "\(CSSLinearEasing.maximumSampleCount) stops; it swings \(n(easing.periods, 0)) periods "
                        + "in \(n(easing.duration, 4)) s, and \(CSSLinearEasing.minimumSamplesPerPeriod) "
                        + "samples a period would exceed the cap; use more damping or a shorter duration")
            }
            guard easing.meetsTarget else {
                throw usage(
                    "--css: this spring cannot be expressed within \(n(easing.target * 100, 3)) % in "
                        + "\(easing.stops.count) stops; the closest linear() found is off by "
                        + "\(n(easing.maxError * 100, 3)) % of the distance (\(easing.sampleCount) samples over "
                        + "\(n(easing.duration, 4)) s); use more damping or a shorter duration")
            }
            context.print("animation-duration: \(n(easing.duration * 1000, 1))ms;")
            context.print("animation-timing-function: \(easing.css);")
            context.print(
                "/* \(easing.stops.count) stops, max error "
                    + "\(n(easing.maxError * 100, 3))% of the distance */")
            return 0
        }
        if arguments.flag("--json") {
            let times = try sampleTimes(arguments, duration: report.curve.duration)
            context.print(report.jsonValue(sampleTimes: times).serialized())
            return 0
        }
        context.print(report.text)
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
    static func resolveForm(
        _ values: [String: Double],
        arguments: ParsedArguments
    ) throws -> SpringForm {
        if let name = arguments.string("--preset") {
            guard let preset = SpringPreset.named(name) else {
                throw usage(
                    "unknown preset '\(name)' (known: "
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

    /// `--at` times, or t = i/fps up to the duration plus the duration itself.
    static func sampleTimes(_ arguments: ParsedArguments, duration: Double) throws -> [Double] {
        if let times = try arguments.doubles("--at") {
            guard times.allSatisfy({ $0 >= 0 }) else { throw usage("--at times must be >= 0") }
            return times
        }
        let fps = try arguments.int("--fps", range: 1...10_000) ?? 60
        guard duration.isFinite, duration * Double(fps) < 1_000_000 else {
            throw usage(
                "too many samples (duration \(SpringReport.number(duration)) s "
                    + "at \(fps) fps)")
        }
        var times: [Double] = []
        var i = 0
        while Double(i) / Double(fps) < duration - 1e-12 {
            times.append(Double(i) / Double(fps))
            i += 1
        }
        times.append(duration)
        return times
    }
}

/// `--sweep NAME=FROM:TO:STEP`: one row of metrics per value of one parameter of the form.
enum SpringSweepOutput {
    static func run(
        _ text: String, values: inout [String: Double], arguments: ParsedArguments,
        epsilon: Double, context: CommandContext
    ) throws -> Int32 {
        let sweep = try SpringCommand.wrap { try SpringSweep(parsing: text) }
        guard SpringForm.allParameterNames.contains(sweep.name) else {
            throw SpringCommand.usage(
                "--sweep: '\(sweep.name)' is not a spring parameter (use one of "
                    + SpringForm.allParameterNames.sorted().joined(separator: ", ") + ")")
        }
        guard values[sweep.name] == nil else {
            throw SpringCommand.usage(
                "--sweep varies --\(sweep.name); do not also give --\(sweep.name)")
        }
        guard arguments.string("--preset") == nil else {
            throw SpringCommand.usage(
                "--sweep varies a parameter of an explicit form; it cannot sweep a preset")
        }
        for option in ["--compare", "--plot-size"] where arguments.string(option) != nil {
            throw SpringCommand.usage(
                "\(option) cannot be combined with --sweep "
                    + "(a sweep plots one small plot per value)")
        }
        if sweep.values.count > SpringPlotSheet.maxPanels, arguments.string("--plot") != nil {
            throw SpringCommand.usage(
                "--plot: the sweep has \(sweep.values.count) values; a sheet "
                    + "holds at most \(SpringPlotSheet.maxPanels) (use a larger step)")
        }
        // The UIKit form's duration defaults to 1 s, as in scene files (the article's default):
        // `--sweep damping=0.3:1:0.1` alone sweeps usingSpringWithDamping with duration 1.
        if values["duration"] == nil, sweep.name == "damping" || values["damping"] != nil,
            Set(values.keys).union([sweep.name]).isSubset(of: ["damping", "velocity"])
        {
            values["duration"] = 1
        }
        var reports: [(Double, SpringReport)] = []
        // UIKit's Newton solve overflows for some values (a row of its own, not an error) and
        // lands on another root as the value crosses others (a jump in stiffness): both noted.
        var overflowed: [Double] = []
        for value in sweep.values {
            values[sweep.name] = value
            let form = try SpringCommand.wrap { try SpringForm(named: values) }
            if case .uikit(let d, let zeta, let v) = form,
                UIKitSpring(duration: d, dampingRatio: zeta, initialVelocity: v).solveOverflowed
            {
                overflowed.append(value)
                continue
            }
            let report = try SpringCommand.wrap {
                try SpringReport(form: form, velocity: values["velocity"] ?? 0, epsilon: epsilon)
            }
            reports.append((value, report))
        }
        for note in SpringCommand.sweepJumpNotes(sweep, reports: reports, overflowed: overflowed) {
            context.printError("flowsim spring: note: \(note)")
        }
        for (value, report) in reports {
            for note in report.clampNotes {
                context.printError(
                    "flowsim spring: note: \(sweep.name) = \(SpringReport.general(value)): \(note)")
            }
        }
        if let path = try SpringPlotOutput.plotPath(arguments) {
            try SpringPlotOutput.plotSweep(
                sweep, reports: reports, values: values, to: path,
                epsilon: epsilon)
        }
        if arguments.flag("--json") {
            let rows = reports.map { value, r -> JSONValue in
                .object([
                    ("parameter", .string(sweep.name)), ("value", .number(value)),
                    ("stiffness", .number(r.spring.stiffness)),
                    ("damping", .number(r.spring.damping)),
                    ("dampingRatio", .number(r.spring.dampingRatio)),
                    ("settlingDuration", .number(r.metrics.settlingDuration)),
                    ("lastCrossing", .number(r.metrics.lastCrossing)),
                    ("peakTime", r.metrics.peakTime.map(JSONValue.number) ?? .null),
                    ("overshoot", r.metrics.peakTime == nil ? .null : .number(r.metrics.overshoot)),
                    ("oscillations", .number(Double(r.metrics.oscillationCount))),
                    ("uikitEndValue", r.uikitEndValue.map(JSONValue.number) ?? .null),
                ])
            }
            let overflowRows = overflowed.map { value -> JSONValue in
                .object([
                    ("parameter", .string(sweep.name)), ("value", .number(value)),
                    ("uikitSolveOverflows", .bool(true)),
                ])
            }
            let all = (rows + overflowRows).sorted {
                SpringCommand.sweepValue($0) * sweep.step < SpringCommand.sweepValue($1) * sweep.step
            }
            context.print(JSONValue.array(all).serialized(pretty: true))
            return 0
        }
        let n = SpringReport.number
        let header = [
            sweep.name, "stiffness", "coefficient", "ratio", "settle s", "peak s",
            "overshoot %", "swings", "UIKit end",
        ]
        var table = [header]
        var rows: [(Double, [String])] = overflowed.map { value in
            (value, [n(value, 4), "overflow"] + Array(repeating: "-", count: header.count - 2))
        }
        for (value, r) in reports {
            let m = r.metrics
            rows.append(
                (
                    value,
                    [
                        n(value, 4), n(r.spring.stiffness, 3), n(r.spring.damping, 3),
                        n(r.spring.dampingRatio, 4), n(m.settlingDuration, 4),
                        m.peakTime.map { n($0, 4) } ?? "-", m.peakTime == nil ? "-" : n(m.overshoot, 3),
                        "\(m.oscillationCount)", r.uikitEndValue.map { n($0, 5) } ?? "-",
                    ]
                ))
        }
        table += rows.sorted { $0.0 * sweep.step < $1.0 * sweep.step }.map(\.1)
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for row in table {
            let cells = row.enumerated().map { index, cell in
                String(repeating: " ", count: widths[index] - cell.count) + cell
            }
            context.print(cells.joined(separator: "  "))
        }
        return 0
    }
}

/// `--fit settle=S,overshoot=O%`: exit 0 when UIKit and SwiftUI springs meet the targets,
/// 1 when UIKit cannot (a result, with the reason), 2 for impossible or malformed targets.
enum SpringFitOutput {
    /// `settle=0.6,overshoot=5%` (settle in seconds, optional `s`; overshoot in percent,
    /// optional `%`, default 0).
    static func parse(_ text: String) throws -> (settle: Double, overshoot: Double) {
        var settle: Double?
        var overshoot = 0.0
        var seen = Set<String>()
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2 else {
                throw SpringCommand.usage("--fit: '\(part)' is not key=value")
            }
            guard seen.insert(pair[0]).inserted else {
                throw SpringCommand.usage("--fit: \(pair[0]) is given twice")
            }
            var raw = pair[1]
            switch pair[0] {
            case "settle":
                if raw.hasSuffix("s") { raw.removeLast() }
                guard let value = Double(raw), value.isFinite else {
                    throw SpringCommand.usage("--fit: settle expects seconds, got '\(pair[1])'")
                }
                settle = value
            case "overshoot":
                if raw.hasSuffix("%") { raw.removeLast() }
                guard let value = Double(raw), value.isFinite else {
                    throw SpringCommand.usage(
                        "--fit: overshoot expects a percentage, got '\(pair[1])'")
                }
                overshoot = value
            default:
                throw SpringCommand.usage(
                    "--fit: unknown target '\(pair[0])' (use settle and overshoot)")
            }
        }
        guard let settle else { throw SpringCommand.usage("--fit needs settle=SECONDS") }
        return (settle, overshoot)
    }

    static func run(
        _ text: String, arguments: ParsedArguments, epsilon: Double,
        context: CommandContext
    ) throws -> Int32 {
        let given = try SpringCommand.parameterValues(arguments)
        guard given.isEmpty, arguments.string("--preset") == nil,
            arguments.string("--sweep") == nil
        else {
            throw SpringCommand.usage(
                "--fit finds the spring itself; give no spring form, preset or sweep")
        }
        let targets = try parse(text)
        let fit = try SpringCommand.wrap {
            try SpringFit(settle: targets.settle, overshoot: targets.overshoot, epsilon: epsilon)
        }
        let achieved = fit.spring.metrics(epsilon: epsilon)
        let swiftUI = fit.swiftUI
        let uikit = try? fit.uikit.get()
        if arguments.flag("--json") {
            let uikitJSON: JSONValue
            switch fit.uikit {
            case .success(let u):
                uikitJSON = .object([
                    ("duration", .number(u.duration)),
                    ("dampingRatio", .number(u.dampingRatio)),
                ])
            case .failure(let error):
                uikitJSON = .object([("error", .string(error.description))])
            }
            let object = JSONValue.object([
                ("settle", .number(fit.settle)), ("overshoot", .number(fit.overshoot)),
                ("uikit", uikitJSON),
                (
                    "swiftUI",
                    .object([
                        ("response", .number(swiftUI.response)),
                        ("dampingFraction", .number(swiftUI.dampingFraction)),
                    ])
                ),
                ("stiffness", .number(fit.spring.stiffness)),
                ("damping", .number(fit.spring.damping)),
                ("achievedSettlingDuration", .number(achieved.lastCrossing)),
                ("achievedEstimatedSettlingDuration", .number(achieved.settlingDuration)),
                ("achievedOvershoot", .number(achieved.overshoot)),
            ])
            context.print(object.serialized())
            return uikit == nil ? 1 : 0
        }
        func n(_ x: Double, _ digits: Int = 6) -> String { SpringReport.number(x, digits) }
        context.print(
            "Targets: settle \(n(fit.settle)) s (ε = \(n(epsilon))), "
                + "overshoot \(n(fit.overshoot)) %")
        switch fit.uikit {
        case .success(let u):
            context.print("  UIKit    --duration \(n(u.duration)) --damping \(n(u.dampingRatio))")
        case .failure(let error):
            context.print("  UIKit    cannot meet the targets: \(error)")
        }
        context.print(
            "  SwiftUI  --response \(n(swiftUI.response)) "
                + "--damping-fraction \(n(swiftUI.dampingFraction))")
        context.print(
            "  achieved: settle \(n(achieved.lastCrossing)) s (last crossing of ε; "
                + "settlingDuration \(n(achieved.settlingDuration)) s), "
                + "overshoot \(n(achieved.overshoot, 3)) %")
        return uikit == nil ? 1 : 0
    }
}

/// `--plot FILE.png`, `--compare SPEC` and `--plot-size WxH`.
///
/// `--compare` syntax: springs separated by `;`; each spring is comma-separated `NAME=VALUE`
/// pairs using the command's option names without the leading dashes (`duration=0.8,damping=0.5`,
/// `response=0.5,damping-fraction=0.7`, `stiffness=300,damping-coefficient=20,mass=2`), or
/// `preset=NAME` with an optional `velocity=V`. Spaces around names and values are ignored.
/// The option may be repeated; its springs are appended in order after the main spring.
enum SpringPlotOutput {
    /// The `--plot` path, or nil; errors for plot-only options given without `--plot`.
    static func plotPath(_ arguments: ParsedArguments) throws -> String? {
        guard let path = arguments.string("--plot") else {
            for option in ["--compare", "--plot-size"] where arguments.string(option) != nil {
                throw SpringCommand.usage("\(option) only applies to a plot; add --plot FILE.png")
            }
            return nil
        }
        guard !path.isEmpty else { throw SpringCommand.usage("--plot needs a file name") }
        return path
    }

    /// One spring of a `--compare` list, parsed: its form, velocity and preset name.
    struct CompareSpring: Equatable {
        var form: SpringForm
        var velocity: Double?
        var preset: String?
    }

    /// Parses a `--compare` value (see the type's documentation).
    static func parseCompare(_ text: String) throws -> [CompareSpring] {
        let entries = text.split(separator: ";", omittingEmptySubsequences: false)
        var springs: [CompareSpring] = []
        for (index, entry) in entries.enumerated() {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            func fail(_ message: String) -> CommandError {
                SpringCommand.usage("--compare: spring \(index + 1) ('\(trimmed)'): \(message)")
            }
            guard !trimmed.isEmpty else {
                if index == entries.count - 1, index > 0 { continue }  // a trailing ';'
                throw fail("empty; separate springs with ';' and their values with ','")
            }
            var numbers: [String: Double] = [:]
            var preset: String?
            for pair in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw fail("'\(pair.trimmingCharacters(in: .whitespaces))' is not NAME=VALUE")
                }
                let (name, value) = (parts[0].hasPrefix("--") ? String(parts[0].dropFirst(2)) : parts[0], parts[1])
                guard numbers[name] == nil, !(name == "preset" && preset != nil) else {
                    throw fail("\(name) is given twice")
                }
                if name == "preset" {
                    guard SpringPreset.named(value) != nil else {
                        throw fail(
                            "unknown preset '\(value)' (known: "
                                + SpringPreset.all.map(\.name).joined(separator: ", ") + ")")
                    }
                    preset = value
                    continue
                }
                guard SpringForm.allParameterNames.contains(name) else {
                    throw fail(
                        "unknown name '\(name)' (use preset or one of "
                            + SpringForm.allParameterNames.sorted().joined(separator: ", ") + ")")
                }
                guard let number = Double(value), number.isFinite else {
                    throw fail("\(name) expects a finite number, got '\(value)'")
                }
                numbers[name] = number
            }
            if let preset, let found = SpringPreset.named(preset) {
                let extra = numbers.keys.filter { $0 != "velocity" }.sorted()
                guard extra.isEmpty else {
                    throw fail("preset=\(preset) cannot be mixed with \(extra[0]); give exactly one spring form")
                }
                let v = numbers["velocity"]
                springs.append(
                    CompareSpring(
                        form: v.map { found.form.withVelocity($0) } ?? found.form,
                        velocity: v, preset: preset))
                continue
            }
            do {
                let form = try SpringForm(named: numbers)
                _ = try form.parameters(velocity: numbers["velocity"] ?? 0)  // domain checks, here to name the spring
                springs.append(CompareSpring(form: form, velocity: numbers["velocity"], preset: nil))
            } catch let error as SpringError {
                throw fail(error.description)
            }
        }
        return springs
    }

    /// `WxH` in pixels, each in 200…8000.
    static func plotSize(_ arguments: ParsedArguments) throws -> (Int, Int) {
        guard let text = arguments.string("--plot-size") else {
            return (SpringPlot.defaultWidth, SpringPlot.defaultHeight)
        }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (200...8000).contains(w), (200...8000).contains(h)
        else {
            throw SpringCommand.usage("--plot-size expects WIDTHxHEIGHT in pixels, each 200…8000, got '\(text)'")
        }
        return (w, h)
    }

    /// The legend name of a spring: "seed-insert (UIKit: duration 1, damping 0.65)" or
    /// "SwiftUI: response 0.5, damping-fraction 0.7".
    static func label(form: SpringForm, velocity: Double?, preset: String?) -> String {
        let n = { (x: Double) in SpringReport.number(x, 4) }
        var pairs: [(String, Double)]
        switch form {
        case .uikit(let d, let z, let v): pairs = [("duration", d), ("damping", z), ("velocity", v)]
        case .physical(let m, let k, let c, let v):
            pairs = [("mass", m), ("stiffness", k), ("damping-coefficient", c), ("velocity", v)]
        case .swiftUIResponse(let r, let f): pairs = [("response", r), ("damping-fraction", f)]
        case .swiftUIDurationBounce(let d, let b): pairs = [("spring-duration", d), ("bounce", b)]
        case .android(let k, let z): pairs = [("android-stiffness", k), ("android-damping-ratio", z)]
        case .reactSpring(let t, let f, let m): pairs = [("tension", t), ("friction", f), ("mass", m)]
        case .origami(let b, let s): pairs = [("bounciness", b), ("speed", s)]
        }
        if !form.carriesVelocity, let velocity { pairs.append(("velocity", velocity)) }
        pairs.removeAll { $0.0 == "velocity" && $0.1 == 0 }
        let body =
            (SpringReport.formTitles[form.name] ?? form.name) + ": "
            + pairs.map { "\($0.0) \(n($0.1))" }.joined(separator: ", ")
        return preset.map { "\($0) (\(body))" } ?? body
    }

    static func plot(
        main: (String, SpringReport), to path: String, arguments: ParsedArguments,
        epsilon: Double
    ) throws {
        let (width, height) = try plotSize(arguments)
        var series = [SpringPlotSeries(label: main.0, report: main.1)]
        for text in arguments.strings("--compare") {
            for spring in try parseCompare(text) {
                let report = try SpringCommand.wrap {
                    try SpringReport(form: spring.form, velocity: spring.velocity ?? 0, epsilon: epsilon)
                }
                series.append(
                    SpringPlotSeries(
                        label: label(form: spring.form, velocity: spring.velocity, preset: spring.preset),
                        report: report))
            }
        }
        guard series.count <= SpringPlotStyle.palette.count else {
            throw SpringCommand.usage(
                "--compare: \(series.count) springs in all; a plot holds at most "
                    + "\(SpringPlotStyle.palette.count)")
        }
        let plot = SpringPlot(
            series: series, epsilon: epsilon, width: width, height: height,
            title: series.count == 1 ? "Spring progress" : "Spring progress: \(series.count) springs")
        try write({ try plot.pngData() }, to: path)
    }

    static func plotSweep(
        _ sweep: SpringSweep, reports: [(Double, SpringReport)], values: [String: Double],
        to path: String, epsilon: Double
    ) throws {
        let n = { (x: Double) in SpringReport.number(x, 4) }
        let panels = reports.map { value, report in
            (label: "\(sweep.name) = \(n(value))", series: SpringPlotSeries(label: "", report: report))
        }
        let fixed = values.filter { $0.key != sweep.name }.sorted { $0.key < $1.key }
            .map { "\($0.key) \(n($0.value))" }
        let formTitle = reports.first.map { SpringReport.formTitles[$0.1.form.name] ?? $0.1.form.name } ?? ""
        let title =
            "\(formTitle): \(sweep.name) from \(n(sweep.from)) to \(n(sweep.to)) step \(n(sweep.step))"
            + (fixed.isEmpty ? "" : ", " + fixed.joined(separator: ", "))
        let sheet = SpringPlotSheet(panels: panels, epsilon: epsilon, title: title)
        try write({ try sheet.pngData() }, to: path)
    }

    /// Renders, then writes atomically; every failure is an exit-2 error naming the file.
    static func write(_ render: () throws -> Data, to path: String) throws {
        let data: Data
        do {
            data = try render()
        } catch let error as SpringPlotError {
            throw SpringCommand.usage("--plot: \(error)")
        } catch {
            throw SpringCommand.usage("--plot: cannot draw the plot: \(error)")
        }
        do {
            try AtomicFileWriter.write(data, to: URL(fileURLWithPath: path))
        } catch {
            throw SpringCommand.usage("--plot: \(error)")
        }
    }
}
