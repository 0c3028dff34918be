import Foundation

/// A flow layout with inset cells and item effects, ready to use: every cell frame is
/// inset by `cellInset` points on each side (headers and footers untouched), inserted items can
/// fly in from a point with a scale (`appearingEffect`) and deleted items can shrink in place
/// (`disappearingEffect`). Every other element keeps the flow layout's own answers, so shifted
/// cells slide; `shiftedCells = .literalNil` reproduces a common variant of this layout whose update
/// hooks answer nil for them, which makes UIKit cross-fade them (docs/uikit-rules.md §2.3).
open class InsetFlowLayout: FlowLayout {
    /// Where an inserted item starts.
    public enum AnchorPoint: Equatable, Sendable {
        /// A fixed point in content coordinates.
        case absolute(CGPoint)
        /// `(collection view width − dx, y)`, e.g. `(frame.width − 23.5, −24.5)`.
        case fromTrailingEdge(dx: CGFloat, y: CGFloat)
        /// Where the item lands (only scale, alpha and zIndex change).
        case finalCenter
    }

    /// An appearance or disappearance effect: center (appearing only), scale, alpha, zIndex.
    public struct ItemEffect: Equatable, Sendable {
        public var center: AnchorPoint
        public var scale: CGFloat
        public var alpha: CGFloat
        public var zIndex: Int

        public init(center: AnchorPoint = .finalCenter, scale: CGFloat = 1, alpha: CGFloat = 1, zIndex: Int = 0) {
            self.center = center
            self.scale = scale
            self.alpha = alpha
            self.zIndex = zIndex
        }
    }

    /// How cells that neither appear nor disappear are answered.
    public enum ShiftedCells: String, Sendable {
        /// The flow layout's answers: shifted cells slide (what the layout intends).
        case slide
        /// nil for every path the layout did not record, as layouts that only handle their own inserts
        /// and deletes do: UIKit cross-fades.
        case literalNil
    }

    /// Points removed from each side of every cell frame (`frame.insetBy(dx: 2, dy: 2)` by default).
    open var cellInset: CGFloat = 2 { didSet { invalidateLayout() } }
    open var appearingEffect: ItemEffect?
    open var disappearingEffect: ItemEffect?
    open var shiftedCells = ShiftedCells.slide

    /// The items inserted and deleted by the current batch, recorded from its update items.
    public private(set) var insertedIndexPaths: Set<IndexPath> = []
    public private(set) var deletedIndexPaths: Set<IndexPath> = []

    // MARK: Frames

    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        // Query a rect grown by the inset so cells whose inset frame meets `rect` are found.
        let grown = rect.insetBy(dx: -cellInset, dy: -cellInset)
        return super.layoutAttributesForElements(in: grown)?.compactMap { attributes in
            guard attributes.representedElementCategory == .cell else {
                return attributes.frame.meets(rect) ? attributes : nil
            }
            attributes.frame = attributes.frame.insetBy(dx: cellInset, dy: cellInset)
            return attributes.frame.meets(rect) ? attributes : nil
        }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
        attributes.frame = attributes.frame.insetBy(dx: cellInset, dy: cellInset)
        return attributes
    }

    override func attributesBeforeUpdate(_ key: ElementKey) -> LayoutAttributes? {
        guard let attributes = super.attributesBeforeUpdate(key) else { return nil }
        if key.kind == .cell { attributes.frame = attributes.frame.insetBy(dx: cellInset, dy: cellInset) }
        return attributes
    }

    // MARK: Updates

    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        insertedIndexPaths = Set(
            updateItems.filter { $0.updateAction == .insert && !$0.isSectionOperation }.compactMap(
                \.indexPathAfterUpdate))
        deletedIndexPaths = Set(
            updateItems.filter { $0.updateAction == .delete && !$0.isSectionOperation }.compactMap(
                \.indexPathBeforeUpdate))
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        insertedIndexPaths = []
        deletedIndexPaths = []
    }

    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        let base = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        guard insertedIndexPaths.contains(itemIndexPath) else { return shiftedCells == .slide ? base : nil }
        guard let attributes = base, let effect = appearingEffect else { return base }
        switch effect.center {
        case .absolute(let point): attributes.center = point
        case .fromTrailingEdge(let dx, let y):
            attributes.center = CGPoint(x: (collectionView?.frame.width ?? 0) - dx, y: y)
        case .finalCenter: break
        }
        attributes.alpha = effect.alpha
        attributes.transform = CGAffineTransform(scaleX: effect.scale, y: effect.scale)
        attributes.zIndex = effect.zIndex
        return attributes
    }

    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        let base = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        guard deletedIndexPaths.contains(itemIndexPath) else { return shiftedCells == .slide ? base : nil }
        guard let attributes = base, let effect = disappearingEffect else { return base }
        if case .absolute(let point) = effect.center { attributes.center = point }
        attributes.alpha = effect.alpha
        attributes.transform = CGAffineTransform(scaleX: effect.scale, y: effect.scale)
        attributes.zIndex = effect.zIndex
        return attributes
    }
}
