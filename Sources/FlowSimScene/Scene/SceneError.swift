import FlowSim
import FlowSimSupport
import Foundation

/// A scene that cannot be used: names the file, the key path and what is wrong, e.g.
/// `park.json: sections[2].items[0].size.width: expected a finite number ≥ 0, got -5`.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file, or "<default scene>".
    public var source: String
    /// The key path (`sections[2].items[0]`), or "" for the document itself.
    public var path: String
    public var message: String

    public init(source: String = "", path: String, message: String) {
        self.source = source
        self.path = path
        self.message = message
    }

    public var description: String {
        let location = [source, path].filter { !$0.isEmpty }.joined(separator: ": ")
        return location.isEmpty ? message : "\(location): \(message)"
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
