import Foundation

/// UIKit's `NSCollectionSupplementaryItem`: a view of `elementKind` anchored to an item
/// (a badge), with UIKit's default zIndex 1.
public class SupplementaryItem: LayoutItem, @unchecked Sendable {
    public let elementKind: String
    public let containerAnchor: LayoutAnchor
    /// nil: the item anchors at the same edges as the container anchor.
    public let itemAnchor: LayoutAnchor?
    public var zIndex: Int = 1

    public init(
        layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor, itemAnchor: LayoutAnchor
    ) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    public init(layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = nil
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// For subclasses that anchor by alignment.
    init(layoutSize: LayoutSize, elementKind: String, anchor: LayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = anchor
        self.itemAnchor = nil
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy =
            itemAnchor.map {
                SupplementaryItem(
                    layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: $0)
            }
            ?? SupplementaryItem(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor)
        copy.copyValues(from: self)
        copy.zIndex = zIndex
        return copy
    }

    /// NSCollectionLayoutAnchor `_itemFrameForContainerRect:`: the container anchor's point
    /// (plus its offset) meets the item anchor's point (plus its offset) of a frame of `size`.
    func frame(size: CGSize, in container: CGRect) -> CGRect {
        let containerUnit = containerAnchor.unitPoint()
        let itemAnchor = self.itemAnchor ?? LayoutAnchor(edges: containerAnchor.edges)
        let itemUnit = itemAnchor.unitPoint()
        let containerOffset = containerAnchor.points(for: size)
        let itemOffset = self.itemAnchor?.points(for: size) ?? .zero
        let x =
            container.minX + container.width * containerUnit.x + containerOffset.x - size.width * itemUnit.x
            - itemOffset.x
        let y =
            container.minY + container.height * containerUnit.y + containerOffset.y - size.height * itemUnit.y
            - itemOffset.y
        return CGRect(x: x, y: y, width: size.width, height: size.height)
    }
}

/// UIKit's `NSCollectionBoundarySupplementaryItem`: a section (or layout) header, footer or
/// side view, placed by `alignment` against the section's content.
public final class BoundarySupplementaryItem: SupplementaryItem, @unchecked Sendable {
    public let alignment: RectAlignment
    /// UIKit's `offset` (the `absoluteOffset:` of the initialiser).
    public let offset: CGPoint
    /// True (UIKit's default): a top or bottom item sits outside the content and grows the section.
    public var extendsBoundary = true
    /// Stays in the visible bounds while its section scrolls past (sticky headers).
    public var pinToVisibleBounds = false

    public init(layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, anchor: LayoutAnchor(edges: alignment.edges))
    }

    public convenience init(layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = BoundarySupplementaryItem(
            layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: offset)
        copy.copyValues(from: self)
        copy.zIndex = zIndex
        copy.extendsBoundary = extendsBoundary
        copy.pinToVisibleBounds = pinToVisibleBounds
        return copy
    }
}

/// UIKit's `NSCollectionDecorationItem`: a view behind a section (`background(elementKind:)`).
public final class DecorationItem: LayoutItem, @unchecked Sendable {
    public let elementKind: String
    public var zIndex: Int = 0

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            supplementaryItems: [])
    }

    /// A background: the section's frame inset by `contentInsets`.
    public static func background(elementKind: String) -> DecorationItem {
        DecorationItem(elementKind: elementKind)
    }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = DecorationItem(elementKind: elementKind)
        copy.copyValues(from: self)
        copy.zIndex = zIndex
        return copy
    }
}
