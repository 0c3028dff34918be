import FlowSim
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import Foundation

/// `flowsim spring`: a spring in any API's form, converted to every other form, with its
/// metrics, samples, CSS `linear()` easing, sweeps, fits and plots.
///
/// Three modes, one type each: `SpringFitMode` (`--fit`), `SpringSweepMode` (`--sweep`) and
/// `SpringFormMode` (a form or preset: report, `--css`, `--json`); `--plot` (`SpringPlotOutput`)
/// draws for the last two. Each mode declares the options it excludes (`SpringModeRule`).
public enum SpringCommand: Subcommand {
    /// Options holding a spring parameter, named as `SpringForm(named:)` names them.
    static let parameters: [(name: String, option: Option<Double>)] = [
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
    ].map { name, value, help in (name, Option.number("--\(name)", value: value, help: help)) }

    static let preset = Option.text("--preset", value: "NAME", help: "A named spring (see above).")
        .choices(SpringPreset.catalogue.map(\.name))
    static let epsilon = Option<Double>(
        "--epsilon", value: "E", help: "Settling threshold, fraction of the distance."
    ) { text, name in
        guard let value = Double(text), value.isFinite else {
            throw CommandError.invalidValue(option: name, value: text, expected: .number)
        }
        guard value > 0, value < 1 else {
            throw CommandError.springInput(.epsilonOutOfRange(value))
        }
        return value
    }.defaulting(to: 0.001)
    static let json = Option.flag(
        "--json",
        help: "Print one JSON object (peakTime and overshoot are null when the animation shows no "
            + "overshoot: none at all, a peak after its end, or one within ε).")
    static let fps = Option.wholeNumber("--fps", value: "N", range: 1...10_000, help: "Samples per second (--json).")
        .defaulting(to: 60)
    static let at = Option.numbers("--at", value: "T,...", help: "Sample at these times instead (--json).")
    static let css = Option.flag(
        "--css",
        help: "Print a CSS linear() easing within 0.5 % of the distance and its duration "
            + "(a spring's snap at the end is a jump: two stops at 100%); exit 2 when "
            + "no easing meets 0.5 %.")
    static let sweep = Option<SpringSweep>(
        "--sweep", value: "NAME=FROM:TO:STEP",
        help: "Metrics for each value of one parameter of the form (the UIKit form's "
            + "--duration defaults to 1 s, as in scene files)."
    ) { text, _ in try SpringCommand.wrap { try SpringSweep(parsing: text) } }
    static let fit = Option<(settle: Double, overshoot: Double)>(
        "--fit", value: "settle=S,overshoot=O%", help: "Find UIKit and SwiftUI springs meeting the targets."
    ) { text, _ in try SpringFitMode.parse(text) }
    static let plot = Option.text(
        "--plot", value: "FILE.png",
        help: "Draw the progress curve (with --sweep: one small plot per value) "
            + "to a PNG, written atomically; the other output is printed as usual."
    ).completing(.file(extensions: ["png"]))
    static let compare = Option<[SpringPlotOutput.CompareSpring]>(
        "--compare", value: "SPEC",
        help: "More springs to overlay on --plot: springs separated by ';', each "
            + "as comma-separated NAME=VALUE pairs with this command's option names "
            + "without the dashes, or preset=NAME[,velocity=V]; e.g. "
            + "\"preset=swiftui-bouncy;response=0.5,damping-fraction=0.7\". "
            + "May be repeated; at most \(SpringPlotStyle.palette.count) springs in all."
    ) { text, _ in try SpringPlotOutput.parseCompare(text) }
    static let plotSize = Option<(width: Int, height: Int)>(
        "--plot-size", value: "WxH", help: "Pixel size of --plot (not of --sweep sheets)."
    ) { text, _ in
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (200...8000).contains(w), (200...8000).contains(h)
        else {
            throw CommandError.springInput(.invalidPlotSize(text))
        }
        return (w, h)
    }.defaulting(to: (SpringPlot.defaultWidth, SpringPlot.defaultHeight), shown: "800x480")

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
            \(SpringPreset.catalogue.map(\.name).joined(separator: ", ")).
            """,
        options: parameters.map(\.option) + [
            preset, epsilon, json, fps, at, css, SpringCode.option, sweep, fit, plot, compare, plotSize,
        ],
        conflicts: [OptionConflict(SpringCode.option, json), OptionConflict(SpringCode.option, css)])

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if arguments.wantsHelp {
            context.print(spec.helpText)
            return 0
        }
        let epsilon = try arguments.value(epsilon)
        if let fit = try arguments.given(fit) {
            try SpringModeRule.check(SpringFitMode.rules, arguments)
            return try SpringFitMode.run(fit, arguments: arguments, epsilon: epsilon, context: context)
        }
        var values = try parameterValues(arguments)
        if let sweep = try arguments.given(sweep) {
            return try SpringSweepMode.run(
                sweep, values: &values, arguments: arguments, epsilon: epsilon, context: context)
        }
        return try SpringFormMode.run(values: values, arguments: arguments, epsilon: epsilon, context: context)
    }

    // MARK: Input

    /// Runs `body`, turning a `SpringError` into an exit-2 error.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SpringError {
            throw CommandError.underlying(.spring(error))
        }
    }

    /// The spring parameters given, by `SpringForm` name.
    static func parameterValues(_ arguments: ParsedArguments) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for (name, option) in parameters {
            if let value = try arguments.given(option) { values[name] = value }
        }
        return values
    }
}

/// An option a spring mode does not take, or needs another with: declared by each mode, checked
/// by `check` before the mode runs.
struct SpringModeRule {
    var option: any OptionDeclaration
    /// When set, `option` is an error only without this one (`--compare` needs `--plot`).
    var unless: (any OptionDeclaration)?
    var problem: CommandError.SpringProblem

    static func excludes(_ option: any OptionDeclaration, _ problem: CommandError.SpringProblem) -> SpringModeRule {
        SpringModeRule(option: option, unless: nil, problem: problem)
    }

    static func needs(
        _ option: any OptionDeclaration, _ other: any OptionDeclaration, _ problem: CommandError.SpringProblem
    ) -> SpringModeRule {
        SpringModeRule(option: option, unless: other, problem: problem)
    }

    /// The first rule broken, as an exit-2 error.
    static func check(_ rules: [SpringModeRule], _ arguments: ParsedArguments) throws {
        for rule in rules where arguments.isGiven(rule.option) {
            if let other = rule.unless, arguments.isGiven(other) { continue }
            throw CommandError.springInput(rule.problem)
        }
    }
}
