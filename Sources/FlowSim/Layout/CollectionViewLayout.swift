import Foundation

/// UIKit's `UICollectionViewLayout`: the abstract layout a collection view asks for attributes.
///
/// The collection view calls `prepare()` before it queries an invalidated layout, exactly as UIKit
/// does; the update hooks (`prepare(forCollectionViewUpdates:)` …) are called around batch
/// updates (see `Updates/`).
open class CollectionViewLayout: NSObject {
    /// The collection view using this layout (UIKit: weak, set when the layout is assigned).
    open internal(set) weak var collectionView: CollectionView?

    /// False after `invalidateLayout()`; the collection view prepares before the next query.
    public internal(set) var isPrepared = false

    /// Findings made before the layout had a collection view (`itemSize = .zero` in `init`),
    /// handed to the first collection view that prepares it.
    var pendingDiagnostics: [UIKitDiagnostic] = []

    public override init() { super.init() }

    /// UIKit's `UICollectionViewLayout` adopts NSCoding: a subclass that declares its own
    /// `init()` must also write `required init?(coder:)`, as UIKit code already does. FlowSim never
    /// archives layouts; this is the plain `init()`.
    public required init?(coder: NSCoder) { super.init() }

    /// UIKit's `layoutAttributesClass`: the class the layout makes its attributes with. Override it
    /// to return a `LayoutAttributes` subclass with extra stored properties (override
    /// `copy(with:)` and `isEqual(_:)` as in UIKit); `FlowLayout` creates every element with it.
    /// A class that is not a `LayoutAttributes` subclass is ignored (UIKit raises).
    open class var layoutAttributesClass: AnyClass { LayoutAttributes.self }

    open func prepare() {}

    // MARK: Invalidation

    /// UIKit's `invalidationContextClass`: the class of the contexts the layout is invalidated
    /// with. Override it to return your `LayoutInvalidationContext` subclass.
    open class var invalidationContextClass: AnyClass { LayoutInvalidationContext.self }

    /// UIKit's `invalidateLayout()`: a context of `invalidationContextClass` marked
    /// `invalidateEverything`, passed to `invalidateLayout(with:)`. Deferred, as in UIKit: it
    /// returns at once and the layout is prepared again once, at the next layout pass, however
    /// often it was invalidated meanwhile.
    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.everything = true
        invalidateLayout(with: context)
    }

    /// UIKit's `invalidateLayout(with:)`: every invalidation ends here (call `super` when you
    /// override it). Marks the layout for preparing at the next pass and hands the content
    /// offset adjustment to the collection view for that pass.
    open func invalidateLayout(with context: LayoutInvalidationContext) {
        isPrepared = false
        collectionView?.noteInvalidation(context)
    }

    /// UIKit's `invalidationContext(forBoundsChange:)`: asked after
    /// `shouldInvalidateLayout(forBoundsChange:)` answered true; the base makes a new context of
    /// `invalidationContextClass` (Apple's documentation).
    @discardableResult
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> LayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// UIKit's self-sizing context: a new context with the item invalidated. Asked by the flow
    /// layout when self-sizing (its `estimatedItemSize`) and `shouldInvalidateLayout(
    /// forPreferredLayoutAttributes:withOriginalAttributes:)` answered true; its content offset
    /// adjustment is applied at the next pass.
    @discardableResult
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
        withOriginalAttributes originalAttributes: LayoutAttributes
    ) -> LayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        return context
    }

    /// True while `prepare()` runs: a layout that changes the collection view (its content
    /// inset or offset) from `prepare()` invalidates itself for the next pass instead of
    /// re-entering `prepare()`.
    private(set) var isPreparing = false

    /// Prepares when invalid, as UIKit does before a layout pass: first the content offset
    /// adjustments of the invalidations since the last pass, then `prepare()` once.
    public func prepareIfNeeded() {
        guard !isPrepared, !isPreparing else { return }
        isPreparing = true
        defer { isPreparing = false }
        collectionView?.applyPendingOffsetAdjustment()
        if let log = collectionView?.diagnostics, !pendingDiagnostics.isEmpty {
            pendingDiagnostics.forEach { log.report($0) }
            pendingDiagnostics = []
        }
        isPrepared = true
        prepare()
    }

    open var collectionViewContentSize: CGSize { .zero }

    @discardableResult
    open func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? { nil }

    @discardableResult
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    @discardableResult
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        nil
    }

    /// UIKit's default answer is false: bounds changes keep the layout.
    @discardableResult
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    // MARK: Hooks UIKit code overrides (accepted so overrides compile; see each for whether it is called)

    /// UIKit's `prepare(forAnimatedBoundsChange:)`. Not called yet (FlowSim's bounds changes
    /// are not animated passes); the base does nothing.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    /// UIKit's `finalizeAnimatedBoundsChange()`, the partner of `prepare(forAnimatedBoundsChange:)`.
    open func finalizeAnimatedBoundsChange() {}

    /// UIKit's self-sizing hook, asked for each cell's preferred attributes when a flow layout has
    /// an `estimatedItemSize`. The base answers false, as UIKit's does; the flow layout answers
    /// true when the preferred size differs.
    @discardableResult
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
        withOriginalAttributes originalAttributes: LayoutAttributes
    ) -> Bool {
        false
    }

    /// UIKit's extra supplementary views to insert in an update. Not called: FlowSim animates the
    /// flow layout's headers and footers with their sections. The base answers none.
    @discardableResult
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's extra supplementary views to delete in an update. Not called (see above).
    @discardableResult
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's decoration views to insert in an update. Not called: FlowSim has no decoration views.
    @discardableResult
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's decoration views to delete in an update. Not called.
    @discardableResult
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's `layoutAttributesForDecorationView(ofKind:at:)`. Not called: no decoration views.
    @discardableResult
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        nil
    }

    /// UIKit's switch that makes the collection view mirror a layout's frames right to left
    /// (false by default). FlowSim does not consult it: `FlowLayout` mirrors its own frames right
    /// to left, as UIKit's flow layout does, and a custom layout that answers true is not mirrored
    /// (docs/devices.md).
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// UIKit's default returns the proposed offset unchanged.
    @discardableResult
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    @discardableResult
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Updates (docs/uikit-rules.md §2)

    /// The update being applied, between `prepare(forCollectionViewUpdates:)` and
    /// `finalizeCollectionViewUpdates()`; used by the base answers below.
    var updateContext: LayoutUpdateContext?

    /// Attributes of an element as the layout had them before the update being applied, for
    /// elements that were outside the region the collection view recorded. nil when unknown.
    func attributesBeforeUpdate(_ key: ElementKey) -> LayoutAttributes? { nil }

    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    open func finalizeCollectionViewUpdates() {}

    /// Base answer: a surviving element's current (pre-update) attributes, so it slides from
    /// where it was; an inserted one's final attributes with alpha 0, so it fades in in place.
    @discardableResult
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        updateContext?.baseInitial(kind: .cell, newPath: itemIndexPath)
    }

    /// Base answer: a surviving element's new attributes; a deleted one's current attributes
    /// with alpha 0, so it fades out in place.
    @discardableResult
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        updateContext?.baseFinal(kind: .cell, oldPath: itemIndexPath)
    }

    @discardableResult
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        updateContext?.baseInitial(kind: ElementKind(supplementaryKind: elementKind), newPath: elementIndexPath)
    }

    @discardableResult
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        updateContext?.baseFinal(kind: ElementKind(supplementaryKind: elementKind), oldPath: elementIndexPath)
    }
}

extension ElementKind {
    /// The flow layout's supplementary kind strings; anything else is treated as a header.
    public init(supplementaryKind: String) {
        self = supplementaryKind == FlowLayout.elementKindSectionFooter ? .footer : .header
    }

    /// UIKit's kind string, nil for cells.
    public var supplementaryKind: String? {
        switch self {
        case .cell: return nil
        case .header: return FlowLayout.elementKindSectionHeader
        case .footer: return FlowLayout.elementKindSectionFooter
        }
    }
}
