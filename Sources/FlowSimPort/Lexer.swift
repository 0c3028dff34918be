/// A Swift token scanner precise enough to rewrite source text safely: it knows string literals
/// (single-line, multi-line, raw `#"…"#`, with interpolations lexed as code), comments (line,
/// nested block), `#/regex/#` literals, attributes and `#` keywords. Whitespace and comments are
/// not tokens; each token records whether trivia precedes it.
///
/// Positions are UTF-8 byte offsets into the file.
struct Token: Equatable {
    enum Kind: Equatable {
        /// Identifiers and keywords (`func`, `optional`, `$0`); backticked names keep their backticks.
        case identifier
        case number
        /// A piece of a string literal: its opening delimiter through the next `\(` or its closing
        /// delimiter, or from an interpolation's `)` through the next one.
        case stringPart
        /// `@name`
        case attribute
        /// `#name` (`#selector`, `#if`, `#keyPath`)
        case pound
        /// `( ) [ ] { } , : ; .`
        case punctuation
        /// An operator; a `?` or `!` written directly after an expression is always its own
        /// one-character token (postfix: optional chaining or force unwrap).
        case `operator`
        /// `#/…/#`
        case regex
    }

    var kind: Kind
    var start: Int
    var end: Int
    var text: String
    /// Whitespace or a comment comes directly before this token.
    var spaceBefore: Bool
    /// A line break comes between the previous token and this one.
    var newlineBefore = false
    /// True for the one-character postfix `?` and `!`.
    var isPostfix = false

    func `is`(_ punctuation: String) -> Bool {
        (kind == .punctuation || kind == .operator) && text == punctuation
    }
}

/// A position in a file for messages: 1-based line and UTF-8 column, as swiftc reports them.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// Why a file cannot be ported, with where.
public struct PortError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String

    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `File.swift:12:5: error: message`
    public var description: String { "\(file):\(location): error: \(message)" }
}

struct Lexer {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var tokens: [Token] = []
    /// Byte ranges of comments, in order.
    var comments: [Range<Int>] = []
    private var sawTrivia = false
    private var sawNewline = false

    init(_ text: String, file: String) {
        bytes = Array(text.utf8)
        self.file = file
    }

    private func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

    func error(_ offset: Int, _ message: String) -> PortError {
        PortError(file: file, location: LineTable(bytes).location(offset), message: message)
    }

    static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }
    static func isIdentifierBody(_ b: UInt8) -> Bool { isIdentifierStart(b) || (b >= 0x30 && b <= 0x39) }
    static func isOperatorChar(_ b: UInt8) -> Bool { "/=-+!*%<>&|^~?".utf8.contains(b) }

    private mutating func append(_ kind: Token.Kind, _ start: Int, postfix: Bool = false) {
        tokens.append(
            Token(
                kind: kind, start: start, end: index, text: text(start, index), spaceBefore: sawTrivia,
                newlineBefore: sawNewline, isPostfix: postfix))
        sawTrivia = false
        sawNewline = false
    }

    /// The last token ends an expression (so a following `?`/`!` without space is postfix).
    private var previousEndsExpression: Bool {
        guard let last = tokens.last, !sawTrivia else { return false }
        switch last.kind {
        case .identifier, .number, .stringPart, .regex: return true
        case .punctuation: return last.text == ")" || last.text == "]" || last.text == "}"
        case .operator: return last.isPostfix || last.text == ">"
        default: return false
        }
    }

    mutating func tokenize() throws -> [Token] {
        try lexCode(untilInterpolationEnd: false)
        return tokens
    }

    /// Lexes code; inside an interpolation, stops after the `)` that closes it.
    private mutating func lexCode(untilInterpolationEnd: Bool) throws {
        var depth = 0
        while let b = byte(index) {
            let start = index
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                if b == 0x0A { sawNewline = true }
                index += 1
                sawTrivia = true
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                while let c = byte(index), c != 0x0A { index += 1 }
                comments.append(start..<index)
                sawTrivia = true
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                index += 2
                var nesting = 1
                while nesting > 0 {
                    guard let c = byte(index) else { throw error(start, "unterminated block comment") }
                    if c == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                        nesting += 1
                        index += 2
                    } else if c == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                        nesting -= 1
                        index += 2
                    } else {
                        if c == 0x0A { sawNewline = true }
                        index += 1
                    }
                }
                comments.append(start..<index)
                sawTrivia = true
            case UInt8(ascii: "\""):
                try lexString(hashes: 0, start: start)
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(index + hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    try lexString(hashes: hashes, start: start)
                } else if byte(index + hashes) == UInt8(ascii: "/") {
                    try lexRegex(hashes: hashes, start: start)
                } else if hashes == 1, let c = byte(index + 1), Lexer.isIdentifierStart(c) {
                    index += 1
                    while let c = byte(index), Lexer.isIdentifierBody(c) { index += 1 }
                    append(.pound, start)
                } else {
                    index += 1
                    append(.punctuation, start)
                }
            case UInt8(ascii: "@"):
                index += 1
                while let c = byte(index), Lexer.isIdentifierBody(c) { index += 1 }
                append(index - start > 1 ? .attribute : .punctuation, start)
            case UInt8(ascii: "`"):
                index += 1
                while let c = byte(index), c != UInt8(ascii: "`"), c != 0x0A { index += 1 }
                guard byte(index) == UInt8(ascii: "`") else { throw error(start, "unterminated `identifier`") }
                index += 1
                append(.identifier, start)
            case UInt8(ascii: "$"):
                index += 1
                while let c = byte(index), Lexer.isIdentifierBody(c) { index += 1 }
                append(.identifier, start)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let hex = byte(index + 1) == UInt8(ascii: "x")
                while let c = byte(index) {
                    if Lexer.isIdentifierBody(c) {
                        index += 1
                    } else if c == UInt8(ascii: "."), let n = byte(index + 1), n >= 0x30 && n <= 0x39 {
                        index += 1
                    } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-"),
                        (hex ? "pP" : "eE").utf8.contains(bytes[index - 1])
                    {
                        index += 1
                    } else {
                        break
                    }
                }
                append(.number, start)
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                index += 1
                append(.punctuation, start)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if untilInterpolationEnd && depth == 0 && b == UInt8(ascii: ")") { return }
                depth -= 1
                index += 1
                append(.punctuation, start)
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"):
                index += 1
                append(.punctuation, start)
            case UInt8(ascii: "."):
                if byte(index + 1) == UInt8(ascii: ".") {
                    while let c = byte(index), c == UInt8(ascii: ".") || Lexer.isOperatorChar(c) { index += 1 }
                    append(.operator, start)
                } else {
                    index += 1
                    append(.punctuation, start)
                }
            default:
                if Lexer.isIdentifierStart(b) {
                    while let c = byte(index), Lexer.isIdentifierBody(c) { index += 1 }
                    append(.identifier, start)
                } else if Lexer.isOperatorChar(b) {
                    if (b == UInt8(ascii: "?") || b == UInt8(ascii: "!")) && previousEndsExpression {
                        index += 1
                        append(.operator, start, postfix: true)
                        continue
                    }
                    while let c = byte(index), Lexer.isOperatorChar(c) {
                        // `//` and `/*` start comments even directly after an operator.
                        if c == UInt8(ascii: "/"), let n = byte(index + 1),
                            n == UInt8(ascii: "/") || n == UInt8(ascii: "*"),
                            index > start
                        {
                            break
                        }
                        index += 1
                    }
                    append(.operator, start)
                } else {
                    index += 1
                    append(.punctuation, start)
                }
            }
        }
        if untilInterpolationEnd { throw error(index, "unterminated string interpolation") }
    }

    /// A string literal starting at `start` (its `#`s already consumed, `index` at the first quote).
    private mutating func lexString(hashes: Int, start: Int) throws {
        let multiline =
            byte(index) == UInt8(ascii: "\"") && byte(index + 1) == UInt8(ascii: "\"")
            && byte(index + 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        var partStart = start
        while true {
            guard let c = byte(index) else { throw error(start, "unterminated string literal") }
            if c == 0x0A && !multiline { throw error(start, "unterminated string literal") }
            if c == UInt8(ascii: "\\") {
                var n = 0
                while n < hashes && byte(index + 1 + n) == UInt8(ascii: "#") { n += 1 }
                if n == hashes {
                    let after = index + 1 + hashes
                    if byte(after) == UInt8(ascii: "(") {
                        index = after + 1
                        append(.stringPart, partStart)
                        try lexCode(untilInterpolationEnd: true)
                        partStart = index  // at the closing `)`
                        index += 1
                        continue
                    }
                    index = after + 1  // skip the escaped character
                    continue
                }
                index += 1
                continue
            }
            if c == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                var closes = true
                for k in 0..<quotes where byte(index + k) != UInt8(ascii: "\"") { closes = false }
                for k in 0..<hashes where byte(index + quotes + k) != UInt8(ascii: "#") { closes = false }
                if closes {
                    index += quotes + hashes
                    append(.stringPart, partStart)
                    return
                }
            }
            index += 1
        }
    }

    private mutating func lexRegex(hashes: Int, start: Int) throws {
        index += hashes + 1
        while true {
            guard let c = byte(index) else { throw error(start, "unterminated regex literal") }
            if c == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if c == UInt8(ascii: "/") {
                var closes = true
                for k in 0..<hashes where byte(index + 1 + k) != UInt8(ascii: "#") { closes = false }
                if closes {
                    index += 1 + hashes
                    append(.regex, start)
                    return
                }
            }
            index += 1
        }
    }
}

/// Offsets of line starts, for positions in messages.
struct LineTable {
    let starts: [Int]
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        self.starts = starts
    }

    func location(_ offset: Int) -> SourceLocation {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - starts[low] + 1)
    }
}
