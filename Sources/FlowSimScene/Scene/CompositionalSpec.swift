import FlowSim
import Foundation

/// A compositional layout described in a scene file (`"layout": {"compositional": …}`): values
/// that make the same `CompositionalLayout` a Swift layout function would make. Scene section
/// `i` uses `sections[i]`, or the last one when there are fewer.
public struct CompositionalSpec: Equatable, Sendable {
    public struct Dimension: Equatable, Sendable {
        public enum Kind: String, Sendable, CaseIterable {
            case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings
        }
        public var kind: Kind
        public var value: CGFloat

        var layoutDimension: LayoutDimension {
            switch kind {
            case .fractionalWidth: return .fractionalWidth(value)
            case .fractionalHeight: return .fractionalHeight(value)
            case .absolute: return .absolute(value)
            case .estimated: return .estimated(value)
            case .uniformAcrossSiblings: return .uniformAcrossSiblings(estimate: value)
            }
        }
    }

    public struct Size: Equatable, Sendable {
        public var width: Dimension
        public var height: Dimension
        var layoutSize: LayoutSize {
            LayoutSize(widthDimension: width.layoutDimension, heightDimension: height.layoutDimension)
        }
    }

    public struct Spacing: Equatable, Sendable {
        public var value: CGFloat
        public var isFlexible: Bool
        var layoutSpacing: LayoutSpacing { isFlexible ? .flexible(value) : .fixed(value) }
    }

    public struct EdgeSpacing: Equatable, Sendable {
        public var leading, top, trailing, bottom: Spacing?
        var layoutEdgeSpacing: LayoutEdgeSpacing {
            LayoutEdgeSpacing(
                leading: leading?.layoutSpacing, top: top?.layoutSpacing, trailing: trailing?.layoutSpacing,
                bottom: bottom?.layoutSpacing)
        }
    }

    /// A badge: `NSCollectionLayoutSupplementaryItem` with a container anchor.
    public struct Supplementary: Equatable, Sendable {
        public var elementKind: String
        public var size: Size
        public var edges: DirectionalRectEdge
        public var offset: CGPoint
        public var isFractionalOffset: Bool
        public var zIndex: Int?
        public var contentInsets: DirectionalEdgeInsets

        var item: SupplementaryItem {
            let anchor =
                isFractionalOffset
                ? LayoutAnchor(edges: edges, fractionalOffset: offset)
                : LayoutAnchor(edges: edges, absoluteOffset: offset)
            let made = SupplementaryItem(layoutSize: size.layoutSize, elementKind: elementKind, containerAnchor: anchor)
            if let zIndex { made.zIndex = zIndex }
            made.contentInsets = contentInsets
            return made
        }
    }

    /// An item, or a group when it has `subitems`.
    public struct Item: Equatable, Sendable {
        public enum Fill: Equatable, Sendable {
            case fit
            case count(Int)
            case repeating(Int)
        }
        public var size: Size
        public var contentInsets = DirectionalEdgeInsets.zero
        public var edgeSpacing: EdgeSpacing?
        public var supplementaryItems: [Supplementary] = []
        /// Groups only.
        public var axis: LayoutAxis?
        public var subitems: [Item] = []
        public var fill = Fill.fit
        public var interItemSpacing: Spacing?

        var layoutItem: LayoutItem {
            let made: LayoutItem
            if let axis {
                let layoutSize = size.layoutSize
                let children = subitems.map(\.layoutItem)
                let group: LayoutGroup
                switch (fill, axis) {
                case (.fit, .horizontal): group = .horizontal(layoutSize: layoutSize, subitems: children)
                case (.fit, .vertical): group = .vertical(layoutSize: layoutSize, subitems: children)
                case (.count(let n), .horizontal):
                    group = .horizontal(layoutSize: layoutSize, subitem: children[0], count: n)
                case (.count(let n), .vertical):
                    group = .vertical(layoutSize: layoutSize, subitem: children[0], count: n)
                case (.repeating(let n), .horizontal):
                    group = .horizontal(layoutSize: layoutSize, repeatingSubitem: children[0], count: n)
                case (.repeating(let n), .vertical):
                    group = .vertical(layoutSize: layoutSize, repeatingSubitem: children[0], count: n)
                }
                group.interItemSpacing = interItemSpacing?.layoutSpacing
                // A group's own supplementary items, anchored to each instance of it.
                group.supplementaryItems = supplementaryItems.map(\.item)
                made = group
            } else {
                made = LayoutItem(layoutSize: size.layoutSize, supplementaryItems: supplementaryItems.map(\.item))
            }
            made.contentInsets = contentInsets
            made.edgeSpacing = edgeSpacing?.layoutEdgeSpacing
            return made
        }
    }

    public struct Boundary: Equatable, Sendable {
        public var elementKind: String
        public var size: Size
        public var alignment: RectAlignment
        public var offset = CGPoint.zero
        public var extendsBoundary = true
        public var pinToVisibleBounds = false
        public var zIndex: Int?
        public var contentInsets = DirectionalEdgeInsets.zero

        var item: BoundarySupplementaryItem {
            let made = BoundarySupplementaryItem(
                layoutSize: size.layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: offset)
            made.extendsBoundary = extendsBoundary
            made.pinToVisibleBounds = pinToVisibleBounds
            if let zIndex { made.zIndex = zIndex }
            made.contentInsets = contentInsets
            return made
        }
    }

    public struct Decoration: Equatable, Sendable {
        public var elementKind: String
        public var contentInsets = DirectionalEdgeInsets.zero
        public var zIndex: Int?
    }

    public struct List: Equatable, Sendable {
        public var appearance: ListConfiguration.Appearance
        public var headerMode = ListConfiguration.HeaderMode.none
        public var footerMode = ListConfiguration.FooterMode.none
        public var headerTopPadding: CGFloat?
    }

    public struct Section: Equatable, Sendable {
        /// The root group, or nil for a list section.
        public var group: Item?
        public var list: List?
        public var contentInsets: DirectionalEdgeInsets?
        public var interGroupSpacing: CGFloat?
        public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
        public var boundarySupplementaryItems: [Boundary] = []
        public var decorationItems: [Decoration] = []
        public var supplementariesFollowContentInsets = true
        /// nil: UIKit's default (`.automatic`); optional so that scenes without it keep their digest.
        public var contentInsetsReference: ContentInsetsReference?
        public var supplementaryContentInsetsReference: ContentInsetsReference?

        func layoutSection(environment: LayoutEnvironment) -> LayoutSection? {
            let section: LayoutSection
            if let list {
                var configuration = ListConfiguration(appearance: list.appearance)
                configuration.headerMode = list.headerMode
                configuration.footerMode = list.footerMode
                configuration.headerTopPadding = list.headerTopPadding
                section = .list(using: configuration, layoutEnvironment: environment)
            } else if let group, let root = group.layoutItem as? LayoutGroup {
                section = LayoutSection(group: root)
            } else {
                return nil
            }
            if let contentInsets { section.contentInsets = contentInsets }
            if let interGroupSpacing { section.interGroupSpacing = interGroupSpacing }
            section.orthogonalScrollingBehavior = orthogonalScrollingBehavior
            if !boundarySupplementaryItems.isEmpty {
                section.boundarySupplementaryItems += boundarySupplementaryItems.map(\.item)
            }
            section.decorationItems = decorationItems.map { spec in
                let made = DecorationItem.background(elementKind: spec.elementKind)
                made.contentInsets = spec.contentInsets
                if let zIndex = spec.zIndex { made.zIndex = zIndex }
                return made
            }
            section.supplementariesFollowContentInsets = supplementariesFollowContentInsets
            if let contentInsetsReference { section.contentInsetsReference = contentInsetsReference }
            if let supplementaryContentInsetsReference {
                section.supplementaryContentInsetsReference = supplementaryContentInsetsReference
            }
            return section
        }
    }

    public var scrollDirection = ScrollDirection.vertical
    public var interSectionSpacing: CGFloat = 0
    /// nil: UIKit's default (`.safeArea`).
    public var contentInsetsReference: ContentInsetsReference?
    public var sections: [Section] = []
    public var boundarySupplementaryItems: [Boundary] = []

    public init() {}

    /// The layout this description makes.
    public func makeLayout() -> CompositionalLayout {
        let configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = scrollDirection
        configuration.interSectionSpacing = interSectionSpacing
        if let contentInsetsReference { configuration.contentInsetsReference = contentInsetsReference }
        configuration.boundarySupplementaryItems = boundarySupplementaryItems.map(\.item)
        let sections = self.sections
        return CompositionalLayout(
            sectionProvider: { index, environment in
                guard let last = sections.indices.last else { return nil }
                return sections[min(index, last)].layoutSection(environment: environment)
            }, configuration: configuration)
    }
}
