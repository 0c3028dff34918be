// The parks collection view's flow layout as iOS tutorials on insert and delete effects write it:
// cells inset by 2 pt, an inserted item flying in from the top-right corner, deleted items
// shrinking, and nil for every other element (which UIKit plays as a cross-fade), inside the
// class its view controller casts to (`as! FlowLayout`) with the two stored properties that code
// uses. Only the import lines are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

class FlowLayout: UICollectionViewFlowLayout {
    var addedItem: IndexPath?
    var deletedItems: [IndexPath]?

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result = [UICollectionViewLayoutAttributes]()
        if let attributes = super.layoutAttributesForElements(in: rect) {
            for item in attributes {
                let cellAttributes = item.copy() as! UICollectionViewLayoutAttributes
                if item.representedElementKind == nil {
                    let frame = cellAttributes.frame
                    cellAttributes.frame = frame.insetBy(dx: 2.0, dy: 2.0)
                }
                result.append(cellAttributes)
            }
        }

        return result
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath),
            let deleted = deletedItems,
            deleted.contains(itemIndexPath)
        else {
            return nil
        }
        attributes.alpha = 1.0
        attributes.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
        attributes.zIndex = -1
        return attributes
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath),
            let added = addedItem,
            added == itemIndexPath
        else {
            return nil
        }
        // set new attributes
        attributes.center = CGPoint(x: collectionView!.frame.width - 23.5, y: -24.5)
        attributes.alpha = 1.0
        attributes.transform = CGAffineTransform(scaleX: 0.15, y: 0.15)
        attributes.zIndex = 50
        return attributes
    }
}
