import FlowSim
import FlowSimScene
import Foundation

/// Arguments parsed against a `CommandSpec`, with typed accessors that produce exit-2 errors
/// naming the option and the bad value.
public struct ParsedArguments {
    public let spec: CommandSpec
    public private(set) var positionals: [String] = []
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
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                if argument == "--" && !optionsEnded {
                    optionsEnded = true
                    continue
                }
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
                let known = spec.options.map(\.name)
                var message = "flowsim \(spec.name): unknown option '\(name)'."
                if let nearest = nearestName(to: name, in: known) { message += " Did you mean '\(nearest)'?" }
                message += "\nUsage: \(spec.usageLine)"
                throw CommandError.usage(message)
            }
            if option.isFlag {
                if inlineValue != nil {
                    throw CommandError.usage("flowsim \(spec.name): option '\(name)' takes no value.")
                }
                values[name, default: []].append("")
            } else if let value = inlineValue {
                values[name, default: []].append(value)
            } else {
                guard index < arguments.count else {
                    throw CommandError.usage(
                        "flowsim \(spec.name): option '\(name)' needs a value (\(option.valueName!)).")
                }
                values[name, default: []].append(arguments[index])
                index += 1
            }
        }
        if values["--help"] != nil { return }
        let required = spec.positionals.filter { !$0.isOptional }.count
        let repeated = spec.positionals.contains { $0.isRepeated }
        if positionals.count < required {
            let missing = spec.positionals[positionals.count].name
            throw CommandError.usage(
                "flowsim \(spec.name): missing argument \(missing).\nUsage: \(spec.usageLine)")
        }
        if !repeated && positionals.count > spec.positionals.count {
            throw CommandError.usage(
                "flowsim \(spec.name): unexpected argument '\(positionals[spec.positionals.count])'.\nUsage: \(spec.usageLine)"
            )
        }
    }

    public var wantsHelp: Bool { values["--help"] != nil }

    public func flag(_ name: String) -> Bool {
        precondition(spec.options.contains { $0.name == name }, "undeclared option \(name)")
        return values[name] != nil
    }

    /// The last value given for `name`, if any.
    public func string(_ name: String) -> String? {
        precondition(spec.options.contains { $0.name == name }, "undeclared option \(name)")
        return values[name]?.last
    }

    /// Every value given for a repeatable option, in order.
    public func strings(_ name: String) -> [String] { values[name] ?? [] }

    public func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// A finite number, optionally bounded; errors name the option and the value.
    public func double(_ name: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw CommandError.usage("flowsim \(spec.name): \(name) expects a finite number, got '\(text)'.")
        }
        if let range, !range.contains(value) {
            throw CommandError.usage(
                "flowsim \(spec.name): \(name) must be in \(format(range.lowerBound))…\(format(range.upperBound)), got \(text)."
            )
        }
        return value
    }

    public func int(_ name: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else {
            throw CommandError.usage("flowsim \(spec.name): \(name) expects a whole number, got '\(text)'.")
        }
        if let range, !range.contains(value) {
            throw CommandError.usage(
                "flowsim \(spec.name): \(name) must be in \(range.lowerBound)…\(range.upperBound), got \(text).")
        }
        return value
    }

    /// A comma-separated list of numbers (`--times 0.1,0.5`).
    public func doubles(_ name: String) throws -> [Double]? {
        guard let text = string(name) else { return nil }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed), value.isFinite else {
                throw CommandError.usage(
                    "flowsim \(spec.name): \(name) expects comma-separated numbers, got '\(text)' ('\(trimmed)' is not a number)."
                )
            }
            return value
        }
    }

    public func ints(_ name: String) throws -> [Int]? {
        guard let text = string(name) else { return nil }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let value = Int(trimmed) else {
                throw CommandError.usage(
                    "flowsim \(spec.name): \(name) expects comma-separated whole numbers, got '\(text)' ('\(trimmed)' is not one)."
                )
            }
            return value
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
