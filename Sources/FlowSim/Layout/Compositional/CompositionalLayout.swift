import Foundation

/// UIKit's `UICollectionViewCompositionalLayout`: sections made of groups of items, solved by
/// `CompositionalSolver` with UIKit's rules (docs/compositional.md).
///
/// A layout UIKit would refuse (a group with no room) does not trap: `layoutError` holds UIKit's
/// message and the layout is empty; scenes report it and exit 2.
open class CompositionalLayout: CollectionViewLayout {
    /// UIKit's `UICollectionViewCompositionalLayoutSectionProvider`.
    public typealias SectionProvider = (Int, LayoutEnvironment) -> LayoutSection?

    private let sectionProvider: SectionProvider
    private var storedConfiguration: CompositionalLayoutConfiguration

    /// Copied on set, as UIKit does; setting it invalidates the layout.
    open var configuration: CompositionalLayoutConfiguration {
        get { storedConfiguration.copy() as? CompositionalLayoutConfiguration ?? storedConfiguration }
        set {
            storedConfiguration = newValue.copy() as? CompositionalLayoutConfiguration ?? newValue
            invalidateLayout()
        }
    }

    /// The error of the last solve, in UIKit's words; nil when the layout solved.
    public private(set) var layoutError: CompositionalLayoutError?

    private var geometry: CompositionalGeometry?
    /// Orthogonal sections' scroll offsets along their axes, by section (kept across solves).
    var orthogonalOffsets: [Int: CGFloat] = [:]
    var currentGeometry: CompositionalGeometry? { geometry }
    /// The sections' `visibleItemsInvalidationHandler`s and the environment they were made in.
    var visibleItemsHandlers: [(section: Int, handler: LayoutSection.VisibleItemsInvalidationHandler)] = []
    var environment: CompositionalEnvironment?
    private var previousGeometry: CompositionalGeometry?
    private var needsSolve = true

    // All four initialisers are designated, as in UIKit, so that an app's subclass can call any
    // of them from its own `init` (`super.init(sectionProvider:)`).

    public init(section: LayoutSection, configuration: CompositionalLayoutConfiguration) {
        let copy = section.copy() as? LayoutSection ?? section
        sectionProvider = { _, _ in copy }
        storedConfiguration = configuration.copy() as? CompositionalLayoutConfiguration ?? configuration
        super.init()
    }

    public init(section: LayoutSection) {
        let copy = section.copy() as? LayoutSection ?? section
        sectionProvider = { _, _ in copy }
        storedConfiguration = CompositionalLayoutConfiguration()
        super.init()
    }

    public init(sectionProvider: @escaping SectionProvider, configuration: CompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        storedConfiguration = configuration.copy() as? CompositionalLayoutConfiguration ?? configuration
        super.init()
    }

    public init(sectionProvider: @escaping SectionProvider) {
        self.sectionProvider = sectionProvider
        storedConfiguration = CompositionalLayoutConfiguration()
        super.init()
    }

    /// FlowSim never archives layouts; a compositional layout cannot be made from a coder.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Solving

    /// R1: the container section providers get: the collection view's bounds size, inset across
    /// the scroll axis by the insets `configuration.contentInsetsReference` selects (the solver's
    /// `layoutContainerForContainerSize:layoutAxis:` on the layout's insets environment), so
    /// `effectiveContentSize` leaves out a landscape iPhone's safe area.
    public var container: CompositionalContainer {
        CompositionalContainer(
            contentSize: collectionView?.bounds.size ?? .zero,
            contentInsets: insetsEnvironment.insets(
                for: storedConfiguration.contentInsetsReference, layoutAxis: layoutAxis))
    }

    /// The collection view's safe area, layout margins and readable-content insets, directional
    /// (leading is the right edge right to left, as `+insetEnvironmentForView:insetReference:`).
    public var insetsEnvironment: CompositionalInsetsEnvironment {
        guard let collectionView else { return .none }
        let rightToLeft = collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft
        func directional(_ insets: EdgeInsets) -> DirectionalEdgeInsets {
            DirectionalEdgeInsets(
                top: insets.top, leading: rightToLeft ? insets.right : insets.left, bottom: insets.bottom,
                trailing: rightToLeft ? insets.left : insets.right)
        }
        let margins = directional(collectionView.layoutMargins)
        return CompositionalInsetsEnvironment(
            safeArea: directional(collectionView.safeAreaInsets), layoutMargins: margins,
            readableContent: CompositionalInsetsEnvironment.readableInsets(
                width: collectionView.bounds.width, margins: margins))
    }

    /// Right to left, every frame is mirrored across the content width (R11).
    var mirrorsHorizontally: Bool { collectionView?.effectiveUserInterfaceLayoutDirection == .rightToLeft }

    var solver: CompositionalSolver {
        let traits = collectionView?.traitCollection ?? TraitCollection(displayScale: 2)
        return CompositionalSolver(scale: traits.displayScale, traitCollection: traits)
    }

    var layoutAxis: LayoutAxis { storedConfiguration.layoutAxis }

    open override func prepare() {
        super.prepare()
        guard needsSolve || geometry == nil else { return }
        needsSolve = false
        previousGeometry = geometry
        geometry = solve()
        if let estimated = geometry, layoutError == nil, !selfSizingSections.isEmpty, let collectionView {
            let sizes = selfSizedSizes(estimated, in: collectionView)
            if !sizes.isEmpty { geometry = solve(preferredSizes: sizes) }
        }
        applyOrthogonalOffsets()
    }

    /// Puts the orthogonal sections' offsets into the solved geometry.
    func applyOrthogonalOffsets() {
        guard var solved = geometry, !orthogonalOffsets.isEmpty else { return }
        for (section, offset) in orthogonalOffsets where solved.sections.indices.contains(section) {
            if solved.sections[section]?.orthogonalScrollingBehavior != OrthogonalScrollingBehavior.none {
                solved.sections[section]?.orthogonalOffset = offset
            }
        }
        geometry = solved
    }

    /// Sections with estimated items, and their smallest self-sized size, from the last solve.
    var selfSizingSections: [Int: CGSize] = [:]
    /// The kinds of the items' own supplementary items (badges) in the sections last solved.
    private var badgeKinds: Set<String> = []

    /// Badges sit at their item's index path and follow their item across updates, as UIKit
    /// maps the kinds its compositional layout anchors to items.
    override var itemAnchoredSupplementaryKinds: Set<String> { badgeKinds }

    /// The supplementary kinds of `item`'s leaf items and groups (a group's go with its first
    /// item's index path).
    private static func badgeKinds(in item: LayoutItem) -> [String] {
        guard let group = item as? LayoutGroup else { return item.supplementaryItems.map(\.elementKind) }
        return group.supplementaryItems.map(\.elementKind) + group.subitems.flatMap(badgeKinds(in:))
    }

    private func solve(preferredSizes: [IndexPath: CGSize] = [:]) -> CompositionalGeometry {
        let solver = self.solver
        guard let collectionView else { return .empty(solver: solver, axis: layoutAxis) }
        var environment = CompositionalEnvironment(container: container, traitCollection: solver.traitCollection)
        environment.insets = insetsEnvironment
        environment.numberOfSections = collectionView.numberOfSections
        let sections = (0..<collectionView.numberOfSections).map { index in
            var sectionEnvironment = environment
            sectionEnvironment.sectionIndex = index
            return (
                definition: sectionProvider(index, sectionEnvironment),
                itemCount: collectionView.numberOfItems(inSection: index)
            )
        }
        self.environment = environment
        badgeKinds = Set(sections.compactMap(\.definition).flatMap { Self.badgeKinds(in: $0.group) })
        if preferredSizes.isEmpty {
            selfSizingSections = [:]
            for (index, entry) in sections.enumerated() {
                if let definition = entry.definition, definition.hasEstimatedItems {
                    selfSizingSections[index] = definition.selfSizingMinimum
                }
            }
        }
        visibleItemsHandlers = sections.enumerated().compactMap { index, entry in
            entry.definition?.visibleItemsInvalidationHandler.map { (index, $0) }
        }
        reportFlexibleSpacingAlongLayoutAxis(sections.map(\.definition))
        reportModelFindings(sections.map(\.definition))
        do {
            var geometry = try solver.solveLayout(
                sections: sections, configuration: storedConfiguration,
                container: CompositionalContainer(contentSize: container.contentSize),
                insetsEnvironment: insetsEnvironment, preferredSizes: preferredSizes)
            if mirrorsHorizontally { geometry.mirrorWidth = geometry.contentSize.width }
            layoutError = nil
            return geometry
        } catch let error as CompositionalLayoutError {
            layoutError = error
        } catch {
            layoutError = CompositionalLayoutError(section: 0, detail: "\(error)")
        }
        // UIKit raises it (`UICollectionViewCompositionalLayoutAlertForInvalidLayout`): the
        // collection view's diagnostics hold it as that exception.
        if let layoutError {
            report(
                UIKitDiagnostic(
                    check: .invalidCompositionalLayout, severity: .exception, message: layoutError.description,
                    layoutClass: "UICollectionViewCompositionalLayout"))
        }
        return .empty(solver: solver, axis: layoutAxis)
    }

    /// UIKit's `_solveGroup` logs, for a section's own group (recursion depth 0) whose edge
    /// spacing is flexible along the axis it is laid out on (the section's, or across it in an
    /// orthogonal section): "A NSCollectionLayoutGroup has specified flexible edge spacing along
    /// primary layout axis; flexible spacing will be ignored but any required spacing will be
    /// applied." (decompiled UIKit 26.1, `-[_UICollectionLayoutItemSolver _solveGroup]`, top/bottom
    /// checked for a vertical axis, leading/trailing for a horizontal one). The solver ignores
    /// that spacing (R12); this reports the line.
    private func reportFlexibleSpacingAlongLayoutAxis(_ definitions: [LayoutSection?]) {
        for section in definitions.compactMap({ $0 }) {
            let axis = section.solveAxis(in: layoutAxis)
            guard let edges = section.group.edgeSpacing?.along(axis),
                edges.start?.isFlexibleSpacing == true || edges.end?.isFlexibleSpacing == true
            else { continue }
            report(
                UIKitDiagnostic(
                    check: .flexibleSpacingAlongLayoutAxis, severity: .log,
                    message:
                        "A NSCollectionLayoutGroup has specified flexible edge spacing along primary layout axis; flexible spacing will be ignored but any required spacing will be applied.",
                    layoutClass: "UICollectionViewCompositionalLayout"))
        }
    }

    var preparedGeometry: CompositionalGeometry {
        prepareIfNeeded()
        if let geometry { return geometry }
        let fresh = solve()
        geometry = fresh
        return fresh
    }

    // MARK: Invalidation

    /// A new size re-solves; a scroll only moves pinned headers and footers.
    @discardableResult
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let current = collectionView?.bounds else { return false }
        return newBounds.size != current.size || (geometry?.hasPinnedItems ?? false) || !visibleItemsHandlers.isEmpty
    }

    @discardableResult
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> LayoutInvalidationContext {
        if let current = collectionView?.bounds, newBounds.size != current.size { needsSolve = true }
        return super.invalidationContext(forBoundsChange: newBounds)
    }

    open override func invalidateLayout(with context: LayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { needsSolve = true }
        super.invalidateLayout(with: context)
    }

    // MARK: Queries

    open override var collectionViewContentSize: CGSize { preparedGeometry.contentSize }

    var visibleBounds: CGRect { collectionView?.bounds ?? .zero }

    /// R18: the rect pinned headers and footers keep to: the visible bounds inset by the adjusted
    /// content inset (`_updatePinnedSectionSupplementaryItemsForCurrentVisibleBounds` insets
    /// `visibleBounds` by `_contentInsetIncludingDecorations`), so a sticky header stops below a
    /// navigation bar or the status bar rather than under it.
    var pinningBounds: CGRect {
        guard let collectionView else { return .zero }
        let bounds = collectionView.bounds
        let inset = collectionView.adjustedContentInset
        return CGRect(
            x: bounds.minX + inset.left, y: bounds.minY + inset.top, width: bounds.width - inset.left - inset.right,
            height: bounds.height - inset.top - inset.bottom)
    }

    @discardableResult
    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        var result: [LayoutAttributes] = []
        let attributesType = self.attributesType
        preparedGeometry.forEachElement(in: rect, visible: pinningBounds) {
            result.append(attributes(for: $0, type: attributesType))
        }
        if !visibleItemsHandlers.isEmpty { callVisibleItemsHandlers(result) }
        return result
    }

    @discardableResult
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let frame = preparedGeometry.itemFrame(indexPath),
            let section = preparedGeometry.section(indexPath.section)
        else { return nil }
        let zIndex = section.slots[indexPath.item % section.slots.count].zIndex  // the same in every group
        return attributes(for: .init(category: .cell, kind: nil, indexPath: indexPath, frame: frame, zIndex: zIndex))
    }

    @discardableResult
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard
            let (frame, zIndex) = preparedGeometry.supplementaryFrame(
                kind: elementKind, at: indexPath, visible: pinningBounds)
        else { return nil }
        return attributes(
            for: .init(
                category: .supplementaryView, kind: elementKind, indexPath: indexPath, frame: frame, zIndex: zIndex))
    }

    @discardableResult
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard let (frame, zIndex) = preparedGeometry.decorationFrame(kind: elementKind, at: indexPath) else {
            return nil
        }
        return attributes(
            for: .init(category: .decorationView, kind: elementKind, indexPath: indexPath, frame: frame, zIndex: zIndex)
        )
    }

    /// An orthogonal section keeps its offset across a batch update or snapshot, following the
    /// section to its new index; a deleted section's offset goes with it. Evidence: UIKit 26.1's
    /// `_UICollectionViewOrthogonalScrollerSectionController reconfigureScrollViewsForUpdate:`
    /// re-keys each inner scroll view by `finalSectionIndexForInitialSectionIndex:` and removes
    /// the ones whose section is gone or no longer scrolls orthogonally.
    override func sectionsWillMove(_ mapping: UpdateMapping) {
        guard !orthogonalOffsets.isEmpty else { return }
        var moved: [Int: CGFloat] = [:]
        for (section, offset) in orthogonalOffsets where mapping.newSectionForOld.indices.contains(section) {
            if let newSection = mapping.newSectionForOld[section] { moved[newSection] = offset }
        }
        orthogonalOffsets = moved
    }

    /// UIKit 26.1's `initialLayoutAttributesForAppearingItemAtIndexPath:` (and the supplementary
    /// and decoration forms) ask the solver for the element's pre-update frame
    /// (`preUpdateFrameForItemAtInitialIndexPath:`, `preUpdateFrameForSupplementaryViewOfKind:…`,
    /// `preUpdateFrameForDecorationViewOfKind:…`), so a header, badge or section background that
    /// was outside the recorded region still slides from where it was instead of fading in.
    override func attributesBeforeUpdate(_ key: ElementKey) -> LayoutAttributes? {
        guard let previous = previousGeometry else { return nil }
        let path = key.indexPath
        let kind = key.kind.representedElementKind ?? ""
        switch key.kind.category {
        case .cell:
            guard let frame = previous.itemFrame(path) else { return nil }
            return attributes(for: .init(category: .cell, kind: nil, indexPath: path, frame: frame, zIndex: 0))
        case .supplementary:
            guard let (frame, zIndex) = previous.supplementaryFrame(kind: kind, at: path, visible: pinningBounds)
            else { return nil }
            return attributes(
                for: .init(category: .supplementaryView, kind: kind, indexPath: path, frame: frame, zIndex: zIndex))
        case .decoration:
            guard let (frame, zIndex) = previous.decorationFrame(kind: kind, at: path) else { return nil }
            return attributes(
                for: .init(category: .decorationView, kind: kind, indexPath: path, frame: frame, zIndex: zIndex))
        }
    }

    /// `layoutAttributesClass` when it is a `LayoutAttributes` subclass (UIKit raises otherwise).
    private var attributesType: LayoutAttributes.Type {
        let declared: AnyClass = type(of: self).layoutAttributesClass
        return declared == LayoutAttributes.self
            ? LayoutAttributes.self : declared as? LayoutAttributes.Type ?? LayoutAttributes.self
    }

    /// Every element is made with `layoutAttributesClass`, as UIKit does.
    func attributes(for element: CompositionalGeometry.Element, type declared: LayoutAttributes.Type? = nil)
        -> LayoutAttributes
    {
        let declared = declared ?? attributesType
        let attributes: LayoutAttributes
        switch element.category {
        case .supplementaryView:
            attributes = declared.init(forSupplementaryViewOfKind: element.kind ?? "", with: element.indexPath)
        case .decorationView:
            attributes = declared.init(forDecorationViewOfKind: element.kind ?? "", with: element.indexPath)
        default:
            attributes = declared.init(forCellWith: element.indexPath)
        }
        attributes.frame = element.frame
        attributes.zIndex = element.zIndex
        return attributes
    }
}
