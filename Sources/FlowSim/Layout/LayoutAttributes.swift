import Foundation

#if canImport(QuartzCore)
    import QuartzCore
#endif

/// UIKit's `UICollectionViewLayoutAttributes`: where and how one element is shown.
///
/// Like UIKit's, it is a reference type that layouts copy before changing (`copy()`), and its
/// `frame` is a view onto `center` and `size`: setting the frame sets both, and the frame ignores
/// `transform` (UIKit applies the transform about the center when it composites the view).
open class LayoutAttributes: NSObject, NSCopying {
    /// UIKit's `representedElementCategory` (`.cell`, `.supplementaryView`, `.decorationView`),
    /// a non-frozen C enum as in UIKit (see CUIKitEnums).
    public typealias Category = ElementCategory

    open var indexPath: IndexPath
    public let representedElementCategory: Category
    /// nil for cells; the kind string for supplementary and decoration views (the flow layout's
    /// are `FlowLayout.elementKindSectionHeader` / `…Footer`).
    public let representedElementKind: String?
    /// Stored as the frame, as UIKit stores it, so a frame set by a layout reads back exactly
    /// (`center` and `size` are views onto it).
    private var storedFrame: CGRect = .zero

    /// Setting the center moves the frame and keeps its size.
    open var center: CGPoint {
        get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            storedFrame.origin = CGPoint(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2)
        }
    }

    /// Setting the size keeps the center, as UIKit's `size` (and `bounds`) setters do.
    open var size: CGSize {
        get { storedFrame.size }
        set {
            let keep = center
            storedFrame.size = newValue
            center = keep
        }
    }
    /// The one stored transform (UIKit's `transform3D`); `transform` is a view onto it.
    private var storedTransform3D: CATransform3D = CATransform3DIdentity

    /// UIKit's `transform3D`: applied about the center when the view is composited. Setting it
    /// also sets `transform` to its affine part.
    open var transform3D: CATransform3D {
        get { storedTransform3D }
        set { storedTransform3D = newValue }
    }

    /// UIKit's affine `transform`: reads the affine part of `transform3D`
    /// (`CATransform3DGetAffineTransform`); setting it replaces `transform3D` with
    /// `CATransform3DMakeAffineTransform(newValue)`, dropping any z or perspective terms, as UIKit
    /// does.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(storedTransform3D) }
        set { storedTransform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    open var alpha: CGFloat = 1
    open var zIndex: Int = 0
    open var isHidden: Bool = false

    /// Attributes for the cell at `indexPath` (UIKit's `init(forCellWith:)`).
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .cell
        self.representedElementKind = nil
    }

    /// Attributes for a supplementary view (UIKit's `init(forSupplementaryViewOfKind:with:)`).
    public required init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .supplementaryView
        self.representedElementKind = kind
    }

    /// Attributes for a decoration view (UIKit's `init(forDecorationViewOfKind:with:)`).
    public required init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .decorationView
        self.representedElementKind = decorationViewKind
    }

    /// UIKit's `UICollectionViewLayoutAttributes()`: attributes of a cell at index path 0-0.
    public convenience override init() { self.init(forCellWith: IndexPath(item: 0, section: 0)) }

    /// The category + kind pair (`ElementKind`): `.cell`, `.header`, `.footer`, or any other
    /// supplementary or decoration kind.
    public var elementKind: ElementKind { ElementKind(self) }

    open var frame: CGRect {
        get { storedFrame }
        set { storedFrame = newValue }
    }

    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy: LayoutAttributes
        if let kind = representedElementKind, representedElementCategory == .decorationView {
            copy = Self(forDecorationViewOfKind: kind, with: indexPath)
        } else if let kind = representedElementKind {
            copy = Self(forSupplementaryViewOfKind: kind, with: indexPath)
        } else {
            copy = Self(forCellWith: indexPath)
        }
        copy.frame = frame
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    /// A typed copy, for Swift callers who'd rather not write `copy() as! LayoutAttributes`.
    public func copied() -> Self { copy() as! Self }  // swiftlint:disable:this force_cast

    /// UIKit's equivalence for animation purposes (docs/uikit-rules.md §2): center, size, transform
    /// (the full `transform3D`), zIndex, alpha, hidden and kind; the index path is deliberately
    /// not compared.
    public func isEquivalent(to other: LayoutAttributes) -> Bool {
        center == other.center && size == other.size && CATransform3DEqualToTransform(transform3D, other.transform3D)
            && zIndex == other.zIndex && alpha == other.alpha && isHidden == other.isHidden
            && representedElementKind == other.representedElementKind
            && representedElementCategory == other.representedElementCategory
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? LayoutAttributes else { return false }
        return indexPath == other.indexPath && isEquivalent(to: other)
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(indexPath)
        hasher.combine(representedElementKind)
        hasher.combine(representedElementCategory.rawValue)
        return hasher.finalize()
    }

    open override var description: String {
        let kind = representedElementKind.map { "\($0) " } ?? ""
        return "<LayoutAttributes \(kind)\(indexPath) frame=\(frame) alpha=\(alpha) zIndex=\(zIndex)>"
    }
}
