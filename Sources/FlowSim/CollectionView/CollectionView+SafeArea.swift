import Foundation

/// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`: which edges of the safe area join the
/// content inset in `adjustedContentInset`.
public enum ContentInsetAdjustmentBehavior: Int, CaseIterable, Sendable {
    /// As `.scrollableAxes` here (UIKit also adjusts top and bottom for a scroll view owned by a
    /// view controller that `automaticallyAdjustsScrollViewInsets` inside a navigation controller;
    /// FlowSim's collection view has no view controller).
    case automatic
    /// The edges of the axes the content scrolls along.
    case scrollableAxes
    case never
    case always

    /// UIKit's case name (`"scrollableAxes"`), as scene files spell it.
    public var name: String {
        switch self {
        case .automatic: return "automatic"
        case .scrollableAxes: return "scrollableAxes"
        case .never: return "never"
        case .always: return "always"
        }
    }

    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}

/// Edges of a rectangle, as UIKit's `UIRectEdge` (top 1, left 2, bottom 4, right 8).
public struct RectEdges: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = RectEdges(rawValue: 1)
    public static let left = RectEdges(rawValue: 2)
    public static let bottom = RectEdges(rawValue: 4)
    public static let right = RectEdges(rawValue: 8)
    public static let all: RectEdges = [.top, .left, .bottom, .right]
    public static let vertical: RectEdges = [.top, .bottom]
    public static let horizontal: RectEdges = [.left, .right]
}

extension EdgeInsets {
    /// These insets with only `edges` kept (the others 0).
    public func keeping(_ edges: RectEdges) -> EdgeInsets {
        EdgeInsets(
            top: edges.contains(.top) ? top : 0, left: edges.contains(.left) ? left : 0,
            bottom: edges.contains(.bottom) ? bottom : 0, right: edges.contains(.right) ? right : 0)
    }

    /// The sum, edge by edge.
    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}

extension CollectionView {
    /// UIKit's `_edgesApplyingSafeAreaInsetsToContentInsetForContentSize:` (decompiled UIKit 26.1,
    /// UIScrollView): `.always` applies every edge and `.never` none; `.automatic` and
    /// `.scrollableAxes` apply the left and right edges when the content scrolls horizontally
    /// (wider than the bounds, or the axis is marked as scrolling) and the top and bottom edges
    /// when it scrolls vertically. UIKit's flow layout marks its scroll direction's axis as the
    /// one the content scrolls along (`_updateCollectionViewScrollableAxis`), so a vertical flow
    /// layout always gets the top and bottom of the safe area and, its content being no wider
    /// than the bounds, never the sides: in landscape its cells reach under the sensor housing
    /// unless `sectionInsetReference` is `.fromSafeArea`.
    public func edgesApplyingSafeAreaInsets(contentSize: CGSize) -> RectEdges {
        switch contentInsetAdjustmentBehavior {
        case .always: return .all
        case .never: return []
        default: break
        }
        let axis = scrollingAxis
        var edges: RectEdges = []
        if contentSize.width > bounds.width || axis.horizontal || alwaysBounceHorizontal {
            edges.formUnion(.horizontal)
        }
        if contentSize.height > bounds.height || axis.vertical || alwaysBounceVertical {
            edges.formUnion(.vertical)
        }
        return edges
    }

    /// The axes the content is marked as scrolling along: a flow layout's scroll direction
    /// (UIKit's `_setContentScrollsAlongXAxis:` / `…YAxis:`); none for other layouts, which then
    /// rely on their content size and `alwaysBounce…`.
    var scrollingAxis: (horizontal: Bool, vertical: Bool) {
        guard let flow = collectionViewLayout as? FlowLayout else { return (false, false) }
        return (flow.scrollDirection == .horizontal, flow.scrollDirection == .vertical)
    }

    /// `contentInset` plus the safe area on `edgesApplyingSafeAreaInsets`. The content size is the
    /// layout's when it is prepared and not preparing (UIKit's scroll view holds the content size
    /// of the last layout pass); while the layout prepares, the size of its previous answer.
    func contentInsetAdjustedForSafeArea() -> EdgeInsets {
        let safe = safeAreaInsets
        if safe == .zero || contentInsetAdjustmentBehavior == .never { return contentInset }
        let layout = collectionViewLayout
        let size: CGSize
        if layout.isPrepared && !layout.isPreparing && !isReadingContentSizeForInsets {
            isReadingContentSizeForInsets = true
            defer { isReadingContentSizeForInsets = false }
            size = layout.collectionViewContentSize
            lastContentSizeForInsets = size
        } else {
            size = lastContentSizeForInsets
        }
        return contentInset + safe.keeping(edgesApplyingSafeAreaInsets(contentSize: size))
    }
}
