/// One file being ported: its tokens, bracket pairs, declarations and the edits made to it.
final class SourceFile {
    let path: String
    let bytes: [UInt8]
    let tokens: [Token]
    let comments: [Range<Int>]
    let lines: LineTable
    /// For each `(`, `[`, `{` token the index of its closer, and the reverse.
    private(set) var match: [Int]
    var edits: [Edit] = []
    var report: [PortEdit] = []
    var errors: [PortError] = []

    init(path: String, text: String) throws {
        self.path = path
        var lexer = Lexer(text, file: path)
        tokens = try lexer.tokenize()
        comments = lexer.comments
        bytes = lexer.bytes
        lines = LineTable(bytes)
        match = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (i, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": stack.append(i)
            case ")", "]", "}":
                guard let open = stack.popLast(), Self.closer(tokens[open].text) == token.text else {
                    throw PortError(
                        file: path, location: lines.location(token.start), message: "unbalanced '\(token.text)'")
                }
                match[open] = i
                match[i] = open
            default: break
            }
        }
        if let open = stack.last {
            throw PortError(
                file: path, location: lines.location(tokens[open].start),
                message: "'\(tokens[open].text)' is never closed")
        }
    }

    static func closer(_ open: String) -> String { open == "(" ? ")" : open == "[" ? "]" : "}" }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    func location(_ offset: Int) -> SourceLocation { lines.location(offset) }

    func fail(_ offset: Int, _ message: String) {
        errors.append(PortError(file: path, location: location(offset), message: message))
    }

    func note(_ offset: Int, _ summary: String) {
        report.append(PortEdit(file: path, location: location(offset), summary: summary))
    }

    func token(_ i: Int) -> Token? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    func isPunct(_ i: Int, _ text: String) -> Bool {
        guard let t = token(i) else { return false }
        return t.kind == .punctuation && t.text == text
    }

    func isIdent(_ i: Int, _ text: String? = nil) -> Bool {
        guard let t = token(i), t.kind == .identifier else { return false }
        return text == nil || t.text == text
    }

    // MARK: Edits

    func replace(_ range: Range<Int>, with text: String) {
        edits.append(Edit(range: range, text: text, order: edits.count))
    }

    func insert(_ text: String, at offset: Int) { replace(offset..<offset, with: text) }

    /// Removes `range` and the spaces after it; when that leaves its line blank, the whole line.
    func remove(_ range: Range<Int>) {
        var end = range.upperBound
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        var lineStart = range.lowerBound
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        if (lineStart == 0 || bytes[lineStart - 1] == 0x0A) && (end == bytes.count || bytes[end] == 0x0A) {
            replace(lineStart..<min(end + 1, bytes.count), with: "")
        } else {
            replace(range.lowerBound..<end, with: "")
        }
    }

    /// Takes the edits that lie inside `range` out of the file's list and returns the range's text
    /// with them applied (for text that moves elsewhere).
    func extract(_ range: Range<Int>) -> String {
        let inside = edits.filter { range.contains($0.range.lowerBound) && $0.range.upperBound <= range.upperBound }
        edits.removeAll { range.contains($0.range.lowerBound) && $0.range.upperBound <= range.upperBound }
        return Edit.apply(inside, to: Array(bytes[range]), offset: range.lowerBound)
    }

    /// The full lines holding tokens `first...last`, with the comment lines attached directly above
    /// (no blank line between), when nothing else shares those lines; otherwise just the tokens.
    func lineRange(first: Int, last: Int) -> Range<Int> {
        var start = tokens[first].start
        var end = tokens[last].end
        // A comment on the same line after the last token belongs to it.
        if let comment = comments.first(where: { $0.lowerBound >= end && !bytes[end..<$0.lowerBound].contains(0x0A) }) {
            end = comment.upperBound
        }
        let previousEnd = first > 0 ? tokens[first - 1].end : 0
        // A block comment on the same line before the first token belongs to it too
        // (`/** The spacing. */ @objc optional var spacing: CGFloat { get }`).
        while let comment = comments.last(where: { $0.upperBound <= start && $0.lowerBound >= previousEnd }),
            bytes[comment.upperBound..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        {
            start = comment.lowerBound
        }
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 || bytes[lineEnd] == 0x0D {
            lineEnd += 1
        }
        guard lineStart == 0 || bytes[lineStart - 1] == 0x0A, lineEnd == bytes.count || bytes[lineEnd] == 0x0A else {
            return start..<end
        }
        start = lineStart
        end = min(lineEnd + 1, bytes.count)
        // Attached comments above: each a whole comment (a `///` line, or a `/** … */` block of
        // any lines, blank ones included) that starts its line, with no blank line below it.
        while let comment = comments.last(where: { $0.upperBound <= start && $0.lowerBound >= previousEnd }) {
            let between = bytes[comment.upperBound..<start]
            guard between.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }),
                between.filter({ $0 == 0x0A }).count == 1
            else { break }
            var commentLine = comment.lowerBound
            while commentLine > 0, bytes[commentLine - 1] == 0x20 || bytes[commentLine - 1] == 0x09 { commentLine -= 1 }
            guard commentLine == 0 || bytes[commentLine - 1] == 0x0A else { break }
            start = commentLine
        }
        return start..<end
    }

    /// The indentation of the line holding `offset`.
    func indentation(at offset: Int) -> String {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return text(lineStart..<end)
    }

    func appliedText() throws -> String {
        let sorted = edits.sorted {
            ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1, $0.order) < (
                $1.range.lowerBound, $1.range.isEmpty ? 0 : 1, $1.order
            )
        }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.range.upperBound > b.range.lowerBound {
            throw PortError(
                file: path, location: location(b.range.lowerBound),
                message: "internal error: overlapping rewrites; please report this file")
        }
        return Edit.apply(sorted, to: bytes, offset: 0)
    }
}

struct Edit {
    var range: Range<Int>
    var text: String
    var order: Int

    static func apply(_ edits: [Edit], to bytes: [UInt8], offset: Int) -> String {
        let sorted = edits.sorted {
            ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1, $0.order) < (
                $1.range.lowerBound, $1.range.isEmpty ? 0 : 1, $1.order
            )
        }
        var result: [UInt8] = []
        var position = 0
        for edit in sorted {
            let lower = edit.range.lowerBound - offset
            guard lower >= position else { continue }
            result += bytes[position..<lower]
            result += Array(edit.text.utf8)
            position = edit.range.upperBound - offset
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }

    /// Every line shifted so the least-indented non-blank line starts at `indent`.
    func reindented(to indent: String) -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trailingNewline = lines.last == ""
        if trailingNewline { lines.removeLast() }
        let common =
            lines.filter { !$0.trimmingSpaces.isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        let shifted = lines.map { $0.trimmingSpaces.isEmpty ? "" : indent + $0.dropFirst(common) }
        return shifted.joined(separator: "\n") + (trailingNewline ? "\n" : "")
    }
}
