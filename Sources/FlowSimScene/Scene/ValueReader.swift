import FlowSim
import FlowSimStyle
import FlowSimSupport
import Foundation

/// Reads typed values out of a `JSONValue` tree, producing `SceneError`s that name the key path
/// and the offending value. Objects reject unknown keys and suggest the nearest known one.
public struct ValueReader {
    public let value: JSONValue
    public let path: String

    public init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    public func error(_ message: String) -> SceneError { SceneError(path: path, message: message) }

    /// A `SceneError` of `kind` at this reader's path.
    public func error(_ kind: SceneError.Kind) -> SceneError { SceneError(path: path, kind) }

    /// "expected `what`, got" this value.
    public func expected(_ what: String) -> SceneError { error(.expected(what, got: value.brief)) }

    public func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    // MARK: Objects

    /// The object's members, after checking every key is in `known`.
    public func object(known: [String]) throws -> ObjectReader {
        try object(isKnown: known.contains, names: { known }, summary: { _ in nil })
    }

    /// `object(known:)`, quoting the suggested key's description (`summary`). The known names
    /// and summaries are asked for only to word an error: every section and item of a scene is
    /// an object read here, so nothing is built per object beyond its members.
    func object(
        isKnown: (String) -> Bool, names: () -> [String], summary: (String) -> String?
    ) throws -> ObjectReader {
        guard case .object(let members) = value else { throw expected("an object") }
        var byKey = [String: JSONValue](minimumCapacity: members.count)
        for member in members {
            guard byKey.updateValue(member.value, forKey: member.key) == nil else {
                throw SceneError(path: child(SafeText.excerpt(member.key)), .duplicateKey(SafeText.excerpt(member.key)))
            }
            if !isKnown(member.key) {
                let known = names()
                let nearest = nearestName(to: member.key, in: known)
                throw SceneError(
                    path: child(SafeText.excerpt(member.key)),
                    .unknownKey(
                        SafeText.excerpt(member.key), suggestion: nearest, summary: nearest.flatMap(summary),
                        known: known))
            }
        }
        return ObjectReader(members: byKey, reader: self)
    }

    public func array() throws -> [ValueReader] {
        guard case .array(let items) = value else { throw expected("an array") }
        return items.enumerated().map { ValueReader($1, path: "\(path)[\($0)]") }
    }

    // MARK: Scalars

    public func number() throws -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw expected("a finite number")
        }
        return number
    }

    /// A finite number ≥ 0 (sizes, spacings, insets of one side…).
    public func nonNegative() throws -> Double {
        guard case .number(let number) = value, number.isFinite, number >= 0 else {
            throw expected("a finite number ≥ 0")
        }
        return number
    }

    /// A finite number > 0 (viewport sizes, scales, durations).
    public func positive() throws -> Double {
        guard case .number(let number) = value, number.isFinite, number > 0 else {
            throw expected("a finite number > 0")
        }
        return number
    }

    public func integer(min: Int = .min) throws -> Int {
        guard case .number(let number) = value, number.isFinite, number == number.rounded() else {
            throw expected("a whole number")
        }
        // Larger ones lose their units digit as a Double, and Int(number) traps past 2^63.
        guard abs(number) < 1e15 else { throw expected("a whole number below 10^15") }
        guard Int(number) >= min else { throw expected("a whole number ≥ \(min)") }
        return Int(number)
    }

    public func string() throws -> String {
        guard case .string(let text) = value else { throw expected("a string") }
        return text
    }

    public func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw expected("true or false") }
        return flag
    }

    /// One of `choices`, with a suggestion for a near miss.
    public func choice(_ choices: [String]) throws -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw error(
                .notAChoice(SafeText.quoted(text), choices: choices, suggestion: nearestName(to: text, in: choices)))
        }
        return text
    }

    // MARK: Geometry

    /// `{"width": W, "height": H}` with finite non-negative values.
    public func size() throws -> CGSize {
        let object = try self.object(known: SceneDecoder.sizeKeys)
        return CGSize(
            width: try object.required("width").nonNegative(), height: try object.required("height").nonNegative())
    }

    /// `{"x": X, "y": Y}`, any finite values.
    public func point() throws -> CGPoint {
        let object = try self.object(known: SceneDecoder.pointKeys)
        return CGPoint(x: try object.optional("x")?.number() ?? 0, y: try object.optional("y")?.number() ?? 0)
    }

    /// `{"top", "left", "bottom", "right"}`, each optional (0), finite and ≥ 0.
    public func insets() throws -> EdgeInsets {
        let object = try self.object(known: SceneDecoder.insetsKeys)
        return EdgeInsets(
            top: try object.optional("top")?.nonNegative() ?? 0, left: try object.optional("left")?.nonNegative() ?? 0,
            bottom: try object.optional("bottom")?.nonNegative() ?? 0,
            right: try object.optional("right")?.nonNegative() ?? 0)
    }

    /// `#RRGGBB`, `#RGB` or `#RRGGBBAA`.
    public func color() throws -> RGBAColor {
        let text = try string()
        guard let color = RGBAColor(hex: text) else {
            throw error(.expected("a colour as \"#RRGGBB\" or \"#RRGGBBAA\"", got: SafeText.quoted(text)))
        }
        return color
    }
}

/// The members of a checked object.
public struct ObjectReader {
    let members: [String: JSONValue]
    let reader: ValueReader

    public func optional(_ key: String) -> ValueReader? {
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        return ValueReader(value, path: reader.child(key))
    }

    public func required(_ key: String) throws -> ValueReader {
        guard let value = optional(key) else {
            throw SceneError(path: reader.path, .missingKey(key))
        }
        return value
    }

    public func has(_ key: String) -> Bool { members[key] != nil }
}
