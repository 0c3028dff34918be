import Foundation

/// UIKit's `UICollectionViewDelegate`: what `collectionView.delegate` holds. Layouts with their
/// own delegate protocols (a waterfall's column heights) refine it and cast the collection
/// view's delegate to theirs, as on iOS.
public protocol CollectionViewDelegate: AnyObject {
    /// iOS 15's target override for interactive movement (default: the older method below,
    /// asked with the original index path; `CollectionViewReordering.swift`).
    func collectionView(
        _ collectionView: CollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    /// The iOS 9 target override (default: the proposed index path).
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    /// The layout shown during `startInteractiveTransition(to:completion:)` (default: a plain
    /// `CollectionViewTransitionLayout` between the two, as UIKit makes when the delegate does not say).
    func collectionView(
        _ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
        newLayout toLayout: CollectionViewLayout
    ) -> CollectionViewTransitionLayout
}

extension CollectionViewDelegate {
    public func collectionView(
        _ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
        newLayout toLayout: CollectionViewLayout
    ) -> CollectionViewTransitionLayout {
        CollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }
}

/// UIKit's `UICollectionViewDelegateFlowLayout`, with UIKit's exact signatures and results.
///
/// In UIKit every method is an optional Objective-C requirement: an unimplemented one means "use
/// the layout's property". Swift on Linux has no optional requirements, so each method has a
/// default implementation that answers the flow layout's own property: the same result. A layout
/// that is not a flow layout gets UIKit's flow-layout defaults (50 × 50 items, 10 pt spacings, no
/// insets, no headers or footers).
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

extension CollectionViewLayout {
    /// The flow metrics an unimplemented delegate method answers with: the flow layout's own
    /// properties, or UIKit's flow-layout defaults for any other layout.
    var flowMetricsForDelegateDefaults: FlowSectionMetrics {
        guard let flow = self as? FlowLayout else { return FlowSectionMetrics() }
        return FlowSectionMetrics(
            itemSize: flow.itemSize, inset: flow.sectionInset, minimumLineSpacing: flow.minimumLineSpacing,
            minimumInteritemSpacing: flow.minimumInteritemSpacing, headerReferenceSize: flow.headerReferenceSize,
            footerReferenceSize: flow.footerReferenceSize)
    }
}

extension CollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        collectionViewLayout.flowMetricsForDelegateDefaults.itemSize
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        collectionViewLayout.flowMetricsForDelegateDefaults.inset
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        collectionViewLayout.flowMetricsForDelegateDefaults.minimumLineSpacing
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        collectionViewLayout.flowMetricsForDelegateDefaults.minimumInteritemSpacing
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        collectionViewLayout.flowMetricsForDelegateDefaults.headerReferenceSize
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        collectionViewLayout.flowMetricsForDelegateDefaults.footerReferenceSize
    }
}
