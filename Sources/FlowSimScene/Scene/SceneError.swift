import FlowSim
import FlowSimSupport
import Foundation

/// A scene that cannot be used: names the file, the key path and what is wrong, e.g.
/// `park.json: sections[2].items[0].size.width: expected a finite number ≥ 0, got -5`.
/// What is wrong is a `Kind` with its values (as the core's `UpdateError`), so a caller or a
/// test matches the kind, not the text; `description` renders the wording.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file, or "<default scene>".
    public var source: String
    /// The key path (`sections[2].items[0]`), or "" for the document itself.
    public var path: String
    public var kind: Kind

    public init(source: String = "", path: String, _ kind: Kind) {
        self.source = source
        self.path = path
        self.kind = kind
    }

    /// A scene error of a rare kind, as text (`Kind.other`).
    public init(source: String = "", path: String, message: String) {
        self.init(source: source, path: path, .other(message))
    }

    /// What is wrong, without the file and key path.
    public var message: String { kind.description }

    public var description: String {
        let location = [source, path].filter { !$0.isEmpty }.joined(separator: ": ")
        return location.isEmpty ? message : "\(location): \(message)"
    }

    /// What is wrong with a scene. Values quoted from the file are excerpts, escaped
    /// (`SafeText`), as the decoder gives them.
    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        /// A value of the wrong type or shape: "expected a finite number ≥ 0, got -5"
        /// (`got`: the value as the message shows it, `JSONValue.brief` or quoted).
        case expected(String, got: String)
        /// A number outside what the key takes: "expected a number in 0…1, got 2" (`expected`:
        /// "a number in 0…1", "at most 64").
        case outOfRange(Double, expected: String)
        /// A text that is none of `choices`, with the nearest as a suggestion.
        case notAChoice(String, choices: [String], suggestion: String?)
        /// A key the object does not take: the nearest known key (and what it is for) and the
        /// keys it takes.
        case unknownKey(String, suggestion: String?, summary: String?, known: [String])
        /// A key the object needs; `alternative` says what may stand for it ("or give a \"device\"").
        case missingKey(String, alternative: String? = nil)
        /// A key given twice in one object (`propertyList`: the property-list decoder's wording).
        case duplicateKey(String, propertyList: Bool = false)
        /// An item id given twice (quoted as the message shows it).
        case duplicateID(String)
        /// Two keys that exclude each other: "give either \"a\" or \"b\", not both".
        case conflictingKeys(String, String)
        /// Keys of which exactly one must be given: "give exactly one of \"a\", \"b\"".
        case needsOneOf([String])
        /// A layout class nobody registered (`known`: the registered names, empty when none is).
        case unknownLayoutClass(String, known: [String])
        /// An index path with no item where the scene acts on one (`action`: "drag", "select");
        /// `sections`: the collection view's section count, when the message gives it.
        case noItem(IndexPath, action: String, sections: Int? = nil)
        /// A device name the catalogue does not have (with the nearest names).
        case unknownDevice(DeviceLookupError)
        /// Updates or scrolls out of time order: `time` comes after `previous`.
        case outOfOrder(String, time: Double, previous: Double)
        /// Work beyond a limit of the program reading the scene (its `option` raises it).
        case limitExceeded(what: String, amount: Int, limit: Int, option: String)
        /// A JSON document that does not parse.
        case malformedJSON(line: Int, column: Int, message: String)
        /// An update UIKit would reject (its exception's reason).
        case update(UpdateError)
        /// A list that must not be empty: `container` ("\"sections\"", "a group") needs at least
        /// one `element`; `note` says what the element is for.
        case needsAtLeastOne(container: String, element: String, note: String? = nil)
        /// A key that must be an update by itself (a drag, a size transition) given with another
        /// key of the same update (`alongside`).
        case updateOfItsOwn(what: String, alongside: String)
        /// A key that only means something with another key's value (`requirement`, as the scene
        /// gives it: `"metric": "ssim"`, `a "device"`); `given`: what the scene has instead.
        case requires(String, requirement: String, given: String? = nil)
        /// A cell image the renderer could not read (`path` as it read it, `reason` the decoder's
        /// or the file system's), reported at the key naming it.
        case unreadableImage(path: String, reason: String)
        /// Any other problem, as text (the rarer kinds, each with its own wording).
        case other(String)

        public var description: String {
            switch self {
            case .expected(let what, let got):
                return "expected \(what), got \(got)"
            case .outOfRange(let value, let expected):
                return "expected \(expected), got \(formatNumber(value))"
            case .notAChoice(let text, let choices, let suggestion):
                return "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), got \(text)"
                    + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
            case .unknownKey(let key, let suggestion, let summary, let known):
                var text = "unknown key \"\(key)\""
                if let suggestion {
                    text += "; did you mean \"\(suggestion)\"?"
                    if let summary, !summary.isEmpty { text += " (\(summary))" }
                }
                return text + " Known keys here: \(known.joined(separator: ", "))."
            case .missingKey(let key, let alternative):
                return "missing required key \"\(key)\"" + (alternative.map { " (\($0))" } ?? "")
            case .duplicateKey(let key, let propertyList):
                return "duplicate key \"\(key)\"" + (propertyList ? " (keys must be unique, as in JSON)" : "")
            case .duplicateID(let id):
                return "duplicate item id \(id): ids identify items across updates and must be unique"
            case .conflictingKeys(let first, let second):
                return "give either \"\(first)\" or \"\(second)\", not both"
            case .needsOneOf(let keys):
                return "give exactly one of \(keys.map { "\"\($0)\"" }.joined(separator: ", "))"
            case .unknownLayoutClass(let name, let known):
                return "unknown layout class \(SafeText.quoted(name)); "
                    + (known.isEmpty
                        ? "this flowsim knows no custom layouts (a team registers its own in its flowsim build)"
                        : "known: \(known.joined(separator: ", "))")
            case .noItem(let path, let action, let sections):
                return "no item at section \(path.section), item \(path.item) to \(action)"
                    + (sections.map { " (the collection view has \($0) sections)" } ?? "")
            case .unknownDevice(let error):
                return error.description
            case .outOfOrder(let what, let time, let previous):
                return "\(what) must be in time order: \(formatNumber(time)) comes after \(formatNumber(previous))"
            case .limitExceeded(let what, let amount, let limit, let option):
                return
                    "\(what): \(amount), beyond the limit of \(limit); raise it with \(option) N if this is intended."
            case .malformedJSON(let line, let column, let message):
                return "malformed JSON at line \(line), column \(column): \(message)"
            case .update(let error):
                return error.message
            case .needsAtLeastOne(let container, let element, let note):
                return "\(container) needs at least one \(element)" + (note.map { " (\($0))" } ?? "")
            case .updateOfItsOwn(let what, let alongside):
                return "\(what) is an update of its own: move \"\(alongside)\" to another update"
            case .requires(let key, let requirement, let given):
                return "\"\(key)\" needs \(requirement)" + (given.map { " (the scene gives \($0))" } ?? "")
            case .unreadableImage(let path, let reason):
                return "cannot read image \(path): \(reason)"
            case .other(let text):
                return text
            }
        }
    }
}

extension SceneError {
    @available(*, deprecated, renamed: "SafeText.excerpt")
    public static func excerpt(_ text: String, limit: Int = 80) -> String { SafeText.excerpt(text, limit: limit) }

    @available(*, deprecated, renamed: "SafeText.quoted")
    public static func quoted(_ text: String, limit: Int = 80) -> String { SafeText.quoted(text, limit: limit) }

    @available(*, deprecated, renamed: "SafeText.escapingControls")
    public static func escapingControls(_ text: String, keepingTabs: Bool = false) -> String {
        SafeText.escapingControls(text, keepingTabs: keepingTabs)
    }
}
