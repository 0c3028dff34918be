import FlowSim
import FlowSimScene
import FlowSimSupport
import Foundation

/// What every declared option gives a command's spec: its name and help, and how to check a
/// value without keeping it (so a bad value is an error naming the option before any work).
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
    /// Parses and validates every value given for this option in `arguments` (what a command
    /// reading it would check), discarding them.
    func validate(in arguments: ParsedArguments) throws
}

/// One typed option, declared once: its name, value type, parser (with validation and range),
/// default and help. A command lists its options in its `CommandSpec` and reads them with
/// `ParsedArguments.given(_:)`, `values(_:)` or `isSet(_:)` (`value(_:)` for a `DefaultedOption`); the declaration is the parser, the
/// validator and the help line.
///
///     static let epsilon = Option.number(
///         "--epsilon", value: "E", help: "Settling threshold, fraction of the distance."
///     ).defaulting(to: 0.001)
public struct Option<Value>: OptionDeclaration, @unchecked Sendable {
    public private(set) var spec: OptionSpec
    /// Parses and validates one value; throws a `CommandError` naming the option (the command
    /// is named where it runs, `FlowSimCommand.run`).
    let parse: (_ text: String) throws -> Value

    /// An option whose values `parse` reads; it is given the option's `name` for its errors.
    /// `shownDefault` is the default as help shows it, for options whose default is decided
    /// elsewhere (a scene's settings).
    public init(
        _ name: String, value valueName: String, shownDefault: String? = nil, help: String,
        parse: @escaping (_ text: String, _ name: String) throws -> Value
    ) {
        self.spec = OptionSpec(name, value: valueName, default: shownDefault, help: help)
        self.parse = { try parse($0, name) }
    }

    fileprivate init(flag name: String, help: String) where Value == Bool {
        self.spec = OptionSpec(name, help: help)
        self.parse = { _ in true }
    }

    public var name: String { spec.name }

    public func validate(in arguments: ParsedArguments) throws { _ = try arguments.values(self) }

    /// This option with `text` shown as its default in help, for a default decided elsewhere
    /// (a scene's settings); read it with `given(_:)`.
    public func shown(_ text: String) -> Option<Value> {
        var option = self
        option.spec.defaultValue = text
        return option
    }

    /// This option, which the command cannot run without: usage shows it without brackets and
    /// parsing fails without it ("--goldens DIR is required").
    public func required(unless waivers: [String] = []) -> Option<Value> {
        var option = self
        option.spec.isRequired = true
        option.spec.waivedBy = waivers
        return option
    }

    /// This option with its accepted values listed, for completions and "did you mean".
    public func choices(_ names: [String]) -> Option<Value> {
        var option = self
        option.spec.choices = names
        return option
    }

    /// This option with what a shell completes for its value.
    public func completing(_ completion: ValueCompletion) -> Option<Value> {
        var option = self
        option.spec.completion = completion
        return option
    }

    /// This option with a default: read with `ParsedArguments.value(_:)`, never nil. Help shows
    /// `shown`, else the value.
    public func defaulting(to value: Value, shown: String? = nil) -> DefaultedOption<Value> {
        var option = self
        option.spec.defaultValue = shown ?? Option.show(value)
        return DefaultedOption(option: option, defaultValue: value)
    }

    private static func show(_ value: Value) -> String {
        if let number = value as? Double { return formatNumber(number) }
        return "\(value)"
    }
}

/// An option with a default value (`Option.defaulting(to:)`).
public struct DefaultedOption<Value>: OptionDeclaration, @unchecked Sendable {
    public let option: Option<Value>
    public let defaultValue: Value
    public var spec: OptionSpec { option.spec }
    public var name: String { option.name }

    public func validate(in arguments: ParsedArguments) throws { try option.validate(in: arguments) }
}

extension Option where Value == Bool {
    /// A bare `--flag`: true when given.
    public static func flag(_ name: String, help: String) -> Option<Bool> { Option(flag: name, help: help) }
}

extension Option where Value == String {
    /// Any text.
    public static func text(_ name: String, value valueName: String, help: String) -> Option<String> {
        Option(name, value: valueName, help: help) { text, _ in text }
    }
}

extension Option where Value == Double {
    /// A finite number, within `range` when given.
    public static func number(
        _ name: String, value valueName: String, range: ClosedRange<Double>? = nil, help: String
    ) -> Option<Double> {
        Option(name, value: valueName, help: help) { text, _ in
            guard let value = Double(text), value.isFinite else {
                throw CommandError.invalidValue(option: name, value: text, expected: .number)
            }
            if let range, !range.contains(value) {
                throw CommandError.outOfRange(
                    option: name, value: text,
                    range: "\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))")
            }
            return value
        }
    }
}

extension Option where Value == Int {
    /// A whole number, within `range` when given.
    public static func wholeNumber(
        _ name: String, value valueName: String, range: ClosedRange<Int>? = nil, help: String
    ) -> Option<Int> {
        Option(name, value: valueName, help: help) { text, _ in
            guard let value = Int(text) else {
                throw CommandError.invalidValue(option: name, value: text, expected: .wholeNumber)
            }
            if let range, !range.contains(value) {
                throw CommandError.outOfRange(
                    option: name, value: text, range: "\(range.lowerBound)…\(range.upperBound)")
            }
            return value
        }
    }
}

extension Option {
    /// One of a fixed set of values: `read` gives the value of a text, nil for any other text,
    /// which is an error quoting `expected` ("'content' or 'visible'") and suggesting the
    /// nearest of `choices` (which completions also offer).
    public static func choice(
        _ name: String, value valueName: String, expected: String, choices: [String] = [], help: String,
        read: @escaping (String) -> Value?
    ) -> Option<Value> {
        Option(name, value: valueName, help: help) { text, _ in
            guard let value = read(text) else {
                throw CommandError.invalidChoice(
                    option: name, value: text, choices: expected,
                    suggestion: nearestName(to: text, in: choices))
            }
            return value
        }.choices(choices)
    }
}

extension Option where Value == [Double] {
    /// Comma-separated finite numbers (`--times 0.1,0.5`); with `nonNegative` none below 0.
    public static func numbers(
        _ name: String, value valueName: String, nonNegative: Bool = false, help: String
    ) -> Option<[Double]> {
        Option(name, value: valueName, help: help) { text, _ in
            let values = try listItems(text).map { item in
                guard let value = Double(item), value.isFinite else {
                    throw CommandError.invalidListItem(
                        option: name, value: text, item: item, expected: .number)
                }
                return value
            }
            if nonNegative, values.contains(where: { $0 < 0 }) {
                throw CommandError.negative(option: name)
            }
            return values
        }
    }
}

extension Option where Value == [Int] {
    /// Comma-separated whole numbers (`--frames 0,30`).
    public static func wholeNumbers(_ name: String, value valueName: String, help: String) -> Option<[Int]> {
        Option(name, value: valueName, help: help) { text, _ in
            try listItems(text).map { item in
                guard let value = Int(item) else {
                    throw CommandError.invalidListItem(
                        option: name, value: text, item: item, expected: .wholeNumber)
                }
                return value
            }
        }
    }
}

/// The items of a comma-separated list, trimmed; empty items are kept (and rejected).
private func listItems(_ text: String) -> [String] {
    text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
    }
}

/// Two options that cannot be given together: "give A or B, not both."
public struct OptionConflict: Sendable {
    public var first: String
    public var second: String

    public init(_ first: some OptionDeclaration, _ second: some OptionDeclaration) {
        self.first = first.spec.name
        self.second = second.spec.name
    }
}
