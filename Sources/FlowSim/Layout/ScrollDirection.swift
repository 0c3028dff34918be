@_exported import CUIKitEnums
import Foundation

// `ScrollDirection` is UIKit's `UICollectionView.ScrollDirection`, declared in C (CUIKitEnums)
// so that it is not frozen, as UIKit's is not.
extension ScrollDirection: @retroactive CaseIterable, @retroactive CustomStringConvertible,
    @retroactive @unchecked Sendable
{
    public static var allCases: [ScrollDirection] { [.vertical, .horizontal] }

    /// The scene-file and JSON name: `vertical` or `horizontal`.
    public var name: String { self == .horizontal ? "horizontal" : "vertical" }

    /// The direction named `name` (`vertical`, `horizontal`), nil for any other string.
    public init?(name: String) {
        guard let direction = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = direction
    }

    public var description: String { name }
}

/// Coordinates relative to the scroll axis, so the flow rules are written once (docs/uikit-rules.md §1
/// describes vertical scrolling; horizontal swaps x/y and width/height).
/// `cross` runs across the scroll axis (x when scrolling vertically), `along` runs with it.
struct AxisMapper {
    let direction: ScrollDirection

    func rect(cross: CGFloat, along: CGFloat, crossLength: CGFloat, alongLength: CGFloat) -> CGRect {
        switch direction {
        case .horizontal: return CGRect(x: along, y: cross, width: alongLength, height: crossLength)
        default: return CGRect(x: cross, y: along, width: crossLength, height: alongLength)
        }
    }

    /// (cross, along) lengths of a size.
    func lengths(_ size: CGSize) -> (cross: CGFloat, along: CGFloat) {
        direction == .vertical ? (size.width, size.height) : (size.height, size.width)
    }

    /// The rect's span along the scroll axis.
    func alongRange(_ rect: CGRect) -> (min: CGFloat, max: CGFloat) {
        direction == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    func crossRange(_ rect: CGRect) -> (min: CGFloat, max: CGFloat) {
        direction == .vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }

    /// Section insets split by axis: (crossStart, crossEnd, alongStart, alongEnd).
    func insets(_ insets: EdgeInsets) -> (
        crossStart: CGFloat, crossEnd: CGFloat, alongStart: CGFloat, alongEnd: CGFloat
    ) {
        direction == .vertical
            ? (insets.left, insets.right, insets.top, insets.bottom)
            : (insets.top, insets.bottom, insets.left, insets.right)
    }
}
