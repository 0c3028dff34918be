// Compositional layouts in the shapes Apple's WWDC 2019/2020 sessions and its "Implementing Modern
// Collection Views" sample use (our own code, written against UIKit's API): nested groups three
// levels deep, a custom group reading its environment, flexible and fixed spacing, edge spacing,
// self-sizing rows with insets UIKit ignores, badges with fractional anchors, backgrounds with
// their own zIndex and insets, pinned and overlapping boundary items, a horizontally scrolling
// layout, orthogonal carousels and list configurations. Only the imports are FlowSim's. Their
// frames are pinned in WWDCStyleLayoutTests.swift.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

enum WWDCStyleLayouts {
    static let badgeKind = "wwdc-badge"
    static let dotKind = "wwdc-dot"
    static let backgroundKind = "wwdc-background"

    /// A vertical group holding a horizontal group (a large item beside a vertical pair) above a
    /// full-width item: vertical in horizontal in vertical.
    static func nestedMosaic() -> UICollectionViewLayout {
        let insets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let large = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.7), heightDimension: .fractionalHeight(1)))
        large.contentInsets = insets
        let small = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        small.contentInsets = insets
        let pair = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)),
            subitem: small, count: 2)
        let top = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.6)),
            subitems: [large, pair])
        let wide = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.4)))
        let root = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(500)),
            subitems: [top, wide])
        let section = NSCollectionLayoutSection(group: root)
        section.interGroupSpacing = 10
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// A custom group: one tall tile and two stacked ones, sized from the container it is given.
    static func customMosaic() -> UICollectionViewLayout {
        let group = NSCollectionLayoutGroup.custom(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200))
        ) { environment in
            let size = environment.container.effectiveContentSize
            let half = size.width / 2
            return [
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: half, height: size.height)),
                NSCollectionLayoutGroupCustomItem(
                    frame: CGRect(x: half, y: 0, width: half, height: size.height / 2), zIndex: 2),
                NSCollectionLayoutGroupCustomItem(
                    frame: CGRect(x: half, y: size.height / 2, width: half, height: size.height / 2)),
            ]
        }
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        section.interGroupSpacing = 8
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Fixed-width tiles with the room left shared out between them (`.flexible`).
    static func flexibleRow() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
            subitems: [item])
        group.interItemSpacing = .flexible(10)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// Tags with a fixed leading edge spacing, centred in a taller row by flexible top and bottom.
    static func edgeSpacedTags() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(30)))
        item.edgeSpacing = NSCollectionLayoutEdgeSpacing(
            leading: .fixed(8), top: .flexible(0), trailing: nil, bottom: .flexible(0))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            subitems: [item])
        group.interItemSpacing = .fixed(4)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// The sample's news feed: self-sizing rows, with insets on the estimated axis UIKit ignores.
    static func estimatedFeed() -> UICollectionViewLayout {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100))
        let item = NSCollectionLayoutItem(layoutSize: size)
        item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 0, bottom: 20, trailing: 0)
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Two columns of inset tiles, each with a badge centred on its top-trailing corner and a dot
    /// hanging 4 pt below its bottom centre.
    static func badgedColumns() -> UICollectionViewLayout {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: badgeKind,
            containerAnchor: NSCollectionLayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
        let dot = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(10), heightDimension: .absolute(10)),
            elementKind: dotKind,
            containerAnchor: NSCollectionLayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 0, y: 4)))
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(100)),
            supplementaryItems: [badge, dot])
        item.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// Cards on a background kept behind everything (zIndex −1) and inset by 10, under a pinned
    /// header above them and a footer that overlaps the last card; sections 30 apart.
    static func decoratedSections() -> UICollectionViewLayout {
        let layout = UICollectionViewCompositionalLayout(
            sectionProvider: { _, _ in
                let item = NSCollectionLayoutItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 5
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
                let header = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                header.pinToVisibleBounds = true
                header.zIndex = 5
                let footer = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                    elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
                footer.extendsBoundary = false
                section.boundarySupplementaryItems = [header, footer]
                let background = NSCollectionLayoutDecorationItem.background(elementKind: backgroundKind)
                background.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
                background.zIndex = -1
                section.decorationItems = [background]
                return section
            },
            configuration: {
                let configuration = UICollectionViewCompositionalLayoutConfiguration()
                configuration.interSectionSpacing = 30
                return configuration
            }())
        layout.register(UICollectionReusableView.self, forDecorationViewOfKind: backgroundKind)
        return layout
    }

    /// A horizontally scrolling layout: columns of two tiles, sections 16 apart.
    static func horizontalColumns() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 16
        return UICollectionViewCompositionalLayout(
            sectionProvider: { _, _ in
                let item = NSCollectionLayoutItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
                let group = NSCollectionLayoutGroup.vertical(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .absolute(120), heightDimension: .fractionalHeight(1)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 8
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
                return section
            }, configuration: configuration)
    }

    /// A carousel of 300 pt cards 10 apart between 20 pt insets, with the given behaviour.
    static func carousel(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(300), heightDimension: .absolute(200)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Columns from the environment: three when the container is wider than 600 pt or the width
    /// size class is regular, else two; section 1 a grouped list with headers and footers.
    static func adaptive() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            if sectionIndex == 1 {
                var list = UICollectionLayoutListConfiguration(appearance: .grouped)
                list.headerMode = .supplementary
                list.footerMode = .supplementary
                return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
            }
            let wide =
                environment.container.effectiveContentSize.width > 600
                || environment.traitCollection.horizontalSizeClass == .regular
            let columns = wide ? 3 : 2
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(90)),
                repeatingSubitem: item, count: columns)
            return NSCollectionLayoutSection(group: group)
        }
    }

    /// A list whose `headerTopPadding` is set (iOS 15): above supplementary headers, or as the top
    /// inset of sections without one.
    static func paddedList(
        _ appearance: UICollectionLayoutListConfiguration.Appearance,
        headerMode: UICollectionLayoutListConfiguration.HeaderMode, padding: CGFloat
    ) -> UICollectionViewLayout {
        var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
        configuration.headerMode = headerMode
        configuration.headerTopPadding = padding
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }

    static let layoutHeaderKind = "wwdc-layout-header"
    static let layoutFooterKind = "wwdc-layout-footer"

    /// Two-column rows under a pinned layout-wide header and above a layout-wide footer, sections
    /// 20 apart.
    static func wrappedSections() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            elementKind: layoutHeaderKind, alignment: .top)
        header.pinToVisibleBounds = true
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
            elementKind: layoutFooterKind, alignment: .bottom)
        configuration.boundarySupplementaryItems = [header, footer]
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        return UICollectionViewCompositionalLayout(
            section: NSCollectionLayoutSection(group: group), configuration: configuration)
    }

    /// A section whose group has no items: UIKit refuses it when the group is made.
    static func emptyGroup() -> UICollectionViewLayout {
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            subitems: [])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// Rows whose item height is the given dimension (a mistake when it is 0 or not finite).
    static func rows(itemHeight: NSCollectionLayoutDimension) -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: itemHeight))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// A repeating group of zero items: UIKit refuses it when the group is made.
    static func zeroCountGroup() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            repeatingSubitem: item, count: 0)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
}

/// Apps subclass the compositional layout to adjust its answers; UIKit's initialisers are all
/// designated, so `super.init(section:)` and `super.init(sectionProvider:)` both compile. Rows
/// below the first 100 pt are dimmed (on copies, as UIKit asks of subclasses).
final class DimmingCompositionalLayout: UICollectionViewCompositionalLayout {
    init(columns: Int) {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        super.init(section: NSCollectionLayoutSection(group: group))
    }

    init(provider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        super.init(sectionProvider: provider)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { attributes in
            guard attributes.frame.minY >= 100, let copy = attributes.copy() as? UICollectionViewLayoutAttributes else {
                return attributes
            }
            copy.alpha = 0.5
            return copy
        }
    }
}
