import FlowSim
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
    /// A scene's text as it may appear in a message: at most `limit` characters (then
    /// "… (N more characters)"), with control characters, including the ESC of ANSI sequences,
    /// shown as `\u{1B}` escapes so nothing from a scene file reaches the terminal raw.
    public static func excerpt(_ text: String, limit: Int = 80) -> String {
        var out = ""
        var count = 0
        for character in text {
            if count == limit {
                return out + "… (\(text.count - limit) more characters)"
            }
            out += escapingControls(String(character))
            count += 1
        }
        return out
    }

    /// `text` with every control character except newline and tab written as `\u{XX}`.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
            || scalar == "\u{202E}" || scalar == "\u{2066}" || scalar == "\u{2067}" || scalar == "\u{2068}"
    }
}
