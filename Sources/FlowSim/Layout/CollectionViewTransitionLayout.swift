import Foundation

#if canImport(Darwin)
    import QuartzCore
#endif

/// UIKit's `UICollectionViewTransitionLayout`: the layout a collection view shows while an
/// interactive transition (`startInteractiveTransition(to:completion:)`) moves from
/// `currentLayout` to `nextLayout`, each element interpolated by `transitionProgress`.
///
/// Follows UIKit 26.1's `UICollectionViewTransitionLayout.mm` (decompiled; docs/uikit-rules.md
/// §11): `prepare()` reads both layouts once, pairs every element on screen now with where the
/// next layout puts it (and the other way round), and picks the next layout's visible bounds
/// around the cell nearest the centre of the current ones; setting `transitionProgress` moves the
/// content offset between the two bounds and re-interpolates every pair (centre, size, alpha and
/// `transform3D` linearly; centres rounded to half pixels, sizes to pixels).
open class CollectionViewTransitionLayout: CollectionViewLayout {
    /// The layout the transition starts from and the one it ends on (UIKit's are read-only).
    public let currentLayout: CollectionViewLayout
    public let nextLayout: CollectionViewLayout

    /// One element's pair: where it is now, where it goes, and where it is at the progress.
    private struct Pair {
        var from: LayoutAttributes?
        var to: LayoutAttributes?
        var actual: LayoutAttributes?
    }
    private var pairs: [TransitionKey: Pair] = [:]
    private var pairsAreValid = false
    private var storedProgress: CGFloat = 0
    private var fromVisibleBounds: CGRect = .zero
    private var toVisibleBounds: CGRect = .zero
    private var contentSize: CGSize = .zero
    /// Values a subclass tracks with `updateValue(_:forAnimatedKey:)` (UIKit keeps them on the
    /// collection view; FlowSim keeps them with the layout and never animates them).
    private var trackedValues: [String: CGFloat] = [:]

    /// UIKit's designated initialiser.
    public init(currentLayout: CollectionViewLayout, nextLayout newLayout: CollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = newLayout
        super.init()
    }

    /// UIKit's transition layout adopts NSCoding; FlowSim never unarchives layouts, so this gives
    /// nil (a layout from a storyboard cannot be made here).
    public required init?(coder: NSCoder) { nil }

    /// Both layouts see the transition layout's collection view while it is installed, as
    /// UIKit's `_setCollectionView:` gives it to them.
    override weak var attachedCollectionView: CollectionView? {
        didSet {
            guard let attachedCollectionView else { return }
            currentLayout.attachedCollectionView = attachedCollectionView
            nextLayout.attachedCollectionView = attachedCollectionView
        }
    }

    /// UIKit's `transitionProgress`. Setting it moves the content offset to
    /// `from + (to − from) · p` (p clamped to 0…1), re-interpolates every element and invalidates
    /// the layout; the value itself is kept unclamped, as UIKit keeps it.
    open var transitionProgress: CGFloat {
        get { storedProgress }
        set {
            prepareIfNeeded()
            let progress = Self.clamped(newValue)
            let origin = CGPoint(
                x: fromVisibleBounds.minX + (toVisibleBounds.minX - fromVisibleBounds.minX) * progress,
                y: fromVisibleBounds.minY + (toVisibleBounds.minY - fromVisibleBounds.minY) * progress)
            collectionView?.contentOffset = origin
            storedProgress = newValue
            for key in pairs.keys {
                guard let pair = pairs[key] else { continue }
                pairs[key]?.actual = interpolated(from: pair.from, to: pair.to, progress: progress)
            }
            invalidateLayout()
        }
    }

    /// UIKit's `updateValue(_:forAnimatedKey:)`.
    open func updateValue(_ value: CGFloat, forAnimatedKey key: String) { trackedValues[key] = value }

    /// UIKit's `value(forAnimatedKey:)`: the last value given for `key`, 0 if none.
    @discardableResult
    open func value(forAnimatedKey key: String) -> CGFloat { trackedValues[key] ?? 0 }

    open override var collectionViewContentSize: CGSize { contentSize }

    /// Computes the pairs once per transition (UIKit's `_layoutIsValid` is never reset), however
    /// often the layout is invalidated while the progress changes.
    open override func prepare() {
        super.prepare()
        guard !pairsAreValid, let collectionView else { return }
        pairsAreValid = true
        currentLayout.prepareIfNeeded()
        nextLayout.prepareIfNeeded()
        let bounds = collectionView.bounds
        fromVisibleBounds = bounds
        let fromSize = currentLayout.collectionViewContentSize
        let toSize = nextLayout.collectionViewContentSize
        contentSize = CGSize(width: max(fromSize.width, toSize.width), height: max(fromSize.height, toSize.height))

        let fromVisible = (currentLayout.layoutAttributesForElements(in: bounds) ?? []).map { $0.copied() }
        var fromKeys = Set<TransitionKey>()
        for attributes in fromVisible {
            let key = TransitionKey(attributes)
            fromKeys.insert(key)
            pairs[key] = Pair(from: attributes)
        }
        toVisibleBounds = nextVisibleBounds(around: fromVisible, in: bounds, contentInset: collectionView.contentInset)

        let toVisible = (nextLayout.layoutAttributesForElements(in: toVisibleBounds) ?? []).map { $0.copied() }
        var toKeys = Set<TransitionKey>()
        for attributes in toVisible {
            let key = TransitionKey(attributes)
            toKeys.insert(key)
            pairs[key, default: Pair()].to = attributes
        }
        // Elements leaving the screen get where the next layout puts them; elements arriving get
        // where the current layout has them. A supplementary view the other layout lacks fades
        // (a copy at alpha 0); a cell or decoration view it lacks keeps a single end.
        for key in fromKeys.subtracting(toKeys) {
            pairs[key]?.to = counterpart(of: key, in: nextLayout) ?? faded(pairs[key]?.from, kind: key)
        }
        for key in toKeys.subtracting(fromKeys) {
            pairs[key]?.from = counterpart(of: key, in: currentLayout) ?? faded(pairs[key]?.to, kind: key)
        }
        // An element with no start cannot be interpolated (UIKit drops it from the transition).
        pairs = pairs.filter { $0.value.from != nil }
        for key in pairs.keys {
            guard let pair = pairs[key] else { continue }
            pairs[key]?.actual = interpolated(from: pair.from, to: pair.to, progress: Self.clamped(storedProgress))
        }
    }

    /// The next layout's visible bounds: centred on where it puts the cell nearest the centre of
    /// the current bounds, pushed back inside its content, less the content inset, then passed
    /// through its `targetContentOffset(forProposedContentOffset:)`.
    private func nextVisibleBounds(around visible: [LayoutAttributes], in bounds: CGRect, contentInset: EdgeInsets)
        -> CGRect
    {
        var x = bounds.minX
        var y = bounds.minY
        // UIKit measures the distance in single precision (`sqrtf`) and keeps the first of equals.
        var nearest: LayoutAttributes?
        var best = Float.greatestFiniteMagnitude
        for attributes in visible where attributes.representedElementCategory == .cell {
            let dx = attributes.center.x - bounds.midX
            let dy = attributes.center.y - bounds.midY
            let distance = Float(dx * dx + dy * dy).squareRoot()
            if best > distance {
                best = distance
                nearest = attributes
            }
        }
        if let nearest, let target = nextLayout.layoutAttributesForItem(at: nearest.indexPath) {
            x = target.center.x - bounds.width * 0.5
            y = target.center.y - bounds.height * 0.5
        }
        let content = CGRect(origin: .zero, size: nextLayout.collectionViewContentSize)
        let proposed = CGRect(x: x, y: y, width: bounds.width, height: bounds.height)
        if !content.contains(proposed) {
            let overlap = content.intersection(proposed)
            x = Self.pushedInside(
                x, extent: bounds.width, content: content.width, overlap: overlap.width, at: overlap.minX)
            y = Self.pushedInside(
                y, extent: bounds.height, content: content.height, overlap: overlap.height, at: overlap.minY)
        }
        let offset = nextLayout.targetContentOffset(
            forProposedContentOffset: CGPoint(x: x - contentInset.left, y: y - contentInset.top))
        return CGRect(origin: offset, size: bounds.size)
    }

    /// One axis of UIKit's clamp: 0 when the content is no longer than the bounds, else the
    /// origin moved back by the part of the bounds outside the content.
    private static func pushedInside(
        _ origin: CGFloat, extent: CGFloat, content: CGFloat, overlap: CGFloat, at overlapOrigin: CGFloat
    )
        -> CGFloat
    {
        guard content > extent else { return 0 }
        guard overlap < extent else { return origin }
        let outside = extent - (overlap.isNaN ? 0 : overlap)
        return overlapOrigin <= origin ? origin - outside : origin + outside
    }

    private func counterpart(of key: TransitionKey, in layout: CollectionViewLayout) -> LayoutAttributes? {
        switch key.category {
        case .cell: return layout.layoutAttributesForItem(at: key.indexPath)?.copied()
        case .supplementaryView:
            return layout.layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)?.copied()
        default: return nil
        }
    }

    private func faded(_ attributes: LayoutAttributes?, kind key: TransitionKey) -> LayoutAttributes? {
        guard key.category == .supplementaryView, let fade = attributes?.copied() else { return nil }
        fade.alpha = 0
        return fade
    }

    /// UIKit's `interpolatedLayoutAttributesFromLayoutAttributes:toLayoutAttributes:progress:`:
    /// a copy of the end attributes (its index path, zIndex and hidden flag) with centre, size,
    /// alpha and `transform3D` interpolated; the centre rounded to 1 / (2 · scale), the size to
    /// 1 / scale, so odd sizes keep their edges on pixels. Without an end, a copy of the start.
    open func interpolatedLayoutAttributes(
        from start: LayoutAttributes?, to end: LayoutAttributes?, progress: CGFloat
    ) -> LayoutAttributes? {
        interpolated(from: start, to: end, progress: progress)
    }

    private func interpolated(from start: LayoutAttributes?, to end: LayoutAttributes?, progress: CGFloat)
        -> LayoutAttributes?
    {
        guard let end else { return start?.copied() }
        let result = end.copied()
        guard let start else { return result }
        let scale = collectionView?.scale ?? 2
        let centre = CGPoint(
            x: start.center.x + (end.center.x - start.center.x) * progress,
            y: start.center.y + (end.center.y - start.center.y) * progress)
        let size = CGSize(
            width: start.size.width + (end.size.width - start.size.width) * progress,
            height: start.size.height + (end.size.height - start.size.height) * progress)
        result.alpha = start.alpha + (end.alpha - start.alpha) * progress
        if CATransform3DIsIdentity(start.transform3D) && CATransform3DIsIdentity(end.transform3D) {
            result.transform3D = CATransform3DIdentity
        } else {
            result.transform3D = Self.mix(start.transform3D, end.transform3D, progress)
        }
        result.center = CGPoint(x: Self.rounded(centre.x, to: 2 * scale), y: Self.rounded(centre.y, to: 2 * scale))
        result.size = CGSize(width: Self.rounded(size.width, to: scale), height: Self.rounded(size.height, to: scale))
        return result
    }

    // MARK: Queries

    /// Every element of the transition, whatever the rect (UIKit returns them all), in a
    /// stable order: cells, then supplementary and decoration views, by index path.
    open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        pairs.sorted { $0.key < $1.key }.compactMap(\.value.actual)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let key = TransitionKey(category: .cell, kind: nil, indexPath: indexPath)
        if let actual = pairs[key]?.actual { return actual }
        let start =
            pairs[key]?.from ?? currentLayout.layoutAttributesForItem(at: indexPath)
            ?? nextLayout.initialLayoutAttributesForAppearingItem(at: indexPath)
        let end =
            pairs[key]?.to ?? nextLayout.layoutAttributesForItem(at: indexPath)
            ?? currentLayout.finalLayoutAttributesForDisappearingItem(at: indexPath)
        guard let start, let end else { return nil }
        return interpolated(from: start, to: end, progress: Self.clamped(storedProgress))
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        let key = TransitionKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
        if let actual = pairs[key]?.actual { return actual }
        let start =
            pairs[key]?.from ?? currentLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
            ?? nextLayout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: indexPath)
        let end =
            pairs[key]?.to ?? nextLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
            ?? currentLayout.finalLayoutAttributesForDisappearingSupplementaryElement(
                ofKind: elementKind, at: indexPath)
        guard let start, let end else { return nil }
        return interpolated(from: start, to: end, progress: Self.clamped(storedProgress))
    }

    /// UIKit: at progress 0 (once prepared) the offset stays where the transition started.
    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        storedProgress == 0 && pairsAreValid ? fromVisibleBounds.origin : proposedContentOffset
    }

    /// The next layout's bounds, where finishing the transition leaves the content offset.
    var finishingContentOffset: CGPoint {
        prepareIfNeeded()
        return toVisibleBounds.origin
    }
    /// The bounds the transition started from, where cancelling it leaves the content offset.
    var cancellingContentOffset: CGPoint { fromVisibleBounds.origin }

    /// UIKit: the transition layout passes the hand-over on, telling the next layout that it
    /// comes from the transition layout.
    open override func prepareForTransition(from oldLayout: CollectionViewLayout) {
        super.prepareForTransition(from: oldLayout)
        nextLayout.prepareForTransition(from: self)
    }

    open override func finalizeLayoutTransition() {
        super.finalizeLayoutTransition()
        nextLayout.finalizeLayoutTransition()
    }

    // MARK: Arithmetic

    private static func clamped(_ progress: CGFloat) -> CGFloat { min(1, max(0, progress)) }

    /// UIKit's rounding: `round(v)` at accuracy 1, else `round(v · accuracy) / accuracy`.
    private static func rounded(_ value: CGFloat, to accuracy: CGFloat) -> CGFloat {
        accuracy == 1 ? value.rounded() : (value * accuracy).rounded() / accuracy
    }

    private static func mix(_ a: CATransform3D, _ b: CATransform3D, _ t: CGFloat) -> CATransform3D {
        func m(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
        var r = a
        r.m11 = m(a.m11, b.m11)
        r.m12 = m(a.m12, b.m12)
        r.m13 = m(a.m13, b.m13)
        r.m14 = m(a.m14, b.m14)
        r.m21 = m(a.m21, b.m21)
        r.m22 = m(a.m22, b.m22)
        r.m23 = m(a.m23, b.m23)
        r.m24 = m(a.m24, b.m24)
        r.m31 = m(a.m31, b.m31)
        r.m32 = m(a.m32, b.m32)
        r.m33 = m(a.m33, b.m33)
        r.m34 = m(a.m34, b.m34)
        r.m41 = m(a.m41, b.m41)
        r.m42 = m(a.m42, b.m42)
        r.m43 = m(a.m43, b.m43)
        r.m44 = m(a.m44, b.m44)
        return r
    }
}

/// An element's identity across two layouts (UIKit's `_UICollectionViewItemKey`): category,
/// kind and index path.
private struct TransitionKey: Hashable, Comparable {
    let category: ElementCategory
    let kind: String?
    let indexPath: IndexPath

    init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    init(_ attributes: LayoutAttributes) {
        self.init(
            category: attributes.representedElementCategory, kind: attributes.representedElementKind,
            indexPath: attributes.indexPath)
    }

    static func < (lhs: TransitionKey, rhs: TransitionKey) -> Bool {
        if lhs.category.rawValue != rhs.category.rawValue { return lhs.category.rawValue < rhs.category.rawValue }
        if lhs.kind != rhs.kind { return (lhs.kind ?? "") < (rhs.kind ?? "") }
        return lhs.indexPath < rhs.indexPath
    }
}
