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

    /// UIKit's text for a group that fits no item (`_solveGroup`). UIKit ends it with the
    /// group's private description; FlowSim names the group's axis and subitem count instead.
    static func noItemFits(group: LayoutGroup, size: CGSize) -> String {
        "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item. Inspect the spacing and size of the items in this group and ensure that they fit into the group when its effective size is {\(format(size.width)), \(format(size.height))}.\nGroup: NSCollectionLayoutGroup (\(group.axis == .horizontal ? "horizontal" : "vertical"), \(group.subitems.count) subitem\(group.subitems.count == 1 ? "" : "s"), size \(group.layoutSize))"
    }

    private static func format(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
