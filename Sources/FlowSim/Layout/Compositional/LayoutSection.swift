import Foundation

/// UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior` (raw values as in UIKit).
public enum OrthogonalScrollingBehavior: Int, Sendable, CaseIterable {
    case none = 0
    case continuous = 1
    case continuousGroupLeadingBoundary = 2
    case paging = 3
    case groupPaging = 4
    case groupPagingCentered = 5
}

/// UIKit's `UIContentInsetsReference` (raw values as in UIKit). FlowSim has no safe area,
/// layout margins or readable width: every reference gives 0 insets.
public enum ContentInsetsReference: Int, Sendable, CaseIterable {
    case automatic = 0
    case none = 1
    case safeArea = 2
    case layoutMargins = 3
    case readableContent = 4
}

/// UIKit's `NSCollectionLayoutSection`: a group repeated for a section's items, with insets,
/// spacing, headers and footers, backgrounds and an orthogonal scrolling behaviour.
public final class LayoutSection: NSObject, NSCopying, @unchecked Sendable {
    /// UIKit's `visibleItemsInvalidationHandler`: called with the section's visible items, the
    /// section's scroll offset and the environment whenever the layout answers a rect query; the
    /// changes it makes to the items show in that answer (see `CompositionalLayout`).
    public typealias VisibleItemsInvalidationHandler = ([LayoutVisibleItem], CGPoint, LayoutEnvironment) -> Void

    public let group: LayoutGroup
    public var contentInsets: DirectionalEdgeInsets = .zero
    public var interGroupSpacing: CGFloat = 0
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
    public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
    public var decorationItems: [DecorationItem] = []
    public var contentInsetsReference: ContentInsetsReference = .automatic
    public var supplementaryContentInsetsReference: ContentInsetsReference = .automatic
    /// True (UIKit's default): headers and footers take the section's leading and trailing insets.
    public var supplementariesFollowContentInsets = true
    public var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?

    /// The smallest self-sized item (list rows keep UIKit's minimum row height; see `ListMetrics`).
    var selfSizingMinimum = CGSize.zero
    /// UIKit's private `_paddingToBoundarySupplementaries` (a list's `headerTopPadding`): room
    /// added before the section's boundary items along the scroll axis (0 for other sections).
    var paddingBeforeBoundarySupplementaries: CGFloat = 0

    public init(group: LayoutGroup) { self.group = group.copied() }

    /// The axis the section's groups repeat along and its group is solved on: the layout's axis,
    /// or across it for a section that scrolls orthogonally (UIKit solves such a section as a
    /// small layout of the other direction).
    func solveAxis(in layoutAxis: LayoutAxis) -> LayoutAxis {
        orthogonalScrollingBehavior == .none ? layoutAxis : layoutAxis.other
    }

    /// Whether an item of the section is estimated on an axis (self-sized, R23).
    var hasEstimatedItems: Bool {
        func estimated(_ item: LayoutItem) -> Bool {
            if let group = item as? LayoutGroup { return group.subitems.contains(where: estimated) }
            return item.layoutSize.widthDimension.isEstimated || item.layoutSize.heightDimension.isEstimated
        }
        return estimated(group)
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = LayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.boundarySupplementaryItems = boundarySupplementaryItems.map { $0.copied() }
        copy.decorationItems = decorationItems.map { $0.copied() }
        copy.contentInsetsReference = contentInsetsReference
        copy.supplementaryContentInsetsReference = supplementaryContentInsetsReference
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        copy.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        copy.selfSizingMinimum = selfSizingMinimum
        copy.paddingBeforeBoundarySupplementaries = paddingBeforeBoundarySupplementaries
        return copy
    }
}
