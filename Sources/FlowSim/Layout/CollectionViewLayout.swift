import Foundation

/// UIKit's `UICollectionViewLayout`: the abstract layout a collection view asks for attributes.
///
/// The collection view calls `prepare()` before it queries an invalidated layout, exactly as UIKit
/// does; the update hooks (`prepare(forCollectionViewUpdates:)` …) are called around batch
/// updates (see `Updates/`).
open class CollectionViewLayout: NSObject {
    /// The collection view using this layout: read-only, as UIKit's (`{ get }`), so a subclass may
    /// override it, e.g. `override var collectionView: UICollectionView { super.collectionView! }`.
    open var collectionView: CollectionView? { attachedCollectionView }

    /// The collection view this layout is assigned to (weak, as in UIKit), set by the collection
    /// view; `collectionView` reads it.
    weak var attachedCollectionView: CollectionView?

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

    /// UIKit's transition hooks, called around a change of layout
    /// (`setCollectionViewLayout(_:animated:)`, and interactive transitions): the old layout is
    /// told where it goes, the new one where it comes from, and both are finalized once the new
    /// layout is in place. The base implementations do nothing, as UIKit's.
    open func prepareForTransition(to newLayout: CollectionViewLayout) {}
    open func prepareForTransition(from oldLayout: CollectionViewLayout) {}
    open func finalizeLayoutTransition() {}

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

    /// UIKit's extra supplementary views to insert in an update. Not called: FlowSim maps
    /// supplementary views with their sections. The base answers none.
    @discardableResult
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's extra supplementary views to delete in an update. Not called (see above).
    @discardableResult
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's decoration views to insert in an update. Not called: FlowSim maps decoration
    /// views with their sections, as supplementary views.
    @discardableResult
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's decoration views to delete in an update. Not called (see above).
    @discardableResult
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// UIKit's `layoutAttributesForDecorationView(ofKind:at:)`: asked during updates for a
    /// decoration view that animates in from, or out to, beyond the region the collection view
    /// recorded. The base answers nil, as UIKit's does.
    @discardableResult
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        nil
    }

    /// Supplementary kinds whose views this layout anchors to items (at the item's index path),
    /// so that they follow their item across updates, as UIKit maps the kinds its layout anchors
    /// to items (the private `_anchorForAuxiliaryElementOfKind:`). None here; a layout of this
    /// module that attaches supplementary items to items (the compositional layout's badges)
    /// answers their kinds.
    var itemAnchoredSupplementaryKinds: Set<String> { [] }

    /// The decoration kinds registered with `register(_:forDecorationViewOfKind:)` and the class
    /// given for each (nil unregisters, as in UIKit).
    public private(set) var registeredDecorationViewClasses: [String: AnyClass] = [:]

    /// UIKit's `register(_:forDecorationViewOfKind:)`. FlowSim draws every decoration view the
    /// layout returns in its own style (docs/uikit-rules.md), registered or not; the class is kept
    /// for layouts that read it back.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        registeredDecorationViewClasses[elementKind] = viewClass
    }

    /// UIKit's switch that makes the collection view mirror a layout's frames right to left
    /// (false by default). FlowSim does not consult it: `FlowLayout` mirrors its own frames right
    /// to left, as UIKit's flow layout does, and a custom layout that answers true is not mirrored
    /// (docs/devices.md).
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// UIKit's `developmentLayoutDirection`: the direction the layout was designed in, which
    /// UIKit compares with the collection view's when `flipsHorizontallyInOppositeLayoutDirection`
    /// is true. Apple's default is the development region's direction: left to right for the
    /// English development region FlowSim assumes. Stored for layouts that override or read it;
    /// not consulted, like the flip switch above.
    open var developmentLayoutDirection: UserInterfaceLayoutDirection { .leftToRight }

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

    // MARK: Interactive movement (docs/reorder.md; rules in CollectionViewLayout+InteractiveMovement.swift)

    /// UIKit's `targetIndexPath(forInteractivelyMovingItem:withPosition:)`: the base answers the
    /// topmost cell under the point, else `previousIndexPath`.
    @discardableResult
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        baseTargetIndexPath(forInteractivelyMovingItem: previousIndexPath, withPosition: position)
    }

    /// UIKit's `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`: the base
    /// copies the item's attributes, centred on the position, above every other element.
    @discardableResult
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> LayoutAttributes
    {
        baseLayoutAttributesForInteractivelyMovingItem(at: indexPath, withTargetPosition: position)
    }

    /// UIKit's `invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:previousPosition:)`.
    @discardableResult
    open func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> LayoutInvalidationContext {
        baseInvalidationContext(
            forInteractivelyMovingItems: targetIndexPaths, withTargetPosition: targetPosition,
            previousIndexPaths: previousIndexPaths)
    }

    /// UIKit's `invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths:previousIndexPaths:movementCancelled:)`.
    @discardableResult
    open func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> LayoutInvalidationContext {
        baseEndingInvalidationContext(toFinalIndexPaths: indexPaths, previousIndexPaths: previousIndexPaths)
    }

    // MARK: Updates (docs/uikit-rules.md §2)

    /// The update being applied, between `prepare(forCollectionViewUpdates:)` and
    /// `finalizeCollectionViewUpdates()`; used by the base answers below.
    var updateContext: LayoutUpdateContext?

    /// Attributes of an element as the layout had them before the update being applied, for
    /// elements that were outside the region the collection view recorded. nil when unknown.
    func attributesBeforeUpdate(_ key: ElementKey) -> LayoutAttributes? { nil }

    /// Called with a batch update's mapping before the layout is invalidated for it, so state kept
    /// per section (a compositional layout's orthogonal offsets) can follow its section.
    func sectionsWillMove(_ mapping: UpdateMapping) {}

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

    /// Asked with the kind the layout returned for the element (any string), as UIKit asks.
    @discardableResult
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        updateContext?.baseInitial(kind: .supplementary(elementKind), newPath: elementIndexPath)
    }

    @discardableResult
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? {
        updateContext?.baseFinal(kind: .supplementary(elementKind), oldPath: elementIndexPath)
    }

    /// The decoration view's base answer, as for cells and supplementary views.
    @discardableResult
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? {
        updateContext?.baseInitial(kind: .decoration(elementKind), newPath: decorationIndexPath)
    }

    @discardableResult
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? {
        updateContext?.baseFinal(kind: .decoration(elementKind), oldPath: decorationIndexPath)
    }
}
