import Foundation

extension CompositionalLayout {
    /// UIKit's `-[NSCollectionLayoutItem setContentInsets:]` logs (error level) when the insets
    /// it is given add up to anything but 0 along an axis the item's size estimates: "Attempting
    /// to add contentInsets to an item's dimension along an estimated axis. Insets along any
    /// estimated axes will be ignored. Use the item's edgeSpacing or the containing group's
    /// interItemSpacing instead. Item: %@" (decompiled UIKit 26.1, CollectionViewCore's
    /// NSCollectionLayoutItem: `_isEstimatedForAxis:` and `fabs(total) >= DBL_EPSILON`). UIKit
    /// logs as the insets are set; FlowSim, whose items are plain stored properties, finds them
    /// when the sections are solved and logs each once per section and position in its group
    /// tree. The solver ignores those insets (R5).
    func reportInsetsAlongEstimatedAxes(_ definitions: [LayoutSection?]) {
        for (index, section) in definitions.enumerated() {
            guard let section else { continue }
            var path: [Int] = []
            func visit(_ item: LayoutItem) {
                if let group = item as? LayoutGroup {
                    for (position, child) in group.subitems.enumerated() {
                        path.append(position)
                        visit(child)
                        path.removeLast()
                    }
                    return
                }
                let size = item.layoutSize
                let insets = item.contentInsets
                let alongWidth = size.widthDimension.isEstimated && abs(insets.leading + insets.trailing) >= .ulpOfOne
                let alongHeight = size.heightDimension.isEstimated && abs(insets.top + insets.bottom) >= .ulpOfOne
                guard alongWidth || alongHeight else { return }
                report(
                    UIKitDiagnostic(
                        check: .insetsAlongEstimatedAxis, severity: .log,
                        message:
                            "Attempting to add contentInsets to an item's dimension along an estimated axis. Insets along any estimated axes will be ignored. Use the item's edgeSpacing or the containing group's interItemSpacing instead. Item: <NSCollectionLayoutItem size=\(size); contentInsets=\(UIKitDescription.insets(insets))>",
                        layoutClass: "UICollectionViewCompositionalLayout"),
                    onceKey: "insetsAlongEstimatedAxis \(index) \(path)")
            }
            visit(section.group)
        }
    }
}
