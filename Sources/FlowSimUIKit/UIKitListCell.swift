#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // iOS 14's list cells and cell configurations, as list code built with
    // `UICollectionLayoutListConfiguration` writes its cell registrations. FlowSim draws cells
    // itself: these values are stored and read back, none of them moves a frame (a list item's
    // height comes from the list configuration, see docs/compositional.md).

    // MARK: Configuration state

    /// UIKit's `UIConfigurationState`.
    public protocol UIConfigurationState {
        var traitCollection: UITraitCollection { get set }
    }

    /// UIKit's `UIConfigurationStateCustomKey`: a key for an app's own state values.
    public struct UIConfigurationStateCustomKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// UIKit's `UICellConfigurationState`: the view state a configuration is updated for.
    public struct UICellConfigurationState: UIConfigurationState, Hashable {
        public var traitCollection: UITraitCollection
        public var isDisabled = false
        public var isHighlighted = false
        public var isSelected = false
        public var isFocused = false
        public var isEditing = false
        public var isExpanded = false
        public var isSwiped = false
        public var isReordering = false

        private var customStates: [UIConfigurationStateCustomKey: AnyHashable] = [:]

        public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

        /// An app's own state value (nil removes it), as UIKit's custom-state subscript.
        public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
            get { customStates[key] }
            set { customStates[key] = newValue }
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.flags == rhs.flags && lhs.customStates == rhs.customStates
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(flags)
            hasher.combine(customStates)
        }
        private var flags: [Bool] {
            [isDisabled, isHighlighted, isSelected, isFocused, isEditing, isExpanded, isSwiped, isReordering]
        }
    }

    // MARK: Content configurations

    /// UIKit's `UIContentView`.
    public protocol UIContentView: AnyObject {
        var configuration: UIContentConfiguration { get set }
    }

    /// UIKit's `UIContentConfiguration`.
    public protocol UIContentConfiguration {
        func makeContentView() -> UIView & UIContentView
        func updated(for state: UIConfigurationState) -> Self
    }

    /// The content view FlowSim makes for a list content configuration (never drawn).
    public final class UIListContentView: UIView, UIContentView {
        public var configuration: UIContentConfiguration

        public init(configuration: UIListContentConfiguration) {
            self.configuration = configuration
            super.init(frame: .zero)
        }

        public required init?(coder: NSCoder) {
            configuration = UIListContentConfiguration.cell()
            super.init(coder: coder)
        }
    }

    /// UIKit's `UIListContentConfiguration`: a list cell's text, stored and read back.
    public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
        /// UIKit's `UIListContentConfiguration.TextProperties`.
        public struct TextProperties: Hashable {
            public var font: UIFont
            public var color: UIColor
            public var numberOfLines = 0
            public var adjustsFontSizeToFitWidth = false
            public var allowsDefaultTighteningForTruncation = true
            public var adjustsFontForContentSizeCategory = true
            public var alignment = TextAlignment.natural

            /// UIKit's `TextProperties.TextAlignment`.
            public enum TextAlignment: Hashable, Sendable {
                case natural, center, justified
            }

            /// UIKit's `resolvedColor()`: the colour, there being no transformer here.
            public func resolvedColor() -> UIColor { color }
        }

        /// UIKit's `UIListContentConfiguration.ImageProperties` (the image itself is not there).
        public struct ImageProperties: Hashable {
            public var tintColor: UIColor?
            public var cornerRadius: CGFloat = 0
            public var maximumSize = CGSize.zero
            public var reservedLayoutSize = CGSize.zero

            /// UIKit's `resolvedTintColor(for:)`: the own tint, else the view's.
            public func resolvedTintColor(for tintColor: UIColor) -> UIColor { self.tintColor ?? tintColor }
        }

        /// Which of UIKit's styles this configuration started from.
        let style: String
        public var text: String?
        public var secondaryText: String?
        public var attributedText: NSAttributedString?
        public var secondaryAttributedText: NSAttributedString?
        public var textProperties: TextProperties
        public var secondaryTextProperties: TextProperties
        public var imageProperties = ImageProperties()
        public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
        public var prefersSideBySideTextAndSecondaryText: Bool
        public var textToSecondaryTextVerticalPadding: CGFloat = 0
        public var textToSecondaryTextHorizontalPadding: CGFloat = 0
        public var imageToTextPadding: CGFloat = 0

        private init(style: String, secondarySideBySide: Bool = false) {
            self.style = style
            let label = UIColor(white: 0, alpha: 1)
            let secondary = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
            textProperties = TextProperties(font: .preferredFont(forTextStyle: .body), color: label)
            secondaryTextProperties = TextProperties(
                font: .preferredFont(forTextStyle: .subheadline), color: secondary)
            prefersSideBySideTextAndSecondaryText = secondarySideBySide
        }

        public static func cell() -> Self { Self(style: "cell") }
        public static func subtitleCell() -> Self { Self(style: "subtitleCell") }
        public static func valueCell() -> Self { Self(style: "valueCell", secondarySideBySide: true) }
        public static func plainHeader() -> Self { Self(style: "plainHeader") }
        public static func plainFooter() -> Self { Self(style: "plainFooter") }
        public static func groupedHeader() -> Self { Self(style: "groupedHeader") }
        public static func groupedFooter() -> Self { Self(style: "groupedFooter") }
        public static func prominentInsetGroupedHeader() -> Self { Self(style: "prominentInsetGroupedHeader") }
        public static func extraProminentInsetGroupedHeader() -> Self {
            Self(style: "extraProminentInsetGroupedHeader")
        }
        public static func sidebarCell() -> Self { Self(style: "sidebarCell") }
        public static func sidebarSubtitleCell() -> Self { Self(style: "sidebarSubtitleCell") }
        public static func accompaniedSidebarCell() -> Self { Self(style: "accompaniedSidebarCell") }
        public static func sidebarHeader() -> Self { Self(style: "sidebarHeader") }
        public static func header() -> Self { Self(style: "header") }
        public static func footer() -> Self { Self(style: "footer") }

        public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }
        public func updated(for state: UIConfigurationState) -> Self { self }
    }

    // MARK: Background configurations

    /// UIKit's `UIBackgroundConfiguration`: a cell's background, stored and read back.
    public struct UIBackgroundConfiguration: Hashable {
        public var backgroundColor: UIColor?
        public var cornerRadius: CGFloat = 0
        public var backgroundInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        public var strokeColor: UIColor?
        public var strokeWidth: CGFloat = 0
        public var strokeOutset: CGFloat = 0
        public var customView: UIView?

        private init(backgroundColor: UIColor?) { self.backgroundColor = backgroundColor }

        public static func clear() -> Self { Self(backgroundColor: .clear) }
        public static func listPlainCell() -> Self { Self(backgroundColor: .systemBackground) }
        public static func listPlainHeaderFooter() -> Self { Self(backgroundColor: .systemBackground) }
        public static func listGroupedCell() -> Self { Self(backgroundColor: .secondarySystemGroupedBackground) }
        public static func listGroupedHeaderFooter() -> Self { Self(backgroundColor: .clear) }
        public static func listSidebarCell() -> Self { Self(backgroundColor: .clear) }
        public static func listSidebarHeader() -> Self { Self(backgroundColor: .clear) }
        /// iOS 18's list backgrounds, which follow the list's appearance (FlowSim: the plain ones).
        public static func listCell() -> Self { listPlainCell() }
        public static func listHeader() -> Self { listPlainHeaderFooter() }
        public static func listFooter() -> Self { listPlainHeaderFooter() }

        public func updated(for state: UIConfigurationState) -> Self { self }
    }

    // MARK: Accessories

    /// UIKit's `UICellAccessory`: what a list cell shows at its edges, stored and read back.
    public struct UICellAccessory {
        /// UIKit's `UICellAccessory.DisplayedState`.
        public enum DisplayedState: Hashable, Sendable {
            case always, whenEditing, whenNotEditing
        }
        /// UIKit's `UICellAccessory.OutlineDisclosureOptions.Style`.
        public enum OutlineDisclosureStyle: Hashable, Sendable {
            case automatic, header, cell
        }
        /// The options every accessory takes (UIKit has one struct per accessory, with these).
        public struct Options {
            public var isHidden: Bool?
            public var reservedLayoutWidth: UICellAccessory.LayoutDimension?
            public var tintColor: UIColor?
            public var backgroundColor: UIColor?
            public var style: OutlineDisclosureStyle

            public init(
                style: OutlineDisclosureStyle = .automatic, isHidden: Bool? = nil,
                reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil, tintColor: UIColor? = nil,
                backgroundColor: UIColor? = nil
            ) {
                self.style = style
                self.isHidden = isHidden
                self.reservedLayoutWidth = reservedLayoutWidth
                self.tintColor = tintColor
                self.backgroundColor = backgroundColor
            }
        }
        public typealias DisclosureIndicatorOptions = Options
        public typealias OutlineDisclosureOptions = Options
        public typealias CheckmarkOptions = Options
        public typealias DeleteOptions = Options
        public typealias InsertOptions = Options
        public typealias ReorderOptions = Options
        public typealias MultiselectOptions = Options
        public typealias LabelOptions = Options

        /// UIKit's `UICellAccessory.LayoutDimension`.
        public enum LayoutDimension: Hashable, Sendable {
            case actual, standard
            case custom(CGFloat)
        }

        /// UIKit's `UICellAccessory.Placement`: which edge a custom view goes to.
        public enum Placement: Hashable, Sendable {
            case leading(displayed: DisplayedState = .always)
            case trailing(displayed: DisplayedState = .always)
        }

        /// UIKit's `UICellAccessory.CustomViewConfiguration`, stored.
        public struct CustomViewConfiguration {
            public var customView: UIView
            public var placement: Placement
            public var isHidden: Bool?
            public var reservedLayoutWidth: LayoutDimension
            public var tintColor: UIColor?
            public var maintainsFixedSize: Bool

            public init(
                customView: UIView, placement: Placement, isHidden: Bool? = nil,
                reservedLayoutWidth: LayoutDimension = .standard, tintColor: UIColor? = nil,
                maintainsFixedSize: Bool = false
            ) {
                self.customView = customView
                self.placement = placement
                self.isHidden = isHidden
                self.reservedLayoutWidth = reservedLayoutWidth
                self.tintColor = tintColor
                self.maintainsFixedSize = maintainsFixedSize
            }
        }

        /// What the accessory is (FlowSim's name; UIKit keeps it private).
        public enum Kind: Hashable, Sendable {
            case disclosureIndicator, outlineDisclosure, checkmark, delete, insert, reorder, multiselect
            case label(String)
            case customView
        }

        public let kind: Kind
        public let displayedState: DisplayedState
        public let options: Options
        /// The action handler of an outline disclosure, delete or insert accessory (never called).
        public let actionHandler: (() -> Void)?
        /// The custom view accessory's configuration.
        public private(set) var customViewConfiguration: CustomViewConfiguration?

        public static func customView(configuration: CustomViewConfiguration) -> Self {
            var accessory = Self(kind: .customView, displayedState: .always, options: .init(), actionHandler: nil)
            accessory.customViewConfiguration = configuration
            return accessory
        }

        public static func disclosureIndicator(
            displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()
        ) -> Self { Self(kind: .disclosureIndicator, displayedState: displayed, options: options, actionHandler: nil) }

        public static func outlineDisclosure(
            displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
            actionHandler: (() -> Void)? = nil
        ) -> Self {
            Self(kind: .outlineDisclosure, displayedState: displayed, options: options, actionHandler: actionHandler)
        }

        public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> Self {
            Self(kind: .checkmark, displayedState: displayed, options: options, actionHandler: nil)
        }

        public static func delete(
            displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(),
            actionHandler: (() -> Void)? = nil
        ) -> Self { Self(kind: .delete, displayedState: displayed, options: options, actionHandler: actionHandler) }

        public static func insert(
            displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(),
            actionHandler: (() -> Void)? = nil
        ) -> Self { Self(kind: .insert, displayedState: displayed, options: options, actionHandler: actionHandler) }

        public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> Self
        {
            Self(kind: .reorder, displayedState: displayed, options: options, actionHandler: nil)
        }

        public static func multiselect(
            displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()
        ) -> Self { Self(kind: .multiselect, displayedState: displayed, options: options, actionHandler: nil) }

        public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init())
            -> Self
        { Self(kind: .label(text), displayedState: displayed, options: options, actionHandler: nil) }
    }

    // MARK: Cells

    private struct CellConfigurations {
        var content: UIContentConfiguration?
        var background: UIBackgroundConfiguration?
    }
    private let cellConfigurations = SideTable(default: CellConfigurations())

    extension CollectionViewCell {
        /// UIKit's `contentConfiguration` (iOS 14), stored and read back.
        public var contentConfiguration: UIContentConfiguration? {
            get { cellConfigurations[self].content }
            set { cellConfigurations[self].content = newValue }
        }

        /// UIKit's `backgroundConfiguration` (iOS 14), stored and read back.
        public var backgroundConfiguration: UIBackgroundConfiguration? {
            get { cellConfigurations[self].background }
            set { cellConfigurations[self].background = newValue }
        }

    }

    /// UIKit's `UICollectionViewListCell` (iOS 14): a cell with accessories and a default list
    /// content configuration.
    open class UICollectionViewListCell: CollectionViewCell {
        open var accessories: [UICellAccessory] = []
        open var indentationLevel = 0
        /// UIKit's default indentation width (the standard 10-point step).
        open var indentationWidth: CGFloat = 10
        open var indentsAccessories = true

        /// UIKit's `defaultContentConfiguration()`: `UIListContentConfiguration.cell()`.
        open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

        /// UIKit's `configurationState`: FlowSim's selection and highlight flags. Open, so the
        /// custom-state pattern (a subclass adding its item) compiles; only list cells have it
        /// here, FlowSim's `UICollectionViewCell` being in the core module.
        open var configurationState: UICellConfigurationState {
            var state = UICellConfigurationState(traitCollection: traitCollection)
            state.isSelected = isSelected
            state.isHighlighted = isHighlighted
            return state
        }

        /// UIKit's `setNeedsUpdateConfiguration()`: UIKit answers it at the cell's next layout
        /// pass; FlowSim lays out no cell views, so it never calls `updateConfiguration(using:)`.
        open func setNeedsUpdateConfiguration() {}

        /// UIKit's `updateConfiguration(using:)`: override to configure from the state (never
        /// called by FlowSim; see `setNeedsUpdateConfiguration()`).
        open func updateConfiguration(using state: UICellConfigurationState) {}
    }

    // MARK: Colours

    /// iOS's light-mode system colours (UIColor.h's semantic colours, as a light trait resolves them).
    extension UIColor {
        public static let systemBackground = UIColor(white: 1, alpha: 1)
        public static let secondarySystemBackground = UIColor(
            red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)
        public static let tertiarySystemBackground = UIColor(white: 1, alpha: 1)
        public static let systemGroupedBackground = UIColor(
            red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)
        public static let secondarySystemGroupedBackground = UIColor(white: 1, alpha: 1)
        public static let label = UIColor(white: 0, alpha: 1)
        public static let secondaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
        public static let systemGray = UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1)
        public static let systemRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
        public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1)
        public static let systemOrange = UIColor(red: 1, green: 149.0 / 255, blue: 0, alpha: 1)
        public static let systemYellow = UIColor(red: 1, green: 204.0 / 255, blue: 0, alpha: 1)
        public static let systemPurple = UIColor(red: 175.0 / 255, green: 82.0 / 255, blue: 222.0 / 255, alpha: 1)
    }
#endif
