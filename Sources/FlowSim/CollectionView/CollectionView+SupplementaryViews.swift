import Foundation

/// The supplementary views layouts reach through the collection view, as cells are reached
/// (CollectionView+Cells.swift): a layout that restyles its visible headers or separators asks
/// `indexPathsForVisibleSupplementaryElements(ofKind:)` and `supplementaryView(forElementKind:at:)`.
/// Each visible element has a `CollectionReusableView` carrying the layout's current attributes
/// (frame, transform, alpha, zPosition, `apply(_:)` called); what code sets on it is stored and
/// read back, not drawn. The same element keeps its view while it stays visible; a view that
/// leaves the screen is let go (UIKit reuses it for another element).
struct SupplementaryViewKey: Hashable {
    let kind: String
    let indexPath: IndexPath
}

extension CollectionView {
    /// UIKit's `indexPathsForVisibleSupplementaryElements(ofKind:)`: the index paths of the kind's
    /// elements in the visible answer, in index order.
    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleSupplementaryAttributes(ofKind: elementKind).map(\.indexPath)
    }

    /// UIKit's `visibleSupplementaryViews(ofKind:)`, in index order.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [CollectionReusableView] {
        visibleSupplementaryAttributes(ofKind: elementKind).map(supplementaryView(for:))
    }

    /// UIKit's `supplementaryView(forElementKind:at:)`: the view of a visible element, nil when
    /// the element is not visible (as in UIKit).
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
        -> CollectionReusableView?
    {
        visibleSupplementaryAttributes(ofKind: elementKind).first { $0.indexPath == indexPath }
            .map(supplementaryView(for:))
    }

    /// The kind's supplementary attributes in the visible answer, in index order; views of the
    /// kind's elements that are no longer visible are let go.
    private func visibleSupplementaryAttributes(ofKind elementKind: String) -> [LayoutAttributes] {
        let visible = visibleLayoutAttributes()
            .filter { $0.representedElementCategory == .supplementaryView && $0.representedElementKind == elementKind }
            .sorted { $0.indexPath < $1.indexPath }
        let shown = Set(visible.map(\.indexPath))
        for key in supplementaryViewStore.keys where key.kind == elementKind && !shown.contains(key.indexPath) {
            supplementaryViewStore[key]?.removeFromSuperview()
            supplementaryViewStore[key] = nil
        }
        return visible
    }

    /// The view of a visible element, configured with its attributes.
    private func supplementaryView(for attributes: LayoutAttributes) -> CollectionReusableView {
        let key = SupplementaryViewKey(kind: attributes.representedElementKind ?? "", indexPath: attributes.indexPath)
        let view = supplementaryViewStore[key] ?? CollectionReusableView(frame: attributes.frame)
        if supplementaryViewStore[key] == nil {
            supplementaryViewStore[key] = view
            addSubview(view)
        }
        view.configure(with: attributes)
        return view
    }
}
