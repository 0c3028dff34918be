// A centred paging layout: one full-height page per item, the first page centred by a content
// inset the layout sets itself, with the offset that shows it, when the collection view
// invalidates it (the idiom of paging carousels that own their inset). Written as iOS
// developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class CentredPagingLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 250, height: 300)
        minimumLineSpacing = 16
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        guard let collectionView = collectionView else { return }
        let side = (collectionView.bounds.width - itemSize.width) / 2
        let inset = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
        if collectionView.contentInset != inset {
            collectionView.contentInset = inset
            collectionView.contentOffset = CGPoint(x: -side, y: 0)
        }
    }
}
