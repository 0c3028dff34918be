// Compositional layouts as iOS teams write them today (our own code): App Store carousels, a
// Photos grid with `repeatingSubitem:count:`, Music-style nested groups, badges on self-sizing
// cards, decorated sections with overlapping headers, a horizontally scrolling layout with a
// layout-wide header, adaptive columns against the safe area, readable-width sections on iPad,
// centred chips and a list mixed with a grid. Only the imports are FlowSim's. Their frames are
// pinned in CompositionalSweepTests.swift.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

enum SweepLayouts {
    static let badgeKind = "sweep-badge"
    static let backgroundKind = "sweep-background"
    static let railKind = "sweep-rail"

    /// App Store "Today": a titled carousel of large cards, one centred per page.
    static func featuredCarousel() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(300)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Photos: four square columns, 1 pt apart (iOS 16's `repeatingSubitem:count:`).
    static func photoGrid() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.25)),
            repeatingSubitem: item, count: 4)
        group.interItemSpacing = .fixed(1)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 1
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Music: artwork beside a stack of two rows, the space between shared out.
    static func artworkBesideRows() -> UICollectionViewLayout {
        let artwork = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(120), heightDimension: .fractionalHeight(1.0)))
        let row = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.5)))
        let rows = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.6), heightDimension: .fractionalHeight(1.0)),
            subitems: [row])
        rows.interItemSpacing = .fixed(8)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(200)),
            subitems: [artwork, rows])
        group.interItemSpacing = .flexible(0)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 12
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Cards that size their own height, each with a count badge hanging off its top-trailing
    /// corner by half its size.
    static func badgedCards() -> UICollectionViewLayout {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(24), heightDimension: .absolute(24)),
            elementKind: badgeKind,
            containerAnchor: NSCollectionLayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(100)),
            supplementaryItems: [badge])
        item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(100)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0)
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// A settings-like card: rows on a background inset from the section, a title that overlaps
    /// the content instead of pushing it down, and a footer below.
    static func decoratedCard() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        section.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 20, bottom: 16, trailing: 20)
        let title = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top, absoluteOffset: CGPoint(x: 0, y: 4)
        )
        title.extendsBoundary = false
        title.zIndex = 2
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(30)),
            elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
        section.boundarySupplementaryItems = [title, footer]
        let background = NSCollectionLayoutDecorationItem.background(elementKind: backgroundKind)
        background.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        section.decorationItems = [background]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(UICollectionReusableView.self, forDecorationViewOfKind: backgroundKind)
        return layout
    }

    /// A horizontally scrolling shelf: columns of two tiles, sections side by side, a rail at
    /// the leading edge of the whole layout.
    static func horizontalShelves() -> UICollectionViewLayout {
        let tile = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.5)))
        let column = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .fractionalHeight(1.0)),
            subitems: [tile])
        column.interItemSpacing = .fixed(10)
        let section = NSCollectionLayoutSection(group: column)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 20
        let rail = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(60), heightDimension: .fractionalHeight(1.0)),
            elementKind: railKind, alignment: .leading)
        configuration.boundarySupplementaryItems = [rail]
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }

    /// What the section provider saw, for the tests.
    final class SeenEnvironment {
        var effectiveWidth: CGFloat = 0
        var leadingInset: CGFloat = 0
    }

    /// Columns from the width the safe area leaves (4 from 700 pt, else 2); the second section's
    /// header keeps to the safe area instead of following the content insets.
    static func adaptiveColumns(seen: SeenEnvironment) -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            seen.effectiveWidth = environment.container.effectiveContentSize.width
            seen.leadingInset = environment.container.effectiveContentInsets.leading
            let columns = environment.container.effectiveContentSize.width > 700 ? 4 : 2
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            section.boundarySupplementaryItems = [header]
            if sectionIndex == 1 {
                section.supplementariesFollowContentInsets = false
                section.supplementaryContentInsetsReference = .safeArea
            }
            return section
        }
    }

    /// A two-column grid with a leading badge on each tile and a leading title (for right to left).
    static func badgedTiles() -> UICollectionViewLayout {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: badgeKind,
            containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .leading], absoluteOffset: CGPoint(x: -5, y: -5)))
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(80)),
            supplementaryItems: [badge])
        item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 12)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(80)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let title = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(200), heightDimension: .absolute(30)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .topLeading)
        section.boundarySupplementaryItems = [title]
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// App Store "apps" shelf: three rows per page, pages scrolled sideways, snapping to a page's
    /// leading edge.
    static func appShelf() -> UICollectionViewLayout {
        let row = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(80)))
        let page = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(240)),
            repeatingSubitem: row, count: 3)
        let section = NSCollectionLayoutSection(group: page)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        section.interGroupSpacing = 8
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// An article on iPad: the body keeps to the readable width, the gallery to the margins.
    static func readableArticle() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsetsReference = sectionIndex == 0 ? .readableContent : .layoutMargins
            return section
        }
    }

    /// Filter chips: a fixed-width row centred in the section, its chips spread out, 12 pt above
    /// each row.
    static func centredChips() -> UICollectionViewLayout {
        let chip = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(90), heightDimension: .absolute(60)))
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(300), heightDimension: .absolute(60)),
            subitems: [chip])
        row.interItemSpacing = .flexible(5)
        row.edgeSpacing = NSCollectionLayoutEdgeSpacing(
            leading: .flexible(0), top: .fixed(12), trailing: .flexible(0), bottom: nil)
        let section = NSCollectionLayoutSection(group: row)
        return UICollectionViewCompositionalLayout(section: section)
    }

    static let underlineKind = "sweep-underline"

    /// Pairs of tiles, each pair underlined by a view anchored to its group (a group's
    /// `supplementaryItems`, settable as in UIKit).
    static func underlinedPairs() -> UICollectionViewLayout {
        let tile = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1.0)))
        let pair = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100)),
            subitems: [tile])
        let underline = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(4)),
            elementKind: underlineKind, containerAnchor: NSCollectionLayoutAnchor(edges: [.bottom]))
        pair.supplementaryItems = [underline]
        let section = NSCollectionLayoutSection(group: pair)
        section.interGroupSpacing = 10
        return UICollectionViewCompositionalLayout(section: section)
    }

    /// Contacts-style rows under sticky section titles.
    static func stickyTitles() -> UICollectionViewLayout {
        let row = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)),
            subitems: [row])
        let section = NSCollectionLayoutSection(group: group)
        let title = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        title.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [title]
        return UICollectionViewCompositionalLayout(section: section)
    }

    static let bannerKind = "sweep-banner"

    /// A search-bar-like banner over the whole layout that stays at the top while it scrolls.
    static func stickyBanner() -> UICollectionViewLayout {
        let row = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)),
            subitems: [row])
        let section = NSCollectionLayoutSection(group: group)
        let banner = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)),
            elementKind: bannerKind, alignment: .top)
        banner.pinToVisibleBounds = true
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [banner]
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }

    /// A plain list section above a two-column grid, each from its own configuration.
    static func listAboveGrid() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            if sectionIndex == 0 {
                var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
                configuration.headerMode = .supplementary
                configuration.showsSeparators = false
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            }
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1.0)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
    }
}
