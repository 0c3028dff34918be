import FlowSim
import FlowSimScene
import FlowSimSupport
import Foundation

/// Arguments parsed against a `CommandSpec`. Options are read through their typed declarations
/// (`value(_:)`, `given(_:)`, `isSet(_:)`, `values(_:)`), which parse and validate the value
/// when it is read: a bad value is an exit-2 error naming the option, in the order the command
/// reads its options.
public struct ParsedArguments {
    public let spec: CommandSpec
    public private(set) var positionals: [String] = []
    /// The raw values given for each declared option, by name, in order.
    private var values: [String: [String]] = [:]

    /// Parses `arguments` (without the command name). `--name=value` and `--name value` both work;
    /// `--` ends options.
    public init(_ arguments: [String], spec: CommandSpec) throws {
        self.spec = spec
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "-h" {
                values[CommandSpec.help.name, default: []].append("")
                continue
            }
            if argument == "--" && !optionsEnded {
                optionsEnded = true
                continue
            }
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw CommandError.unknownOption(
                    option: name, suggestion: nearestName(to: name, in: spec.options.map(\.name)),
                    usage: spec.usageLine)
            }
            if let valueName = option.valueName {
                if let value = inlineValue {
                    values[name, default: []].append(value)
                } else {
                    guard index < arguments.count else {
                        throw CommandError.missingValue(option: name, valueName: valueName)
                    }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                if inlineValue != nil { throw CommandError.flagTakesNoValue(option: name) }
                values[name, default: []].append("")
            }
        }
        if wantsHelp { return }
        let required = spec.positionals.filter { !$0.isOptional }.count
        let repeated = spec.positionals.contains { $0.isRepeated }
        if positionals.count < required {
            throw CommandError.missingArgument(
                argument: spec.positionals[positionals.count].name, usage: spec.usageLine)
        }
        if !repeated && positionals.count > spec.positionals.count {
            throw CommandError.unexpectedArgument(
                argument: positionals[spec.positionals.count], usage: spec.usageLine)
        }
        for option in spec.options
        where option.isRequired && values[option.name] == nil && !option.waivedBy.contains(where: { values[$0] != nil })
        {
            throw CommandError.requiredOption(
                option: option.synopsis,
                usage: spec.usageLine)
        }
        for conflict in spec.conflicts where values[conflict.first] != nil && values[conflict.second] != nil {
            throw CommandError.conflictingOptions(first: conflict.first, second: conflict.second)
        }
    }

    public var wantsHelp: Bool { isSet(CommandSpec.help) }

    /// Whether a declared option, of any type, was given.
    public func isGiven(_ option: any OptionDeclaration) -> Bool { values[option.spec.name] != nil }

    /// Whether a flag (or any option) was given.
    public func isSet<Value>(_ option: Option<Value>) -> Bool { values[option.name] != nil }

    /// The last value given, parsed and validated; nil when the option is not given.
    public func given<Value>(_ option: Option<Value>) throws -> Value? {
        guard let text = values[option.name]?.last else { return nil }
        return try option.parse(text)
    }

    /// The value given, else the declared default.
    public func value<Value>(_ option: DefaultedOption<Value>) throws -> Value {
        try given(option.option) ?? option.defaultValue
    }

    /// Whether an option with a default was given.
    public func isSet<Value>(_ option: DefaultedOption<Value>) -> Bool { isSet(option.option) }

    /// Every value given for a repeatable option, in order, each parsed.
    public func values<Value>(_ option: Option<Value>) throws -> [Value] {
        try (values[option.name] ?? []).map { try option.parse($0) }
    }

    public func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }
}
