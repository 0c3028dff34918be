import Foundation

/// A layout UIKit refuses, in UIKit's words (it raises from
/// `UICollectionViewCompositionalLayoutAlertForInvalidLayout`; FlowSim returns the error).
public struct CompositionalLayoutError: Error, Equatable, CustomStringConvertible, Sendable {
    public var section: Int
    public var detail: String

    /// UIKit's header line, then its error text.
    public var description: String {
        "UICollectionViewCompositionalLayout ran into an error when computing the layout for section at index \(section): \(detail)"
    }

    /// UIKit's text for a group (or item) that does not fit its parent, or fits no item.
    static func noRoom(insets: DirectionalEdgeInsets, size: CGSize) -> String {
        "There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets ({\(format(insets.top)), \(format(insets.leading)), \(format(insets.bottom)), \(format(insets.trailing))}) do not result in a negative effectiveContentSize when applied to size: {\(format(size.width)), \(format(size.height))}."
    }

    private static func format(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
