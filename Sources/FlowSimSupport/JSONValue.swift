import Foundation

/// A parsed JSON (or property-list) document that keeps object key order and, for JSON, where
/// each value starts, so scene errors can point at a line and column.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A short rendering of the value for error messages.
    public var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let value): return formatNumber(value)
        case .string(let value): return SafeText.quoted(value)
        case .array(let items): return "an array of \(items.count)"
        case .object: return "an object"
        }
    }
}

/// Formats a number as JSON writers do: integers without a fraction.
/// The shortest decimal that reads back as `value`, as Swift's `description` lays it out
/// (`ShortestDecimal`).
package func formatNumber(_ value: Double) -> String {
    var bytes: [UInt8] = []
    ShortestDecimal.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// A strict RFC 8259 parser that reports the line and column of the first error.
public struct JSONParser {
    public struct Failure: Error, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// The document's bytes, read in place (a scene of 80 MB is not copied to be parsed).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Guards against stack exhaustion on hostile input.
    private var depth = 0
    private static let maximumDepth = 512

    public static func parse(_ text: String) throws -> JSONValue {
        try Array(text.utf8).withUnsafeBufferPointer { bytes in
            var parser = JSONParser(bytes: bytes)
            return try parser.parseDocument()
        }
    }

    public static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return try parser.parseDocument()
        }
    }

    /// At an array's `[` (the document's bytes and the index of the `[`): a value to stand for
    /// the whole array and the index just after its `]`, or nil to parse it as usual.
    package typealias ArrayShortcut = (UnsafeBufferPointer<UInt8>, Int) -> (value: JSONValue, end: Int)?

    /// Like `parse`, but an array of `runThreshold` or more empty objects (`[{}, {}, …]`, a
    /// scene's uniform items) comes back as `{runKey: count}`, so a million of them cost nothing,
    /// and any other array is first offered to `arrayShortcut` (the scene decoder's items
    /// decoded straight from the bytes).
    /// `runKey` should be a key no document has (the scene decoder makes a fresh one per parse).
    package static func parse(
        _ data: Data, emptyObjectRunKey runKey: String, runThreshold: Int = 64, arrayShortcut: ArrayShortcut? = nil
    ) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.runKey = runKey
            parser.runThreshold = runThreshold
            parser.arrayShortcut = arrayShortcut
            return try parser.parseDocument()
        }
    }

    private var runKey: String?
    private var runThreshold = 0
    private var arrayShortcut: ArrayShortcut?

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// At an array's `[`: the number of `{}` items when the array is only those (nil otherwise,
    /// the index left where it was).
    private mutating func emptyObjectRun() -> Int? {
        let start = index
        var count = 0
        index += 1
        skipWhitespace()
        while index < bytes.count && bytes[index] == UInt8(ascii: "{") {
            index += 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else { break }
            index += 1
            count += 1
            skipWhitespace()
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return count
            }
            guard bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
            skipWhitespace()
        }
        index = start
        return nil
    }

    private mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        // A UTF-16 or UTF-32 byte-order mark: say what the file is rather than "unexpected byte 0xFF".
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0, 0, 0xFE, 0xFF])
        {
            throw failure("the file is UTF-16 or UTF-32 (it starts with a byte-order mark): save it as UTF-8")
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    private func failure(_ message: String) -> Failure {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Failure(line: line, column: column, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
            index += 1
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { try $0.parseObject() }
        case UInt8(ascii: "["): return try nested { try $0.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws -> JSONValue) throws -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        return try body(&self)
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("unexpected \(describeCurrent()), expected a value")
        }
        index += expected.count
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        guard index < bytes.count, digits() > 0 else { throw failure("invalid number: expected a digit") }
        if bytes[start] == UInt8(ascii: "0")
            || (bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "0"))
        {
            let integerLength = index - start - (bytes[start] == UInt8(ascii: "-") ? 1 : 0)
            if integerLength > 1 {
                index = start
                throw failure("invalid number: leading zeros are not allowed")
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("invalid number: expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw failure("invalid number: expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number '\(text)'") }
        return .number(value)
    }

    private mutating func parseString() throws -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ end: Int) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in a string (escape it)") }
            if byte >= 0x80 {
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
                    throw failure(
                        "invalid UTF-8 (\(describeCurrent())) in a string: save the file as UTF-8")
                }
                index += length
                continue
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flushRun(index)
            index += 1
            guard index < bytes.count else { throw failure("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else {
                        throw failure("unpaired surrogate in a \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = UnicodeScalar(code) else { throw failure("invalid \\u escape") }
                scalars.append(scalar)
            default:
                index -= 1
                throw failure("invalid escape '\\\(Character(UnicodeScalar(escape)))' in a string")
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard bytes.count - index >= 4,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("invalid \\u escape: expected 4 hex digits") }
        index += 4
        return value
    }

    private mutating func parseArray() throws -> JSONValue {
        if let runKey, let count = emptyObjectRun() {
            if count >= runThreshold { return .object([(runKey, .number(Double(count)))]) }
            return .array([JSONValue](repeating: .object([]), count: count))
        }
        if let arrayShortcut, let (value, end) = arrayShortcut(bytes, index) {
            index = end
            return value
        }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an array, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw failure("unexpected \(describeCurrent()) in an array, expected ',' or ']'")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeCurrent()) in an object, expected a key in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeCurrent()) after the key \(SafeText.quoted(key)), expected ':'")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else {
                throw failure("unexpected end of input in an object, expected ',' or '}'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw failure("unexpected \(describeCurrent()) in an object, expected ',' or '}'")
        }
    }
}
