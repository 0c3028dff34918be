import Foundation

extension CompositionalLayout {
    /// The lines UIKit's model classes log as an app builds its sections (decompiled UIKit 26.1,
    /// CollectionViewCore). UIKit logs when the value is set; FlowSim, whose model objects are
    /// plain stored values, finds them when the sections are solved, and logs each once per
    /// section and place in the section's items.
    ///
    /// - `+[NSCollectionLayoutDimension absoluteDimension:]` and its siblings log a value ≤ 0:
    ///   "Invalid absolute dimension, must be > 0.0. NOTE: This will be a hard-assert soon, …"
    ///   (check `invalidDimension`; the assertions for values that are not finite stop the
    ///   solve instead, `LayoutSection.raisingDimension`).
    /// - `-[NSCollectionLayoutItem setContentInsets:]` (groups and supplementary items inherit
    ///   it) logs insets that add up to anything but 0 along an axis the item's size estimates (`_isEstimatedForAxis:` and
    ///   `fabs(total) >= DBL_EPSILON`): "Attempting to add contentInsets to an item's dimension
    ///   along an estimated axis. …" (check `insetsAlongEstimatedAxis`). The solver ignores those
    ///   insets (R5).
    func reportModelFindings(_ definitions: [LayoutSection?]) {
        for (index, section) in definitions.enumerated() {
            guard let section else { continue }
            section.walkItems { item, path in
                let size = item.layoutSize
                for dimension in [size.widthDimension, size.heightDimension] {
                    guard let complaint = dimension.uikitComplaint, !complaint.raises else { continue }
                    report(
                        UIKitDiagnostic(
                            check: .invalidDimension, severity: .log, message: complaint.message,
                            layoutClass: "UICollectionViewCompositionalLayout"),
                        onceKey: "invalidDimension \(index) \(path) \(dimension)")
                }
                let insets = item.contentInsets
                let alongWidth =
                    size.widthDimension.isEstimated && abs(insets.leading + insets.trailing) >= .ulpOfOne
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
        }
    }
}
