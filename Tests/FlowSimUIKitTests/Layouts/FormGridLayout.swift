// A form grid: rows of equal columns (the last column takes what flooring to pixels leaves), each
// row as tall as its tallest item, a hairline separator under every row as a decoration view
// whose attributes class carries its colour. The shape of form-layout libraries: metrics floored
// to the screen's scale found through `collectionView?.window?.screen ?? UIScreen.main`, an
// Xcode colour literal, `didSet`s that invalidate only the decorations inside a
// `CATransaction` with actions disabled. Written as iOS developers write it; only the imports are
// FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

let formElementKindRowSeparator = "formRowSeparator"

protocol FormGridLayoutDelegate: AnyObject {
    func formGrid(_ layout: FormGridLayout, minimumHeightForItemAt indexPath: IndexPath) -> CGFloat
}

/// A separator's attributes: its colour travels with them, so a colour change reaches the view.
final class FormSeparatorAttributes: UICollectionViewLayoutAttributes {
    var backgroundColor: UIColor?

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! FormSeparatorAttributes  // swiftlint:disable:this force_cast
        copy.backgroundColor = backgroundColor
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? FormSeparatorAttributes, other.backgroundColor == backgroundColor else {
            return false
        }
        return super.isEqual(object)
    }
}

final class FormSeparatorView: UICollectionReusableView {}

extension CGFloat {
    func floored(toScale scale: CGFloat) -> CGFloat { scale == 1 ? floor(self) : floor(self * scale) / scale }
}

final class FormGridLayout: UICollectionViewLayout {
    fileprivate static let separatorGray = #colorLiteral(red: 0.7843137255, green: 0.7803921569, blue: 0.8, alpha: 1)

    weak var delegate: FormGridLayoutDelegate?
    var columns = 3
    var sectionInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)

    private var screenScale: CGFloat { (collectionView?.window?.screen ?? UIScreen.main).scale }

    /// Margins inside each item, floored to the screen's pixels.
    var itemLayoutMargins = UIEdgeInsets(top: 8, left: 20, bottom: 8, right: 10) {
        didSet {
            let scale = screenScale
            let floored = UIEdgeInsets(
                top: itemLayoutMargins.top.floored(toScale: scale),
                left: itemLayoutMargins.left.floored(toScale: scale),
                bottom: itemLayoutMargins.bottom.floored(toScale: scale),
                right: itemLayoutMargins.right.floored(toScale: scale))
            if floored != itemLayoutMargins { itemLayoutMargins = floored }
            if floored != oldValue { invalidateLayout() }
        }
    }

    var separatorColor: UIColor? = FormGridLayout.separatorGray {
        didSet {
            guard separatorColor != oldValue, !separators.isEmpty else { return }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            actionsWereDisabled = CATransaction.disableActions()
            separators.forEach { $0.backgroundColor = separatorColor }
            let context = UICollectionViewLayoutInvalidationContext()
            context.invalidateDecorationElements(ofKind: formElementKindRowSeparator, at: separators.map(\.indexPath))
            invalidateLayout(with: context)
            CATransaction.commit()
        }
    }
    private(set) var actionsWereDisabled = false

    /// A pixel on the collection view's screen.
    var separatorWidth: CGFloat { 1 / screenScale }

    private var items: [UICollectionViewLayoutAttributes] = []
    private var separators: [FormSeparatorAttributes] = []
    private var contentHeight: CGFloat = 0

    override init() {
        super.init()
        register(FormSeparatorView.self, forDecorationViewOfKind: formElementKindRowSeparator)
    }

    required init?(coder aDecoder: NSCoder) { fatalError("FormGridLayout does not support NSCoding.") }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return }
        let scale = screenScale
        let width = collectionView.bounds.width - sectionInset.left - sectionInset.right
        let columnWidth = (width / CGFloat(columns)).floored(toScale: scale)
        let count = collectionView.numberOfItems(inSection: 0)
        items = []
        separators = []
        var y = sectionInset.top
        var row = 0
        while row * columns < count {
            let range = (row * columns)..<min(count, (row + 1) * columns)
            let height =
                range.map { delegate?.formGrid(self, minimumHeightForItemAt: IndexPath(item: $0, section: 0)) ?? 44 }
                .max() ?? 0
            for item in range {
                let column = item - range.lowerBound
                let x = sectionInset.left + CGFloat(column) * columnWidth
                // The last column takes the remainder of the flooring.
                let itemWidth = column == columns - 1 ? width - CGFloat(column) * columnWidth : columnWidth
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                attributes.frame = CGRect(x: x, y: y, width: itemWidth, height: height)
                items.append(attributes)
            }
            let separator = FormSeparatorAttributes(
                forDecorationViewOfKind: formElementKindRowSeparator, with: IndexPath(item: row, section: 0))
            separator.frame = CGRect(
                x: sectionInset.left, y: y + height - separatorWidth, width: width, height: separatorWidth)
            separator.zIndex = 1
            separator.backgroundColor = separatorColor
            separators.append(separator)
            y += height
            row += 1
        }
        contentHeight = y + sectionInset.bottom
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var answer: [UICollectionViewLayoutAttributes] = items.filter { $0.frame.intersects(rect) }
        answer += separators.filter { $0.frame.intersects(rect) } as [UICollectionViewLayoutAttributes]
        return answer
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        items.first { $0.indexPath == indexPath }
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard elementKind == formElementKindRowSeparator, separators.indices.contains(indexPath.item) else {
            return nil
        }
        return separators[indexPath.item]
    }
}
