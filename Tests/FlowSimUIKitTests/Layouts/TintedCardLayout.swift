// Cards with a tint and a rounded mask carried on their attributes, a cell that sizes itself
// with Auto Layout's fitting call, a collection view subclass that counts its updates, and a
// tap recognizer the app adds: the UIKit surface around a layout, as iOS developers write it.
// Only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class TintedCardAttributes: UICollectionViewLayoutAttributes {
    var tint: UIColor = .systemBlue
    var maskPath: UIBezierPath?

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TintedCardAttributes
        copy.tint = tint
        copy.maskPath = maskPath
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TintedCardAttributes else { return false }
        return super.isEqual(object) && tint == other.tint && maskPath?.bounds == other.maskPath?.bounds
    }
}

final class TintedCardLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { TintedCardAttributes.self }

    override init() {
        super.init()
        itemSize = CGSize(width: 100, height: 80)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { attributes in
            let card = attributes.copy() as! TintedCardAttributes
            card.tint = UIColor.systemBlue.withAlphaComponent(card.indexPath.item % 2 == 0 ? 1 : 0.5)
            card.maskPath = UIBezierPath(roundedRect: CGRect(origin: .zero, size: card.size), cornerRadius: 12)
            return card
        }
    }
}

final class SelfMeasuringCell: UICollectionViewCell {
    let mask = CAShapeLayer()

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let card = layoutAttributes as? TintedCardAttributes else { return }
        backgroundColor = card.tint
        mask.path = card.maskPath?.cgPath
        layer.mask = mask
        layer.shadowColor = UIColor.black.cgColor
    }

    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let width = layoutAttributes.size.width
        let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
        let size = contentView.systemLayoutSizeFitting(
            CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
            withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        attributes.size = systemLayoutSizeFitting(
            size, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        return attributes
    }
}

final class CountingCollectionView: UICollectionView {
    private(set) var insertedCount = 0
    private(set) var reloads = 0
    let tap = UITapGestureRecognizer()

    override func insertItems(at indexPaths: [IndexPath]) {
        insertedCount += indexPaths.count
        super.insertItems(at: indexPaths)
    }

    override func deleteItems(at indexPaths: [IndexPath]) {
        super.deleteItems(at: indexPaths)
    }

    override func reloadData() {
        reloads += 1
        super.reloadData()
        if gestureRecognizers?.contains(where: { $0 === tap }) != true { addGestureRecognizer(tap) }
    }

    /// When the last update started, on the machine's clock (as apps log it).
    var lastUpdateTime: CFTimeInterval = 0

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        lastUpdateTime = CACurrentMediaTime()
        super.performBatchUpdates(updates, completion: completion)
    }
}
