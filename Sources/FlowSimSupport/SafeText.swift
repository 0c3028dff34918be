import Foundation

/// Text from a user's file (a scene's string, id or name, a path) made safe to print in a message:
/// bounded in length, with control characters and bidirectional overrides escaped, so nothing
/// from an input reaches the terminal raw or breaks a message over lines.
public enum SafeText {
    /// A scene's text as it may appear in a message: at most `limit` characters (then
    /// "… (N characters in all)"), with every control character, including newline, carriage
    /// return, tab and the ESC of ANSI sequences, shown as a `\u{1B}` escape, so nothing from a
    /// scene file reaches the terminal raw or breaks a message over lines.
    public static func excerpt(_ text: String, limit: Int = 80) -> String {
        excerpt(text, limit: limit, keepingTabs: false)
    }

    /// `text` (a scene's string value, id or name) in quotes, as `excerpt` gives it.
    public static func quoted(_ text: String, limit: Int = 80) -> String {
        "\"" + excerpt(text, limit: limit) + "\""
    }

    /// `excerpt`; with `keepingTabs` a tab is left as it is (a message's own layout, see
    /// `FlowSimCommand.safeMessage`).
    package static func excerpt(_ text: String, limit: Int, keepingTabs: Bool) -> String {
        var out = ""
        var count = 0
        for character in text {
            if count == limit {
                return out + "… (\(text.count) characters in all)"
            }
            out += escapingControls(String(character), keepingTabs: keepingTabs)
            count += 1
        }
        return out
    }

    /// `text` with every control character (newline, carriage return and, unless
    /// `keepingTabs`, tab included) written as `\u{XX}`.
    public static func escapingControls(_ text: String, keepingTabs: Bool = false) -> String {
        let isControl = { (scalar: Unicode.Scalar) in Self.isControl(scalar) && !(keepingTabs && scalar == "\t") }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
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

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar == "\u{202E}" || scalar == "\u{2066}" || scalar == "\u{2067}" || scalar == "\u{2068}"
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
