import Foundation

/// One option of a command: `--name VALUE` or a bare `--flag`.
public struct OptionSpec: Sendable {
    public var name: String
    /// Placeholder shown in usage (`N`, `DIR`); nil for a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// The default shown in help, if any.
    public internal(set) var defaultValue: String?
    /// Whether the command cannot run without it (usage shows it without brackets).
    public internal(set) var isRequired = false
    /// Options that make a required option unnecessary (`check --merge-reports` needs no goldens).
    public internal(set) var waivedBy: [String] = []
    /// The values it accepts, when they are a fixed list (completions, "did you mean").
    public internal(set) var choices: [String] = []
    /// What a shell completes for its value.
    public internal(set) var completion: ValueCompletion = .none

    init(_ name: String, value valueName: String? = nil, default defaultValue: String? = nil, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
    }

    public var isFlag: Bool { valueName == nil }

    /// "--goldens DIR": the name and its value's placeholder, as usage lines and errors show it.
    public var synopsis: String { name + (valueName.map { " \($0)" } ?? "") }
}

/// What a shell offers when completing a value: nothing in particular, files (with one of
/// `extensions`, any file when empty) or folders.
public enum ValueCompletion: Sendable, Equatable {
    case none
    case file(extensions: [String])
    case folder
}

/// A positional argument.
public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Accepts any number of values (`SCENE ...`).
    public var isRepeated: Bool
    /// What a shell completes for it.
    public var completion: ValueCompletion

    public init(
        _ name: String, optional: Bool = false, repeated: Bool = false,
        completion: ValueCompletion = .file(extensions: []),
        help: String
    ) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeated = repeated
        self.completion = completion
    }
}

/// The single definition of a command from which parsing, validation and help text all come
/// (the idea of swift-argument-parser's declarative commands, without the dependency).
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String
    public var positionals: [PositionalSpec]
    public var options: [OptionSpec]
    /// Pairs of options that cannot be given together, checked when the arguments are parsed.
    public var conflicts: [OptionConflict]
    /// The typed declarations of `options` (`--help` included).
    public var declarations: [any OptionDeclaration]

    /// `options` are the command's typed declarations, in the order help lists them.
    public init(
        name: String, abstract: String, discussion: String = "",
        positionals: [PositionalSpec] = [], options: [any OptionDeclaration] = [], conflicts: [OptionConflict] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.declarations = options + [CommandSpec.help]
        self.options = declarations.map(\.spec)
        self.conflicts = conflicts
    }

    /// `--help` (also `-h`), which every command has.
    public static let help = Option.flag("--help", help: "Show this help (also -h).")

    /// `flowsim NAME [SCENE] [--fps N] ...`
    public var usageLine: String {
        var parts = ["flowsim", name]
        for positional in positionals {
            var text = positional.name
            if positional.isRepeated { text += " ..." }
            parts.append(positional.isOptional ? "[\(text)]" : text)
        }
        for option in options where option.name != "--help" {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        return parts.joined(separator: " ")
    }

    /// The full help text of `flowsim help NAME`.
    public var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usageLine)"]
        if !discussion.isEmpty { lines += ["", discussion] }
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in positionals {
                lines.append("  " + pad(positional.name, 24) + positional.help)
            }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            let left = option.synopsis
            var help = option.help
            if let value = option.defaultValue { help += " (default: \(value))" }
            if option.isRequired { help += " (required)" }
            lines.append("  " + pad(left, 24) + help)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }
}
