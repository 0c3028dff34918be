import FlowSimImage
import FlowSimScene
import FlowSimSupport
import Foundation

/// An error a command reports to the person who ran it, as data: each case knows its exit
/// status, `description` renders what is wrong, and `message(command:)` the lines stderr shows.
/// No case names the command: the label is added where the command runs (`FlowSimCommand.run`).
///
/// Exit statuses follow one rule across FlowSim: 0 success, 1 differences or failed checks
/// (a *result*, reported by returning 1, never thrown), 2 usage or input errors.
public enum CommandError: Error, CustomStringConvertible, Equatable, Sendable {
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
    case unknownOption(option: String, suggestion: String?, usage: String)
    case flagTakesNoValue(option: String)
    case missingValue(option: String, valueName: String)
    case missingArgument(argument: String, usage: String)
    case unexpectedArgument(argument: String, usage: String)
    case invalidValue(option: String, value: String, expected: Expectation)
    case invalidListItem(option: String, value: String, item: String, expected: Expectation)
    case outOfRange(option: String, value: String, range: String)
    /// A value outside its declared choices: "--metric expects exact or pixelmatch, got 'x'."
    case invalidChoice(option: String, value: String, choices: String, suggestion: String? = nil)
    /// A list with a negative value where none may be: "--times must be ≥ 0."
    case negative(option: String)
    /// A required option not given: "missing --output DIR."
    case missingOption(option: String, usage: String)
    /// A required option not given, as `check` words it: "--goldens DIR is required."
    case requiredOption(option: String, usage: String)
    /// Two declared-exclusive options: "give --frames or --times, not both."
    case conflictingOptions(first: String, second: String)

    /// A frame index beyond the scene's timeline.
    case frameOutOfRange(frame: Int, scene: String, frameCount: Int, fps: Double)

    // MARK: Files
    /// A file given as input that cannot be read.
    case unreadableFile(path: String)
    /// A path given as input that does not exist.
    case noSuchPath(path: String)
    /// An output option whose path cannot be written (checked before any work).
    case unusableOutputPath(option: String, path: String, problem: String)
    /// Writing an output option's path failed: the writer's `OutputError` (`Cause.output`), or
    /// any other error of the layers below.
    case output(option: String, path: String, Cause)
    /// A folder option (`--goldens`) whose path is a file.
    case fileNotFolder(option: String, path: String)
    /// A folder that cannot be listed.
    case unlistableFolder(path: String)

    // MARK: Checks particular to one command (see each enum's cases)
    case check(CheckProblem)
    case diff(DiffProblem)
    case initFolder(InitProblem)
    case paginate(PaginateProblem)
    case port(PortProblem)
    case render(RenderProblem)
    case springInput(SpringProblem)

    /// `layout --after N` beyond the scene's updates.
    case afterBeyondUpdates(after: Int, updates: Int)
    /// Work beyond a documented limit, refused before it starts (`WorkLimits`).
    case limitExceeded(what: String, amount: Int, limit: Int, option: String)
    /// Several errors reported together (each on its own line, each labelled), then `summary`.
    case several([CommandError], summary: String?)
    /// An error of a layer below the commands (a scene, a PNG, a golden, a spring…), as it
    /// describes itself (`Cause.other` keeps the text of an error of an unknown type).
    case underlying(Cause)

    public var exitCode: Int32 { 2 }

    /// The text printed on stderr when `command` fails with this error: each error's
    /// `description` after "flowsim COMMAND: ", added here once for every command (as
    /// swift-argument-parser labels errors where the command runs, not where they are thrown).
    /// A scene error is not labelled: it starts with its file, as a compiler's errors do.
    public func message(command: String?) -> String {
        switch self {
        case .several(let errors, let summary):
            return
                (errors.map { $0.message(command: command) }
                + (summary.map { [FlowSimCommand.labelled($0, command: command)] } ?? [])).joined(separator: "\n")
        case .underlying(.scene(let error)):
            return error.description
        default:
            return FlowSimCommand.labelled(description, command: command)
        }
    }

    /// What went wrong, without the command's label (`message(command:)` adds it).
    public var description: String {
        switch self {
        case .unknownOption(let option, let suggestion, let usage):
            var text = "unknown option '\(option)'."
            if let suggestion { text += " Did you mean '\(suggestion)'?" }
            return text + "\nUsage: \(usage)"
        case .flagTakesNoValue(let option):
            return "option '\(option)' takes no value."
        case .missingValue(let option, let valueName):
            return "option '\(option)' needs a value (\(valueName))."
        case .missingArgument(let argument, let usage):
            return "missing argument \(argument).\nUsage: \(usage)"
        case .unexpectedArgument(let argument, let usage):
            return "unexpected argument '\(argument)'.\nUsage: \(usage)"
        case .invalidValue(let option, let value, let expected):
            return "\(option) expects \(expected.rawValue), got '\(value)'."
        case .invalidListItem(let option, let value, let item, let expected):
            let wording = expected.listWording
            return "\(option) expects \(wording.items), got '\(value)' ('\(item)' \(wording.notOne))."
        case .outOfRange(let option, let value, let range):
            return "\(option) must be in \(range), got \(value)."
        case .invalidChoice(let option, let value, let choices, let suggestion):
            return "\(option) expects \(choices), got '\(value)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .negative(let option):
            return "\(option) must be ≥ 0."
        case .missingOption(let option, let usage):
            return "missing \(option).\nUsage: \(usage)"
        case .requiredOption(let option, let usage):
            return "\(option) is required.\nUsage: \(usage)"
        case .conflictingOptions(let first, let second):
            return "give \(first) or \(second), not both."
        case .frameOutOfRange(let frame, let scene, let count, let fps):
            return
                "frame \(frame) does not exist: the scene \"\(scene)\" has \(count) frames (0…\(count - 1)) at \(formatNumber(fps)) fps."
        case .unreadableFile(let path):
            return "\(path): cannot read file."
        case .noSuchPath(let path):
            return "\(path): no such file or folder."
        case .unusableOutputPath(let option, let path, let problem):
            return "\(option) \(path): \(problem)."
        case .output(let option, let path, let cause):
            return "\(option) \(path): \(cause)"
        case .fileNotFolder(let option, let path):
            return "\(option) \(path) is a file, not a folder."
        case .unlistableFolder(let path):
            return "\(path): cannot list folder."
        case .check(let problem): return problem.description
        case .diff(let problem): return problem.description
        case .initFolder(let problem): return problem.description
        case .paginate(let problem): return problem.description
        case .port(let problem): return problem.description
        case .render(let problem): return problem.description
        case .springInput(let problem): return problem.description
        case .limitExceeded(let what, let amount, let limit, let option):
            // One wording with a scene beyond a limit (`check` reports it as the scene's error).
            return SceneError.Kind.limitExceeded(what: what, amount: amount, limit: limit, option: option).description
        case .afterBeyondUpdates(let after, let updates):
            return "\(LayoutCommand.after.name) \(after), but the scene has only \(updates) updates."
        case .several(let errors, let summary):
            return (errors.map(\.description) + (summary.map { [$0] } ?? [])).joined(separator: "\n")
        case .underlying(let cause):
            return cause.description
        }
    }

    /// The case for an error writing an output option's path: `output` for the writer's errors
    /// and any error of a lower layer, the command's own errors and scene and PNG errors as
    /// `init(_:)` maps them.
    init(option: String, path: String, error: Error) {
        switch error {
        case is CommandError, is SceneError, is PNGDecodingError:
            self = CommandError(error)
        default:
            self = .output(option: option, path: path, Cause(error))
        }
    }

    /// The case for an error thrown by a layer below the commands (a `CommandError` as it is).
    init(_ error: Error) {
        switch error {
        case let error as CommandError: self = error
        default: self = .underlying(Cause(error))
        }
    }
}
