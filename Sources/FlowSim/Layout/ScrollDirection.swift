import Foundation

/// UIKit's `UICollectionView.ScrollDirection`.
public enum ScrollDirection: String, Sendable, CaseIterable {
    case vertical
    case horizontal
}

/// Coordinates relative to the scroll axis, so the flow rules are written once (REFERENCE.md §1
/// describes vertical scrolling; horizontal swaps x/y and width/height).
/// `cross` runs across the scroll axis (x when scrolling vertically), `along` runs with it.
struct AxisMapper {
    let direction: ScrollDirection

    func rect(cross: CGFloat, along: CGFloat, crossLength: CGFloat, alongLength: CGFloat) -> CGRect {
        switch direction {
        case .vertical: return CGRect(x: cross, y: along, width: crossLength, height: alongLength)
        case .horizontal: return CGRect(x: along, y: cross, width: alongLength, height: crossLength)
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
