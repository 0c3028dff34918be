import Foundation

/// UIKit's `UICollectionViewCompositionalLayoutConfiguration`: settings for the whole layout.
public final class CompositionalLayoutConfiguration: NSObject, NSCopying, @unchecked Sendable {
    public var scrollDirection: ScrollDirection = .vertical
    /// Space between consecutive sections along the scroll axis.
    public var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout (they wrap every section).
    public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
    /// UIKit's default is `.safeArea` (`+defaultConfiguration`); FlowSim's insets are 0 for all.
    public var contentInsetsReference: ContentInsetsReference = .safeArea

    public override init() { super.init() }

    /// The axis sections stack along: the scroll direction's.
    var layoutAxis: LayoutAxis { scrollDirection == .horizontal ? .horizontal : .vertical }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems.map { $0.copied() }
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }
}
