import Foundation

/// UIKit's `UICollectionLayoutListConfiguration`: a table-like section (rows the full width of
/// the section, headers and footers) built as an ordinary compositional section. The metrics
/// come from `ListMetrics`, FlowSim's one table of them (see docs/compositional.md).
public struct ListConfiguration: Sendable {
    public enum Appearance: Int, Sendable, CaseIterable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    public enum HeaderMode: Int, Sendable, CaseIterable {
        case none, supplementary, firstItemInSection
    }

    public enum FooterMode: Int, Sendable, CaseIterable {
        case none, supplementary
    }

    public let appearance: Appearance
    /// Stored; separators are not drawn and take no room.
    public var showsSeparators = true
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Extra space above each header (nil: the appearance's default, 0 in FlowSim). 0 also turns
    /// a sidebarPlain list's header and footer chrome on (see `ListMetrics`).
    public var headerTopPadding: CGFloat?

    /// Values of UIKit-only types (the background colour, separator and swipe-action
    /// configurations) that FlowSimUIKit stores here for layouts that set and read them; the list
    /// section FlowSim builds does not depend on them (separators and swipe actions take no room).
    package var uiKitValues: [String: any Sendable] = [:]

    public init(appearance: Appearance) { self.appearance = appearance }
}

extension LayoutSection {
    /// UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    public static func list(using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment)
        -> LayoutSection
    {
        let metrics = ListMetrics.metrics(for: configuration, in: ListMetrics.Context(layoutEnvironment))
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.rowHeight)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.rowHeight)),
            subitems: [item])
        let section = LayoutSection(group: group)
        section.selfSizingMinimum = CGSize(width: 0, height: metrics.rowHeight)
        let hasHeader = configuration.headerMode == .supplementary
        let hasFooter = configuration.footerMode == .supplementary
        // `_UICollectionViewListLayoutSection initWithConfiguration:layoutEnvironment:` sets the
        // reference to `_defaultContentInsetsReference` (`.none`): the insets ListMetrics measures
        // (safe area included) are from the container's edges.
        section.contentInsetsReference = .none
        // `_defaultSectionContentInsetsForSectionMetrics:`: a section without a supplementary
        // header takes a set `headerTopPadding` as its top inset in place of the metrics' (plus
        // sidebarPlain's chrome 8); with one, the padding goes above the header instead
        // (`_paddingToBoundarySupplementaries`, below). UIKit's automatic padding comes from
        // `_UIListMetrics`, Swift not decompiled: FlowSim uses the metrics' top (0 with a header).
        var top = metrics.topInset
        if !hasHeader, let padding = configuration.headerTopPadding {
            let chrome =
                configuration.appearance == .sidebarPlain && padding == 0
                && (configuration.headerMode != .none || hasFooter)
            top = padding + (chrome ? 8 : 0)
        }
        section.contentInsets = DirectionalEdgeInsets(
            top: top, leading: metrics.leadingInset, bottom: metrics.bottomInset, trailing: metrics.trailingInset)
        // `initWithConfiguration:layoutEnvironment:` keeps a set padding for a supplementary
        // header; the section solvers' `auxillaryHostPaddingBeforeBoundarySupplementaries` grow
        // the section by it before its boundary items, so the header sits that far lower.
        if hasHeader, let padding = configuration.headerTopPadding, padding > 0 {
            section.paddingBeforeBoundarySupplementaries = padding
        }
        var boundaries: [BoundarySupplementaryItem] = []
        if hasHeader {
            let header = BoundarySupplementaryItem(
                layoutSize: LayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.headerHeight)),
                elementKind: FlowLayout.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = metrics.pinsSupplementaries
            boundaries.append(header)
        }
        if hasFooter {
            let footer = BoundarySupplementaryItem(
                layoutSize: LayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.footerHeight)),
                elementKind: FlowLayout.elementKindSectionFooter, alignment: .bottom)
            // `_addSupplementaryItemsToLayout:` pins footers as it pins headers.
            footer.pinToVisibleBounds = metrics.pinsSupplementaries
            boundaries.append(footer)
        }
        section.boundarySupplementaryItems = boundaries
        // `_shouldSupplementariesFollowSectionInsets`: only plain and sidebarPlain headers and
        // footers ignore the section's insets (a sidebarPlain header spans its inset rows).
        section.supplementariesFollowContentInsets = !metrics.pinsSupplementaries
        return section
    }
}

extension CompositionalLayout {
    /// UIKit's `UICollectionViewCompositionalLayout.list(using:)`: every section a list section.
    public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
        CompositionalLayout(sectionProvider: { _, environment in
            LayoutSection.list(using: configuration, layoutEnvironment: environment)
        })
    }
}
