import Foundation

extension LayoutSection {
    /// Every item of the section's model, depth first: its groups and leaf items (each followed
    /// by its own supplementary items), then its boundary items and decorations. `path` names the
    /// item's place (subitem positions, then a tag), so a finding can be reported once per place.
    func walkItems(_ body: (LayoutItem, _ path: [Int]) -> Void) {
        var path: [Int] = []
        func visit(_ item: LayoutItem) {
            body(item, path)
            for (position, supplementary) in item.supplementaryItems.enumerated() {
                path.append(-1 - position)
                body(supplementary, path)
                path.removeLast()
            }
            guard let group = item as? LayoutGroup else { return }
            for (position, child) in group.subitems.enumerated() {
                path.append(position)
                visit(child)
                path.removeLast()
            }
        }
        visit(group)
        for (position, boundary) in boundarySupplementaryItems.enumerated() { body(boundary, [-1_000 - position]) }
        for (position, decoration) in decorationItems.enumerated() { body(decoration, [-2_000 - position]) }
    }

    /// The first dimension UIKit's factory asserts on (a value that is not finite, or a
    /// `.uniformAcrossSiblings` estimate ≤ 0), in UIKit's words.
    var raisingDimension: String? {
        var found: String?
        walkItems { item, _ in
            guard found == nil else { return }
            for dimension in [item.layoutSize.widthDimension, item.layoutSize.heightDimension] {
                if let complaint = dimension.uikitComplaint, complaint.raises {
                    found = complaint.message
                    return
                }
            }
        }
        return found
    }
}
