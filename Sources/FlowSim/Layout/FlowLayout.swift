import Foundation

/// UIKit's `UICollectionViewFlowLayout` (docs/uikit-rules.md §1): lines of items that wrap across the
/// scroll axis, optional section headers and footers, per-section values from the delegate.
///
/// Subclass it as you would in UIKit: override `prepare()`, `layoutAttributesForElements(in:)`,
/// `layoutAttributesForItem(at:)` or the update hooks and call `super`.
open class FlowLayout: CollectionViewLayout {
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// UIKit gives headers and footers zIndex 10 on current SDKs so they draw above cells.
    public static let supplementaryZIndex = 10

    /// UIKit 26.1's setter logs a width ≤ 0 ("Negative or zero item sizes…") and keeps the value.
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet {
            if itemSize.width <= 0 { report(.invalidItemSize(itemSize, layout: self)) }
            if itemSize != oldValue { invalidateLayout() }
        }
    }
    /// UIKit's `estimatedItemSize`: non-zero turns on self-sizing cells (see `selfSizedSizes`).
    /// `.zero` (the default) keeps `itemSize` / the delegate's sizes; `automaticSize` estimates
    /// with those sizes.
    open var estimatedItemSize = CGSize.zero {
        didSet { if estimatedItemSize != oldValue { invalidateLayout() } }
    }
    open var minimumLineSpacing: CGFloat = 10 { didSet { if minimumLineSpacing != oldValue { invalidateLayout() } } }
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } }
    }
    open var sectionInset = EdgeInsets.zero { didSet { if sectionInset != oldValue { invalidateLayout() } } }
    open var headerReferenceSize = CGSize.zero { didSet { if headerReferenceSize != oldValue { invalidateLayout() } } }
    open var footerReferenceSize = CGSize.zero { didSet { if footerReferenceSize != oldValue { invalidateLayout() } } }
    open var scrollDirection = ScrollDirection.vertical {
        didSet { if scrollDirection != oldValue { invalidateLayout() } }
    }
    /// UIKit's sticky headers: a header stays at the top of the visible bounds while its section
    /// scrolls past, pushed up by the section's end.
    open var sectionHeadersPinToVisibleBounds = false {
        didSet { if sectionHeadersPinToVisibleBounds != oldValue { invalidateLayout() } }
    }
    /// UIKit's `sectionInsetReference`: what `sectionInset` is measured from across the scroll
    /// axis (`FlowLayout+Directions.swift`).
    open var sectionInsetReference = SectionInsetReference.fromContentInset {
        didSet { if sectionInsetReference != oldValue { invalidateLayout() } }
    }

    /// The solved geometry of the last `prepare()`.
    public private(set) var geometry: FlowLayoutGeometry?
    /// The geometry before the last `prepare()`: answers for elements that slide in from beyond
    /// the region the collection view recorded before an update.
    private var previousGeometry: FlowLayoutGeometry?

    public override init() { super.init() }

    /// UIKit's layouts adopt NSCoding, so a subclass that declares its own `init()` also writes
    /// `required init?(coder:)` (usually `fatalError(...)`) and may call `super.init(coder:)`.
    /// FlowSim never archives layouts: this is the plain `init()`.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // MARK: Preparing

    /// Whether the next `prepare()` must solve the lines again: set by every invalidation but a
    /// bounds change that keeps the size across the scroll axis (a scroll).
    private var needsSolve = true

    open override class var invalidationContextClass: AnyClass { FlowLayoutInvalidationContext.self }

    open override func invalidateLayout(with context: LayoutInvalidationContext) {
        let flow = context as? FlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts
            || flow.map({ $0.invalidateFlowLayoutDelegateMetrics || $0.invalidateFlowLayoutAttributes }) ?? true
        {
            needsSolve = true
        }
        super.invalidateLayout(with: context)
    }

    /// UIKit's flow layout: a bounds change that keeps the size across the scroll axis (a
    /// scroll with pinned headers) needs neither the delegate's metrics nor new line positions.
    @discardableResult
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> LayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? FlowLayoutInvalidationContext, let current = collectionView?.bounds {
            let resized =
                scrollDirection == .horizontal
                ? newBounds.height != current.height : newBounds.width != current.width
            flow.invalidateFlowLayoutDelegateMetrics = resized
            flow.invalidateFlowLayoutAttributes = resized
        }
        return context
    }

    open override func prepare() {
        super.prepare()
        guard needsSolve || geometry == nil else { return }
        needsSolve = false
        previousGeometry = geometry
        handedOutCells = [:]
        geometry = solve()
        if estimatedItemSize != .zero, let collectionView, let estimated = geometry {
            let sizes = selfSizedSizes(estimated, in: collectionView)
            if !sizes.isEmpty { geometry = solve(fitted: sizes) }
        }
    }

    override func attributesBeforeUpdate(_ key: ElementKey) -> LayoutAttributes? {
        guard let previousGeometry else { return nil }
        guard key.indexPath.count == 2 else { return nil }
        let frame: CGRect?
        switch key.kind {
        case .cell: frame = previousGeometry.itemFrame(section: key.section, item: key.item)
        case .header where key.item == 0: frame = previousGeometry.headerFrame(section: key.section)
        case .footer where key.item == 0: frame = previousGeometry.footerFrame(section: key.section)
        default: frame = nil  // kinds a subclass adds are its own to answer
        }
        return frame.map {
            attributes(
                for: .init(kind: key.kind, section: key.section, item: key.item, frame: $0),
                mirrorWidth: previousGeometry.contentSize.width)
        }
    }

    /// Gathers per-section metrics (layout properties, replaced by the delegate's answers) and
    /// solves them. The layout without a collection view solves to an empty layout.
    private func solve(fitted: [IndexPath: CGSize]? = nil) -> FlowLayoutGeometry {
        let solver = FlowLayoutSolver(
            scrollDirection: scrollDirection, dimension: crossDimension, scale: collectionView?.scale ?? 1)
        guard let collectionView else { return solver.solve([]) }
        let delegate = collectionView.delegate as? CollectionViewDelegateFlowLayout
        var inputs: [FlowSectionInput] = []
        let sectionCount = collectionView.numberOfSections
        inputs.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let count = collectionView.numberOfItems(inSection: section)
            var metrics = FlowSectionMetrics(
                itemSize: itemSize, inset: sectionInset, minimumLineSpacing: minimumLineSpacing,
                minimumInteritemSpacing: minimumInteritemSpacing, headerReferenceSize: headerReferenceSize,
                footerReferenceSize: footerReferenceSize)
            var sizes: [CGSize]?
            if let delegate {
                metrics.inset = delegate.collectionView(collectionView, layout: self, insetForSectionAt: section)
            }
            // UIKit adjusts the section inset (the delegate's too) for its reference afterwards.
            metrics.inset = referencedSectionInset(metrics.inset)
            if let delegate {
                metrics.minimumLineSpacing = delegate.collectionView(
                    collectionView, layout: self, minimumLineSpacingForSectionAt: section)
                metrics.minimumInteritemSpacing = delegate.collectionView(
                    collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                metrics.headerReferenceSize = delegate.collectionView(
                    collectionView, layout: self, referenceSizeForHeaderInSection: section)
                metrics.footerReferenceSize = delegate.collectionView(
                    collectionView, layout: self, referenceSizeForFooterInSection: section)
                // Per-item sizes are stored only once an item differs from `itemSize` (most
                // delegates answer the layout's size for every item, and a million-item section
                // then costs no array and keeps the solver's uniform path).
                var collected: [CGSize]?
                // FlowSim's own data source answers one size for a uniform run of items: asked once.
                if let sectioned = delegate as? SectionedDataSource,
                    let size = sectioned.uniformItemSize(inSection: section, layout: self)
                {
                    if size != itemSize { collected = [CGSize](repeating: size, count: count) }
                } else {
                    // FlowSim's own data source answers every item's size from its list, read
                    // once (not a copy of the section per item).
                    let listed = (delegate as? SectionedDataSource)?.itemSizes(
                        inSection: section, count: count, layout: self)
                    for item in 0..<count {
                        // An index path only when one is asked for or reported: building one
                        // allocates (Foundation's `IndexPath(item:section:)`), 6 % of loading
                        // 10⁶ listed items by `perf`.
                        var size =
                            listed?[item]
                            ?? delegate.collectionView(
                                collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section))
                        if size.width < 0 || size.height < 0 {
                            let path = IndexPath(item: item, section: section)
                            report(.negativeDelegateItemSize(size, indexPath: path, delegate: delegate, layout: self))
                            size = CGSize(width: max(0, size.width), height: max(0, size.height))
                        }
                        guard collected != nil || size != itemSize else { continue }
                        if collected == nil {
                            collected = [CGSize](repeating: itemSize, count: item)
                            collected?.reserveCapacity(count)
                        }
                        collected?.append(size)
                    }
                }
                sizes = collected
            }
            if estimatedItemSize != .zero {
                let estimate = estimatedItemSize == Self.automaticSize ? nil : estimatedItemSize
                let given = sizes
                sizes = (0..<count).map { item in
                    let path = IndexPath(item: item, section: section)
                    return fitted?[path] ?? (delegate == nil ? estimate : nil) ?? given?[item] ?? itemSize
                }
            }
            checkSizes(metrics: metrics, sizes: sizes, fromDelegate: delegate != nil, section: section)
            inputs.append(
                FlowSectionInput(
                    metrics: metrics, itemCount: count, itemSizes: sizes,
                    isSelfSizing: estimatedItemSize != .zero))
        }
        return solver.solve(inputs)
    }

    // MARK: Self-sizing

    /// Self-sizing as UIKit does it (`estimatedItemSize` ≠ .zero): lay the items out at their
    /// estimates, ask each item's cell `preferredLayoutAttributesFitting(_:)` with those
    /// attributes, ask `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`
    /// (and, when it answers true, `invalidationContext(forPreferredLayoutAttributes:
    /// withOriginalAttributes:)`) and lay out again with the preferred sizes through the
    /// non-uniform path, where a section whose every line holds one item centres it (one
    /// self-sized 100 pt item in a 375 pt section at x = 137.5, at x = 0 with a fixed itemSize;
    /// observed on devices in IGListKit #516/#520, Xamarin.Forms #6851, #9545, #14136, #14231
    /// and MAUI #25181).
    ///
    /// The estimate is the delegate's `sizeForItemAt` when there is a delegate, else
    /// `estimatedItemSize` (`automaticSize`: `itemSize`). UIKit sizes cells as they come on
    /// screen, over several passes; FlowSim sizes every item in the one `prepare()` and shows the
    /// settled frames. The cell is the collection view's `makeSelfSizingCell()`, whose `fittingSize` is the
    /// collection view's `cellFittingSize` answer (scenes: an item's content).
    private func selfSizedSizes(_ estimated: FlowLayoutGeometry, in collectionView: CollectionView)
        -> [IndexPath: CGSize]
    {
        var result: [IndexPath: CGSize] = [:]
        let cell = collectionView.makeSelfSizingCell()
        for section in 0..<estimated.sections.count {
            for item in 0..<estimated.sections[section].itemCount {
                guard let frame = estimated.itemFrame(section: section, item: item) else { continue }
                let original = attributes(for: .init(kind: .cell, section: section, item: item, frame: frame))
                let path = original.indexPath
                cell.fittingSize = collectionView.cellFittingSize?(path, original)
                cell.configure(with: original)
                let offered = original.copy() as? LayoutAttributes ?? original
                let preferred = cell.preferredLayoutAttributesFitting(offered)
                guard shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
                else { continue }
                let context = invalidationContext(
                    forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
                collectionView.noteInvalidation(context)
                result[path] = preferred.size
            }
        }
        return result
    }

    /// UIKit's flow layout invalidates for a cell whose preferred size differs from the size it
    /// was laid out with, when self-sizing (`estimatedItemSize` ≠ .zero).
    @discardableResult
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
        withOriginalAttributes originalAttributes: LayoutAttributes
    ) -> Bool {
        estimatedItemSize != .zero && preferredAttributes.size != originalAttributes.size
    }

    /// `dim` of docs/uikit-rules.md §1: the width (vertical) or height (horizontal) minus the content
    /// inset on those sides, floored at 0.
    public var crossDimension: CGFloat {
        guard let collectionView else { return 0 }
        let inset = collectionView.adjustedContentInset
        switch scrollDirection {
        case .horizontal: return max(0, collectionView.bounds.height - inset.top - inset.bottom)
        default: return max(0, collectionView.bounds.width - inset.left - inset.right)
        }
    }

    /// A change of the width (vertical scrolling; the height when horizontal) re-flows the lines,
    /// as UIKit's flow layout does on rotation or resizing; sticky headers also follow every
    /// scroll. Asked while `collectionView.bounds` still has the old value.
    @discardableResult
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        if sectionHeadersPinToVisibleBounds { return true }
        guard let current = collectionView?.bounds else { return false }
        switch scrollDirection {
        case .horizontal: return newBounds.height != current.height
        default: return newBounds.width != current.width
        }
    }

    private var preparedGeometry: FlowLayoutGeometry {
        prepareIfNeeded()
        if let geometry { return geometry }
        let fresh = solve()
        geometry = fresh
        return fresh
    }

    // MARK: Queries

    open override var collectionViewContentSize: CGSize { preparedGeometry.contentSize }

    @discardableResult
    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        let geometry = preparedGeometry
        var result: [LayoutAttributes] = []
        var pinnedSections = Set<Int>()
        geometry.forEachElement(in: mirroredQuery(rect, geometry: geometry)) { element in
            if element.kind == .header && sectionHeadersPinToVisibleBounds { pinnedSections.insert(element.section) }
            let attributes = attributes(for: element)
            if element.kind == .cell && tracksHandedOutAttributes { checkHandedOut(attributes) }
            result.append(attributes)
        }
        if sectionHeadersPinToVisibleBounds {
            result = pinHeaders(result, in: rect, geometry: geometry, alreadyListed: pinnedSections)
        }
        return result
    }

    /// `layoutAttributesForElements(in:)`'s elements one at a time, without building the array,
    /// when the answer is FlowSim's own: the layout is a `FlowLayout` or an `InsetFlowLayout`
    /// itself (not a subclass, which may override the array) and headers are not pinned. They come
    /// in key order (section by section: header, cells, footer). Returns false, having visited
    /// nothing, otherwise.
    public func streamLayoutAttributes(in rect: CGRect, _ body: (LayoutAttributes) -> Void) -> Bool {
        let type = type(of: self)
        guard type == FlowLayout.self || type == InsetFlowLayout.self, !sectionHeadersPinToVisibleBounds else {
            return false
        }
        let geometry = preparedGeometry
        guard let inset = self as? InsetFlowLayout else {
            geometry.forEachElement(in: mirroredQuery(rect, geometry: geometry)) { body(attributes(for: $0)) }
            return true
        }
        // InsetFlowLayout's answer: a rect grown by the inset, cells inset, then filtered.
        let cellInset = inset.cellInset
        geometry.forEachElement(in: mirroredQuery(rect.insetBy(dx: -cellInset, dy: -cellInset), geometry: geometry)) {
            element in
            let attributes = attributes(for: element)
            if attributes.representedElementCategory == .cell {
                attributes.frame = attributes.frame.insetBy(dx: cellInset, dy: cellInset)
            }
            if attributes.frame.meets(rect) { body(attributes) }
        }
        return true
    }

    @discardableResult
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.count == 2,
            let frame = preparedGeometry.itemFrame(section: indexPath.section, item: indexPath.item)
        else { return nil }
        let attributes = attributes(
            for: .init(kind: .cell, section: indexPath.section, item: indexPath.item, frame: frame))
        if tracksHandedOutAttributes { checkHandedOut(attributes) }
        return attributes
    }

    @discardableResult
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.count == 2 else { return nil }
        let kind = ElementKind.supplementary(elementKind)
        let frame: CGRect?
        switch kind {
        case .header: frame = preparedGeometry.headerFrame(section: indexPath.section)
        case .footer: frame = preparedGeometry.footerFrame(section: indexPath.section)
        default: frame = nil  // UIKit's flow layout answers nil for kinds it does not make
        }
        guard let frame else { return nil }
        let attributes = attributes(for: .init(kind: kind, section: indexPath.section, item: 0, frame: frame))
        if kind == .header && sectionHeadersPinToVisibleBounds, let bounds = collectionView?.bounds {
            attributes.frame = pinnedHeaderFrame(
                attributes.frame, section: indexPath.section, visible: bounds, geometry: preparedGeometry)
        }
        return attributes
    }

    /// A subclass's cell attributes handed out since the last solve, with the frame each was
    /// given: UIKit's flow layout hands out its cached objects and checks them when asked again
    /// (see `checkHandedOut`). FlowSim's own layouts never change what they hand out: not tracked.
    private var handedOutCells: [IndexPath: (attributes: LayoutAttributes, frame: CGRect)] = [:]

    private var tracksHandedOutAttributes: Bool {
        let type = type(of: self)
        return type != FlowLayout.self && type != InsetFlowLayout.self
    }

    /// UIKit's `_existingLayoutAttributesForItemAtIndexPath:`: when the attributes object handed
    /// out for `path` no longer has the frame it was given, a subclass changed it without
    /// copying. Logged once per process; the caches are dropped and a fresh object answers.
    private func checkHandedOut(_ fresh: LayoutAttributes) {
        let path = fresh.indexPath
        if let old = handedOutCells[path], old.attributes.frame != old.frame {
            report(
                .cachedFrameMismatch(indexPath: path, cached: old.attributes.frame, expected: old.frame, layout: self),
                onceKey: "cachedFrameMismatch")
            handedOutCells = [:]
        }
        handedOutCells[path] = (fresh, fresh.frame)
    }

    /// Every element is made with `layoutAttributesClass` (UIKit's rule), so a subclass's custom
    /// attributes class reaches its `layoutAttributesForElements(in:)` overrides.
    func attributes(for element: FlowLayoutGeometry.Element, mirrorWidth: CGFloat? = nil) -> LayoutAttributes {
        let declared: AnyClass = type(of: self).layoutAttributesClass
        let attributesType =
            declared == LayoutAttributes.self
            ? LayoutAttributes.self
            : (declared as? LayoutAttributes.Type ?? LayoutAttributes.self)
        let attributes: LayoutAttributes
        if element.kind == .cell {
            attributes = attributesType.init(forCellWith: IndexPath(item: element.item, section: element.section))
        } else {
            attributes = attributesType.init(
                forSupplementaryViewOfKind: element.kind.representedElementKind ?? Self.elementKindSectionHeader,
                with: IndexPath(item: 0, section: element.section))
            attributes.zIndex = Self.supplementaryZIndex
        }
        attributes.frame = mirrored(element.frame, width: mirrorWidth)
        return attributes
    }

    // MARK: Sticky headers

    /// Adds headers of sections that meet the rect but whose own header scrolled out, and moves
    /// every header to its pinned place.
    private func pinHeaders(
        _ list: [LayoutAttributes], in rect: CGRect, geometry: FlowLayoutGeometry, alreadyListed: Set<Int>
    ) -> [LayoutAttributes] {
        guard let visible = collectionView?.bounds else { return list }
        var result = list
        let sectionsInRect = Set(list.map { $0.indexPath.section })
        for section in sectionsInRect.subtracting(alreadyListed).sorted() {
            if let frame = geometry.headerFrame(section: section) {
                result.append(attributes(for: .init(kind: .header, section: section, item: 0, frame: frame)))
            }
        }
        for attributes in result where attributes.elementKind == .header {
            attributes.frame = pinnedHeaderFrame(
                attributes.frame, section: attributes.indexPath.section, visible: visible, geometry: geometry)
        }
        return result
    }

    /// UIKit's rule: the header's leading edge is max(its own place, the visible bounds' leading
    /// edge + content inset), but never past the point where its trailing edge meets the end of
    /// the section's last item line (the section's extent minus its bottom inset and footer).
    func pinnedHeaderFrame(_ frame: CGRect, section: Int, visible: CGRect, geometry: FlowLayoutGeometry) -> CGRect {
        let axis = AxisMapper(direction: scrollDirection)
        let sectionGeometry = geometry.sections[section]
        let inset = collectionView?.adjustedContentInset ?? .zero
        let leadingInset = scrollDirection == .vertical ? inset.top : inset.left
        let visibleStart = axis.alongRange(visible).min + leadingInset
        let length = sectionGeometry.headerLength
        // The section's last line of items, as solved in `prepare()` (insets from the delegate included).
        let contentEnd = sectionGeometry.linesEnd
        let start = axis.alongRange(frame).min
        let pinned = max(start, min(visibleStart, contentEnd - length))
        var result = frame
        if scrollDirection == .vertical {
            result.origin.y = geometry.roundOrigin(pinned)
        } else {
            result.origin.x = geometry.roundOrigin(pinned)
        }
        return result
    }
}
