// An app's card fan (FlowSim's test fixture): cards side by side along a horizontal strip, each
// turned about the y axis by its distance from the centre of the screen, with perspective.
// Written as on iOS with the framework imports such files carry; compiled here unedited.
import CoreGraphics
import QuartzCore
import UIKit.UICollectionView

final class FanLayout: UICollectionViewLayout {
    var cardSize = CGSize(width: 150, height: 220)
    var spacing: CGFloat = 20
    /// Degrees of turn per card width away from the centre.
    var turnPerCard: CGFloat = 30

    private var cache: [UICollectionViewLayoutAttributes] = []

    override var collectionViewContentSize: CGSize {
        guard let collectionView = collectionView else { return .zero }
        let count = CGFloat(collectionView.numberOfItems(inSection: 0))
        let inset = (collectionView.bounds.width - cardSize.width) / 2
        return CGSize(
            width: inset * 2 + count * cardSize.width + max(0, count - 1) * spacing,
            height: collectionView.bounds.height)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let inset = (collectionView.bounds.width - cardSize.width) / 2
        let y = (collectionView.bounds.height - cardSize.height) / 2
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            let x = inset + CGFloat(item) * (cardSize.width + spacing)
            attributes.frame = CGRect(origin: CGPoint(x: x, y: y), size: cardSize)
            return attributes
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView else { return nil }
        let centre = collectionView.bounds.midX
        return cache.filter { $0.frame.intersects(rect) }.map { cached in
            let attributes = cached.copy() as! UICollectionViewLayoutAttributes
            let cards = (attributes.center.x - centre) / (cardSize.width + spacing)
            let angle = max(-60, min(60, cards * turnPerCard)) * .pi / 180
            var transform = CATransform3DIdentity
            transform.m34 = -1 / 600
            attributes.transform3D = CATransform3DRotate(transform, angle, 0, 1, 0)
            attributes.zIndex = -Int(abs(cards.rounded()))
            return attributes
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }
}
