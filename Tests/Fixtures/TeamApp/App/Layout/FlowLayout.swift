// An app's own flow layout, as an iOS team writes it (FlowSim's test fixture, not a copy of any
// published code): three columns of square photos; the view controller sets `addedItem` or
// `deletedItems` before each update, and the layout flies the new photo in from the top-right
// corner and shrinks deleted ones. The file is compiled here exactly as it sits in the app:
// `import UIKit` finds FlowSim's Linux UIKit module.
import UIKit

class FlowLayout: UICollectionViewFlowLayout {
    var addedItem: IndexPath?
    var deletedItems: [IndexPath] = []

    override init() {
        super.init()
        itemSize = CGSize(width: 106, height: 106)
        minimumInteritemSpacing = 8
        minimumLineSpacing = 8
        sectionInset = UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        guard itemIndexPath == addedItem, let collectionView = collectionView,
            let flying = attributes?.copy() as? UICollectionViewLayoutAttributes
        else { return attributes }
        flying.center = CGPoint(x: collectionView.bounds.maxX - 20, y: collectionView.bounds.minY - 20)
        flying.transform = CGAffineTransform(scaleX: 0.2, y: 0.2)
        flying.alpha = 1
        flying.zIndex = 10
        return flying
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        guard deletedItems.contains(itemIndexPath),
            let shrinking = attributes?.copy() as? UICollectionViewLayoutAttributes
        else { return attributes }
        shrinking.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
        shrinking.alpha = 1
        return shrinking
    }
}
