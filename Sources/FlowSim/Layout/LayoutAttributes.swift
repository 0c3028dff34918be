import Foundation

/// UIKit's `UICollectionViewLayoutAttributes`: where and how one element is shown.
///
/// Like UIKit's, it is a reference type that layouts copy before changing (`copy()`), and its
/// `frame` is a view onto `center` and `size`: setting the frame sets both, and the frame ignores
/// `transform` (UIKit applies the transform about the center when it composites the view).
open class LayoutAttributes: NSObject, NSCopying {
    /// UIKit's `representedElementCategory`.
    public enum Category: Sendable { case cell, supplementaryView, decorationView }

    open var indexPath: IndexPath
    public let representedElementCategory: Category
    /// nil for cells; `FlowLayout.elementKindSectionHeader` / `…Footer` for supplementaries.
    public let representedElementKind: String?
    open var center: CGPoint = .zero
    open var size: CGSize = .zero
    open var transform: CGAffineTransform = .identity
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

    /// Cell, header or footer (FlowSim's name for the category + kind pair).
    public var elementKind: ElementKind {
        switch representedElementKind {
        case nil: return .cell
        case FlowLayout.elementKindSectionFooter: return .footer
        default: return .header
        }
    }

    open var frame: CGRect {
        get {
            CGRect(
                x: center.x - size.width / 2, y: center.y - size.height / 2,
                width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy: LayoutAttributes
        if let kind = representedElementKind {
            copy = Self(forSupplementaryViewOfKind: kind, with: indexPath)
        } else {
            copy = Self(forCellWith: indexPath)
        }
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    /// A typed copy, for Swift callers who'd rather not write `copy() as! LayoutAttributes`.
    public func copied() -> Self { copy() as! Self }  // swiftlint:disable:this force_cast

    /// UIKit's equivalence for animation purposes (REFERENCE.md §2): center, size, transform,
    /// zIndex, alpha, hidden and kind; the index path is deliberately not compared.
    public func isEquivalent(to other: LayoutAttributes) -> Bool {
        center == other.center && size == other.size && transform == other.transform
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
        return hasher.finalize()
    }

    open override var description: String {
        let kind = representedElementKind.map { "\($0) " } ?? ""
        return "<LayoutAttributes \(kind)\(indexPath) frame=\(frame) alpha=\(alpha) zIndex=\(zIndex)>"
    }
}
