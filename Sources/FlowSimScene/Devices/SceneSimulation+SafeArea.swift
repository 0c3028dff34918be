import FlowSim
import Foundation

extension SceneSimulation {
    /// Puts the content offset where UIKit rests a scroll view whose offset nobody set, before the
    /// first layout pass is recorded: at (−adjustedContentInset.left, −adjustedContentInset.top),
    /// so the content starts below the status bar or sensor housing when the safe area joins the
    /// inset; for a right-to-left flow layout that scrolls horizontally, at the right end of the
    /// content (UIKit's flow layout scrolls to the content's beginning, which is at the right:
    /// `_shouldScrollToContentBeginningInRightToLeft`).
    static func restAtContentStart(_ collectionView: CollectionView) {
        let layout = collectionView.collectionViewLayout
        layout.prepareIfNeeded()
        let inset = collectionView.adjustedContentInset
        var offset = CGPoint(x: -inset.left, y: -inset.top)
        if beginsAtRightEnd(layout) {
            let contentWidth = layout.collectionViewContentSize.width
            offset.x = max(-inset.left, contentWidth + inset.right - collectionView.bounds.width)
        }
        if offset != collectionView.contentOffset { collectionView.contentOffset = offset }
    }

    /// Whether `layout`'s content begins at its right end: a right-to-left flow layout that
    /// scrolls horizontally.
    static func beginsAtRightEnd(_ layout: CollectionViewLayout) -> Bool {
        guard let flow = layout as? FlowLayout else { return false }
        return flow.mirrorsHorizontally && flow.scrollDirection == .horizontal
    }
}
