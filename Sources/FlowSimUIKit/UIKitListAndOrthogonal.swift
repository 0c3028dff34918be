#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // The rest of a list configuration (background colour, separators, swipe actions) and a
    // section's orthogonal scrolling properties, as layout helpers set them (DeclarativeUIKit's
    // chainable list and section modifiers, for one). Stored and read back: separators and swipe
    // actions take no room in a list section, and FlowSim does not fling orthogonal sections, so
    // none of these moves a frame.

    /// Holds a closure in a `Sendable` store (the list configuration's UIKit values).
    private final class ClosureBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    // MARK: Separators

    /// UIKit's `UIListSeparatorAutomaticInsets` (UIListSeparatorConfiguration.h): the edges whose
    /// value is `CGFloat.greatestFiniteMagnitude` ask the list for its own inset.
    public let UIListSeparatorAutomaticInsets = NSDirectionalEdgeInsets(
        top: 0, leading: .greatestFiniteMagnitude, bottom: 0, trailing: .greatestFiniteMagnitude)

    /// UIKit's `UIListSeparatorConfiguration` (iOS 14.5): a value, with UIKit's defaults for every
    /// appearance (decompiled `initWithListAppearance:`): both visibilities `.automatic`, both
    /// insets `UIListSeparatorAutomaticInsets`, the separator colour.
    public struct UIListSeparatorConfiguration: Equatable, Sendable {
        /// `UIListSeparatorConfiguration.Visibility` (`.automatic`, `.visible`, `.hidden`), not
        /// frozen, as in UIKit.
        public typealias Visibility = ListSeparatorVisibility

        public var topSeparatorVisibility: Visibility = .automatic
        public var bottomSeparatorVisibility: Visibility = .automatic
        public var topSeparatorInsets = UIListSeparatorAutomaticInsets
        public var bottomSeparatorInsets = UIListSeparatorAutomaticInsets
        /// iOS's light-mode separator colour (60, 60, 67 at 29 %).
        public var color = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)
        public var multipleSelectionColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)

        public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
    }

    extension ListSeparatorVisibility: @retroactive @unchecked Sendable {}

    // MARK: Swipe actions

    /// UIKit's `UIContextualAction`: a swipe action's style, title and handler, stored. FlowSim
    /// simulates no swipes, so the handler is never called.
    open class UIContextualAction: NSObject, @unchecked Sendable {
        /// `UIContextualAction.Style` (`.normal`, `.destructive`), not frozen, as in UIKit.
        public typealias Style = ContextualActionStyle
        public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

        public let style: Style
        public let handler: Handler
        open var title: String?
        open var backgroundColor: UIColor!

        public init(style: Style, title: String?, handler: @escaping Handler) {
            self.style = style
            self.title = title
            self.handler = handler
            // UIKit's defaults: system red for destructive actions, system grey otherwise.
            backgroundColor =
                style == .destructive
                ? UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
                : UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1)
            super.init()
        }
    }

    /// UIKit's `UISwipeActionsConfiguration(actions:)`, stored.
    open class UISwipeActionsConfiguration: NSObject, @unchecked Sendable {
        public let actions: [UIContextualAction]
        /// True by default, as in UIKit.
        open var performsFirstActionWithFullSwipe = true

        public init(actions: [UIContextualAction]) {
            self.actions = actions
            super.init()
        }
    }

    // MARK: The list configuration's UIKit values

    extension ListConfiguration {
        /// `UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider`.
        public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
        /// `UICollectionLayoutListConfiguration.ItemSeparatorHandler` (iOS 14.5).
        public typealias ItemSeparatorHandler = (IndexPath, UIListSeparatorConfiguration) ->
            UIListSeparatorConfiguration

        /// `backgroundColor` (nil: the appearance's own). Stored: FlowSim draws the scene's style.
        public var backgroundColor: UIColor? {
            get { uiKitValues["backgroundColor"] as? UIColor }
            set { uiKitValues["backgroundColor"] = newValue }
        }

        /// `separatorConfiguration` (iOS 14.5): UIKit's defaults for the appearance until set.
        public var separatorConfiguration: UIListSeparatorConfiguration {
            get {
                uiKitValues["separatorConfiguration"] as? UIListSeparatorConfiguration
                    ?? UIListSeparatorConfiguration(listAppearance: appearance)
            }
            set { uiKitValues["separatorConfiguration"] = newValue }
        }

        /// `itemSeparatorHandler` (iOS 14.5). Stored; separators take no room.
        public var itemSeparatorHandler: ItemSeparatorHandler? {
            get { (uiKitValues["itemSeparatorHandler"] as? ClosureBox<ItemSeparatorHandler>)?.value }
            set { uiKitValues["itemSeparatorHandler"] = newValue.map(ClosureBox.init) }
        }

        /// `leadingSwipeActionsConfigurationProvider`. Stored; no swipe is simulated.
        public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider? {
            get { (uiKitValues["leadingSwipe"] as? ClosureBox<SwipeActionsConfigurationProvider>)?.value }
            set { uiKitValues["leadingSwipe"] = newValue.map(ClosureBox.init) }
        }

        /// `trailingSwipeActionsConfigurationProvider`. Stored; no swipe is simulated.
        public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider? {
            get { (uiKitValues["trailingSwipe"] as? ClosureBox<SwipeActionsConfigurationProvider>)?.value }
            set { uiKitValues["trailingSwipe"] = newValue.map(ClosureBox.init) }
        }
    }

    // MARK: Orthogonal scrolling properties

    /// UIKit's `UICollectionLayoutSectionOrthogonalScrollingProperties` (iOS 17): a section's
    /// deceleration rate and bounce, stored and read back (FlowSim does not fling orthogonal
    /// sections; a scene's `"scroll"` moves them).
    open class UICollectionLayoutSectionOrthogonalScrollingProperties: NSObject, @unchecked Sendable {
        /// `DecelerationRate`: `.automatic` (the collection view's), `.normal`, `.fast`, or a
        /// custom rate (`init(rawValue:)`), UIScrollView's factors.
        public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
            public var rawValue: CGFloat
            public init(rawValue: CGFloat) { self.rawValue = rawValue }
            /// UIKit's sentinel for "the parent scroll view's rate": -1, no real rate.
            public static let automatic = Self(rawValue: -1)
            public static let normal = Self(rawValue: CollectionView.DecelerationRate.normal.rawValue)
            public static let fast = Self(rawValue: CollectionView.DecelerationRate.fast.rawValue)
        }
        /// `Bounce` (`.automatic`, `.always`, `.never`), not frozen, as in UIKit.
        public typealias Bounce = OrthogonalScrollingBounce

        open var decelerationRate: DecelerationRate = .automatic
        open var bounce: Bounce = .automatic

        public override init() { super.init() }
    }

    extension OrthogonalScrollingBounce: @retroactive @unchecked Sendable {}

    private let orthogonalProperties = SideTable<UICollectionLayoutSectionOrthogonalScrollingProperties?>(default: nil)

    extension LayoutSection {
        /// `NSCollectionLayoutSection.orthogonalScrollingProperties` (iOS 17): get-only, one object
        /// per section, set up in place (`section.orthogonalScrollingProperties.bounce = .never`).
        public var orthogonalScrollingProperties: UICollectionLayoutSectionOrthogonalScrollingProperties {
            if let properties = orthogonalProperties[self] { return properties }
            let properties = UICollectionLayoutSectionOrthogonalScrollingProperties()
            orthogonalProperties[self] = properties
            return properties
        }
    }
#endif
