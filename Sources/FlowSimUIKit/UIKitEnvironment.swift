#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // The device settings real layout files read around their geometry: accessibility switches,
    // the text size, the semantic content attribute and appearance proxies, nib registration and
    // the scroll view's prefetching switch. Each answers what a stock iPhone answers (no
    // assistive technology running, the default text size, left to right) and is stored and read
    // back where UIKit lets a layout set it. Found compiling open-source layouts unedited
    // (docs/layouts-on-linux.md lists them).

    // MARK: Accessibility

    /// UIKit's `UIAccessibility` namespace, as layouts read it: `LoopLayout`-style wrap-around
    /// layouts stop wrapping while VoiceOver or Switch Control runs, carousels skip motion under
    /// Reduce Motion. FlowSim's device runs no assistive technology and has every setting at its
    /// default, so each switch is false (get-only, as in UIKit). The notifications are named as
    /// UIKit names them and are never posted.
    public enum UIAccessibility {
        public static var isVoiceOverRunning: Bool { false }
        public static var isSwitchControlRunning: Bool { false }
        public static var isReduceMotionEnabled: Bool { false }
        public static var isReduceTransparencyEnabled: Bool { false }
        public static var isBoldTextEnabled: Bool { false }

        public static let voiceOverStatusDidChangeNotification = Notification.Name(
            "UIAccessibilityVoiceOverStatusDidChangeNotification")
        public static let switchControlStatusDidChangeNotification = Notification.Name(
            "UIAccessibilitySwitchControlStatusDidChangeNotification")
        public static let reduceMotionStatusDidChangeNotification = Notification.Name(
            "UIAccessibilityReduceMotionStatusDidChangeNotification")
    }

    // MARK: Text size

    /// UIKit's `UIContentSizeCategory`: the user's text size, a string-backed value with UIKit's
    /// raw values (`UICTContentSizeCategoryL` …, the names `-UIPreferredContentSizeCategoryName`
    /// takes), ordered from extra small to the largest accessibility size (`<`, iOS 11).
    public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
        public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
        public static let small = Self(rawValue: "UICTContentSizeCategoryS")
        public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
        public static let large = Self(rawValue: "UICTContentSizeCategoryL")
        public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
        public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
        public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
        public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
        public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
        public static let accessibilityExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXL")
        public static let accessibilityExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
        public static let accessibilityExtraExtraExtraLarge = Self(
            rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

        public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")

        /// The categories from smallest to largest; `unspecified` sorts below them all.
        private static let order: [Self] = [
            .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
            .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
            .accessibilityExtraExtraExtraLarge,
        ]

        /// UIKit's `isAccessibilityCategory`: the five accessibility sizes.
        public var isAccessibilityCategory: Bool { rawValue.hasPrefix("UICTContentSizeCategoryAccessibility") }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (order.firstIndex(of: lhs) ?? -1) < (order.firstIndex(of: rhs) ?? -1)
        }
    }

    extension TraitCollection {
        /// `UITraitCollection.preferredContentSizeCategory`: `.large`, the size iOS ships with,
        /// unless the scene states another (`"preferredContentSizeCategory"`, `--content-size`)
        /// or a test sets `collectionView.traits.preferredContentSizeCategoryName`.
        public var preferredContentSizeCategory: UIContentSizeCategory {
            UIContentSizeCategory(rawValue: preferredContentSizeCategoryName)
        }
    }

    extension UIApplication {
        /// `UIApplication.preferredContentSizeCategory`: `.large`, the size iOS ships with (the
        /// application has no scene; layouts that read the collection view's traits get the
        /// scene's size).
        public var preferredContentSizeCategory: UIContentSizeCategory { .large }
    }

    // MARK: Semantic content and appearance proxies

    /// UIKit's `UISemanticContentAttribute` (`.unspecified`, `.playback`, `.spatial`,
    /// `.forceLeftToRight`, `.forceRightToLeft`), not frozen, as in UIKit. A view's
    /// `semanticContentAttribute` decides its `effectiveUserInterfaceLayoutDirection`.
    public typealias UISemanticContentAttribute = SemanticContentAttribute

    /// The appearance proxy of each view class (`UIView.appearance()`), kept for the process.
    private let appearanceProxies = AppearanceProxies()

    private final class AppearanceProxies: @unchecked Sendable {
        private let lock = NSLock()
        private var proxies: [ObjectIdentifier: View] = [:]

        func proxy(for viewClass: View.Type) -> View {
            lock.withLock {
                if let proxy = proxies[ObjectIdentifier(viewClass)] { return proxy }
                let proxy = View()
                proxies[ObjectIdentifier(viewClass)] = proxy
                return proxy
            }
        }
    }

    extension View {
        /// UIKit's `UIView.userInterfaceLayoutDirection(for:)`: the attribute's direction relative
        /// to the application's (`UIApplication.shared.userInterfaceLayoutDirection`, left to right).
        public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute)
            -> UIUserInterfaceLayoutDirection
        {
            userInterfaceLayoutDirection(for: attribute, relativeTo: UIApplication.shared.userInterfaceLayoutDirection)
        }

        /// UIKit's appearance proxy (`UIView.appearance().semanticContentAttribute`, the idiom of
        /// right-to-left flow layouts): one stored proxy view per class whose values read back.
        /// UIKit applies a proxy's values to views entering a window; FlowSim's views never enter
        /// one, so nothing is applied. Unlike UIKit's `Self`, the proxy is a `UIView`: a subclass's
        /// own members are not reachable through it.
        public class func appearance() -> UIView { appearanceProxies.proxy(for: self) }
    }

    // MARK: Nibs

    /// UIKit's `UINib`, for layouts that register decoration views from nibs. FlowSim loads no
    /// nibs: the name and bundle are kept and `instantiate` makes nothing.
    public final class UINib: @unchecked Sendable {
        public let nibName: String?
        public let bundle: Bundle?

        public init(nibName name: String, bundle bundleOrNil: Bundle?) {
            nibName = name
            bundle = bundleOrNil
        }
        public init(data: Data, bundle bundleOrNil: Bundle?) {
            nibName = nil
            bundle = bundleOrNil
        }

        /// No nib is loaded off-device: no top-level objects.
        public func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [AnyHashable: Any]? = nil) -> [Any] {
            []
        }
    }

    extension CollectionViewLayout {
        /// UIKit's `register(_:forDecorationViewOfKind:)` for a nib: registers the kind as a
        /// class registration does (a nil nib unregisters it, as in UIKit). FlowSim draws
        /// decoration views in its own style, so the view the nib would make is a plain
        /// `UICollectionReusableView` in `registeredDecorationViewClasses`.
        public func register(_ nib: UINib?, forDecorationViewOfKind elementKind: String) {
            register(nib == nil ? nil : CollectionReusableView.self, forDecorationViewOfKind: elementKind)
        }
    }

    // MARK: Scroll view

    private let prefetchingSettings = SideTable(default: true)

    extension CollectionView {
        /// `UICollectionView.isPrefetchingEnabled` (true by default, iOS 10). Stored and read
        /// back: FlowSim asks the data source for nothing ahead of time (layouts such as
        /// CSStickyHeaderFlowLayout switch it off in `invalidateLayout()`).
        public var isPrefetchingEnabled: Bool {
            get { prefetchingSettings[self] }
            set { prefetchingSettings[self] = newValue }
        }
    }
#endif
