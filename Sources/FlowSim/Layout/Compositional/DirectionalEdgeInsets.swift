import Foundation

/// UIKit's `NSDirectionalEdgeInsets`: insets by leading and trailing edge. FlowSim lays out left
/// to right only, so leading is left.
public struct DirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DirectionalEdgeInsets()

    /// The insets along `axis`: (leading, trailing) for horizontal, (top, bottom) for vertical.
    func along(_ axis: LayoutAxis) -> (start: CGFloat, end: CGFloat) {
        axis == .horizontal ? (leading, trailing) : (top, bottom)
    }
}

extension EdgeInsets {
    /// The `UIEdgeInsets` of directional insets in a left-to-right layout (FlowSim's only one).
    public init(_ directional: DirectionalEdgeInsets) {
        self.init(
            top: directional.top, left: directional.leading, bottom: directional.bottom, right: directional.trailing)
    }
}

/// UIKit's `NSDirectionalRectEdge`: the edges an anchor or alignment names.
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// UIKit's `NSRectAlignment` (raw values as in UIKit): where a boundary supplementary item sits.
public enum RectAlignment: Int, Sendable, CaseIterable {
    case none = 0
    case top = 1
    case topLeading = 2
    case leading = 3
    case bottomLeading = 4
    case bottom = 5
    case bottomTrailing = 6
    case trailing = 7
    case topTrailing = 8

    /// The edges the alignment names.
    var edges: DirectionalRectEdge {
        switch self {
        case .none: return []
        case .top: return .top
        case .topLeading: return [.top, .leading]
        case .leading: return .leading
        case .bottomLeading: return [.bottom, .leading]
        case .bottom: return .bottom
        case .bottomTrailing: return [.bottom, .trailing]
        case .trailing: return .trailing
        case .topTrailing: return [.top, .trailing]
        }
    }
}

/// Axis 1 (horizontal) or 2 (vertical), as the compositional solver numbers them.
public enum LayoutAxis: Int, Sendable {
    case horizontal = 1
    case vertical = 2

    var other: LayoutAxis { self == .horizontal ? .vertical : .horizontal }

    func length(_ size: CGSize) -> CGFloat { self == .horizontal ? size.width : size.height }

    func size(along: CGFloat, cross: CGFloat) -> CGSize {
        self == .horizontal ? CGSize(width: along, height: cross) : CGSize(width: cross, height: along)
    }

    func point(along: CGFloat, cross: CGFloat) -> CGPoint {
        self == .horizontal ? CGPoint(x: along, y: cross) : CGPoint(x: cross, y: along)
    }

    func origin(_ rect: CGRect) -> CGFloat { self == .horizontal ? rect.minX : rect.minY }

    func end(_ rect: CGRect) -> CGFloat { self == .horizontal ? rect.maxX : rect.maxY }
}
