import FlowSim
import FlowSimOutput
import FlowSimRender
import Foundation

extension CommandError {
    /// Why `flowsim spring` refuses its input, beyond what the option declarations check
    /// (`CommandError.underlying(.spring(…))` holds the spring model's own errors). Rendered after
    /// "flowsim spring: ".
    public enum SpringProblem: Error, Equatable, Sendable, CustomStringConvertible {
        // MARK: Options
        /// `--epsilon` outside (0, 1).
        case epsilonOutOfRange(Double)
        /// `--plot-size` not WIDTHxHEIGHT with each side in 200…8000.
        case invalidPlotSize(String)
        /// `--at` with a negative time.
        case negativeSampleTime
        /// `--json` samples at `fps` over `duration` would be a million or more.
        case tooManySamples(duration: Double, fps: Int)

        // MARK: Forms and presets
        /// `--preset NAME` names no preset.
        case unknownPreset(String)
        /// `--preset` with a form's parameter (`option` without its dashes).
        case presetWithForm(parameter: String)

        // MARK: Modes (`SpringModeRule`)
        /// A plot option (`--plot`, `--compare`, `--plot-size`) with `--fit`.
        case plotOptionWithFit(option: String)
        /// A form, preset or sweep option with `--fit`.
        case springWithFit(option: String)
        /// A plot-only option without `--plot`.
        case needsPlot(option: String)
        /// `--preset` with `--sweep`.
        case presetWithSweep
        /// A single-plot option (`--compare`, `--plot-size`) with `--sweep`.
        case plotOptionWithSweep(option: String)

        // MARK: --css and --code
        /// The curve has no finite duration.
        case cssNoFiniteDuration
        /// The curve swings too many periods for the sample cap.
        case cssBeyondSampleCap(CSSLinearEasing)
        /// The best `linear()` misses the target error.
        case cssOffTarget(CSSLinearEasing)
        /// `--code API`: the report has no conversion named `form`.
        case codeMissingConversion(api: String, form: String)
        /// `--code API`: the conversion to the API's form failed.
        case codeNoSuchForm(api: String, SpringError)
        /// `--code API` for an API without code.
        case codeNoConversion(api: String)

        // MARK: --fit
        case fitNotKeyValue(String)
        case fitGivenTwice(String)
        case fitSettleNotSeconds(String)
        case fitOvershootNotPercentage(String)
        case fitUnknownTarget(String)
        case fitNeedsSettle

        // MARK: --sweep
        case sweepUnknownParameter(String)
        /// `--sweep NAME=…` with `--NAME` too.
        case sweepParameterGiven(String)
        /// `--plot` with more sweep values than a sheet holds.
        case sweepTooManyPanels(Int)

        // MARK: --plot and --compare
        case plotNeedsFileName
        /// Spring `index` (1-based) of a `--compare` list, as given (`spec`, trimmed).
        case compare(index: Int, spec: String, CompareProblem)
        /// The main spring and the `--compare` springs are more than the palette's colours.
        case tooManySprings(Int)
        case plot(SpringPlotError)
        /// Drawing failed for a reason other than `SpringPlotError`.
        case plotNotDrawn(reason: String)
        /// Writing the plot's file failed.
        case plotNotWritten(path: String, OutputError)

        /// Why one spring of `--compare` cannot be read.
        public enum CompareProblem: Equatable, Sendable, CustomStringConvertible {
            case empty
            case notNameValue(String)
            case givenTwice(String)
            case unknownPreset(String)
            case unknownName(String)
            case notANumber(name: String, value: String)
            case presetWithForm(preset: String, parameter: String)
            case spring(SpringError)

            public var description: String {
                switch self {
                case .empty:
                    return "empty; separate springs with ';' and their values with ','"
                case .notNameValue(let pair):
                    return "'\(pair)' is not NAME=VALUE"
                case .givenTwice(let name):
                    return "\(name) is given twice"
                case .unknownPreset(let name):
                    return SpringProblem.unknownPreset(name).description
                case .unknownName(let name):
                    let names = SpringForm.allParameterNames
                    return
                        "unknown name '\(name)'\(didYouMean(name, in: Array(names) + ["preset"])) (use preset or one of "
                        + names.sorted().joined(separator: ", ") + ")"
                case .notANumber(let name, let value):
                    return "\(name) expects a finite number, got '\(value)'"
                case .presetWithForm(let preset, let parameter):
                    return "preset=\(preset) cannot be mixed with \(parameter); give exactly one spring form"
                case .spring(let error):
                    return error.description
                }
            }
        }

        public var description: String {
            let n = SpringReport.number
            switch self {
            case .epsilonOutOfRange(let value):
                return "\(SpringCommand.epsilon.name) must be in (0, 1), got \(n(value, 6))"
            case .invalidPlotSize(let text):
                return "\(SpringCommand.plotSize.name) expects WIDTHxHEIGHT in pixels, each 200…8000, got '\(text)'"
            case .negativeSampleTime:
                return "\(SpringCommand.at.name) times must be >= 0"
            case .tooManySamples(let duration, let fps):
                return "too many samples (duration \(n(duration, 6)) s at \(fps) fps)"
            case .unknownPreset(let name):
                let names = SpringPreset.catalogue.map(\.name)
                return "unknown preset '\(name)'\(didYouMean(name, in: names)) (known: "
                    + names.joined(separator: ", ") + ")"
            case .presetWithForm(let parameter):
                return "mixed spring forms: \(SpringCommand.preset.name) and --\(parameter); give exactly one"
            case .plotOptionWithFit(let option):
                return "\(option) cannot be combined with \(SpringCommand.fit.name)"
            case .springWithFit:
                return "\(SpringCommand.fit.name) finds the spring itself; give no spring form, preset or sweep"
            case .needsPlot(let option):
                return "\(option) only applies to a plot; add \(SpringCommand.plot.name) FILE.png"
            case .presetWithSweep:
                return "\(SpringCommand.sweep.name) varies a parameter of an explicit form; it cannot sweep a preset"
            case .plotOptionWithSweep(let option):
                return
                    "\(option) cannot be combined with \(SpringCommand.sweep.name) (a sweep plots one small plot per value)"
            case .cssNoFiniteDuration:
                return "this spring has no finite duration to express in CSS"
            case .cssBeyondSampleCap(let easing):
                return
                    "\(SpringCommand.css.name): this spring cannot be expressed within \(n(easing.target * 100, 3)) % in "
                    + "\(CSSLinearEasing.maximumSampleCount) stops; it swings \(n(easing.periods, 0)) periods "
                    + "in \(n(easing.duration, 4)) s, and \(CSSLinearEasing.minimumSamplesPerPeriod) "
                    + "samples a period would exceed the cap; use more damping or a shorter duration"
            case .cssOffTarget(let easing):
                return
                    "\(SpringCommand.css.name): this spring cannot be expressed within \(n(easing.target * 100, 3)) % in "
                    + "\(easing.stops.count) stops; the closest linear() found is off by "
                    + "\(n(easing.maxError * 100, 3)) % of the distance (\(easing.sampleCount) samples over "
                    + "\(n(easing.duration, 4)) s); use more damping or a shorter duration"
            case .codeMissingConversion(let api, let form):
                return "\(SpringCode.option.name) \(api): no \(form) conversion"
            case .codeNoSuchForm(let api, let error):
                return "\(SpringCode.option.name) \(api): this spring has no such form (\(error))"
            case .codeNoConversion(let api):
                return "\(SpringCode.option.name) \(api): no conversion"
            case .fitNotKeyValue(let part):
                return "\(SpringCommand.fit.name): '\(part)' is not key=value"
            case .fitGivenTwice(let key):
                return "\(SpringCommand.fit.name): \(key) is given twice"
            case .fitSettleNotSeconds(let value):
                return "\(SpringCommand.fit.name): settle expects seconds, got '\(value)'"
            case .fitOvershootNotPercentage(let value):
                return "\(SpringCommand.fit.name): overshoot expects a percentage, got '\(value)'"
            case .fitUnknownTarget(let key):
                return "\(SpringCommand.fit.name): unknown target '\(key)' (use settle and overshoot)"
            case .fitNeedsSettle:
                return "\(SpringCommand.fit.name) needs settle=SECONDS"
            case .sweepUnknownParameter(let name):
                return "\(SpringCommand.sweep.name): '\(name)' is not a spring parameter (use one of "
                    + SpringForm.allParameterNames.sorted().joined(separator: ", ") + ")"
            case .sweepParameterGiven(let name):
                return "\(SpringCommand.sweep.name) varies --\(name); do not also give --\(name)"
            case .sweepTooManyPanels(let count):
                return "\(SpringCommand.plot.name): the sweep has \(count) values; a sheet "
                    + "holds at most \(SpringPlotSheet.maxPanels) (use a larger step)"
            case .plotNeedsFileName:
                return "\(SpringCommand.plot.name) needs a file name"
            case .compare(let index, let spec, let problem):
                return "\(SpringCommand.compare.name): spring \(index) ('\(spec)'): \(problem)"
            case .tooManySprings(let count):
                return
                    "\(SpringCommand.compare.name): \(count) springs in all; a plot holds at most \(SpringPlotStyle.palette.count)"
            case .plot(let error):
                return "\(SpringCommand.plot.name): \(error)"
            case .plotNotDrawn(let reason):
                return "\(SpringCommand.plot.name): cannot draw the plot: \(reason)"
            case .plotNotWritten(_, let error):
                return "\(SpringCommand.plot.name): \(error)"
            }
        }
    }
}
