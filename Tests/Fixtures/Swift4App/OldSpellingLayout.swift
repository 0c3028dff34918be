// A layout written before Swift 4.2 and still built with `-swift-version 4`: UIKit's old
// top-level names (`UICollectionViewScrollDirection`, `UIEdgeInsetsMake` …). FlowSim's fixture.
import UIKit

class OldSpellingLayout: UICollectionViewFlowLayout {
    let direction: UICollectionViewScrollDirection = .horizontal

    override func prepare() {
        super.prepare()
        scrollDirection = direction
        sectionInset = UIEdgeInsetsMake(4, 8, 4, 8)
        itemSize = CGSize(width: 60, height: 60)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let attributes = super.layoutAttributesForElements(in: UIEdgeInsetsInsetRect(rect, .zero))
        return attributes?.filter { $0.representedElementCategory == UICollectionElementCategory.cell }
    }

    func options() -> UIViewAnimationOptions { [.curveEaseOut] }
}
