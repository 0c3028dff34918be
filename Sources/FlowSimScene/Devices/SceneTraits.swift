import FlowSim
import FlowSimStyle
import Foundation

/// UIKit's `UIUserInterfaceStyle` (light or dark appearance).
public enum UserInterfaceStyle: String, CaseIterable, Sendable {
    case light
    case dark
}

/// UIKit's `UIContentSizeCategory`, the user's text size, with the body text style's size at
/// each (Apple's Human Interface Guidelines, Typography › Dynamic Type sizes: 14 pt at extra
/// small, 17 pt at large, the default, up to 53 pt at the largest accessibility size).
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The body text style's point size at this category.
    public var bodyPointSize: Double {
        switch self {
        case .extraSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .extraLarge: return 19
        case .extraExtraLarge: return 21
        case .extraExtraExtraLarge: return 23
        case .accessibilityMedium: return 28
        case .accessibilityLarge: return 33
        case .accessibilityExtraLarge: return 40
        case .accessibilityExtraExtraLarge: return 47
        case .accessibilityExtraExtraExtraLarge: return 53
        }
    }

    /// How much a custom font grows at this category: `UIFontMetrics.default` scales a size by the
    /// body style's size here over its size at `.large` (17 pt).
    public var scaleFactor: Double { bodyPointSize / ContentSizeCategory.large.bodyPointSize }

    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }

    /// UIKit's raw value for the category (`UICTContentSizeCategoryL` …), what a layout reads as
    /// `traitCollection.preferredContentSizeCategory`.
    public var uiKitName: String {
        let sizes: [Self: String] = [
            .extraSmall: "XS", .small: "S", .medium: "M", .large: "L", .extraLarge: "XL", .extraExtraLarge: "XXL",
            .extraExtraExtraLarge: "XXXL", .accessibilityMedium: "AccessibilityM",
            .accessibilityLarge: "AccessibilityL",
            .accessibilityExtraLarge: "AccessibilityXL", .accessibilityExtraExtraLarge: "AccessibilityXXL",
            .accessibilityExtraExtraExtraLarge: "AccessibilityXXXL",
        ]
        return "UICTContentSizeCategory" + sizes[self, default: "L"]
    }
}

/// The traits a scene runs with (`"traits"`, a device, `--rtl`, `--dark`, `--content-size`).
public struct SceneTraits: Equatable, Sendable {
    public var layoutDirection: UserInterfaceLayoutDirection = .leftToRight
    public var userInterfaceStyle: UserInterfaceStyle = .light
    public var preferredContentSizeCategory: ContentSizeCategory = .large
    /// nil: as the device (or an iPhone in portrait) has it.
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var verticalSizeClass: UserInterfaceSizeClass?

    public init() {}

    /// The names scene files and `--json` outputs use.
    public static let layoutDirectionNames = ["leftToRight", "rightToLeft"]
    public static let sizeClassNames = ["compact", "regular"]

    public static func layoutDirection(named name: String) -> UserInterfaceLayoutDirection? {
        switch name {
        case "leftToRight": return .leftToRight
        case "rightToLeft": return .rightToLeft
        default: return nil
        }
    }

    public static func sizeClass(named name: String) -> UserInterfaceSizeClass? {
        switch name {
        case "compact": return .compact
        case "regular": return .regular
        default: return nil
        }
    }
}

extension SceneStyle {
    /// UIKit's dark variants of the default colours (the system dynamic colours as they resolve
    /// in dark mode): systemGroupedBackground #F2F2F7 → #000000, systemGray5 #E5E5EA → #2C2C2E,
    /// label #1C1C1E → #FFFFFF, systemBlue #007AFF → #0A84FF. A colour the scene sets to
    /// anything else is the scene's own and is kept.
    static let darkVariants: [(light: RGBAColor, dark: RGBAColor)] = [
        (RGBAColor(red: 0.949, green: 0.949, blue: 0.969), RGBAColor(red: 0, green: 0, blue: 0)),
        (RGBAColor(red: 0.898, green: 0.898, blue: 0.918), RGBAColor(red: 0.173, green: 0.173, blue: 0.18)),
        (RGBAColor(red: 0.11, green: 0.11, blue: 0.118), RGBAColor(red: 1, green: 1, blue: 1)),
        (RGBAColor(red: 0, green: 0.478, blue: 1), RGBAColor(red: 0.039, green: 0.518, blue: 1)),
    ]

    /// This style as drawn with `traits`: dark variants of the default colours in dark mode, and
    /// the font sizes scaled for the content size category (`ContentSizeCategory.scaleFactor`).
    public func resolved(for traits: SceneTraits) -> SceneStyle {
        var style = self
        if traits.userInterfaceStyle == .dark {
            func dark(_ color: RGBAColor) -> RGBAColor {
                SceneStyle.darkVariants.first { $0.light == color }?.dark ?? color
            }
            style.background = dark(background)
            style.headerBackground = dark(headerBackground)
            style.headerText = dark(headerText)
            style.selectionColor = dark(selectionColor)
            style.isDark = true
        }
        let factor = traits.preferredContentSizeCategory.scaleFactor
        style.fontSize = fontSize * factor
        style.headerFontSize = headerFontSize * factor
        style.textAlignment = traits.layoutDirection == .rightToLeft ? .trailing : .leading
        return style
    }
}
