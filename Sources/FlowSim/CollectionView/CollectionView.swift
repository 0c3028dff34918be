import Foundation

/// A simulation of `UICollectionView`: a viewport (bounds, content offset, content inset, screen
/// scale) over the data source's items, laid out by a `CollectionViewLayout`.
///
/// As in UIKit the collection view caches the item counts it last saw; `reloadData()` re-reads
/// them, and the update calls (`insertItems(at:)`, …, in `CollectionView+Updates.swift`) check
/// the data source's new counts against them and animate the difference.
open class CollectionView: View {
    /// Position and size in the superview; only the size matters to layouts.
    open override var frame: CGRect {
        willSet { boundsWillChange(to: CGRect(origin: contentOffset, size: newValue.size)) }
        didSet { boundsDidChange(from: CGRect(origin: contentOffset, size: oldValue.size)) }
    }
    /// The visible region in content coordinates: origin = `contentOffset`, size = `frame.size`.
    /// Setting it sets both, as a scroll view's bounds do.
    open override var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set {
            contentOffset = newValue.origin
            if newValue.size != frame.size { frame.size = newValue.size }
        }
    }
    open var contentOffset: CGPoint = .zero {
        willSet { boundsWillChange(to: CGRect(origin: newValue, size: frame.size)) }
        didSet { boundsDidChange(from: CGRect(origin: oldValue, size: frame.size)) }
    }
    /// Setting an unchanged value does nothing (a layout may set it from `prepare()`).
    open var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// UIKit's `adjustedContentInset`: `contentInset` plus the safe area on the edges
    /// `contentInsetAdjustmentBehavior` applies it to (`CollectionView+SafeArea.swift`).
    open var adjustedContentInset: EdgeInsets { contentInsetAdjustedForSafeArea() }
    /// UIKit's `safeAreaInsets` of the collection view: the status bar, sensor housing and home
    /// indicator areas it overlaps (a scene's device sets them). Changing them invalidates the layout.
    open override var safeAreaInsets: EdgeInsets {
        get { storedSafeAreaInsets }
        set {
            if newValue != storedSafeAreaInsets {
                storedSafeAreaInsets = newValue
                collectionViewLayout.invalidateEverything()
            }
        }
    }
    var storedSafeAreaInsets = EdgeInsets.zero
    /// The content size `adjustedContentInset` last saw, and whether it is asking the layout now
    /// (a layout whose content size reads the adjusted inset gets this size instead of recursing).
    var lastContentSizeForInsets = CGSize.zero
    var isReadingContentSizeForInsets = false
    /// UIKit's `contentInsetAdjustmentBehavior` (default `.automatic`).
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// UIScrollView's `alwaysBounceVertical` / `alwaysBounceHorizontal`: an axis whose content fits
    /// still counts as scrollable for the safe-area adjustment (`edgesApplyingSafeAreaInsets`).
    open var alwaysBounceVertical = false {
        didSet { if alwaysBounceVertical != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    open var alwaysBounceHorizontal = false {
        didSet { if alwaysBounceHorizontal != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// UIKit's `layoutMargins` as set on the view (default 8 pt on every side, UIView's default);
    /// `layoutMargins` adds the safe area to them (`insetsLayoutMarginsFromSafeArea`).
    open var directLayoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if directLayoutMargins != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// UIKit's `layoutMargins`: the margins set on the view, plus the safe area when
    /// `insetsLayoutMarginsFromSafeArea` (UIView adds the safe area to the margins it reports).
    open override var layoutMargins: EdgeInsets {
        guard insetsLayoutMarginsFromSafeArea else { return directLayoutMargins }
        let safe = safeAreaInsets
        return EdgeInsets(
            top: directLayoutMargins.top + safe.top, left: directLayoutMargins.left + safe.left,
            bottom: directLayoutMargins.bottom + safe.bottom, right: directLayoutMargins.right + safe.right)
    }
    /// UIKit's `insetsLayoutMarginsFromSafeArea` (default true).
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// The traits other than the display scale (`scale`): layout direction, size classes, idiom.
    /// Changing them invalidates the layout (a right-to-left flow layout mirrors its frames).
    open var traits = TraitCollection(displayScale: 2) {
        didSet { if traits != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// A forced direction changes the effective layout direction, which, as a trait change on
    /// iOS, invalidates the layout (a flow layout mirrors its frames right to left).
    open override var semanticContentAttribute: SemanticContentAttribute {
        didSet { if semanticContentAttribute != oldValue { collectionViewLayout.invalidateEverything() } }
    }
    /// Screen scale (`traitCollection.displayScale`): layouts round origins to it.
    open var scale: CGFloat = 2 {
        didSet { if scale != oldValue { collectionViewLayout.invalidateEverything() } }
    }

    open var collectionViewLayout: CollectionViewLayout {
        didSet {
            oldValue.attachedCollectionView = nil
            collectionViewLayout.attachedCollectionView = self
            collectionViewLayout.invalidateEverything(dataSourceCounts: true)
        }
    }

    open weak var dataSource: CollectionViewDataSource? {
        didSet { reloadData() }
    }
    /// UIKit's `delegate` (weak). A flow layout asks it for sizes, insets and spacings when it
    /// is a `CollectionViewDelegateFlowLayout` (UIKit's `UICollectionViewDelegateFlowLayout`);
    /// custom layouts cast it to their own protocols, as in UIKit.
    open weak var delegate: CollectionViewDelegate? {
        didSet { if delegate !== oldValue { collectionViewLayout.invalidateEverything() } }
    }

    /// Counts as last read from the data source (UIKit's cached section/item counts).
    public internal(set) var itemCounts: [Int] = []
    /// Identities of the items and sections the collection view shows, parallel to `itemCounts`.
    var itemIDs: [ItemIDList] = []
    var sectionIDs: [String] = []

    /// The cell objects handed out by `cellForItem(at:)`, by item id.
    var cellStore: [String: CollectionViewCell] = [:]
    /// Store size at which cells of items no longer in the data are next dropped.
    var cellStorePruneThreshold = 64
    /// The interactive layout transition running now (CollectionView+InteractiveTransition.swift).
    var interactiveTransition: InteractiveTransition?
    /// The view shown for each visible supplementary element, by kind and index path
    /// (CollectionView+SupplementaryViews.swift).
    var supplementaryViewStore: [SupplementaryViewKey: CollectionReusableView] = [:]
    /// Whether `visibleLayoutAttributes()` is asking the layout now, and its last answer (what a
    /// call made from inside the layout's answer sees).
    var isAnsweringVisibleQuery = false
    var lastVisibleAnswer: [LayoutAttributes] = []

    /// Selected items, in selection order (UIKit's `indexPathsForSelectedItems`).
    public internal(set) var selectedItemIDs: [String] = [] {
        didSet { selectedIDSet = Set(selectedItemIDs) }
    }
    /// `selectedItemIDs` as a set, for O(1) "is it selected?".
    private(set) var selectedIDSet: Set<String> = []
    /// Item id → index path, built on first use after each `readDataSource()`.
    private var indexPathsByID: [String: IndexPath]?

    /// Animations started by updates: the timeline records what UIKit's render tree would show.
    public let timeline: AnimationTimeline

    /// The clock the update calls stamp animations with; scenes set it to each update's `at`.
    /// Moving it forward advances the display-link clients (`CollectionView+DisplayLink.swift`).
    /// Self-sizing cells (a flow layout's `estimatedItemSize`): the size item `indexPath`'s content
    /// fits in, given the attributes laid out at the estimate; it becomes the sizing cell's
    /// `fittingSize` before the layout asks `preferredLayoutAttributesFitting(_:)`. nil (or a nil
    /// answer) keeps the estimate. Scenes set it from their items' content.
    public var cellFittingSize: ((IndexPath, LayoutAttributes) -> CGSize?)?

    /// Makes the cell the flow layout asks for preferred attributes when self-sizing: a subclass
    /// that overrides `preferredLayoutAttributesFitting(_:)` goes here (one cell sizes every item,
    /// as a sizing cell does on iOS).
    public var makeSelfSizingCell: () -> CollectionViewCell = { CollectionViewCell(frame: .zero) }

    public var currentTime: Double = 0 {
        didSet { if currentTime > oldValue { clockDidAdvance(to: currentTime) } }
    }
    /// Clients advanced with the clock (dynamic animators), weakly held.
    var displayLinkClients: [WeakDisplayLinkClient] = []
    /// UIScrollView's `panGestureRecognizer` (see `CollectionView+Gestures.swift`).
    public private(set) lazy var panGestureRecognizer = PanGestureRecognizer(scrollView: self)

    /// The batch being recorded inside `performBatchUpdates`.
    var pendingBatch: BatchUpdate?
    /// The layout's attributes as of the last layout pass (see `recordLaidOutAttributes()`).
    var lastLaidOutAttributes: [ElementKey: LayoutAttributes]?
    /// Completions of batches nested in the open one (they run when it ends).
    var pendingCompletions: [(Bool) -> Void] = []
    /// Invalid updates made through UIKit's non-throwing calls, in order (nothing changed for them).
    public internal(set) var updateErrors: [UpdateError] = []
    /// What UIKit would log or raise while this collection view runs its layout and updates
    /// (`CollectionView+Diagnostics.swift`).
    public let diagnostics = DiagnosticLog()
    /// The batch the last `apply` was asked to make (named in the invalid-update finding).
    var attemptedBatch: BatchUpdate?
    /// How each on-screen element animated in the last applied batch.
    public internal(set) var lastUpdatePlans: [ElementAnimationPlan] = []
    /// The interactive movement under way (`CollectionView+InteractiveMovement.swift`), nil when none.
    var interactiveMovement: InteractiveMovement?

    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        self.timeline = AnimationTimeline()
        super.init(frame: frame)
        layout.attachedCollectionView = self
        layout.invalidateEverything(dataSourceCounts: true)
    }

    /// UIKit's views adopt NSCoding; FlowSim never unarchives one: an empty collection view with
    /// a flow layout.
    public required init?(coder: NSCoder) {
        self.collectionViewLayout = FlowLayout()
        self.timeline = AnimationTimeline()
        super.init(frame: .zero)
        collectionViewLayout.attachedCollectionView = self
    }

    /// The traits the layout sees: `traits` with the collection view's `scale` as the display scale.
    open override var traitCollection: TraitCollection {
        var collection = traits
        collection.displayScale = scale
        return collection
    }

    // MARK: UIKit's update calls
    // Declared here, not in an extension, so a `UICollectionView` subclass can override them (as
    // apps do to log or adjust updates); each records into the open batch, or applies at once.

    open func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedItems.append((indexPath, newIndexPath)) }
    }
    open func insertSections(_ sections: IndexSet) { record { $0.insertedSections += Array(sections) } }
    open func deleteSections(_ sections: IndexSet) { record { $0.deletedSections += Array(sections) } }
    open func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append((section, newSection)) }
    }

    /// UIKit's `performBatchUpdates(_:completion:)`: the edits made in `updates` animate together.
    /// An invalid batch changes nothing; its error is kept in `updateErrors` (UIKit raises an
    /// exception Swift cannot catch; `performBatchUpdatesChecked` throws it instead).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        applyRecordingFailure { () throws(UpdateError) in
            try performBatchUpdatesChecked(updates, completion: completion)
        }
    }

    // MARK: Counts

    open var numberOfSections: Int { itemCounts.count }

    open func numberOfItems(inSection section: Int) -> Int {
        itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// Re-reads every count and identity from the data source without animation.
    open func reloadData() {
        readDataSource()
        collectionViewLayout.invalidateEverything(dataSourceCounts: true)
        timeline.cancelAll(at: currentTime)
        if !timeline.isEmpty { recordVisibleAsStatic() }
    }

    func readDataSource() {
        guard let dataSource else {
            itemCounts = []
            itemIDs = []
            sectionIDs = []
            return
        }
        let sections = max(0, dataSource.numberOfSections(in: self))
        itemCounts = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        // During an interactive movement the collection view shows the data with the item moved
        // to its target (UIKit's presentation index paths); the data source is unchanged. Data
        // changed under the movement so that it no longer fits ends the movement.
        if let movement = interactiveMovement, !movement.mapping.fits(itemCounts) { interactiveMovement = nil }
        let mapping = interactiveMovement?.mapping
        if let mapping { itemCounts = mapping.presentationCounts(itemCounts) }
        sectionIDs = (0..<sections).map { dataSource.collectionView(self, sectionAt: $0).id }
        let sectioned = mapping == nil ? dataSource as? SectionedDataSource : nil
        itemIDs = itemCounts.enumerated().map { section, count in
            if let prefix = sectioned?.uniformItemIDPrefix(inSection: section) {
                return ItemIDList(storage: .uniform(idPrefix: prefix, count: count))
            }
            if let ids = sectioned?.itemIDs(inSection: section, count: count) { return ids }
            return ItemIDList(
                storage: .list(
                    (0..<count).map {
                        let path = IndexPath(item: $0, section: section)
                        return dataSource.collectionView(
                            self, itemAt: mapping?.dataSourcePath(forPresentation: path) ?? path
                        )
                        .id
                    }
                ))
        }
        indexPathsByID = nil
        if !selectedItemIDs.isEmpty {
            let paths = indexPaths(forItemIDs: selectedItemIDs)
            if paths.contains(nil) { selectedItemIDs = zip(selectedItemIDs, paths).filter { $1 != nil }.map(\.0) }
        }
    }

    /// An element's identity on the timeline (see `LayoutSnapshot.identity(of:)`).
    func identity(of key: ElementKey) -> String {
        if key.kind == .cell, key.indexPath.count == 2, itemIDs.indices.contains(key.section),
            itemIDs[key.section].indices.contains(key.item)
        {
            return itemIDs[key.section][key.item]
        }
        return LayoutSnapshot.identity(of: key, itemIDs: [], sectionIDs: sectionIDs)
    }

    // MARK: Selection

    open var indexPathsForSelectedItems: [IndexPath]? {
        let paths = selectedItemIDs.compactMap(indexPath(forItemID:))
        return paths.isEmpty ? nil : paths
    }

    open func selectItem(at indexPath: IndexPath?) {
        guard let indexPath, let id = itemID(at: indexPath), !selectedIDSet.contains(id) else { return }
        selectedItemIDs.append(id)
    }

    open func deselectItem(at indexPath: IndexPath) {
        guard let id = itemID(at: indexPath) else { return }
        guard selectedIDSet.contains(id) else { return }
        selectedItemIDs.removeAll { $0 == id }
    }

    public func itemID(at indexPath: IndexPath) -> String? {
        guard indexPath.count == 2, itemIDs.indices.contains(indexPath.section),
            itemIDs[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemIDs[indexPath.section][indexPath.item]
    }

    public func indexPath(forItemID id: String) -> IndexPath? {
        // Uniform runs answer by their ids' pattern; the first section (then item) holding the id wins.
        for (section, ids) in itemIDs.enumerated() {
            if let item = ids.uniformIndex(of: id) {
                if let listed = listedIndexPath(forItemID: id), listed.section < section { return listed }
                return IndexPath(item: item, section: section)
            }
        }
        return listedIndexPath(forItemID: id)
    }

    private func listedIndexPath(forItemID id: String) -> IndexPath? {
        if let index = indexPathsByID { return index[id] }
        var index: [String: IndexPath] = [:]
        for (section, ids) in itemIDs.enumerated() {
            if case .uniform = ids.storage { continue }
            for (item, itemID) in ids.enumerated() where index[itemID] == nil {
                index[itemID] = IndexPath(item: item, section: section)
            }
        }
        indexPathsByID = index
        return index[id]
    }

    // MARK: Bounds

    /// UIKit asks the layout while the collection view still has its old bounds, so a layout
    /// can compare `newBounds` with `collectionView.bounds` (the usual idiom).
    private func boundsWillChange(to newBounds: CGRect) {
        guard newBounds != bounds else { return }
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            let context = collectionViewLayout.invalidationContext(forBoundsChange: newBounds)
            collectionViewLayout.invalidateLayout(with: context)
        }
    }

    /// Content offset adjustments of invalidations since the last layout pass.
    private var pendingOffsetAdjustment = CGPoint.zero

    /// Called by `CollectionViewLayout.invalidateLayout(with:)`.
    func noteInvalidation(_ context: LayoutInvalidationContext) {
        let adjustment = context.contentOffsetAdjustment
        guard adjustment != .zero, adjustment.x.isFinite, adjustment.y.isFinite else { return }
        pendingOffsetAdjustment.x += adjustment.x
        pendingOffsetAdjustment.y += adjustment.y
    }

    /// Applies the pending adjustment at the start of a layout pass (UIKit moves the offset by
    /// `contentOffsetAdjustment` when it lays out after the invalidation).
    func applyPendingOffsetAdjustment() {
        guard pendingOffsetAdjustment != .zero else { return }
        let adjustment = pendingOffsetAdjustment
        pendingOffsetAdjustment = .zero
        contentOffset = CGPoint(x: contentOffset.x + adjustment.x, y: contentOffset.y + adjustment.y)
    }

    private func boundsDidChange(from oldBounds: CGRect) {
        guard bounds != oldBounds else { return }
        // A size change inside an animation block is laid out by the block's `layoutIfNeeded()`,
        // animated (UIKit animates the cells of a collection view resized in a transition).
        if bounds.size != oldBounds.size, ViewAnimation.currentTiming != nil, !collectionViewLayout.isPrepared {
            return
        }
        // UIKit lays out on the next pass: cells scrolled into view appear, those scrolled out
        // leave, running animations go on.
        if !timeline.isEmpty {
            timeline.recordContentOffset(contentOffset, at: currentTime)
            recordLayoutPass()
        }
    }

    // MARK: Presentation

    /// UIView's `layoutIfNeeded()`: the first call records the initial layout on the timeline;
    /// later, when the layout was invalidated (a property changed, `invalidateLayout()`), it
    /// applies the new layout: animated from where the elements are with the timing of the
    /// enclosing `UIView.animate` block, as UIKit animates a layout change made inside one, or at
    /// once outside a block.
    open override func layoutIfNeeded() {
        guard !timeline.isEmpty else {
            collectionViewLayout.prepareIfNeeded()
            ensureInitialPresentation()
            return
        }
        guard !collectionViewLayout.isPrepared else { return }
        if let timing = ViewAnimation.currentTiming {
            // An empty batch: every element slides from its recorded to its new attributes.
            do { try apply(BatchUpdate(), timing: timing) } catch { recordLayoutPass() }
        } else {
            recordLayoutPass()
        }
    }

    /// Records the first presentation (the offset and the visible elements as they are) unless
    /// one was recorded. `dataMayHaveChanged`: the data source may already hold the data of an
    /// update the cached counts do not know yet (an update made before the view was ever laid
    /// out); elements it no longer has show no content rather than reading past its end.
    func ensureInitialPresentation(dataMayHaveChanged: Bool = false) {
        guard timeline.isEmpty else { return }
        timeline.recordContentOffset(contentOffset, at: currentTime)
        recordVisibleAsStatic(checkingDataSource: dataMayHaveChanged)
    }

    /// A layout pass at `currentTime` (after a scroll or a bounds change): the visible elements
    /// are shown with their current attributes; elements mid-animation keep animating.
    public func recordLayoutPass() {
        recordVisibleAsStatic(keepRunningAnimations: true)
    }

    /// What the layout answered over `extendedSearchRect(bounds)` at the last layout pass or
    /// update: the "before" of an update made after the layout was invalidated (the layout
    /// itself would already answer with its new values).
    func recordLaidOutAttributes() {
        var laidOut: [ElementKey: LayoutAttributes] = [:]
        for attributes in validatedLayoutAttributes(in: extendedSearchRect(bounds)) {
            laidOut[ElementKey(attributes)] = attributes.copied()
        }
        lastLaidOutAttributes = laidOut
    }

    /// Shows the layout's visible elements without animation from `currentTime` on.
    func recordVisibleAsStatic(keepRunningAnimations: Bool = false, checkingDataSource: Bool = false) {
        let elements = visibleLayoutAttributes().map {
            attributes -> (
                key: AnimationTimeline.TrackKey, value: AttributesValue, indexPath: IndexPath,
                content: ElementContent
            ) in
            let key = ElementKey(attributes)
            return (
                AnimationTimeline.TrackKey(kind: key.kind, id: identity(of: key)),
                AttributesValue(attributes), key.indexPath,
                content(for: key, checkingDataSource: checkingDataSource)
            )
        }
        timeline.recordStatic(elements, at: currentTime, keepRunningAnimations: keepRunningAnimations)
        recordLaidOutAttributes()
    }

    /// What an element shows, read from the data source now. `checkingDataSource`: the element
    /// must exist in the data source's counts too (they may be ahead of the cached ones).
    func content(for key: ElementKey, checkingDataSource: Bool = false) -> ElementContent {
        guard let dataSource, key.section < numberOfSections else { return ElementContent() }
        guard key.section >= 0, !key.indexPath.isEmpty else { return ElementContent() }
        if checkingDataSource {
            guard key.section < dataSource.numberOfSections(in: self),
                key.kind != .cell || key.item < dataSource.collectionView(self, numberOfItemsInSection: key.section)
            else { return ElementContent() }
        }
        if key.kind == .cell {
            guard key.indexPath.count == 2, key.item >= 0, key.item < numberOfItems(inSection: key.section) else {
                return ElementContent()
            }
            let path = interactiveMovement?.mapping.dataSourcePath(forPresentation: key.indexPath) ?? key.indexPath
            let item = dataSource.collectionView(self, itemAt: path)
            return ElementContent(
                title: item.title, imagePath: item.imagePath, isSelected: selectedIDSet.contains(item.id))
        }
        // Supplementary and decoration views show their section's title and item count.
        let section = dataSource.collectionView(self, sectionAt: key.section)
        return ElementContent(title: section.title, itemCount: numberOfItems(inSection: key.section))
    }

    /// The content offset shown at `time`.
    public func contentOffset(at time: Double) -> CGPoint {
        timeline.contentOffset(at: time) ?? contentOffset
    }

    /// The presentation at `time` (elements in paint order).
    public func presentation(at time: Double) -> [PresentedElement] {
        layoutIfNeeded()
        timeline.fireCompletions(through: time)
        return timeline.presentation(at: time)
    }

    /// The layout's attributes for what is visible now (no animation): the layout is asked
    /// for `layoutValidationRect(for: bounds)`, as UIKit asks it on a layout pass (attributes
    /// for elements the data does not have dropped, `validatedLayoutAttributes(in:)`), and the
    /// elements whose frame meets the bounds are kept (UIKit's collection view data filters its
    /// cached answer so). Elements with a non-finite frame are kept, so scenes can report them.
    ///
    /// Asked again while the layout is answering (a layout that calls `cellForItem(at:)` or
    /// `supplementaryView(forElementKind:at:)` from `layoutAttributesForElements(in:)`, as
    /// "animator" layouts do), it gives the last completed answer: UIKit's collection view
    /// answers such calls from the views of its last layout pass and never asks the layout
    /// again, so the layout cannot recurse.
    public func visibleLayoutAttributes() -> [LayoutAttributes] {
        if isAnsweringVisibleQuery { return lastVisibleAnswer }
        isAnsweringVisibleQuery = true
        defer { isAnsweringVisibleQuery = false }
        collectionViewLayout.prepareIfNeeded()
        let visible = bounds
        let answer = validatedLayoutAttributes(in: layoutValidationRect(for: visible))
        lastVisibleAnswer = answer.filter { attributes in
            let frame = attributes.frame
            let finite =
                frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite
                && frame.height.isFinite
            return !finite || frame.meets(visible)
        }
        return lastVisibleAnswer
    }

    /// The rect UIKit asks the layout for when it lays out `visible` (decompiled
    /// `_UICollectionViewDataAttributesMap _validateLayoutInRect:`): the rect grown to whole
    /// pages of the visible bounds' size, from the page boundary at or before its origin:
    /// `x₀ = W·⌊x / W⌋`, width `W·⌈(x + w − x₀) / W⌉`, likewise along y with H. A header pinned
    /// by a layout that pins only the headers its answer holds therefore stays pinned for the
    /// whole first page (offsets below H) and leaves after it, as on iOS. (UIKit then keeps the
    /// answer for later passes inside it until the layout is invalidated; FlowSim asks again,
    /// which gives the same answer for layouts that invalidate on bounds changes, as pinning
    /// layouts do.) Bounds with no area, or not finite, are asked as they are.
    public func layoutValidationRect(for visible: CGRect) -> CGRect {
        let w = visible.width
        let h = visible.height
        guard w > 0, h > 0, w.isFinite, h.isFinite, visible.minX.isFinite, visible.minY.isFinite else {
            return visible
        }
        let x = w * (visible.minX / w).rounded(.down)
        let y = h * (visible.minY / h).rounded(.down)
        return CGRect(
            x: x, y: y, width: w * ((visible.maxX - x) / w).rounded(.up),
            height: h * ((visible.maxY - y) / h).rounded(.up))
    }
}
