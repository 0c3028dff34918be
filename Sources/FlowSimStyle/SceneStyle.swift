import Foundation

/// An sRGB colour with straight (non-premultiplied) alpha, components in [0, 1].
public struct RGBAColor: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        guard digits.first == "#" else { return nil }
        digits = digits.dropFirst()
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6 || digits.count == 8,
            let value = UInt64(digits, radix: 16)
        else { return nil }
        let hasAlpha = digits.count == 8
        let rgb = hasAlpha ? value >> 8 : value
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: hasAlpha ? Double(value & 0xFF) / 255 : 1)
    }
}

/// How a scene is drawn: the scene file's `"style"` object. Every key has a default.
public struct SceneStyle: Equatable, Sendable {
    /// Collection view background (`"background"`).
    public var background = RGBAColor(red: 0.949, green: 0.949, blue: 0.969)  // systemGroupedBackground
    /// Header background (`"headerBackground"`).
    public var headerBackground = RGBAColor(red: 0.898, green: 0.898, blue: 0.918)
    /// Header and footer text (`"headerText"`).
    public var headerText = RGBAColor(red: 0.11, green: 0.11, blue: 0.118)
    /// Cell title text (`"cellText"`).
    public var cellText = RGBAColor(red: 1, green: 1, blue: 1)
    /// Fixed cell fill; nil (the default) derives a colour from each item's id (`"cellColor"`).
    public var cellColor: RGBAColor? = nil
    /// Cell corner radius in points (`"cornerRadius"`).
    public var cornerRadius: Double = 8
    /// Cell title font size in points (`"fontSize"`).
    public var fontSize: Double = 12
    /// Header title font size in points (`"headerFontSize"`).
    public var headerFontSize: Double = 15
    /// Selection badge colour (`"selectionColor"`), UIKit's systemBlue.
    public var selectionColor = RGBAColor(red: 0, green: 0.478, blue: 1)
    /// Set by the traits (`resolved(for:)`): dark mode (the safe-area overlay draws light on dark).
    public var isDark = false
    /// Where titles sit in their cell: leading (left to right) or trailing (set right to left).
    public var textAlignment = TextAlignment.leading

    /// Which side of a cell its title hugs when it does not fill the width.
    public enum TextAlignment: Sendable {
        case leading
        case trailing
    }

    public init() {}
}
