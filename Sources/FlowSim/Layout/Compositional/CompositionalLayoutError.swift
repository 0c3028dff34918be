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

    /// UIKit's text for a group that does not fit its parent, or fits no item (`_solveGroup`):
    /// it names the *parent's* container (its insets and size), then, when the group has insets
    /// of its own, those and the group's effective size, then the group. UIKit ends with the
    /// group's private description; FlowSim names its axis and subitem count instead.
    static func noRoom(parent: CompositionalContainer, group: LayoutGroup, effective: CGSize) -> String {
        var text =
            "There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets (\(UIKitDescription.insets(parent.contentInsets))) do not result in a negative effectiveContentSize when applied to size: \(UIKitDescription.size(parent.contentSize))."
        if group.contentInsets != .zero {
            text +=
                "\nAlso ensure that the group's contentInsets (\(UIKitDescription.insets(group.contentInsets))) leave space for its subitems after being applied to the group's effective size (\(UIKitDescription.size(effective)))."
        }
        return text + "\nGroup: " + describe(group)
    }

    /// UIKit's text for a group that fits no item (`_solveGroup`). UIKit ends it with the
    /// group's private description; FlowSim names the group's axis and subitem count instead.
    static func noItemFits(group: LayoutGroup, size: CGSize) -> String {
        "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item. Inspect the spacing and size of the items in this group and ensure that they fit into the group when its effective size is \(UIKitDescription.size(size)).\nGroup: \(describe(group))"
    }

    /// FlowSim's stand-in for UIKit's `_externalDescription` of a group.
    private static func describe(_ group: LayoutGroup) -> String {
        "NSCollectionLayoutGroup (\(group.axis == .horizontal ? "horizontal" : "vertical"), \(group.subitems.count) subitem\(group.subitems.count == 1 ? "" : "s"), size \(group.layoutSize))"
    }
}
