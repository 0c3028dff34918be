// Over 400 lines on purpose: the porter is one pass over the token stream whose rewrites share
// its state (the protocols seen, the conformers found, the edits made); split, each part would
// need that state passed around. Its declarations and lexer live in their own files.

/// One change the porter made (or a note on something it left alone), with where in the input.
public struct PortEdit: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var summary: String
    public var description: String { "\(file):\(location): \(summary)" }
}

/// The result for one input file.
public struct PortedFile: Equatable, Sendable {
    public var path: String
    public var text: String
    /// Every rewrite, in file order.
    public var edits: [PortEdit]
}

/// Every reason the inputs cannot be ported, in file order.
public struct PortFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [PortError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Rewrites Swift files written for iOS with Objective-C-only features into files that compile
/// with Swift on Linux and behave the same. See docs/objc-port.md for the design.
///
/// - `@objc optional` requirements of a protocol `P` move out of `P`, each into its own protocol
///   `P_name_label…: P` (same access level); `P` keeps its other requirements.
/// - `x?.m?(args)` becomes `(x as? P_m)?.m(args)`: nil exactly when `x` is nil or does not
///   implement `m`; `x.m!(args)` becomes `(x as! P_m).m(args)`; `x?.prop` (an optional property
///   requirement, when `x` is declared as a `P`) becomes `(x as? P_prop)?.prop`.
/// - `x.responds(to: #selector(P.m(…)))` becomes `(x is P_m)` (`(x).map { $0 is P_m }` after `?.`).
/// - A type in the ported files that adopts `P` and implements `m` gets `P_m` added to its
///   inheritance clause: conformers in files that are not ported must add it themselves.
/// - `@objc`, `@objc(name)`, `@objcMembers`, `@IBOutlet` and `dynamic` are removed; an `@objc`
///   protocol that is not otherwise class-bound gains `AnyObject`.
/// - `override` members written in an extension move into the class's body.
/// - Optional calls to `UICollectionViewDelegateFlowLayout`'s methods become direct calls
///   (FlowSimUIKit gives each a default that answers the layout's own property); one whose
///   receiver is not optional-chained (`delegate.collectionView?(…)`) is wrapped in `Optional(…)`
///   so the expression keeps its optional type (`guard let`, `??`).
///
/// - `center.addObserver(o, selector: #selector(T.m), name: n, object: x)` becomes the block form
///   (ObserverPort.swift).
///
/// Anything else that needs the Objective-C runtime (`#selector` outside `responds(to:)` and
/// observers,
/// `#keyPath`, `@NSManaged`, optional `static`/`init`/`subscript` requirements, …) is refused
/// with its position.
public enum Porter {
    /// Ports `files` together (conformers in one file are found for protocols in another).
    public static func port(_ files: [(path: String, text: String)]) throws(PortFailure) -> [PortedFile] {
        var sources: [SourceFile] = []
        var errors: [PortError] = []
        for file in files {
            do {
                sources.append(try SourceFile(path: file.path, text: file.text))
            } catch let error as PortError {
                errors.append(error)
            } catch {
                errors.append(
                    PortError(file: file.path, location: SourceLocation(line: 1, column: 1), message: "\(error)"))
            }
        }
        if !errors.isEmpty { throw PortFailure(errors: errors) }
        var session = PortSession(files: sources)
        session.run()
        errors = sources.flatMap(\.errors)
        if !errors.isEmpty { throw PortFailure(errors: errors) }
        var result: [PortedFile] = []
        for source in sources {
            do {
                let text = try source.appliedText()
                let edits = source.report.sorted {
                    ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
                }
                result.append(PortedFile(path: source.path, text: text, edits: edits))
            } catch let error as PortError {
                errors.append(error)
            } catch {}
        }
        if !errors.isEmpty { throw PortFailure(errors: errors) }
        return result
    }

    /// Ports one file.
    public static func port(_ text: String, path: String = "input.swift") throws(PortFailure) -> PortedFile {
        try port([(path, text)])[0]
    }

    /// The split protocol's name for requirement `name` with `labels` of protocol `owner`:
    /// `owner_name_label…`, skipping `_` labels.
    public static func splitName(protocol owner: String, name: String, labels: [String]?) -> String {
        ([owner, name] + (labels ?? []).filter { $0 != "_" }).joined(separator: "_")
    }
}

/// An `@objc optional` requirement found in a ported protocol.
struct OptionalRequirement {
    var owner: String
    var member: Member
    var splitName: String
    var file: SourceFile
    var isProperty: Bool { member.labels == nil }
}

/// `UICollectionViewDelegateFlowLayout`'s optional methods, which FlowSimUIKit declares as
/// ordinary requirements with defaults.
private let flowLayoutDelegateLabels: Set<String> = [
    "sizeForItemAt", "insetForSectionAt", "minimumLineSpacingForSectionAt", "minimumInteritemSpacingForSectionAt",
    "referenceSizeForHeaderInSection", "referenceSizeForFooterInSection",
]

/// Protocols known to be class-bound, so an `@objc` protocol inheriting one needs no `AnyObject`.
private let classBoundProtocols: Set<String> = [
    "AnyObject", "class", "NSObjectProtocol", "UICollectionViewDelegate", "UICollectionViewDelegateFlowLayout",
    "UICollectionViewDataSource", "UIScrollViewDelegate",
]

struct PortSession {
    var files: [SourceFile]
    var declarations: [(file: SourceFile, decl: TypeDecl)] = []
    var requirements: [OptionalRequirement] = []
    /// Variables declared with a ported protocol's type: name → protocol names.
    var typedVariables: [String: Set<String>] = [:]
    var objcProtocols: Set<String> = []

    init(files: [SourceFile]) { self.files = files }

    mutating func run() {
        for file in files {
            for decl in file.typeDeclarations() { declarations.append((file, decl)) }
        }
        collectProtocols()
        collectTypedVariables()
        for file in files {
            removeAttributes(in: file)
            rewriteCalls(in: file)
            rewritePlatformConditions(in: file)
        }
        addConformances()
        splitProtocols()
        moveExtensionOverrides()
    }

    // MARK: Protocols

    mutating func collectProtocols() {
        for (file, decl) in declarations where decl.kind == .protocol {
            let isObjC = decl.attributes.contains { file.tokens[$0].text == "@objc" }
            if isObjC { objcProtocols.insert(decl.name) }
            for member in decl.members where member.modifiers.contains("optional") {
                let keyword = file.tokens[member.keywordToken]
                if !isObjC {
                    file.fail(keyword.start, "'optional' requirement in protocol '\(decl.name)', which is not @objc")
                    continue
                }
                guard member.keyword == "func" || member.keyword == "var" else {
                    file.fail(keyword.start, "cannot port optional '\(member.keyword)' requirement of '\(decl.name)'")
                    continue
                }
                if member.modifiers.contains("static") || member.modifiers.contains("class") {
                    file.fail(
                        keyword.start,
                        "cannot port static optional requirement '\(member.key)' of '\(decl.name)' (no Swift equivalent of a class-method responds(to:))"
                    )
                    continue
                }
                let split = Porter.splitName(protocol: decl.name, name: member.name, labels: member.labels)
                if let clash = requirements.first(where: { $0.splitName == split }) {
                    file.fail(
                        keyword.start,
                        "optional requirements '\(clash.member.key)' and '\(member.key)' of '\(decl.name)' would both become protocol '\(split)'"
                    )
                    continue
                }
                requirements.append(OptionalRequirement(owner: decl.name, member: member, splitName: split, file: file))
            }
        }
    }

    /// `name: P`, `name: P?`, `name: (any P)?`, `let name = … as? P` for ported protocols `P`.
    mutating func collectTypedVariables() {
        let owners = Set(requirements.map(\.owner))
        guard !owners.isEmpty else { return }
        for file in files {
            let tokens = file.tokens
            for (i, t) in tokens.enumerated() where t.kind == .identifier {
                if file.isPunct(i + 1, ":") {
                    var k = i + 2
                    while file.isPunct(k, "(") || file.isIdent(k, "any") { k += 1 }
                    if let type = file.token(k), type.kind == .identifier, owners.contains(type.text) {
                        typedVariables[t.text, default: []].insert(type.text)
                    }
                }
                if t.text == "let" || t.text == "var", let name = file.token(i + 1), name.kind == .identifier,
                    file.token(i + 2)?.text == "="
                {
                    var k = i + 3
                    while let c = file.token(k), !c.newlineBefore || k == i + 3, c.text != "{", c.text != ",",
                        k < i + 60
                    {
                        if c.text == "as",
                            file.token(k + 1)?.isPostfix == true || file.token(k + 1)?.text == "?"
                                || file.token(k + 1)?.text == "!",
                            let type = file.token(k + 2), owners.contains(type.text)
                        {
                            typedVariables[name.text, default: []].insert(type.text)
                        }
                        k += 1
                    }
                }
            }
        }
    }

    // MARK: Attributes

    mutating func removeAttributes(in file: SourceFile) {
        let tokens = file.tokens
        for (i, t) in tokens.enumerated() {
            switch t.kind {
            case .attribute:
                switch t.text {
                case "@objc", "@objcMembers", "@IBOutlet":
                    var end = t.end
                    if file.isPunct(i + 1, "("), !tokens[i + 1].spaceBefore { end = tokens[file.match[i + 1]].end }
                    file.remove(t.start..<end)
                    file.note(t.start, "removed \(file.text(t.start..<end))")
                case "@NSManaged":
                    file.fail(t.start, "cannot port @NSManaged (Core Data needs the Objective-C runtime)")
                default: break
                }
            case .pound:
                if t.text == "#keyPath" {
                    file.fail(t.start, "cannot port #keyPath (needs the Objective-C runtime)")
                } else if t.text == "#selector", !isRespondsSelector(file, i), !rewriteSelectorObserver(file, pound: i)
                {
                    file.fail(
                        t.start,
                        "cannot port #selector outside 'responds(to: #selector(…))' (needs the Objective-C runtime)")
                }
            case .identifier:
                if t.text == "dynamic", !file.isPunct(i - 1, "."), let next = file.token(i + 1),
                    next.kind == .attribute
                        || (next.kind == .identifier
                            && (modifierWords.contains(next.text)
                                || ["var", "let", "func", "subscript", "init"].contains(next.text)))
                {
                    file.remove(t.start..<t.end)
                    file.note(t.start, "removed dynamic")
                }
                if t.text == "optional", let next = file.token(i + 1),
                    next.kind == .identifier || next.kind == .attribute,
                    requirements.contains(where: {
                        $0.file === file && $0.member.firstToken <= i && i < $0.member.keywordToken
                    })
                {
                    file.remove(t.start..<t.end)
                }
            default: break
            }
        }
        // `AnyObject` for @objc protocols that are not otherwise class-bound.
        for (declFile, decl) in declarations
        where declFile === file && decl.kind == .protocol && objcProtocols.contains(decl.name) {
            if decl.inherited.contains(where: { classBoundProtocols.contains($0) || objcProtocols.contains($0) }) {
                continue
            }
            if let end = decl.clauseEnd {
                file.insert(", AnyObject", at: end)
            } else {
                file.insert(": AnyObject", at: tokens[decl.nameEndToken].end)
            }
            file.note(
                tokens[decl.keywordToken].start,
                "protocol \(decl.name) inherits AnyObject (it was class-bound as @objc)")
        }
    }

    func isRespondsSelector(_ file: SourceFile, _ i: Int) -> Bool {
        file.isPunct(i - 1, ":") && file.isIdent(i - 2, "to") && file.isPunct(i - 3, "(")
            && file.isIdent(i - 4, "responds")
    }

    // MARK: Call sites

    func candidates(name: String, labels: [String]?, trailing: Int = 0) -> [OptionalRequirement] {
        requirements.filter { r in
            guard r.member.name == name else { return false }
            guard let labels, let own = r.member.labels else { return labels == nil && r.member.labels == nil }
            guard labels.count + trailing == own.count else { return false }
            return Array(own.prefix(labels.count)) == labels
        }
    }

    /// Among several protocols declaring the same optional requirement, the one the base is typed as.
    func choose(_ found: [OptionalRequirement], file: SourceFile, baseStart: Int, baseEnd: Int) -> OptionalRequirement?
    {
        if found.count == 1 { return found[0] }
        let owners = baseOwners(file: file, baseStart: baseStart, baseEnd: baseEnd)
        let narrowed = found.filter { owners.contains($0.owner) }
        return narrowed.count == 1 ? narrowed[0] : nil
    }

    /// Protocols the base expression is known to have: a variable declared with one, or `(x as? P)`.
    func baseOwners(file: SourceFile, baseStart: Int, baseEnd: Int) -> Set<String> {
        if let cast = castedProtocol(file: file, baseStart: baseStart, baseEnd: baseEnd) { return [cast.name] }
        var k = baseEnd
        while k >= baseStart, file.tokens[k].isPostfix { k -= 1 }
        guard k >= baseStart, file.tokens[k].kind == .identifier else { return [] }
        return typedVariables[file.tokens[k].text] ?? []
    }

    /// For a base written `(expression as? P)`: the token index and name of `P`.
    func castedProtocol(file: SourceFile, baseStart: Int, baseEnd: Int) -> (index: Int, name: String)? {
        guard file.isPunct(baseStart, "("), file.match[baseStart] == baseEnd else { return nil }
        let typeIndex = baseEnd - 1
        guard file.isIdent(typeIndex), let mark = file.token(typeIndex - 1), mark.text == "?" || mark.text == "!",
            file.isIdent(typeIndex - 2, "as")
        else { return nil }
        return (typeIndex, file.tokens[typeIndex].text)
    }

    mutating func rewriteCalls(in file: SourceFile) {
        let tokens = file.tokens
        // Names inside `#selector(…)` are not member accesses.
        var selectorRanges: [ClosedRange<Int>] = []
        for (i, t) in tokens.enumerated() where t.kind == .pound && t.text == "#selector" && file.isPunct(i + 1, "(") {
            selectorRanges.append(i...file.match[i + 1])
        }
        for (i, t) in tokens.enumerated() where t.kind == .identifier && file.isPunct(i - 1, ".") {
            if selectorRanges.contains(where: { $0.contains(i) }) { continue }
            if t.text == "responds", file.isPunct(i + 1, "(") {
                rewriteResponds(file, at: i, hasBase: true)
                continue
            }
            let name = t.text.trimmingCharacters(in: "`")
            // The base: the postfix expression before `.`, without a trailing optional-chaining `?`.
            var baseEnd = i - 2
            var chained = false
            if let mark = file.token(baseEnd), mark.isPostfix, mark.text == "?" {
                chained = true
                baseEnd -= 1
            }
            if let call = file.token(i + 1), call.isPostfix, file.isPunct(i + 2, "("), !tokens[i + 2].spaceBefore {
                let (labels, trailing) = file.argumentLabels(open: i + 2)
                let found = candidates(name: name, labels: labels, trailing: trailing)
                if found.isEmpty {
                    if call.text == "?", name == "collectionView", labels.count == 3, labels[0] == "_",
                        labels[1] == "layout", flowLayoutDelegateLabels.contains(labels[2])
                    {
                        file.replace(call.start..<call.end, with: "")
                        // Without a `?.` before it the call was the expression's only optional
                        // step: wrap it so it stays optional (`guard let size = d.collectionView?(…)`,
                        // `… ?? itemSize`, and a `.width` after it, keep compiling).
                        var wrapped = ""
                        if !chained, baseEnd >= 0, let baseStart = file.postfixExpressionStart(endingAt: baseEnd) {
                            let close = file.match[i + 2]
                            let continues = file.isPunct(close + 1, ".") && !tokens[close + 1].spaceBefore
                            file.insert("Optional(", at: tokens[baseStart].start)
                            file.insert(continues ? ")?" : ")", at: tokens[close].end)
                            wrapped = ", wrapped in Optional(…)"
                        }
                        file.note(
                            t.start,
                            "optional call collectionView?(_:layout:\(labels[2]):) → direct call\(wrapped) (UICollectionViewDelegateFlowLayout has defaults in FlowSimUIKit)"
                        )
                    } else if call.text == "?" && requirements.contains(where: { $0.member.name == name }) {
                        file.fail(
                            t.start,
                            "'\(name)?(…)' with labels (\(labels.map { $0 + ":" }.joined())) matches no optional requirement of the ported protocols"
                        )
                    }
                    continue
                }
                guard baseEnd >= 0, let baseStart = file.postfixExpressionStart(endingAt: baseEnd) else {
                    file.fail(t.start, "cannot find the receiver of '\(name)\(call.text)(…)'")
                    continue
                }
                guard let requirement = choose(found, file: file, baseStart: baseStart, baseEnd: baseEnd) else {
                    file.fail(
                        t.start,
                        "'\(name)\(call.text)(…)' is an optional requirement of several protocols (\(found.map(\.owner).joined(separator: ", "))); cast the receiver to one"
                    )
                    continue
                }
                rewriteMember(
                    file, memberToken: i, markToken: i + 1, force: call.text == "!", chained: chained,
                    baseStart: baseStart,
                    baseEnd: baseEnd, requirement: requirement)
                continue
            }
            // Optional property requirements, when the receiver is known to be the protocol.
            let properties = candidates(name: name, labels: nil)
            guard !properties.isEmpty, baseEnd >= 0, let baseStart = file.postfixExpressionStart(endingAt: baseEnd)
            else { continue }
            let owners = baseOwners(file: file, baseStart: baseStart, baseEnd: baseEnd)
            let typed = properties.filter { owners.contains($0.owner) }
            guard typed.count == 1 else {
                if !properties.isEmpty {
                    file.note(
                        t.start,
                        "left '.\(name)' unchanged: its receiver is not declared as \(properties.map(\.owner).joined(separator: " or ")) in the ported files"
                    )
                }
                continue
            }
            if let next = file.token(i + 1), next.isPostfix, next.text == "!" {
                file.fail(next.start, "cannot port '\(name)!' on an optional property requirement; use '?' or '??'")
                continue
            }
            rewriteMember(
                file, memberToken: i, markToken: file.token(i + 1)?.isPostfix == true ? i + 1 : nil, force: false,
                chained: chained, baseStart: baseStart, baseEnd: baseEnd, requirement: typed[0])
        }
        // `responds(to:)` without a receiver (self).
        for (i, t) in tokens.enumerated()
        where t.kind == .identifier && t.text == "responds" && !file.isPunct(i - 1, ".") && file.isPunct(i + 1, "(") {
            rewriteResponds(file, at: i, hasBase: false)
        }
    }

    /// `base?.m?(…)` → `(base as? S)?.m(…)`; `base.m!(…)` → `(base as! S).m(…)`.
    func rewriteMember(
        _ file: SourceFile, memberToken i: Int, markToken: Int?, force: Bool, chained: Bool, baseStart: Int,
        baseEnd: Int,
        requirement: OptionalRequirement
    ) {
        let t = file.tokens[i]
        let base = file.tokens[baseStart].start..<file.tokens[baseEnd].end
        let afterBase = base.upperBound..<(markToken.map { file.tokens[$0].end } ?? t.end)
        let cast = castedProtocol(file: file, baseStart: baseStart, baseEnd: baseEnd)
        let before = file.text(base.lowerBound..<afterBase.upperBound)
        var after: String
        if force && (chained || baseHasOptionalChain(file, baseStart, baseEnd)) {
            file.insert("(", at: base.lowerBound)
            file.replace(afterBase, with: ").map({ $0 as! \(requirement.splitName) })?.\(t.text)")
            after = "(\(file.text(base))).map({ $0 as! \(requirement.splitName) })?.\(t.text)"
        } else if let cast, cast.name == requirement.owner, !force {
            let typeToken = file.tokens[cast.index]
            file.replace(typeToken.start..<typeToken.end, with: requirement.splitName)
            file.replace(afterBase, with: "?.\(t.text)")
            after = file.text(base).replacingLast(cast.name, with: requirement.splitName) + "?.\(t.text)"
        } else {
            let op = force ? "as!" : "as?"
            file.insert("(", at: base.lowerBound)
            file.replace(afterBase, with: " \(op) \(requirement.splitName))\(force ? "" : "?").\(t.text)")
            after = "(\(file.text(base)) \(op) \(requirement.splitName))\(force ? "" : "?").\(t.text)"
        }
        let what = requirement.isProperty ? "optional property" : force ? "forced optional call" : "optional call"
        file.note(
            t.start,
            "\(what) \(before)\(requirement.isProperty ? "" : "(…)") → \(after)\(requirement.isProperty ? "" : "(…)")")
    }

    func baseHasOptionalChain(_ file: SourceFile, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k <= end {
            if file.isPunct(k, "(") || file.isPunct(k, "[") || file.isPunct(k, "{") {
                k = file.match[k] + 1
                continue
            }
            if file.tokens[k].isPostfix && file.tokens[k].text == "?" { return true }
            k += 1
        }
        return false
    }

    /// `x.responds(to: #selector(P.m(_:)))` → `(x is P_m)`.
    func rewriteResponds(_ file: SourceFile, at i: Int, hasBase: Bool) {
        let tokens = file.tokens
        let open = i + 1
        let close = file.match[open]
        guard file.isIdent(open + 1, "to"), file.isPunct(open + 2, ":"), let pound = file.token(open + 3),
            pound.kind == .pound, pound.text == "#selector", file.isPunct(open + 4, "("),
            file.match[open + 4] == close - 1
        else {
            if file.isIdent(open + 1, "to") {
                file.fail(tokens[i].start, "cannot port responds(to:) without a literal #selector(…)")
            }
            return
        }
        // #selector([getter: ]Type.name(labels:))
        var k = open + 5
        var isGetter = false
        if file.isIdent(k, "getter") || file.isIdent(k, "setter"), file.isPunct(k + 1, ":") {
            isGetter = true
            k += 2
        }
        var path: [String] = []
        while file.isIdent(k) {
            path.append(tokens[k].text.trimmingCharacters(in: "`"))
            k += 1
            if file.isPunct(k, ".") { k += 1 } else { break }
        }
        var labels: [String]?
        if file.isPunct(k, "(") {
            var found: [String] = []
            var p = k + 1
            while file.isIdent(p), file.isPunct(p + 1, ":") {
                found.append(tokens[p].text)
                p += 2
            }
            labels = found
        }
        guard let name = path.last else {
            file.fail(pound.start, "cannot read this #selector")
            return
        }
        let owner = path.count > 1 ? path[path.count - 2] : nil
        var found = requirements.filter {
            $0.member.name == name && (owner == nil || $0.owner == owner)
                && (isGetter ? $0.isProperty : labels == nil || $0.member.labels == labels)
        }
        var testedType: String
        if found.count == 1 {
            testedType = found[0].splitName
        } else if found.isEmpty, owner == "UICollectionViewDelegateFlowLayout", name == "collectionView" {
            testedType = "UICollectionViewDelegateFlowLayout"
            found = []
        } else {
            file.fail(
                pound.start,
                found.isEmpty
                    ? "#selector(\(path.joined(separator: "."))) names no optional requirement of the ported protocols"
                    : "#selector(\(path.joined(separator: "."))) is ambiguous (\(found.map(\.owner).joined(separator: ", "))); name the protocol and labels"
            )
            return
        }
        let endRange = tokens[close].end
        let originalStart: Int
        if hasBase {
            var baseEnd = i - 2
            var chained = false
            if let mark = file.token(baseEnd), mark.isPostfix, mark.text == "?" {
                chained = true
                baseEnd -= 1
            }
            guard baseEnd >= 0, let baseStart = file.postfixExpressionStart(endingAt: baseEnd) else {
                file.fail(tokens[i].start, "cannot find the receiver of responds(to:)")
                return
            }
            originalStart = tokens[baseStart].start
            let base = file.text(tokens[baseStart].start..<tokens[baseEnd].end)
            file.insert("(", at: tokens[baseStart].start)
            let tail = chained ? ").map({ $0 is \(testedType) })" : " is \(testedType))"
            file.replace(tokens[baseEnd].end..<endRange, with: tail)
            file.note(
                tokens[i].start,
                "\(file.text(originalStart..<endRange)) → (\(base)\(tail)"
                    + (found.isEmpty ? " (FlowSimUIKit answers every flow-layout delegate method)" : ""))
        } else {
            originalStart = tokens[i].start
            file.replace(originalStart..<endRange, with: "(self is \(testedType))")
            file.note(tokens[i].start, "\(file.text(originalStart..<endRange)) → (self is \(testedType))")
        }
    }

    // MARK: Conformers

    func adopts(_ type: String, _ owner: String, visited: Set<String> = []) -> Bool {
        if visited.contains(type) { return false }
        for (_, decl) in declarations where decl.name == type || decl.name.hasSuffix("." + type) {
            for inherited in decl.inherited {
                if inherited == owner { return true }
                if adopts(inherited, owner, visited: visited.union([type])) { return true }
            }
        }
        return false
    }

    mutating func addConformances() {
        var added: Set<String> = []
        for requirement in requirements {
            let conformerNames = Set(declarations.filter { $0.decl.kind != .protocol }.map(\.decl.name))
            for name in conformerNames.sorted() where adopts(name, requirement.owner) {
                let decls = declarations.filter { $0.decl.name == name && $0.decl.kind != .protocol }
                let implements = decls.contains { entry in
                    entry.decl.members.contains {
                        $0.key == requirement.member.key
                            && ($0.keyword == "func" || $0.keyword == "var" || $0.keyword == "let")
                    }
                }
                guard implements, !decls.contains(where: { $0.decl.inherited.contains(requirement.splitName) }),
                    !added.contains(name + " " + requirement.splitName)
                else { continue }
                // The declaration whose clause makes it adopt the protocol.
                guard
                    let target = decls.first(where: { entry in
                        entry.decl.clauseEnd != nil
                            && entry.decl.inherited.contains {
                                $0 == requirement.owner || adopts($0, requirement.owner)
                            }
                    })
                else { continue }
                added.insert(name + " " + requirement.splitName)
                target.file.insert(", \(requirement.splitName)", at: target.decl.clauseEnd!)
                target.file.note(
                    target.file.tokens[target.decl.keywordToken].start,
                    "\(name) implements \(requirement.member.key): added conformance to \(requirement.splitName)")
            }
        }
    }

    // MARK: Structural moves

    mutating func splitProtocols() {
        for (file, decl) in declarations where decl.kind == .protocol {
            let own = requirements.filter { $0.file === file && $0.owner == decl.name }
            guard !own.isEmpty else { continue }
            let indent = file.indentation(at: file.tokens[decl.keywordToken].start)
            let access = decl.modifiers.filter {
                ["public", "package", "internal", "fileprivate", "private"].contains($0)
            }
            let attributes = decl.attributes.compactMap { index -> String? in
                let text = file.tokens[index].text
                if ["@objc", "@objcMembers"].contains(text) { return nil }
                if file.isPunct(index + 1, "("), !file.tokens[index + 1].spaceBefore {
                    return file.text(file.tokens[index].start..<file.tokens[file.match[index + 1]].end)
                }
                return text
            }
            var generated: [String] = []
            for requirement in own {
                let range = file.lineRange(first: requirement.member.firstToken, last: requirement.member.lastToken)
                let body = file.extract(range)
                file.replace(range, with: "")
                let bodyLines = body.hasSuffix("\n") ? body : body + "\n"
                let header = (attributes + access + ["protocol"]).joined(separator: " ")
                generated.append(
                    "\(indent)/// `\(decl.name)`'s optional requirement `\(requirement.member.key)`, split out by flowsim port:\n"
                        + "\(indent)/// a type that implements it conforms to this protocol too.\n"
                        + "\(indent)\(header) \(requirement.splitName): \(decl.name) {\n"
                        + bodyLines.reindented(to: indent + "    ") + "\(indent)}")
                file.note(
                    file.tokens[requirement.member.keywordToken].start,
                    "optional requirement \(requirement.member.key) of \(decl.name) → protocol \(requirement.splitName)"
                )
            }
            file.insert("\n\n" + generated.joined(separator: "\n\n"), at: file.tokens[decl.closeBrace].end)
        }
    }

    mutating func moveExtensionOverrides() {
        for (file, decl) in declarations where decl.kind == .extension {
            let overrides = decl.members.filter { $0.modifiers.contains("override") }
            guard !overrides.isEmpty else { continue }
            let classes = declarations.filter { $0.decl.kind == .class && $0.decl.name == decl.name }
            guard classes.count == 1, let target = classes.first else {
                for member in overrides {
                    file.fail(
                        file.tokens[member.keywordToken].start,
                        classes.isEmpty
                            ? "cannot port 'override' in an extension of '\(decl.name)': its class declaration is not in the ported files (Swift on Linux cannot override in extensions)"
                            : "cannot port 'override' in an extension of '\(decl.name)': several classes have that name"
                    )
                }
                continue
            }
            let memberIndent = target.file.indentation(at: target.file.tokens[target.decl.keywordToken].start) + "    "
            var moved: [String] = []
            for member in overrides {
                let range = file.lineRange(first: member.firstToken, last: member.lastToken)
                var text = file.extract(range)
                if !text.hasSuffix("\n") { text += "\n" }
                file.replace(range, with: "")
                moved.append(text.reindented(to: memberIndent))
                file.note(
                    file.tokens[member.keywordToken].start,
                    "moved override \(member.key) from an extension into class \(decl.name)")
            }
            if target.file !== file { widenHelpers(usedBy: overrides, in: file) }
            // An extension left with nothing in it goes too.
            if overrides.count == decl.members.count, decl.clauseEnd == nil {
                var whole = file.lineRange(first: decl.firstToken, last: decl.closeBrace)
                _ = file.extract(whole)
                // With the blank line before it, when a blank line or the end follows.
                let bytes = file.bytes
                if whole.lowerBound >= 2, bytes[whole.lowerBound - 1] == 0x0A, bytes[whole.lowerBound - 2] == 0x0A,
                    whole.upperBound == bytes.count || bytes[whole.upperBound] == 0x0A
                {
                    whole = (whole.lowerBound - 1)..<whole.upperBound
                }
                file.replace(whole, with: "")
            }
            let close = target.file.tokens[target.decl.closeBrace]
            var insertAt = close.start
            while insertAt > 0, target.file.bytes[insertAt - 1] == 0x20 || target.file.bytes[insertAt - 1] == 0x09 {
                insertAt -= 1
            }
            let needsNewline = insertAt > 0 && target.file.bytes[insertAt - 1] != 0x0A
            target.file.insert((needsNewline ? "\n" : "") + "\n" + moved.joined(separator: "\n"), at: insertAt)
        }
    }
}

extension PortSession {
    /// `#if os(tvOS) … #elseif os(iOS) … #endif` with no `#else`: on Linux no branch is compiled,
    /// leaving functions without a body. Such a file means iOS, so in an `#if` chain without an
    /// `#else` each `os(iOS)` becomes `(os(iOS) || os(Linux))`. Chains with an `#else` are left
    /// alone: their `#else` is what the file wants elsewhere.
    func rewritePlatformConditions(in file: SourceFile) {
        // Open chains: the `os(iOS)` token indices in their conditions, and whether an `#else` (or
        // a condition naming Linux, as a ported file's does) came.
        var chains: [(iOS: [Int], hasElse: Bool)] = []
        let tokens = file.tokens
        for (i, token) in tokens.enumerated() where token.kind == .pound {
            switch token.text {
            case "#if", "#elseif":
                if token.text == "#if" { chains.append(([], false)) }
                guard !chains.isEmpty else { continue }
                var k = i + 1
                while k < tokens.count, !tokens[k].newlineBefore {
                    if file.isIdent(k, "os"), file.isPunct(k + 1, "("), file.isPunct(k + 3, ")") {
                        if file.isIdent(k + 2, "iOS") { chains[chains.count - 1].iOS.append(k) }
                        if file.isIdent(k + 2, "Linux") { chains[chains.count - 1].hasElse = true }
                    }
                    k += 1
                }
            case "#else":
                if !chains.isEmpty { chains[chains.count - 1].hasElse = true }
            case "#endif":
                guard let chain = chains.popLast(), !chain.hasElse else { continue }
                for k in chain.iOS {
                    file.replace(tokens[k].start..<tokens[k + 3].end, with: "(os(iOS) || os(Linux))")
                    file.note(
                        tokens[k].start,
                        "os(iOS) → (os(iOS) || os(Linux)): an #if chain without #else compiles its iOS branch on Linux")
                }
            default:
                continue
            }
        }
    }

    /// Overrides moved into their class in another file can no longer see the `private` and
    /// `fileprivate` members of types in `file` that they use (a helper left in the extension):
    /// those members become internal (the modifier is removed), each with a note.
    func widenHelpers(usedBy moved: [Member], in file: SourceFile) {
        var used = Set<String>()
        for member in moved {
            for i in member.firstToken...member.lastToken where file.tokens[i].kind == .identifier {
                used.insert(file.tokens[i].text)
            }
        }
        let movedStarts = Set(moved.map(\.firstToken))
        for (owner, decl) in declarations where owner === file {
            for member in decl.members
            where !movedStarts.contains(member.firstToken) && used.contains(member.name)
                && !member.modifiers.filter({ $0 == "private" || $0 == "fileprivate" }).isEmpty
            {
                for i in member.firstToken..<member.keywordToken
                where file.isIdent(i, "private") || file.isIdent(i, "fileprivate") {
                    // `private(set)` goes whole.
                    let end = file.isPunct(i + 1, "(") ? file.tokens[file.match[i + 1]].end : file.tokens[i].end
                    file.remove(file.tokens[i].start..<end)
                    file.note(
                        file.tokens[i].start,
                        "\(file.tokens[i].text) \(member.key) of \(decl.name) made internal: an override moved into its class in another file uses it"
                    )
                }
            }
        }
    }
}

extension String {
    func replacingLast(_ target: String, with replacement: String) -> String {
        let chars = Array(self)
        let find = Array(target)
        guard !find.isEmpty, chars.count >= find.count else { return self }
        for start in stride(from: chars.count - find.count, through: 0, by: -1)
        where Array(chars[start..<start + find.count]) == find {
            return String(chars[..<start]) + replacement + String(chars[(start + find.count)...])
        }
        return self
    }
}
