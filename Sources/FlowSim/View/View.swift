import Foundation

/// UIKit's `UIView` as layouts and animators meet it: a rectangle in its superview with bounds,
/// center, transform, alpha and a layer, in a view hierarchy. FlowSim draws no view code: a
/// view's properties are stored and read back; what is drawn comes from layout attributes.
///
/// A class deriving from `NSObject`, as UIKit's does, so views compare by identity
/// (`cell.contentView == other`) and can be keys in dictionaries and sets.
open class View: NSObject {
    /// The frame in the superview's coordinates. As in UIKit it is a view onto `center` and
    /// `bounds.size` when the transform is the identity (FlowSim stores it directly).
    open var frame: CGRect

    /// The origin of the view's own coordinate space (a scroll view's content offset).
    var boundsOrigin: CGPoint = .zero

    /// UIKit's `bounds`: origin in the view's own coordinates, size of the frame.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            let center = self.center
            frame = CGRect(
                x: center.x - newValue.width / 2, y: center.y - newValue.height / 2, width: newValue.width,
                height: newValue.height)
        }
    }

    /// UIKit's `center`: the frame's midpoint; setting it moves the frame and keeps its size.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
        }
    }

    /// The view's layer (UIKit's `CALayer`): its opacity is the view's `alpha`; its `bounds`,
    /// `position` and `frame` are the view's (a view is its layer's delegate in UIKit).
    public let layer = Layer()

    /// UIKit's `transform` (about the center): the affine part of the layer's transform.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
    }
    /// UIKit's `transform3D`: the layer's transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    /// UIKit's `alpha`, the layer's opacity.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    open var tag = 0
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var isUserInteractionEnabled = true

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
        layer.hostView = self
    }

    public convenience override init() { self.init(frame: .zero) }

    /// UIKit's views adopt NSCoding; FlowSim never unarchives views (this is `init(frame: .zero)`).
    public required init?(coder: NSCoder) {
        self.frame = .zero
        super.init()
        layer.hostView = self
    }

    // MARK: Hierarchy

    open func addSubview(_ view: View) {
        view.removeFromSuperview()
        view.willMove(toSuperview: self)
        subviews.append(view)
        view.superview = self
        view.didMoveToSuperview()
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        willMove(toSuperview: nil)
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        didMoveToSuperview()
    }

    /// UIKit's hierarchy hooks, called by `addSubview(_:)` and `removeFromSuperview()` around the
    /// change (views such as blur views set themselves up there). The base does nothing.
    open func willMove(toSuperview newSuperview: View?) {}
    open func didMoveToSuperview() {}

    open func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    open func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// Whether `view` is this view or one of its descendants.
    open func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Layout passes

    /// UIKit's `setNeedsLayout()`: FlowSim lays out on demand, so this does nothing by itself.
    open func setNeedsLayout() {}
    /// UIKit's `layoutIfNeeded()`: subclasses that present something (the collection view) override it.
    open func layoutIfNeeded() {}
    open func layoutSubviews() {}

    // MARK: Traits

    /// UIKit's `traitCollection`: the scale and layout direction views are drawn with (an iPhone
    /// in portrait at 2×, left to right, unless a subclass knows better).
    open var traitCollection: TraitCollection { TraitCollection(displayScale: 2) }

    /// UIKit's `semanticContentAttribute` (`.unspecified` by default): a forced direction
    /// decides `effectiveUserInterfaceLayoutDirection`, so a collection view set to
    /// `.forceRightToLeft` mirrors its flow layout, as on iOS.
    open var semanticContentAttribute: SemanticContentAttribute = .unspecified

    /// UIKit's `effectiveUserInterfaceLayoutDirection`: the semantic content attribute's
    /// direction relative to the trait collection's (`userInterfaceLayoutDirection(for:relativeTo:)`).
    open var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        View.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: traitCollection.layoutDirection)
    }

    /// UIKit's `UIView.userInterfaceLayoutDirection(for:relativeTo:)`: `.forceRightToLeft` is
    /// right to left; `.forceLeftToRight`, `.playback` and `.spatial` are left to right (Apple:
    /// playback and spatial controls are never flipped); `.unspecified` (and any later value)
    /// follows `layoutDirection`.
    public class func userInterfaceLayoutDirection(
        for semanticContentAttribute: SemanticContentAttribute, relativeTo layoutDirection: UserInterfaceLayoutDirection
    ) -> UserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        default: return layoutDirection
        }
    }

    /// UIKit's `safeAreaInsets`: none for a plain view (the collection view has its own).
    open var safeAreaInsets: EdgeInsets { .zero }
    /// UIKit's `layoutMargins`: none for a plain view (the collection view has its own).
    open var layoutMargins: EdgeInsets { .zero }

    // MARK: Coordinates

    /// A point in this view's coordinates as a point in the hierarchy's root coordinates
    /// (transforms ignored, as for frames).
    private func pointInRoot(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: View? = self
        while let current = view {
            let origin = current.bounds.origin
            result.x += current.frame.minX - origin.x
            result.y += current.frame.minY - origin.y
            view = current.superview
        }
        return result
    }

    /// UIKit's `convert(_:to:)` for points: nil converts to the hierarchy's root.
    open func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        let root = pointInRoot(point)
        guard let view else { return root }
        let origin = view.pointInRoot(.zero)
        return CGPoint(x: root.x - origin.x, y: root.y - origin.y)
    }

    /// UIKit's `convert(_:from:)` for points.
    open func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        let root = view?.pointInRoot(point) ?? point
        let origin = pointInRoot(.zero)
        return CGPoint(x: root.x - origin.x, y: root.y - origin.y)
    }

    /// UIKit's `convert(_:to:)` for rects (origin converted, size kept).
    open func convert(_ rect: CGRect, to view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// UIKit's `convert(_:from:)` for rects (origin converted, size kept).
    open func convert(_ rect: CGRect, from view: View?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}

/// Core Animation's `CALayer` as views expose it: stored properties layouts and animators set
/// (`zPosition`, `opacity`, `cornerRadius` …). FlowSim draws from layout attributes, not layers.
open class Layer: NSObject {
    /// The view whose layer this is (its `delegate` in UIKit); nil for a free-standing layer.
    weak var hostView: View?
    private var ownBounds = CGRect.zero
    private var ownPosition = CGPoint.zero

    /// Core Animation's `bounds`: for a view's layer, the view's `bounds` (UIKit keeps the two
    /// equal; animators read `contentView.layer.bounds.width`).
    open var bounds: CGRect {
        get { hostView?.bounds ?? ownBounds }
        set {
            if let hostView { hostView.bounds = newValue } else { ownBounds = newValue }
        }
    }
    /// Core Animation's `position`: for a view's layer, the view's `center` (UIKit's `center`
    /// is the layer's position, whatever the anchor point).
    open var position: CGPoint {
        get { hostView?.center ?? ownPosition }
        set {
            if let hostView { hostView.center = newValue } else { ownPosition = newValue }
        }
    }
    /// Core Animation's `frame`: for a view's layer, the view's `frame`; for a free-standing
    /// layer, its bounds' size placed by `anchorPoint` around `position` (transform ignored, as
    /// FlowSim's frames are).
    open var frame: CGRect {
        get {
            if let hostView { return hostView.frame }
            return CGRect(
                x: ownPosition.x - anchorPoint.x * ownBounds.width, y: ownPosition.y - anchorPoint.y * ownBounds.height,
                width: ownBounds.width, height: ownBounds.height)
        }
        set {
            if let hostView {
                hostView.frame = newValue
                return
            }
            ownBounds.size = newValue.size
            ownPosition = CGPoint(
                x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }
    open var zPosition: CGFloat = 0
    open var transform = CATransform3DIdentity
    open var sublayerTransform = CATransform3DIdentity
    open var opacity: Float = 1
    open var isHidden = false
    open var masksToBounds = false
    open var cornerRadius: CGFloat = 0
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset = CGSize(width: 0, height: -3)

    public override init() { super.init() }
}

/// UIKit's `UITraitCollection`, reduced to the traits a layout reads.
public struct TraitCollection: Equatable, Sendable {
    public var displayScale: CGFloat
    public var layoutDirection: UserInterfaceLayoutDirection
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    public var userInterfaceIdiom: UserInterfaceIdiom
    /// UIKit's `preferredContentSizeCategory` by its raw value (`UICTContentSizeCategoryL`, the
    /// default text size …): FlowSimUIKit gives it as a `UIContentSizeCategory`.
    public var preferredContentSizeCategoryName: String

    /// An iPhone in portrait: compact width, regular height, left to right, the default text size.
    public init(
        displayScale: CGFloat, layoutDirection: UserInterfaceLayoutDirection = .leftToRight,
        horizontalSizeClass: UserInterfaceSizeClass = .compact, verticalSizeClass: UserInterfaceSizeClass = .regular,
        userInterfaceIdiom: UserInterfaceIdiom = .phone,
        preferredContentSizeCategoryName: String = "UICTContentSizeCategoryL"
    ) {
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.preferredContentSizeCategoryName = preferredContentSizeCategoryName
    }
}

extension UserInterfaceLayoutDirection: @retroactive @unchecked Sendable {}
extension UserInterfaceSizeClass: @retroactive @unchecked Sendable {}
extension UserInterfaceIdiom: @retroactive @unchecked Sendable {}
extension ElementCategory: @retroactive @unchecked Sendable {}
extension SectionInsetReference: @retroactive @unchecked Sendable {}
extension GestureRecognizerState: @retroactive @unchecked Sendable {}
extension SemanticContentAttribute: @retroactive @unchecked Sendable {}
