// A layout that sets the collection view's content inset from prepare() and from
// invalidateLayout(): the idiom of layouts that centre their content (carousels pad the first
// and last item into the middle). On iOS the invalidation is deferred, so this settles after one
// more pass. Written as iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class InsetAdjustingLayout: UICollectionViewFlowLayout {
    private(set) var prepareCount = 0

    override func prepare() {
        super.prepare()
        prepareCount += 1
        guard let collectionView = collectionView else { return }
        let padding = (collectionView.bounds.width - itemSize.width) / 2
        collectionView.contentInset = UIEdgeInsets(top: 0, left: padding, bottom: 0, right: padding)
    }

    override func invalidateLayout() {
        super.invalidateLayout()
        guard let collectionView = collectionView else { return }
        let padding = (collectionView.bounds.width - itemSize.width) / 2
        collectionView.contentInset = UIEdgeInsets(top: 0, left: padding, bottom: 0, right: padding)
    }
}
