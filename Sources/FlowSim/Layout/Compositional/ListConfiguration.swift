import Foundation

/// UIKit's `UICollectionLayoutListConfiguration`: a table-like section (rows the full width of
/// the section, headers and footers) built as an ordinary compositional section. The metrics
/// come from `ListMetrics`, FlowSim's one table of approximations (UIKit's are in Swift code that
/// is not decompiled; see docs/compositional.md).
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
    /// Extra space above each header (nil: the appearance's default, 0 in FlowSim's table).
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
        let metrics = ListMetrics.metrics(
            for: configuration.appearance, containerWidth: layoutEnvironment.container.contentSize.width)
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.rowHeight)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.rowHeight)),
            subitems: [item])
        let section = LayoutSection(group: group)
        section.selfSizingMinimum = CGSize(width: 0, height: metrics.rowHeight)
        let hasHeader = configuration.headerMode == .supplementary
        let hasFooter = configuration.footerMode == .supplementary
        // A list section measures its side insets itself (weak, our reading of
        // `_UICollectionViewListLayoutSection`): rows of plain, grouped and sidebar lists span the
        // width, under a landscape iPhone's safe area as a table view's cells do; an inset-grouped
        // list adds the container's insets (the safe area) to its margin, as
        // `_effectiveCollectionViewLayoutMarginsForAppearanceStyle:forUseAsContentInsets:` adds
        // the safe area to the default margins. So the section takes no reference insets.
        section.contentInsetsReference = .none
        let reference = layoutEnvironment.container.contentInsets
        let insetsAdded = metrics.horizontalInset > 0
        section.contentInsets = DirectionalEdgeInsets(
            top: hasHeader ? 0 : metrics.sectionTopWithoutHeader,
            leading: metrics.horizontalInset + (insetsAdded ? reference.leading : 0),
            bottom: hasFooter ? 0 : metrics.sectionBottomWithoutFooter,
            trailing: metrics.horizontalInset + (insetsAdded ? reference.trailing : 0))
        var boundaries: [BoundarySupplementaryItem] = []
        if hasHeader {
            let header = BoundarySupplementaryItem(
                layoutSize: LayoutSize(
                    widthDimension: .fractionalWidth(1),
                    heightDimension: .estimated(metrics.headerHeight + (configuration.headerTopPadding ?? 0))),
                elementKind: FlowLayout.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = metrics.pinsHeaders
            boundaries.append(header)
        }
        if hasFooter {
            boundaries.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.footerHeight)),
                    elementKind: FlowLayout.elementKindSectionFooter, alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundaries
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
