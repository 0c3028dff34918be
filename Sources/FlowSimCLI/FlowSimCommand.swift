import FlowSim
import FlowSimOutput
import FlowSimScene
import FlowSimSupport
import Foundation

/// The `flowsim` command line. The executable is `FlowSimCommand.main()`; a team's own
/// executable passes factories for its layouts, and for the delegates of layouts that ask a
/// protocol of their own:
///
///     FlowSimCommand.main(
///         layouts: ["aligned": { AlignedLayout(horizontalAlignment: .left) }, "waterfall": { WaterfallLayout() }],
///         delegates: ["waterfall": { context in WaterfallSceneDelegate(context) }])
public enum FlowSimCommand {
    public static let version = FlowSimVersion.string

    /// Every subcommand, in the order `flowsim --help` lists them.
    public static var subcommands: [any Subcommand.Type] {
        [
            RenderCommand.self, LayoutCommand.self, FramesCommand.self, SpringCommand.self, PaginateCommand.self,
            DiffCommand.self, CheckCommand.self, InitCommand.self, PortCommand.self, PreviewCommand.self,
            SchemaCommand.self, DevicesCommand.self,
            CompletionsCommand.self,
        ]
    }

    public static func main(
        layouts: [String: () -> CollectionViewLayout] = [:],
        delegates: [String: (SceneLayoutContext) -> AnyObject] = [:]
    ) -> Never {
        main(registry: LayoutRegistry(layouts: layouts, delegates: delegates))
    }

    /// `main` with a registry built beforehand.
    public static func main(registry: LayoutRegistry) -> Never {
        let context = CommandContext.process(layouts: registry)
        let status = run(Array(CommandLine.arguments.dropFirst()), context: context)
        AtomicOutput.waitIfEndingBySignal()
        // What the command kept (`keepUntilExit`) goes with the process, not freed first.
        withExtendedLifetime(context) { exit(status) }
    }

    /// Runs one invocation and returns its exit status; never traps on input.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        guard let first = arguments.first else {
            context.printError(overview)
            return 2
        }
        switch first {
        case "--help", "-h":
            context.print(overview)
            return 0
        case "--version":
            context.print("flowsim \(version)")
            return 0
        case SceneIsolation.probeCommand:
            // A worker process of `check` (not listed: it is started by flowsim itself).
            return SceneIsolation.runProbe(Array(arguments.dropFirst()), context: context)
        case "help":
            guard arguments.count > 1 else {
                context.print(overview)
                return 0
            }
            guard let command = subcommand(named: arguments[1]) else {
                context.printError(safeMessage(unknownCommandMessage(arguments[1])))
                return 2
            }
            context.print(command.spec.helpText)
            return 0
        default:
            break
        }
        guard let command = subcommand(named: first) else {
            context.printError(safeMessage(unknownCommandMessage(first)))
            return 2
        }
        // The boundary: the command's lines on stderr, and its error, are labelled here.
        let outer = context.commandName
        context.commandName = command.spec.name
        defer { context.commandName = outer }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.print(command.spec.helpText)
                return 0
            }
            return try command.run(parsed, context: context)
        } catch {
            AtomicOutput.waitIfEndingBySignal()
            let error = CommandError(error)
            context.printError(error)
            return error.exitCode
        }
    }

    /// "flowsim COMMAND: text", the label of every line a command prints about itself (errors,
    /// warnings, notes, progress): the one place it is written.
    static func labelled(_ text: String, command: String?) -> String {
        "flowsim\(command.map { " \($0)" } ?? ""): \(text)"
    }

    /// An error message as printed: control characters and ANSI escapes escaped (scene text
    /// is escaped where it is quoted, newlines included: `SafeText.excerpt`), each line cut at
    /// 2,000 characters, so no input can flood or drive the terminal.
    static func safeMessage(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            SafeText.excerpt(String($0), limit: 2_000, keepingTabs: true)
        }.joined(separator: "\n")
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.spec.name == name }
    }

    static func unknownCommandMessage(_ name: String) -> String {
        var message = labelled("unknown command '\(name)'.", command: nil)
        if let nearest = nearestName(to: name, in: subcommands.map { $0.spec.name }) {
            message += " Did you mean '\(nearest)'?"
        }
        return message + " Run 'flowsim --help' for the list of commands."
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: FlowSim computes UICollectionViewFlowLayout frames and batch-update animations,",
            "renders them to PNG through Cairo and compares them with goldens.",
            "",
            "USAGE: flowsim COMMAND [ARGUMENTS] [OPTIONS]",
            "",
            "COMMANDS:",
        ]
        for command in subcommands {
            let name = command.spec.name
            lines.append("  " + name + String(repeating: " ", count: max(2, 12 - name.count)) + command.spec.abstract)
        }
        lines += [
            "", "  help COMMAND  Show a command's help.", "",
            "Run 'flowsim help COMMAND' for a command's options. Exit status: 0 success, 1 differences",
            "or failed checks, 2 usage or input errors.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
