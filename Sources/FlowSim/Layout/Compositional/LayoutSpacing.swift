import Foundation

/// UIKit's `NSCollectionLayoutSpacing`: a fixed spacing, or a flexible one that is at least
/// `spacing` and grows to share the space left over.
public final class LayoutSpacing: NSObject, NSCopying, @unchecked Sendable {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    public static func fixed(_ fixedSpacing: CGFloat) -> LayoutSpacing {
        LayoutSpacing(spacing: fixedSpacing, flexible: false)
    }
    public static func flexible(_ flexibleSpacing: CGFloat) -> LayoutSpacing {
        LayoutSpacing(spacing: flexibleSpacing, flexible: true)
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// UIKit's `NSCollectionLayoutEdgeSpacing`: space outside an item's edges (nil: none).
public final class LayoutEdgeSpacing: NSObject, NSCopying, @unchecked Sendable {
    public let leading: LayoutSpacing?
    public let top: LayoutSpacing?
    public let trailing: LayoutSpacing?
    public let bottom: LayoutSpacing?

    public init(leading: LayoutSpacing?, top: LayoutSpacing?, trailing: LayoutSpacing?, bottom: LayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The (start, end) spacings along `axis`.
    func along(_ axis: LayoutAxis) -> (start: LayoutSpacing?, end: LayoutSpacing?) {
        axis == .horizontal ? (leading, trailing) : (top, bottom)
    }
}
