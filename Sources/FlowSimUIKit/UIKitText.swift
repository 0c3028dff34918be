import Foundation

// Text measurement as layout delegates and size calculators call it (a tag's width from its
// title, a chat bubble's height from its message): `UIFont`, `NSAttributedString.Key.font` and
// NSString drawing's `boundingRect(with:options:attributes:context:)` / `size(withAttributes:)`.
// FlowSim has no text engine here: sizes come from the same deterministic approximation scene
// cells use (each character advances 0.6 em, a line is 1.2 em tall; words wrap greedily at the
// offered width), the same on every machine and close to, not equal to, iOS's metrics. Give sizes
// from the scene where exact text metrics matter.

#if !canImport(Darwin)
    /// UIKit's `UIFont`: a name and a point size (no glyphs); `lineHeight` is 1.2 em.
    open class UIFont: NSObject, @unchecked Sendable {
        public let fontName: String
        public let pointSize: CGFloat
        public let weight: Weight

        public init?(name fontName: String, size fontSize: CGFloat) {
            self.fontName = fontName
            self.pointSize = fontSize
            self.weight = .regular
        }

        init(systemName: String, size: CGFloat, weight: Weight) {
            self.fontName = systemName
            self.pointSize = size
            self.weight = weight
        }

        public var familyName: String { fontName }
        /// 1.2 em, FlowSim's line height for every font (SF's is about 1.19 em on iOS).
        public var lineHeight: CGFloat { pointSize * textLineHeight }
        public var ascender: CGFloat { pointSize * 0.95 }
        public var descender: CGFloat { -pointSize * 0.25 }
        public var leading: CGFloat { 0 }
        public var capHeight: CGFloat { pointSize * 0.7 }
        public var xHeight: CGFloat { pointSize * 0.52 }

        public func withSize(_ fontSize: CGFloat) -> UIFont {
            UIFont(systemName: fontName, size: fontSize, weight: weight)
        }

        public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
            UIFont(systemName: ".SFUI-Regular", size: fontSize, weight: .regular)
        }

        public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
            UIFont(systemName: ".SFUI", size: fontSize, weight: weight)
        }

        public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
            UIFont(systemName: ".SFUI-Semibold", size: fontSize, weight: .bold)
        }

        public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
            UIFont(systemName: ".SFUI-RegularItalic", size: fontSize, weight: .regular)
        }

        public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
            UIFont(systemName: ".SFUI-Monospaced", size: fontSize, weight: weight)
        }

        /// Dynamic Type's size for `style` at the default text size (large): Apple's table of
        /// text styles (body 17, headline 17, caption 1 12 …).
        public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
            UIFont(systemName: ".SFUI", size: style.defaultPointSize, weight: style == .headline ? .semibold : .regular)
        }

        /// `UIFont.TextStyle`, UIKit's raw values.
        public struct TextStyle: RawRepresentable, Hashable, Sendable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }

            public static let largeTitle = TextStyle("UICTFontTextStyleTitle0")
            public static let title1 = TextStyle("UICTFontTextStyleTitle1")
            public static let title2 = TextStyle("UICTFontTextStyleTitle2")
            public static let title3 = TextStyle("UICTFontTextStyleTitle3")
            public static let headline = TextStyle("UICTFontTextStyleHeadline")
            public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
            public static let body = TextStyle("UICTFontTextStyleBody")
            public static let callout = TextStyle("UICTFontTextStyleCallout")
            public static let footnote = TextStyle("UICTFontTextStyleFootnote")
            public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
            public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

            var defaultPointSize: CGFloat {
                switch self {
                case .largeTitle: return 34
                case .title1: return 28
                case .title2: return 22
                case .title3: return 20
                case .callout: return 16
                case .subheadline: return 15
                case .footnote: return 13
                case .caption1: return 12
                case .caption2: return 11
                default: return 17  // body, headline
                }
            }
        }

        /// `UIFont.Weight` (stored; it does not change a measurement).
        public struct Weight: RawRepresentable, Hashable, Sendable {
            public var rawValue: CGFloat
            public init(rawValue: CGFloat) { self.rawValue = rawValue }
            public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

            public static let ultraLight = Weight(-0.8)
            public static let thin = Weight(-0.6)
            public static let light = Weight(-0.4)
            public static let regular = Weight(0)
            public static let medium = Weight(0.23)
            public static let semibold = Weight(0.3)
            public static let bold = Weight(0.4)
            public static let heavy = Weight(0.56)
            public static let black = Weight(0.62)
        }
    }

    extension NSAttributedString.Key {
        /// UIKit's `NSAttributedString.Key.font` (raw value `NSFont`): a `UIFont`.
        public static let font = NSAttributedString.Key("NSFont")
    }

    /// `NSStringDrawingOptions`, UIKit's raw values.
    public struct NSStringDrawingOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
        public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
        public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
        public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
    }

    /// `NSStringDrawingContext` (accepted; it changes nothing here).
    open class NSStringDrawingContext: NSObject {
        open var minimumScaleFactor: CGFloat = 0
        open var actualScaleFactor: CGFloat { 1 }
        open var totalBounds: CGRect { .zero }
    }

    /// 1.2 em a line, 0.6 em a character: the scene cells' approximation.
    let textLineHeight: CGFloat = 1.2
    let textAdvance: CGFloat = 0.6

    /// `text` in `font`, on one line (`width` nil) or wrapped greedily at `width`: words move to
    /// the next line whole, a word longer than a line is broken between characters.
    func measuredTextSize(_ text: String, font: UIFont, width: CGFloat?) -> CGSize {
        let advance = font.pointSize * textAdvance
        var lines = 0
        var widest = 0  // characters on the widest line
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            guard let width, width > 0, advance > 0 else {
                widest = max(widest, paragraph.count)
                continue
            }
            let perLine = max(1, Int((width / advance).rounded(.down)))
            var used = 0  // characters on the current line
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var pending = word.count
                while true {
                    if used == 0, pending > perLine {  // a word longer than a line: break it
                        widest = max(widest, perLine)
                        lines += 1
                        pending -= perLine
                    } else if used == 0 {
                        used = pending
                        break
                    } else if used + 1 + pending <= perLine {
                        used += 1 + pending
                        break
                    } else {  // the word moves to the next line
                        widest = max(widest, used)
                        lines += 1
                        used = 0
                    }
                }
            }
            widest = max(widest, used)
        }
        return CGSize(width: CGFloat(widest) * advance, height: CGFloat(max(lines, 1)) * font.lineHeight)
    }

    func font(in attributes: [NSAttributedString.Key: Any]?) -> UIFont {
        // An attributed string without a font draws in Helvetica 12 on iOS.
        (attributes?[.font] as? UIFont) ?? UIFont(systemName: "Helvetica", size: 12, weight: .regular)
    }

    extension StringProtocol {
        /// NSString drawing's `boundingRect(with:options:attributes:context:)`: wrapped at
        /// `size.width` with `.usesLineFragmentOrigin`, one line otherwise; FlowSim's
        /// approximation of the font's metrics (see the top of this file).
        public func boundingRect(
            with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
            context: NSStringDrawingContext?
        ) -> CGRect {
            let wrap = options.contains(.usesLineFragmentOrigin) ? size.width : nil
            return CGRect(origin: .zero, size: measuredTextSize(String(self), font: font(in: attributes), width: wrap))
        }

        /// NSString drawing's `size(withAttributes:)`: one line per paragraph.
        public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
            measuredTextSize(String(self), font: font(in: attrs), width: nil)
        }
    }

    extension NSString {
        public func boundingRect(
            with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
            context: NSStringDrawingContext?
        ) -> CGRect {
            (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
        }

        public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
            (self as String).size(withAttributes: attrs)
        }
    }

    extension NSAttributedString {
        /// Measured in the font of its first character (FlowSim measures one font per string).
        public func boundingRect(
            with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
        ) -> CGRect {
            let attributes = length > 0 ? self.attributes(at: 0, effectiveRange: nil) : [:]
            return string.boundingRect(with: size, options: options, attributes: attributes, context: context)
        }

        public func size() -> CGSize {
            let attributes = length > 0 ? self.attributes(at: 0, effectiveRange: nil) : [:]
            return string.size(withAttributes: attributes)
        }
    }
#endif
