import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// An error a command reports to the person who ran it, as data: each case knows its exit
/// status and `description` renders the wording printed on stderr.
///
/// Exit statuses follow one rule across FlowSim: 0 success, 1 differences or failed checks
/// (a *result*, reported by returning 1, never thrown), 2 usage or input errors.
public enum CommandError: Error, CustomStringConvertible, Equatable {
    /// What a value should have been.
    public enum Expectation: String, Sendable, Equatable {
        case number = "a finite number"
        case wholeNumber = "a whole number"

        /// Wording in lists: "comma-separated numbers, got '…' ('x' is not a number)".
        var listWording: (items: String, notOne: String) {
            switch self {
            case .number: return ("comma-separated numbers", "is not a number")
            case .wholeNumber: return ("comma-separated whole numbers", "is not one")
            }
        }
    }

    // MARK: Parsing, from the option declarations
    case unknownOption(command: String, option: String, suggestion: String?, usage: String)
    case flagTakesNoValue(command: String, option: String)
    case missingValue(command: String, option: String, valueName: String)
    case missingArgument(command: String, argument: String, usage: String)
    case unexpectedArgument(command: String, argument: String, usage: String)
    case invalidValue(command: String, option: String, value: String, expected: Expectation)
    case invalidListItem(command: String, option: String, value: String, item: String, expected: Expectation)
    case outOfRange(command: String, option: String, value: String, range: String)
    /// A value outside its declared choices: "--metric expects exact or pixelmatch, got 'x'."
    case invalidChoice(command: String, option: String, value: String, choices: String, suggestion: String? = nil)
    /// A list with a negative value where none may be: "--times must be ≥ 0."
    case negative(command: String, option: String)
    /// A required option not given: "missing --output DIR."
    case missingOption(command: String, option: String, usage: String)
    /// A required option not given, as `check` words it: "--goldens DIR is required."
    case requiredOption(command: String, option: String, usage: String)
    /// Two declared-exclusive options: "give --frames or --times, not both."
    case conflictingOptions(command: String, first: String, second: String)

    /// A frame index beyond the scene's timeline.
    case frameOutOfRange(command: String, frame: Int, scene: String, frameCount: Int, fps: Double)

    // MARK: Files
    /// A file given as input that cannot be read.
    case unreadableFile(command: String, path: String)
    /// A path given as input that does not exist.
    case noSuchPath(command: String, path: String)
    /// An output option whose path cannot be written (checked before any work).
    case unusableOutputPath(command: String, option: String, path: String, problem: String)
    /// Writing an output failed.
    case output(command: String, option: String, path: String, OutputError)
    /// A folder option (`--goldens`) whose path is a file.
    case fileNotFolder(command: String, option: String, path: String)
    /// A folder that cannot be listed.
    case unlistableFolder(command: String, path: String)

    // MARK: Checks particular to one command (see each enum's cases)
    case check(CheckProblem)
    case diff(DiffProblem)
    case initFolder(InitProblem)
    case paginate(PaginateProblem)
    case port(PortProblem)
    case render(RenderProblem)
    case springInput(SpringProblem)

    // MARK: Errors of other layers, rendered as they describe themselves
    case scene(SceneError)
    case png(command: String, PNGDecodingError)
    case layoutDiff(LayoutDiff.Failure)
    case golden(GoldenError)
    case spring(SpringError)

    /// `layout --after N` beyond the scene's updates.
    case afterBeyondUpdates(after: Int, updates: Int)
    /// Work beyond a documented limit, refused before it starts (`WorkLimits`).
    case limitExceeded(command: String, what: String, amount: Int, limit: Int, option: String)
    /// Several errors reported together (each on its own line).
    case several([CommandError], summary: String?)
    /// An error of a layer below the commands that no case above describes, as a `Cause`
    /// (`Cause.other` keeps the text of an error of an unknown type, so no message is lost).
    case underlying(command: String, Cause)

    public var exitCode: Int32 { 2 }

    /// `limitExceeded`'s message after the command name.
    static func limitText(what: String, amount: Int, limit: Int, option: String) -> String {
        "\(what): \(amount), beyond the limit of \(limit); raise it with \(option) N if this is intended."
    }

    /// The text printed on stderr.
    public var message: String { description }

    public var description: String {
        switch self {
        case .unknownOption(let command, let option, let suggestion, let usage):
            var text = "flowsim \(command): unknown option '\(option)'."
            if let suggestion { text += " Did you mean '\(suggestion)'?" }
            return text + "\nUsage: \(usage)"
        case .flagTakesNoValue(let command, let option):
            return "flowsim \(command): option '\(option)' takes no value."
        case .missingValue(let command, let option, let valueName):
            return "flowsim \(command): option '\(option)' needs a value (\(valueName))."
        case .missingArgument(let command, let argument, let usage):
            return "flowsim \(command): missing argument \(argument).\nUsage: \(usage)"
        case .unexpectedArgument(let command, let argument, let usage):
            return "flowsim \(command): unexpected argument '\(argument)'.\nUsage: \(usage)"
        case .invalidValue(let command, let option, let value, let expected):
            return "flowsim \(command): \(option) expects \(expected.rawValue), got '\(value)'."
        case .invalidListItem(let command, let option, let value, let item, let expected):
            let wording = expected.listWording
            return
                "flowsim \(command): \(option) expects \(wording.items), got '\(value)' ('\(item)' \(wording.notOne))."
        case .outOfRange(let command, let option, let value, let range):
            return "flowsim \(command): \(option) must be in \(range), got \(value)."
        case .invalidChoice(let command, let option, let value, let choices, let suggestion):
            return "flowsim \(command): \(option) expects \(choices), got '\(value)'."
                + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .negative(let command, let option):
            return "flowsim \(command): \(option) must be ≥ 0."
        case .missingOption(let command, let option, let usage):
            return "flowsim \(command): missing \(option).\nUsage: \(usage)"
        case .requiredOption(let command, let option, let usage):
            return "flowsim \(command): \(option) is required.\nUsage: \(usage)"
        case .conflictingOptions(let command, let first, let second):
            return "flowsim \(command): give \(first) or \(second), not both."
        case .frameOutOfRange(let command, let frame, let scene, let count, let fps):
            return
                "flowsim \(command): frame \(frame) does not exist: the scene \"\(scene)\" has \(count) frames (0…\(count - 1)) at \(formatNumber(fps)) fps."
        case .unreadableFile(let command, let path):
            return "flowsim \(command): \(path): cannot read file."
        case .noSuchPath(let command, let path):
            return "flowsim \(command): \(path): no such file or folder."
        case .unusableOutputPath(let command, let option, let path, let problem):
            return "flowsim \(command): \(option) \(path): \(problem)."
        case .output(let command, let option, let path, let error):
            return "flowsim \(command): \(option) \(path): \(error)"
        case .fileNotFolder(let command, let option, let path):
            return "flowsim \(command): \(option) \(path) is a file, not a folder."
        case .unlistableFolder(let command, let path):
            return "flowsim \(command): \(path): cannot list folder."
        case .check(let problem):
            return "flowsim check: \(problem)"
        case .diff(let problem):
            return "flowsim diff: \(problem)"
        case .initFolder(let problem):
            return "flowsim init: \(problem)"
        case .paginate(let problem):
            return "flowsim paginate: \(problem)"
        case .port(let problem):
            return "flowsim port: \(problem)"
        case .render(let problem):
            return "flowsim render: \(problem)"
        case .springInput(let problem):
            return "flowsim spring: \(problem)"
        case .scene(let error):
            return error.description
        case .png(let command, let error):
            return "flowsim \(command): \(error)"
        case .spring(let error):
            return "flowsim spring: \(error.description)"
        case .golden(let error):
            return "flowsim check: \(error.description)"
        case .layoutDiff(let failure):
            return "flowsim diff: \(failure.description)"
        case .limitExceeded(let command, let what, let amount, let limit, let option):
            return "flowsim \(command): " + Self.limitText(what: what, amount: amount, limit: limit, option: option)
        case .afterBeyondUpdates(let after, let updates):
            return "flowsim layout: --after \(after), but the scene has only \(updates) updates."
        case .several(let errors, let summary):
            return (errors.map(\.description) + (summary.map { [$0] } ?? [])).joined(separator: "\n")
        case .underlying(let command, let cause):
            return "flowsim \(command): \(cause)"
        }
    }

    /// The case for an error writing an output option's path: `output` for the writer's errors,
    /// the command's own errors and scene and PNG errors as `init(command:error:)` maps them,
    /// any other error's text after the option and path.
    init(command: String, option: String, path: String, error: Error) {
        switch error {
        case let error as OutputError:
            self = .output(command: command, option: option, path: path, error)
        case is CommandError, is SceneError, is PNGDecodingError:
            self = CommandError(command: command, error: error)
        default:
            self = .underlying(command: command, .other("\(option) \(path): \(error)"))
        }
    }

    /// The case for an error thrown by a layer below the commands.
    init(command: String, error: Error) {
        switch error {
        case let error as CommandError: self = error
        case let error as SceneError: self = .scene(error)
        case let error as PNGDecodingError: self = .png(command: command, error)
        default: self = .underlying(command: command, Cause(error))
        }
    }
}
