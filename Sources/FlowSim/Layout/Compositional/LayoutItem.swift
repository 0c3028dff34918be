import Foundation

/// UIKit's `NSCollectionLayoutItem`: one cell's size, insets and edge spacing, with the
/// supplementary items (badges) anchored to it.
///
/// A reference type like UIKit's; groups and sections copy what they are given (`NSCopying`),
/// so changing an item after making a group of it does not change the group (as in UIKit).
public class LayoutItem: NSObject, NSCopying, @unchecked Sendable {
    public let layoutSize: LayoutSize
    /// Applied after the edge spacing; ignored along an estimated axis (UIKit logs that).
    public var contentInsets: DirectionalEdgeInsets = .zero
    public var edgeSpacing: LayoutEdgeSpacing?
    /// Read-only on an item, as in UIKit; a group's can be set (`LayoutGroup`).
    public var supplementaryItems: [SupplementaryItem] { storedSupplementaryItems }
    var storedSupplementaryItems: [SupplementaryItem]

    public init(layoutSize: LayoutSize, supplementaryItems: [SupplementaryItem]) {
        self.layoutSize = layoutSize
        storedSupplementaryItems = supplementaryItems.map { $0.copied() }
    }

    public convenience init(layoutSize: LayoutSize) { self.init(layoutSize: layoutSize, supplementaryItems: []) }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = LayoutItem(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
        copy.copyValues(from: self)
        return copy
    }

    func copyValues(from other: LayoutItem) {
        contentInsets = other.contentInsets
        edgeSpacing = other.edgeSpacing
    }

    /// A typed copy (the object itself for a subclass whose `copy` returns another class).
    func copied() -> Self { copy() as? Self ?? self }

    /// UIKit's `_effectiveContentInsets` of an item: its insets, zero along an estimated axis
    /// (NSCollectionLayoutItem: "Insets along any estimated axes will be ignored").
    var effectiveContentInsets: DirectionalEdgeInsets {
        var insets = contentInsets
        if layoutSize.widthDimension.isEstimated {
            insets.leading = 0
            insets.trailing = 0
        }
        if layoutSize.heightDimension.isEstimated {
            insets.top = 0
            insets.bottom = 0
        }
        return insets
    }
}

/// UIKit's `NSCollectionLayoutAnchor`: where a supplementary item attaches to its container,
/// with an offset in points or in fractions of the supplementary item's size.
public final class LayoutAnchor: NSObject, NSCopying, @unchecked Sendable {
    public let edges: DirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    public init(edges: DirectionalRectEdge) {
        self.edges = edges
        offset = .zero
        isAbsoluteOffset = true
    }

    public init(edges: DirectionalRectEdge, absoluteOffset: CGPoint) {
        self.edges = edges
        offset = absoluteOffset
        isAbsoluteOffset = true
    }

    public init(edges: DirectionalRectEdge, fractionalOffset: CGPoint) {
        self.edges = edges
        offset = fractionalOffset
        isAbsoluteOffset = false
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The anchor point in a rect of `size`: 0 at the leading or top edge, 1 at the trailing or
    /// bottom edge, 0.5 when neither (NSCollectionLayoutAnchor `_itemFrameForContainerRect:`).
    func unitPoint() -> CGPoint {
        let x: CGFloat = edges.contains(.leading) ? 0 : edges.contains(.trailing) ? 1 : 0.5
        let y: CGFloat = edges.contains(.top) ? 0 : edges.contains(.bottom) ? 1 : 0.5
        return CGPoint(x: x, y: y)
    }

    /// The offset in points for an item of `size`.
    func points(for size: CGSize) -> CGPoint {
        isAbsoluteOffset ? offset : CGPoint(x: offset.x * size.width, y: offset.y * size.height)
    }
}
