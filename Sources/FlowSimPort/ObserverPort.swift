/// Notification observers registered with a selector, the one `#selector` form FlowSim ports
/// (`LoopLayout`-style layouts watch VoiceOver and Switch Control so):
///
/// `center.addObserver(observer, selector: #selector(T.m), name: n, object: o)` becomes
/// `center.addObserver(forName: n, object: o, queue: nil) { [weak observer] notification in observer?.m(…) }`,
/// passing `notification` when the method takes an argument (`#selector(T.m(_:))`, or a method of
/// that name declared with a parameter in the file). Foundation's block form holds the observer
/// weakly as the selector form does; the token is not kept, so `removeObserver(observer, …)`
/// leaves the block registered, where it does nothing once the observer is gone. FlowSim posts
/// none of UIKit's notifications.
extension PortSession {
    func rewriteSelectorObserver(_ file: SourceFile, pound: Int) -> Bool {
        guard file.isPunct(pound + 1, "("), file.isPunct(pound - 1, ":"), file.isIdent(pound - 2, "selector"),
            let open = enclosingParenthesis(file, before: pound - 3), file.isIdent(open - 1, "addObserver")
        else { return false }
        let close = file.match[open]
        let arguments = topLevelArguments(file, open: open, close: close)
        guard arguments.count == 4, arguments[0].label == nil, arguments[0].first == arguments[0].last,
            file.isIdent(arguments[0].first), arguments[1].label == "selector", arguments[2].label == "name",
            arguments[3].label == "object", let method = selectedMethod(file, selectorOpen: pound + 1)
        else { return false }
        let observer = file.tokens[arguments[0].first].text
        let call = "\(observer)?.\(method.name)(\(method.takesArgument ? "notification" : ""))"
        let name = text(file, arguments[2])
        let object = text(file, arguments[3])
        file.replace(
            file.tokens[open].start..<file.tokens[close].end,
            with: "(forName: \(name), object: \(object), queue: nil) { [weak \(observer)] notification in \(call) }")
        file.note(file.tokens[pound].start, "observer with #selector(…\(method.name)) became a block observer")
        return true
    }

    private typealias Argument = (label: String?, first: Int, last: Int)

    /// The nearest `(` before `index` that is still open there.
    private func enclosingParenthesis(_ file: SourceFile, before index: Int) -> Int? {
        var k = index
        while k >= 0 {
            let token = file.tokens[k]
            if token.kind == .punctuation, [")", "]", "}"].contains(token.text) {
                k = file.match[k] - 1
                continue
            }
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) {
                return token.text == "(" ? k : nil
            }
            k -= 1
        }
        return nil
    }

    /// The call's arguments between `open` and `close`, split at top-level commas.
    private func topLevelArguments(_ file: SourceFile, open: Int, close: Int) -> [Argument] {
        var arguments: [Argument] = []
        var start = open + 1
        var k = open + 1
        while k <= close {
            if k < close, file.tokens[k].kind == .punctuation, ["(", "[", "{"].contains(file.tokens[k].text) {
                k = file.match[k] + 1
                continue
            }
            if k == close || file.isPunct(k, ",") {
                guard start < k else { return [] }
                let labelled = file.isIdent(start) && file.isPunct(start + 1, ":")
                arguments.append((labelled ? file.tokens[start].text : nil, labelled ? start + 2 : start, k - 1))
                start = k + 1
            }
            k += 1
        }
        return arguments
    }

    private func text(_ file: SourceFile, _ argument: Argument) -> String {
        file.text(file.tokens[argument.first].start..<file.tokens[argument.last].end)
    }

    /// The method `#selector(T.m)` / `#selector(T.m(_:))` names, and whether it takes an argument.
    private func selectedMethod(_ file: SourceFile, selectorOpen: Int) -> (name: String, takesArgument: Bool)? {
        let selectorClose = file.match[selectorOpen]
        var nameIndex: Int?
        var k = selectorOpen + 1
        while k < selectorClose {
            if file.isPunct(k, "(") { return nameIndex.map { (file.tokens[$0].text, file.match[k] > k + 1) } }
            if file.isIdent(k) { nameIndex = k }
            k += 1
        }
        guard let nameIndex else { return nil }
        let name = file.tokens[nameIndex].text
        // A bare name: the file's method of that name says whether it takes the notification.
        let declared = file.tokens.indices.first {
            file.isIdent($0, "func") && file.isIdent($0 + 1, name) && file.isPunct($0 + 2, "(")
        }
        return (name, declared.map { file.match[$0 + 2] > $0 + 3 } ?? false)
    }
}
