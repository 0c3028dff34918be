import Foundation

extension CompositionalLayout {
    /// Each section's `visibleItemsInvalidationHandler` with its cells and supplementary views
    /// that meet the visible bounds, the scroll offset (an orthogonal section's own offset,
    /// always 0 in FlowSim; else the collection view's content offset) and the environment.
    /// UIKit calls it before each layout pass; FlowSim calls it on every rect query, before the
    /// answer is returned, so its changes show in the answer (not in `layoutAttributesForItem`).
    func callVisibleItemsHandlers(_ answer: [LayoutAttributes]) {
        guard let environment, let collectionView else { return }
        let visible = visibleBounds
        for (section, handler) in visibleItemsHandlers {
            let items = answer.filter {
                $0.indexPath.section == section && $0.representedElementCategory != .decorationView
                    && $0.frame.meets(visible)
            }
            let orthogonal = preparedGeometry.section(section)?.orthogonalScrollingBehavior ?? .none
            handler(
                items,
                orthogonal == .none ? collectionView.contentOffset : orthogonalContentOffset(forSection: section),
                environment)
        }
    }
}
