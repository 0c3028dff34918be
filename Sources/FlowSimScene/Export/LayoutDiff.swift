import FlowSim
import FlowSimSupport
import Foundation

/// Compares two `flowsim layout` or two `flowsim frames` JSON documents element by element.
///
/// Elements are matched by kind and id when they have an id (cells: a cell whose index path
/// changed is matched with itself and reported as "cell 0.0 id=x → 0.1 moved"), else by kind,
/// section and item (headers, footers); ghost snapshots of the frames output separately;
/// repeated keys by their order (`Element.Identity.occurrence`, a field of its own, so an id
/// spelled like the " #2" of a label cannot be taken for a repeat). An element *moved* when its center moved by more
/// than `tolerance` points on either axis, *resized* when its size changed by more than
/// `tolerance`, *changed* when its alpha (by more than 0.01), transform or zIndex changed, and
/// *appeared* / *vanished* when only one side has it. Frames documents are compared frame by
/// frame (matched by index); a frame on one side only is reported once.
public enum LayoutDiff {
    public struct Element: Equatable, Sendable {
        /// What elements are matched by, field by field: kind and id for cells with an id (so a
        /// cell that changes index path is matched with itself), else kind and index path; the
        /// ghost flag; and which repeat of these it is. Text joined into one string could collide
        /// (an id "x #2" with the second "x", a kind holding " id=").
        public struct Identity: Hashable, Sendable {
            public var kind: String
            public var elementKind: String?
            /// The id, when the element has one (then the place fields are nil).
            public var id: String?
            /// Where an element without an id is: its `section`, `indexPath` (a component that is
            /// not a number is nil) and `item`, as given.
            public var section: String?
            public var indexPath: [String?]?
            public var item: String?
            public var snapshot: Bool
            /// 1 for the first element with these fields, 2 for the next…
            public var occurrence: Int
        }
        /// The identity as text ("cell id=x", "cell id=x #2"), for reading; matching uses `identity`.
        public var key: String
        public var identity: Identity
        /// "cell 0.3 id=denali", "header 1".
        public var label: String
        public var center: CGPoint
        public var size: CGSize
        public var alpha: Double
        public var transform: [Double]
        public var zIndex: Double
    }

    public struct Change: Equatable, Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            case moved, resized, changed, appeared, vanished, frameAppeared = "frame appeared", frameVanished =
                "frame vanished", contentSize = "contentSize changed", contentOffset = "contentOffset changed"
        }
        public var kind: Kind
        /// nil for layout documents; the frame index for frames documents.
        public var frame: Int?
        /// "cell 0.3 id=denali", "header 1", or "" for whole frames.
        public var element: String
        public var detail: String

        public var description: String {
            let prefix = frame.map { "frame \($0): " } ?? ""
            switch kind {
            case .frameAppeared, .frameVanished: return "\(prefix)\(kind.rawValue)"
            case .contentSize, .contentOffset: return "\(prefix)\(kind.rawValue): \(detail)"
            default: return "\(prefix)\(element) \(kind.rawValue)\(detail.isEmpty ? "" : ": " + detail)"
            }
        }
    }

    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Reads and compares two files; errors name the file.
    public static func compareFiles(expected: String, actual: String, tolerance: Double = 0.5) throws -> [Change] {
        let a = try readDocument(atPath: expected)
        let b = try readDocument(atPath: actual)
        return try compare(a, b, tolerance: tolerance, names: (expected, actual))
    }

    /// A layout or frames document read and parsed, refused (a `Failure` naming the file) when
    /// it cannot be read, is not JSON or gives a key twice.
    public static func readDocument(atPath path: String) throws -> JSONValue {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw Failure(path: path, message: exists ? "cannot read file" : "no such file")
        }
        let document: JSONValue
        do { document = try JSONParser.parse(data) } catch let failure as JSONParser.Failure {
            throw Failure(
                path: path,
                message: "malformed JSON at line \(failure.line), column \(failure.column): \(failure.message)")
        }
        if let (place, key) = document.firstDuplicateKey() {
            // Which of the two would be compared is a guess; a scene refuses them too.
            let location = place.isEmpty ? "" : "\(place): "
            throw Failure(path: path, message: "\(location)duplicate key \(SafeText.quoted(key))")
        }
        return document
    }

    /// Compares two parsed documents (both layouts or both frames).
    public static func compare(
        _ expected: JSONValue, _ actual: JSONValue, tolerance: Double = 0.5,
        names: (String, String) = ("expected", "actual")
    ) throws -> [Change] {
        let kindA = try documentKind(expected, name: names.0)
        let kindB = try documentKind(actual, name: names.1)
        guard kindA == kindB else {
            throw Failure(path: names.1, message: "is a \(kindB) document but \(names.0) is a \(kindA) document")
        }
        if kindA == "layout" {
            let elementChanges = try compareElements(
                try elements(member(expected, "elements"), name: names.0),
                try elements(member(actual, "elements"), name: names.1), frame: nil, tolerance: tolerance)
            return scrollChanges(expected, actual, tolerance: tolerance) + elementChanges
        }
        let framesA = try frames(expected, name: names.0)
        let framesB = try frames(actual, name: names.1)
        var changes: [Change] = []
        let indices = Set(framesA.keys).union(framesB.keys).sorted()
        for index in indices {
            switch (framesA[index], framesB[index]) {
            case (let a?, let b?): changes += try compareElements(a, b, frame: index, tolerance: tolerance)
            case (nil, _?): changes.append(Change(kind: .frameAppeared, frame: index, element: "", detail: ""))
            case (_?, nil): changes.append(Change(kind: .frameVanished, frame: index, element: "", detail: ""))
            case (nil, nil): break
            }
        }
        return changes
    }

    /// contentSize (and contentOffset, when both documents give it) beyond `tolerance` points.
    static func scrollChanges(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double) -> [Change] {
        func pair(_ document: JSONValue, _ key: String, _ a: String, _ b: String) -> (Double, Double)? {
            guard let object = member(document, key), case .number(let x)? = member(object, a),
                case .number(let y)? = member(object, b)
            else { return nil }
            return (x, y)
        }
        func f(_ v: Double) -> String { formatNumber((v * 10).rounded() / 10) }
        var changes: [Change] = []
        if let a = pair(expected, "contentSize", "width", "height"),
            let b = pair(actual, "contentSize", "width", "height"),
            abs(a.0 - b.0) > tolerance || abs(a.1 - b.1) > tolerance
        {
            changes.append(
                Change(
                    kind: .contentSize, frame: nil, element: "",
                    detail:
                        "\(f(a.0))×\(f(a.1)) → \(f(b.0))×\(f(b.1)) (\(signedPoints(b.0 - a.0)), \(signedPoints(b.1 - a.1)))"
                ))
        }
        if let a = pair(expected, "contentOffset", "x", "y"), let b = pair(actual, "contentOffset", "x", "y"),
            abs(a.0 - b.0) > tolerance || abs(a.1 - b.1) > tolerance
        {
            changes.append(
                Change(
                    kind: .contentOffset, frame: nil, element: "",
                    detail: "(\(f(a.0)), \(f(a.1))) → (\(f(b.0)), \(f(b.1)))"))
        }
        return changes
    }

    static func signedPoints(_ v: Double) -> String { (v >= 0 ? "+" : "") + String(format: "%.1f", v) + " pt" }

    static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func documentKind(_ value: JSONValue, name: String) throws -> String {
        if member(value, "frames") != nil { return "frames" }
        if member(value, "elements") != nil { return "layout" }
        throw Failure(
            path: name,
            message: "not a `flowsim layout` or `flowsim frames` document (no \"elements\" or \"frames\" key)")
    }

    static func frames(_ document: JSONValue, name: String) throws -> [Int: [Element]] {
        guard case .array(let list)? = member(document, "frames") else {
            throw Failure(path: name, message: "\"frames\" is not an array")
        }
        var result: [Int: [Element]] = [:]
        for (position, frame) in list.enumerated() {
            var index = position
            if case .number(let n)? = member(frame, "index"), n.isFinite, n >= 0, n < 1e9 { index = Int(n) }
            result[index] = try elements(member(frame, "elements"), name: "\(name) frames[\(position)]")
        }
        return result
    }

    static func elements(_ value: JSONValue?, name: String) throws -> [Element] {
        guard case .array(let list)? = value else { throw Failure(path: name, message: "\"elements\" is not an array") }
        var seen: [Element.Identity: Int] = [:]
        return try list.enumerated().map { position, item in
            guard case .object = item else {
                throw Failure(path: name, message: "elements[\(position)] is not an object")
            }
            func number(_ object: JSONValue?, _ key: String) -> Double? {
                guard let object, case .number(let n)? = member(object, key) else { return nil }
                return n
            }
            func string(_ key: String) -> String? {
                switch member(item, key) {
                case .string(let s)?: return s
                case .number(let n)?: return formatNumber(n)
                default: return nil
                }
            }
            // Matched by category, kind string and index path (UIKit's identity of an element).
            let baseKind = string("kind") ?? "element"
            let elementKind = string("elementKind")
            var kind = baseKind
            if let elementKind { kind += "(\(elementKind))" }
            var section = string("section")
            var indexPath: [String?]?
            var label = kind + " " + (section ?? "?")
            if case .array(let path)? = member(item, "indexPath") {
                let indexes = path.map { value -> String? in
                    if case .number(let n) = value { return formatNumber(n) }
                    return nil
                }
                indexPath = indexes
                section = nil  // the label, and so the identity, took the index path alone
                label = kind + " " + (indexes.isEmpty ? "[]" : indexes.map { $0 ?? "?" }.joined(separator: "."))
            }
            let itemIndex = string("item")
            if let itemIndex { label += ".\(itemIndex)" }
            var key = label
            let id = string("id")
            if let id {
                label += " id=\(id)"
                key = kind + " id=\(id)"
            }
            let snapshot: Bool
            if case .bool(true)? = member(item, "snapshot") { snapshot = true } else { snapshot = false }
            if snapshot {
                label += " (snapshot)"
                key += " (snapshot)"
            }
            var identity = Element.Identity(
                kind: baseKind, elementKind: elementKind, id: id, section: id == nil ? section : nil,
                indexPath: id == nil ? indexPath : nil, item: id == nil ? itemIndex : nil, snapshot: snapshot,
                occurrence: 1)
            let count = seen[identity, default: 0] + 1
            seen[identity] = count
            identity.occurrence = count
            if count > 1 {
                key += " #\(count)"
                label += " #\(count)"
            }
            let frame = member(item, "frame")
            let center = member(item, "center")
            let size = member(item, "size")
            let width = number(size, "width") ?? number(frame, "width") ?? 0
            let height = number(size, "height") ?? number(frame, "height") ?? 0
            let cx = number(center, "x") ?? ((number(frame, "x") ?? 0) + width / 2)
            let cy = number(center, "y") ?? ((number(frame, "y") ?? 0) + height / 2)
            let t = member(item, "transform")
            let transform = ["a", "b", "c", "d", "tx", "ty"].map { number(t, $0) ?? (($0 == "a" || $0 == "d") ? 1 : 0) }
            return Element(
                key: key, identity: identity, label: label, center: CGPoint(x: cx, y: cy),
                size: CGSize(width: width, height: height),
                alpha: number(item, "alpha") ?? 1, transform: transform, zIndex: number(item, "zIndex") ?? 0)
        }
    }

    static func compareElements(_ expected: [Element], _ actual: [Element], frame: Int?, tolerance: Double) throws
        -> [Change]
    {
        let byIdentity = Dictionary(actual.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        let expectedIdentities = Set(expected.map(\.identity))
        var changes: [Change] = []
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        func signed(_ v: Double) -> String {
            (v >= 0 ? "+" : "") + String(format: abs(v) > 0 && abs(v) < 0.05 ? "%.3f" : "%.1f", v)
        }
        for a in expected {
            guard let b = byIdentity[a.identity] else {
                changes.append(
                    Change(
                        kind: .vanished, frame: frame, element: a.label,
                        detail: "was at (\(f(a.center.x)), \(f(a.center.y))), \(f(a.size.width))×\(f(a.size.height))"))
                continue
            }
            let name =
                a.label == b.label ? a.label : "\(a.label) → \(b.label.split(separator: " ").dropFirst().first ?? "")"
            let dx = Double(b.center.x - a.center.x)
            let dy = Double(b.center.y - a.center.y)
            if abs(dx) > tolerance || abs(dy) > tolerance {
                changes.append(
                    Change(
                        kind: .moved, frame: frame, element: name,
                        detail:
                            "center (\(f(a.center.x)), \(f(a.center.y))) → (\(f(b.center.x)), \(f(b.center.y))), by (\(signed(dx)), \(signed(dy)))"
                    ))
            }
            let dw = Double(b.size.width - a.size.width)
            let dh = Double(b.size.height - a.size.height)
            if abs(dw) > tolerance || abs(dh) > tolerance {
                changes.append(
                    Change(
                        kind: .resized, frame: frame, element: name,
                        detail: "\(f(a.size.width))×\(f(a.size.height)) → \(f(b.size.width))×\(f(b.size.height))"))
            }
            var other: [String] = []
            if abs(a.alpha - b.alpha) > 0.01 {
                other.append("alpha \(formatNumber(a.alpha)) → \(formatNumber(b.alpha))")
            }
            let linear = (0..<4).contains { abs(a.transform[$0] - b.transform[$0]) > 0.01 }
            let translation = (4..<6).contains { abs(a.transform[$0] - b.transform[$0]) > tolerance }
            if linear || translation {
                other.append(
                    "transform [\(a.transform.map(formatNumber).joined(separator: ", "))] → [\(b.transform.map(formatNumber).joined(separator: ", "))]"
                )
            }
            if a.zIndex != b.zIndex { other.append("zIndex \(formatNumber(a.zIndex)) → \(formatNumber(b.zIndex))") }
            if !other.isEmpty {
                changes.append(
                    Change(kind: .changed, frame: frame, element: name, detail: other.joined(separator: ", ")))
            }
        }
        for b in actual where !expectedIdentities.contains(b.identity) {
            changes.append(
                Change(
                    kind: .appeared, frame: frame, element: b.label,
                    detail: "at (\(f(b.center.x)), \(f(b.center.y))), \(f(b.size.width))×\(f(b.size.height))"))
        }
        return changes
    }
}
