import Foundation

/// UIKit's runtime checks on what a layout returns and on updates made from Swift
/// (docs/diagnostics.md). Findings go to `diagnostics`; nothing here stops the simulation —
/// consumers decide what a `.exception` finding ends (a command exits 2 at the first).
extension CollectionView {
    /// The layout's answer for `rect`, as the collection view takes it in: attributes for a cell
    /// the data does not have (cached counts), or for a supplementary view past the last section,
    /// are logged and ignored, as iOS 18's `_validateLayoutInRect:` does. Non-finite frames are
    /// reported as UIKit 26.1's `setFrame:` exception (and kept: the consumer stops).
    public func validatedLayoutAttributes(in rect: CGRect) -> [LayoutAttributes] {
        let layout = collectionViewLayout
        guard var list = layout.layoutAttributesForElements(in: rect), !list.isEmpty else {
            return substitutingInteractivelyMovingItem([], in: rect)
        }
        var invalid: [Int] = []
        for (position, attributes) in list.enumerated() where !hasElement(at: attributes) {
            diagnostics.report(.invalidIndexPath(attributes, layout: layout, counts: itemCounts))
            invalid.append(position)
        }
        for position in invalid.reversed() { list.remove(at: position) }
        reportNonFiniteFrames(list)
        return substitutingInteractivelyMovingItem(list, in: rect)
    }

    /// Whether the data (cached counts) has the element `attributes` stand for: a cell needs its
    /// section and item; a supplementary view its section (any index path length ≥ 1); decoration
    /// views are the layout's own and always pass (UIKit does not validate them).
    func hasElement(at attributes: LayoutAttributes) -> Bool {
        let path = attributes.indexPath
        switch attributes.representedElementCategory {
        case .cell:
            return path.count == 2 && path.section >= 0 && path.section < numberOfSections && path.item >= 0
                && path.item < numberOfItems(inSection: path.section)
        case .supplementaryView:
            return path.count >= 1 && path[0] >= 0 && path[0] < numberOfSections
        default:
            return true
        }
    }

    /// Reports the first attributes UIKit's frame and transform setters would refuse (a NaN or
    /// infinite frame, `CGRect.null`, `CGRect.infinite`, a non-finite transform): UIKit raises at
    /// the first.
    func reportNonFiniteFrames(_ list: [LayoutAttributes]) {
        let layoutClass = UIKitDescription.layoutClassName(collectionViewLayout)
        for attributes in list {
            if let finding = UIKitDiagnostic.nonFiniteFrame(attributes, layoutClass: layoutClass) {
                diagnostics.report(finding, onceKey: "nonFiniteFrame")
                return
            }
        }
    }

    /// An update UIKit's non-throwing calls (`performBatchUpdates`, `insertItems(at:)`, a diffable
    /// `apply`) could not make: kept in `updateErrors` and reported as the exception UIKit raises.
    func recordUpdateFailure(_ error: UpdateError, batch: BatchUpdate?) {
        updateErrors.append(error)
        diagnostics.report(.updateFailure(error, batch: batch, before: itemCounts, after: dataSourceCounts() ?? []))
    }
}
