/// A type, protocol or extension declaration with a body.
struct TypeDecl {
    enum Kind: String { case `class`, `struct`, `enum`, actor, `extension`, `protocol` }
    var kind: Kind
    var name: String
    /// Index of the first attribute or modifier (or the keyword).
    var firstToken: Int
    var keywordToken: Int
    var nameEndToken: Int
    /// Inherited names (generic arguments and `any` dropped).
    var inherited: [String]
    /// Where `, X` goes to add a conformance (after the last inherited type), or nil without a clause.
    var clauseEnd: Int?
    var openBrace: Int
    var closeBrace: Int
    var attributes: [Int]
    var modifiers: [String]
    var members: [Member]
}

/// A member of a body at its top level.
struct Member {
    var firstToken: Int
    var keywordToken: Int
    var lastToken: Int
    var keyword: String
    var name: String
    /// Argument labels of a `func` (`_` for none); nil for properties and others.
    var labels: [String]?
    var modifiers: [String]
    var attributes: [Int]

    /// `name(a:_:)` for functions, `name` otherwise.
    var key: String { labels.map { "\(name)(" + $0.map { $0 + ":" }.joined() + ")" } ?? name }
}

let modifierWords: Set<String> = [
    "public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final", "override",
    "required", "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned", "optional", "dynamic",
    "indirect", "nonisolated", "prefix", "postfix", "infix", "distributed", "isolated",
]
private let memberKeywords: Set<String> = [
    "func", "var", "let", "init", "subscript", "associatedtype", "typealias", "case", "deinit", "class", "struct",
    "enum", "protocol", "extension", "actor",
]
let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "extension", "protocol"]

extension SourceFile {
    /// Walks back from `index` over the attributes and modifiers written before a keyword.
    func declarationStart(before index: Int) -> (first: Int, attributes: [Int], modifiers: [String]) {
        var first = index
        var attributes: [Int] = []
        var modifiers: [String] = []
        var k = index - 1
        while k >= 0 {
            let t = tokens[k]
            if t.kind == .attribute {
                attributes.insert(k, at: 0)
                first = k
                k -= 1
            } else if t.kind == .identifier, modifierWords.contains(t.text), !isPunct(k - 1, ".") {
                modifiers.insert(t.text, at: 0)
                first = k
                k -= 1
            } else if isPunct(k, ")"), match[k] > 0, let before = token(match[k] - 1),
                before.kind == .attribute || (before.kind == .identifier && modifierWords.contains(before.text))
            {
                k = match[k] - 1
            } else {
                break
            }
        }
        return (first, attributes, modifiers)
    }

    /// The declarations with bodies in this file, outermost first.
    func typeDeclarations() -> [TypeDecl] {
        var result: [TypeDecl] = []
        for (i, t) in tokens.enumerated() where t.kind == .identifier && typeKeywords.contains(t.text) {
            guard !isPunct(i - 1, "."), let nameToken = token(i + 1), nameToken.kind == .identifier else { continue }
            if t.text == "class", memberKeywords.contains(nameToken.text) || modifierWords.contains(nameToken.text) {
                continue
            }
            var k = i + 1
            var name = nameToken.text
            while isPunct(k + 1, "."), isIdent(k + 2) {
                name += "." + tokens[k + 2].text
                k += 2
            }
            let nameEnd = k
            k += 1
            k = skipAngles(from: k)
            var inherited: [String] = []
            var clauseEnd: Int?
            if isPunct(k, ":") {
                k += 1
                var current: String?
                var angle = 0
                while let c = token(k), !(angle == 0 && (c.text == "{" || c.text == "where") && c.kind != .stringPart) {
                    if c.kind == .operator {
                        angle += c.text.filter { $0 == "<" }.count - c.text.filter { $0 == ">" }.count
                    } else if c.kind == .identifier, angle == 0, current == nil, c.text != "any", c.text != "some" {
                        current = c.text
                    } else if angle == 0, c.text == "," {
                        if let current { inherited.append(current) }
                        current = nil
                    } else if c.kind == .punctuation, c.text == "(" || c.text == "[" {
                        k = match[k]
                    }
                    clauseEnd = tokens[k].end
                    k += 1
                }
                if let current { inherited.append(current) }
            }
            while let c = token(k), !(c.kind == .punctuation && c.text == "{") {
                if c.kind == .punctuation && (c.text == "}" || c.text == ";") { break }
                k += 1
            }
            guard isPunct(k, "{") else { continue }
            let start = declarationStart(before: i)
            let kind = TypeDecl.Kind(rawValue: t.text)!
            result.append(
                TypeDecl(
                    kind: kind, name: name, firstToken: start.first, keywordToken: i, nameEndToken: nameEnd,
                    inherited: inherited, clauseEnd: clauseEnd, openBrace: k, closeBrace: match[k],
                    attributes: start.attributes, modifiers: start.modifiers, members: members(in: k)))
        }
        return result
    }

    func skipAngles(from index: Int) -> Int {
        guard let t = token(index), t.kind == .operator, t.text.hasPrefix("<") else { return index }
        var depth = 0
        var k = index
        while let c = token(k) {
            if c.kind == .operator {
                depth += c.text.filter { $0 == "<" }.count - c.text.filter { $0 == ">" }.count
            }
            k += 1
            if depth <= 0 { break }
        }
        return k
    }

    /// The members at the top level of the body opened at `open`.
    func members(in open: Int) -> [Member] {
        let close = match[open]
        var starts: [(first: Int, keyword: Int, attributes: [Int], modifiers: [String])] = []
        var boundaries: [Int] = []
        var k = open + 1
        while k < close {
            let t = tokens[k]
            if t.kind == .punctuation, t.text == "(" || t.text == "[" || t.text == "{" {
                k = match[k] + 1
                continue
            }
            if t.kind == .pound, ["#if", "#else", "#elseif", "#endif"].contains(t.text) { boundaries.append(k) }
            if t.kind == .identifier, memberKeywords.contains(t.text), !isPunct(k - 1, ".") {
                let isModifierClass =
                    t.text == "class"
                    && (token(k + 1).map { memberKeywords.contains($0.text) || modifierWords.contains($0.text) }
                        ?? false)
                if !isModifierClass {
                    let start = declarationStart(before: k)
                    starts.append((start.first, k, start.attributes, start.modifiers))
                }
            }
            k += 1
        }
        var result: [Member] = []
        for (n, s) in starts.enumerated() {
            var last = (n + 1 < starts.count ? starts[n + 1].first : close) - 1
            if let boundary = boundaries.first(where: { $0 > s.keyword && $0 <= last }) { last = boundary - 1 }
            let keyword = tokens[s.keyword].text
            var name = ""
            var labels: [String]?
            if let nameToken = token(s.keyword + 1), nameToken.kind == .identifier || nameToken.kind == .operator {
                name = nameToken.text.trimmingCharacters(in: "`")
            }
            if keyword == "init" || keyword == "subscript" { name = keyword }
            if keyword == "func" || keyword == "init" || keyword == "subscript" {
                var p = keyword == "func" ? s.keyword + 2 : s.keyword + 1
                p = skipAngles(from: p)
                if isPunct(p, "(") { labels = parameterLabels(open: p) }
            }
            result.append(
                Member(
                    firstToken: s.first, keywordToken: s.keyword, lastToken: last, keyword: keyword, name: name,
                    labels: labels, modifiers: s.modifiers, attributes: s.attributes))
        }
        return result
    }

    /// The argument labels of a parameter list: `(_ a: T, b c: U, d: V)` → `["_", "b", "d"]`.
    func parameterLabels(open: Int) -> [String] {
        var labels: [String] = []
        var atStart = true
        var k = open + 1
        while k < match[open] {
            let t = tokens[k]
            if atStart {
                atStart = false
                // `label name:` or `name:`
                if t.kind == .identifier, isPunct(k + 1, ":") || (isIdent(k + 1) && isPunct(k + 2, ":")) {
                    labels.append(t.text.trimmingCharacters(in: "`"))
                }
            }
            if t.kind == .punctuation, t.text == "(" || t.text == "[" || t.text == "{" {
                k = match[k] + 1
                continue
            }
            if t.kind == .punctuation, t.text == "," {
                // A comma inside generic arguments (`Dictionary<A, B>`) is followed by a type, not
                // `name:`; such a segment adds no label.
                atStart = true
            }
            k += 1
        }
        return labels
    }

    /// Argument labels of a call whose `(` is at `open`, plus the number of trailing closures.
    func argumentLabels(open: Int) -> (labels: [String], trailingClosures: Int) {
        var labels: [String] = []
        var k = open + 1
        let close = match[open]
        if k < close { labels.append(isIdent(k) && isPunct(k + 1, ":") ? tokens[k].text : "_") }
        while k < close {
            let t = tokens[k]
            if t.kind == .punctuation, t.text == "(" || t.text == "[" || t.text == "{" {
                k = match[k] + 1
                continue
            }
            if t.kind == .punctuation, t.text == "," {
                labels.append(isIdent(k + 1) && isPunct(k + 2, ":") ? tokens[k + 1].text : "_")
            }
            k += 1
        }
        var trailing = 0
        var after = close + 1
        while isPunct(after, "{") {
            trailing += 1
            after = match[after] + 1
            if isIdent(after), isPunct(after + 1, ":"), isPunct(after + 2, "{") { after += 2 }
        }
        return (labels.map { $0.trimmingCharacters(in: "`") }, trailing)
    }

    /// The first token of the postfix expression (`a?.b(c)[d]`, `(x as? P)`) ending at `end`, or nil.
    func postfixExpressionStart(endingAt end: Int) -> Int? {
        var k = end
        while k >= 0 {
            let t = tokens[k]
            var start: Int
            if t.kind == .punctuation, t.text == ")" || t.text == "]" || t.text == "}" {
                start = match[k]
                // A call, subscript or trailing closure continues the expression before it.
                if let before = token(start - 1), !tokens[start].spaceBefore || t.text == "}",
                    before.kind == .identifier && !keywordsEndingNothing.contains(before.text)
                        || (before.kind == .punctuation && [")", "]"].contains(before.text)) || before.isPostfix
                {
                    k = start - 1
                    continue
                }
            } else if t.kind == .identifier || t.kind == .number {
                if keywordsEndingNothing.contains(t.text) { return nil }
                start = k
            } else if t.isPostfix {
                k -= 1
                continue
            } else {
                return nil
            }
            // `.member` continues back to its base.
            if isPunct(start - 1, "."), let base = token(start - 2),
                base.kind == .identifier || base.isPostfix
                    || (base.kind == .punctuation && [")", "]", "}"].contains(base.text))
            {
                k = start - 2
                continue
            }
            return start
        }
        return nil
    }
}

private let keywordsEndingNothing: Set<String> = [
    "return", "try", "await", "if", "guard", "while", "let", "var", "in", "case", "else", "throw", "where", "is", "as",
    "switch", "repeat",
]

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
