import Foundation

/// UIKit's `UICollectionReusableView`: a view the collection view places with layout attributes.
open class CollectionReusableView: View {
    /// How FlowSim makes an app's cell or supplementary view for a registration. UIKit makes
    /// dequeued views with `init(frame:)`; without the Objective-C runtime Swift can call an
    /// initialiser through a metatype only if it is `required`, which `init(frame:)` is not. Every
    /// view UIKit can dequeue has `init(frame:)` (inherited or overridden, beside the required
    /// `init?(coder:)`), so it inherits this one, which calls its own `init(frame:)`. The coder
    /// initialiser is no substitute: apps' views commonly trap there.
    public required convenience init(registeredFrame frame: CGRect) { self.init(frame: frame) }

    /// The identifier UIKit reuses the view by; FlowSim keeps one view per shown element.
    open var reuseIdentifier: String? { nil }

    /// UIKit's `apply(_:)`: the collection view gives the view its attributes. The base stores
    /// the geometry and alpha on the view, as UIKit does, before subclasses read extra values.
    open func apply(_ layoutAttributes: LayoutAttributes) {}

    /// UIKit's `prepareForReuse()`. FlowSim never reuses views, so it is never called.
    open func prepareForReuse() {}

    /// The size the view's content fits in (what Auto Layout's `systemLayoutSizeFitting` gives a
    /// cell on iOS). FlowSim runs no Auto Layout: the collection view sets it from its
    /// `cellFittingSize` before asking `preferredLayoutAttributesFitting(_:)`; nil keeps the
    /// offered size.
    open var fittingSize: CGSize?

    /// UIKit's self-sizing hook, called when the flow layout has an `estimatedItemSize`: the
    /// attributes laid out at the estimate come in; the base answers them with `fittingSize`
    /// (unchanged without one). Override it as on iOS.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        if let fittingSize { layoutAttributes.size = fittingSize }
        return layoutAttributes
    }

    /// Sets what UIKit sets on a view before `apply(_:)`: frame (center and size), transform,
    /// alpha, hidden and the layer's zPosition from zIndex.
    func configure(with attributes: LayoutAttributes) {
        frame = attributes.frame
        transform3D = attributes.transform3D
        alpha = attributes.alpha
        isHidden = attributes.isHidden
        layer.zPosition = CGFloat(attributes.zIndex)
        apply(attributes)
    }
}

/// UIKit's `UICollectionViewCell`: a reusable view with a `contentView`, selection and highlight.
open class CollectionViewCell: CollectionReusableView {
    /// The view cell content goes in; it fills the cell.
    public let contentView: View
    open var backgroundView: View?
    open var selectedBackgroundView: View?
    open var isSelected = false
    open var isHighlighted = false

    public override init(frame: CGRect) {
        contentView = View(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        contentView = View(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    open override var frame: CGRect {
        didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
    }
}
