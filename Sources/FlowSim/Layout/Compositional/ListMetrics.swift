import Foundation

/// The one table of list metrics FlowSim uses for `ListConfiguration`, read from UIKit 26.1's
/// `_UICollectionViewListLayoutSection`, `_UICollectionViewListLayoutSectionConfiguration` and
/// `UITableConstants_IOS` (iPhone and iPad; see docs/compositional.md, "List metrics", for each
/// value's evidence). Correct a value here and every list follows.
public struct ListMetrics: Equatable, Sendable {
    /// The estimated row height: `_effectiveEstimatedRowHeight` falls back to
    /// `UITableConstants_IOS defaultRowHeightForTableView:` (44).
    public var rowHeight: CGFloat
    /// The section's leading and trailing content insets (the container's edge is the reference:
    /// `_defaultContentInsetsReference` is `.none`).
    public var leadingInset: CGFloat
    public var trailingInset: CGFloat
    /// The section's top and bottom content insets (above the header, below the footer).
    public var topInset: CGFloat
    public var bottomInset: CGFloat
    /// Header and footer heights. FlowSim does not self-size supplementary views, so these are
    /// typical self-sized heights of one line of text, not UIKit's estimates (17.5 grouped, 28 plain).
    public var headerHeight: CGFloat
    public var footerHeight: CGFloat
    /// Plain and sidebarPlain lists pin their headers and footers
    /// (`_shouldPinSupplementaries`: appearance style 0 or 4).
    public var pinsSupplementaries: Bool
    /// Corner radius of insetGrouped sections (not drawn).
    public var cornerRadius: CGFloat

    /// What a list section reads from its environment.
    public struct Context: Equatable, Sendable {
        /// The collection view's bounds size (the container's `contentSize`).
        public var containerSize: CGSize
        public var safeArea: DirectionalEdgeInsets
        public var layoutMargins: DirectionalEdgeInsets
        public var sectionIndex: Int
        public var numberOfSections: Int

        public init(
            containerSize: CGSize, safeArea: DirectionalEdgeInsets = .zero,
            layoutMargins: DirectionalEdgeInsets = .zero, sectionIndex: Int = 0, numberOfSections: Int = 1
        ) {
            self.containerSize = containerSize
            self.safeArea = safeArea
            self.layoutMargins = layoutMargins
            self.sectionIndex = sectionIndex
            self.numberOfSections = numberOfSections
        }

        /// The context of `environment`: FlowSim's own environment carries the safe area, layout
        /// margins and section index; any other takes its container's insets as the safe area.
        public init(_ environment: LayoutEnvironment) {
            let container = environment.container
            guard let own = environment as? CompositionalEnvironment, let insets = own.insets else {
                self.init(containerSize: container.contentSize, safeArea: container.contentInsets)
                return
            }
            self.init(
                containerSize: container.contentSize, safeArea: insets.safeArea, layoutMargins: insets.layoutMargins,
                sectionIndex: own.sectionIndex, numberOfSections: own.numberOfSections)
        }
    }

    /// `UITableConstants_IOS defaultTableLayoutMarginsForScreen:size:tableStyle:`: 16, or 20 on a
    /// screen that `_wantsWideContentMargins` (then 16 again at most 320 pt wide). That is a
    /// property of the device FlowSim does not model; a shorter side of 414 pt or more (the large
    /// iPhones and every iPad) stands in for it (weak).
    public static func tableMargin(containerSize: CGSize) -> CGFloat {
        let wide = min(containerSize.width, containerSize.height) >= 414
        return wide && containerSize.width > 320 ? 20 : 16
    }

    /// The metrics of `configuration` in `context`.
    public static func metrics(for configuration: ListConfiguration, in context: Context) -> ListMetrics {
        let appearance = configuration.appearance
        let hasHeader = configuration.headerMode != .none
        let hasFooter = configuration.footerMode == .supplementary
        // `_defaultSectionContentInsetsForAppearanceStyle:`: insetGrouped, sidebar and
        // sidebarPlain take `_effectiveCollectionViewLayoutMarginsForAppearanceStyle:
        // forUseAsContentInsets: YES` — on iOS (`shouldUseDefaultTableLayoutMarginsAsContentInsets`)
        // the table margin plus the safe area, or the collection view's layout margins if larger.
        // Plain and grouped rows take none and span the container.
        var leading: CGFloat = 0
        var trailing: CGFloat = 0
        if appearance == .insetGrouped || appearance == .sidebar || appearance == .sidebarPlain {
            let margin = tableMargin(containerSize: context.containerSize)
            leading = max(context.layoutMargins.leading, margin + context.safeArea.leading)
            trailing = max(context.layoutMargins.trailing, margin + context.safeArea.trailing)
        }
        // `_sectionContentInsetsForAppearanceStyleWithDefaultInsets:headerFootersAreChromeless:`.
        var top: CGFloat = 0
        var bottom: CGFloat = 0
        switch appearance {
        case .grouped, .insetGrouped:
            // `_sectionContentInsetsForVerticallySeparatedSectionsWithDefaultInsets:` and
            // `_topContentInsetForGroupedAppearance`: no space above a header; without one, 35
            // above the first section (`defaultPaddingAboveFirstSectionWithoutHeaderTableStyle:`)
            // and the grouped header height (17.5) above the others. Below a section without a
            // footer: 20 after the last, the grouped footer height (17.5) after the others.
            let groupedSupplementary: CGFloat = 17.5
            if !hasHeader { top = context.sectionIndex == 0 ? 35 : groupedSupplementary }
            if !hasFooter {
                bottom = context.sectionIndex == context.numberOfSections - 1 ? 20 : groupedSupplementary
            }
        case .sidebar:
            if !hasFooter { bottom = 10 }
        case .sidebarPlain:
            // Chromeless headers and footers (the default) add nothing; a headerTopPadding of 0
            // turns chrome on (`_headerFooterPinningBehavior` 0), and then 8 goes above and below
            // a section with a header or footer.
            if configuration.headerTopPadding == 0 && (hasHeader || hasFooter) {
                top = 8
                bottom = 8
            }
        case .plain:
            break
        }
        let groupedHeights = appearance != .plain && appearance != .sidebarPlain
        return ListMetrics(
            rowHeight: 44, leadingInset: leading, trailingInset: trailing, topInset: top, bottomInset: bottom,
            headerHeight: groupedHeights ? 38 : 28,
            footerHeight: appearance == .grouped || appearance == .insetGrouped ? 38 : 28,
            pinsSupplementaries: appearance == .plain || appearance == .sidebarPlain,
            cornerRadius: appearance == .insetGrouped || appearance == .sidebar ? 10 : 0)
    }
}
