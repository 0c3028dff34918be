import Foundation

#if canImport(Darwin)
    import QuartzCore
#endif

/// What an element is doing at a sampled moment of a timeline.
public enum ElementState: String, Codable, Sendable {
    /// Not animating (or animating between equal attributes).
    case `static`
    /// A surviving element sliding from its old attributes to its new ones.
    case moving
    /// An inserted element (or the live half of a two-part animation) on its way in.
    case appearing
    /// A deleted element, or the snapshot half of a two-part animation, on its way out.
    case disappearing
}

/// What the data says an element shows at a moment, as the data source answered it (UIKit's
/// cell configuration, read when the element is shown): the item's or section's title and image,
/// the item's selection, the section's item count. How it is drawn is the renderer's business.
public struct ElementContent: Equatable, Sendable {
    /// The item's title, or the section's for headers and footers.
    public var title: String
    /// The item's image (`ItemData.imagePath`), if any.
    public var imagePath: String?
    /// Whether the item is selected (`indexPathsForSelectedItems`).
    public var isSelected: Bool
    /// The section's number of items, for headers and footers.
    public var itemCount: Int?

    public init(title: String = "", imagePath: String? = nil, isSelected: Bool = false, itemCount: Int? = nil) {
        self.title = title
        self.imagePath = imagePath
        self.isSelected = isSelected
        self.itemCount = itemCount
    }
}

extension PresentedElement {
    /// Whether this is a paginated data source's loading cell (`PaginatedDataSource.loadingItemID`).
    public var isLoadingIndicator: Bool { kind == .cell && id == PaginatedDataSource.loadingItemID }
}

/// One element as it is presented at one moment: the attributes UIKit's render tree would hold
/// (center, bounds size, transform about the center, alpha, zIndex) plus its identity and content.
/// The timeline gives alpha clamped to [0, 1] (as Core Animation's render tree clamps opacity, so
/// spring overshoot never shows past it); drawing and the frames JSON clamp it again for
/// elements built by hand.
public struct PresentedElement: Equatable, Sendable {
    public var kind: ElementKind
    /// The full index path, as the layout gave it (any length for supplementary and decoration
    /// views; UIKit identifies an element by category, kind and index path).
    public var indexPath: IndexPath
    /// The index path's first index (its section); 0 for an empty index path.
    public var section: Int {
        get { indexPath.first ?? 0 }
        set {
            if indexPath.isEmpty { indexPath = IndexPath(index: newValue) } else { indexPath[0] = newValue }
        }
    }
    /// The item index for cells; nil for supplementary and decoration views.
    public var item: Int? {
        get { kind == .cell && indexPath.count > 1 ? indexPath[1] : nil }
        set {
            guard let newValue else { return }
            if indexPath.count > 1 { indexPath[1] = newValue } else { indexPath = [section, newValue] }
        }
    }
    /// Stable identity: an item's id for cells, `header-<section id>` / `footer-<section id>`,
    /// `<kind>-<section id>-<index>…` for other kinds (`ElementKey.identity(sectionID:)`).
    public var id: String
    public var center: CGPoint
    public var size: CGSize
    /// The untransformed frame: bounds of `size` centred on `center`, kept as the layout gave it
    /// when the element is at rest (so exported frames read back exactly).
    public var frame: CGRect
    /// The transform about the center (the only stored transform; `transform` is its affine part).
    public var transform3D: CATransform3D
    public var alpha: CGFloat
    public var zIndex: Int
    public var isHidden: Bool
    public var state: ElementState
    /// True for the ghost of a two-part animation (docs/uikit-rules.md §2): a snapshot going S → F.
    public var isSnapshot: Bool
    public var content: ElementContent

    public init(
        kind: ElementKind, section: Int, item: Int?, id: String, center: CGPoint, size: CGSize,
        transform: CGAffineTransform = .identity, alpha: CGFloat = 1, zIndex: Int = 0,
        isHidden: Bool = false, state: ElementState = .static, isSnapshot: Bool = false,
        content: ElementContent = ElementContent(), frame: CGRect? = nil, transform3D: CATransform3D? = nil
    ) {
        self.init(
            kind: kind, indexPath: [section, item ?? 0], id: id, center: center, size: size, transform: transform,
            alpha: alpha, zIndex: zIndex, isHidden: isHidden, state: state, isSnapshot: isSnapshot, content: content,
            frame: frame, transform3D: transform3D)
    }

    /// An element at a full index path (any length for supplementary and decoration views).
    public init(
        kind: ElementKind, indexPath: IndexPath, id: String, center: CGPoint, size: CGSize,
        transform: CGAffineTransform = .identity, alpha: CGFloat = 1, zIndex: Int = 0,
        isHidden: Bool = false, state: ElementState = .static, isSnapshot: Bool = false,
        content: ElementContent = ElementContent(), frame: CGRect? = nil, transform3D: CATransform3D? = nil
    ) {
        self.kind = kind
        self.indexPath = indexPath
        self.id = id
        self.center = center
        self.size = size
        self.frame =
            frame
            ?? CGRect(
                x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        self.transform3D = transform3D ?? CATransform3DMakeAffineTransform(transform)
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.state = state
        self.isSnapshot = isSnapshot
        self.content = content
    }

    /// The affine part of `transform3D`; setting it replaces `transform3D` (UIKit's rule).
    public var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// Alpha as Core Animation composites it: clamped to [0, 1] (NaN stays NaN; drawing skips it).
    public var presentedAlpha: CGFloat { PresentedElement.clampedAlpha(alpha) }

    /// `alpha` clamped to [0, 1]; NaN unchanged.
    public static func clampedAlpha(_ alpha: CGFloat) -> CGFloat {
        alpha.isNaN ? alpha : Swift.min(1, Swift.max(0, alpha))
    }

    /// Core Animation's depth for sorting siblings: the layer's zPosition (UIKit sets it from the
    /// attributes' zIndex) plus the z its transform moves the anchor point to (`m43`).
    public var depth: Double { paintOrder.depth }

    /// Where the element is painted among its siblings (`PaintOrder`).
    public var paintOrder: PaintOrder { PaintOrder(self) }

    /// `elements` in paint order (back to front) by `PaintOrder`, stable: elements of equal
    /// order keep their input order.
    public static func paintOrder(_ elements: [PresentedElement]) -> [PresentedElement] {
        elements.enumerated()
            .map { (order: $0.element.paintOrder, offset: $0.offset, element: $0.element) }
            .sorted { l, r in l.order != r.order ? l.order < r.order : l.offset < r.offset }
            .map(\.element)
    }
}

/// The one paint order of presented elements, shared by the timeline's presentation, the frames
/// JSON and the renderer: an element with a smaller order is painted before (below) one with a
/// larger order.
///
/// 1. Depth, back to front: zIndex (UIKit's `layer.zPosition`) plus the transform's z
///    translation `m43`. Evidence: Apple's `CALayer.zPosition` documentation ("changes the
///    front-to-back ordering of layers onscreen; higher values place this layer visually
///    closer to the viewer"), and the well-known UICollectionView answer (Stack Overflow
///    12659301) that fixes overlapping cells' order during animations by giving each cell
///    `transform3D = CATransform3DMakeTranslation(0, 0, item)` besides its zIndex: a flattening
///    superlayer sorts its sublayers by where their anchor ends up on the z axis, zPosition
///    plus the transform's z translation. When neither has a z translation the integer zIndex
///    decides exactly.
/// 2. Ties (UIKit then uses subview order, which FlowSim makes deterministic): section, kind
///    (decorations, header, cells, footer, other supplementary kinds: `ElementKind`'s order),
///    the rest of the index path, and a two-part snapshot below its live element.
///
/// Two orders are equal when neither is painted before the other.
public struct PaintOrder: Comparable, Sendable {
    public var zIndex: Int
    /// The transform's z translation.
    public var zTranslation: Double
    public var section: Int
    public var kind: ElementKind
    /// The index path after the section (the item for cells; `[0]` for flow headers and footers).
    public var rest: [Int]
    /// `rest`'s first index (the item for cells), 0 when there is none.
    public var item: Int { rest.first ?? 0 }
    public var isSnapshot: Bool

    public init(_ element: PresentedElement) {
        zIndex = element.zIndex
        zTranslation = Double(element.transform3D.m43)
        section = element.indexPath.first ?? Int.min  // a layout-wide element first
        kind = element.kind
        rest = Array(element.indexPath.dropFirst())
        isSnapshot = element.isSnapshot
    }

    /// zIndex plus the z translation.
    public var depth: Double { Double(zIndex) + zTranslation }

    public static func < (a: PaintOrder, b: PaintOrder) -> Bool {
        if a.zTranslation == 0 && b.zTranslation == 0 {
            if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        } else if a.depth != b.depth {
            return a.depth < b.depth
        }
        if a.section != b.section { return a.section < b.section }
        if a.kind != b.kind { return a.kind < b.kind }
        if a.rest != b.rest { return a.rest.lexicographicallyPrecedes(b.rest) }
        return a.isSnapshot && !b.isSnapshot
    }

    public static func == (a: PaintOrder, b: PaintOrder) -> Bool { !(a < b) && !(b < a) }
}

/// Everything a renderer needs to draw one moment of a timeline.
public struct PresentedFrame: Equatable, Sendable {
    /// Frame number in the sampled sequence.
    public var index: Int
    /// Seconds since the timeline's start.
    public var time: Double
    /// The visible region's origin in content coordinates (UIKit's contentOffset).
    public var contentOffset: CGPoint
    /// Elements in paint order is NOT guaranteed; renderers sort by `PaintOrder` (`PresentedElement.paintOrder(_:)`).
    public var elements: [PresentedElement]

    public init(index: Int, time: Double, contentOffset: CGPoint, elements: [PresentedElement]) {
        self.index = index
        self.time = time
        self.contentOffset = contentOffset
        self.elements = elements
    }
}
