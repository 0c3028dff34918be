// More layouts written with the mistakes teams make (see MistakeLayouts.swift for the first ones):
// geometry UIKit's attribute setters refuse, invalidation from inside `prepare()`, attributes
// objects handed out again and changed in place, a header for a section past the last, and a
// content size computed from a stale count. Each is what an app's code looks like when it ships
// the bug; DiagnosticsMistakeTests says what UIKit does with it.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

/// A grid whose geometry goes wrong the ways arithmetic in layouts does.
final class BrokenGeometryLayout: UICollectionViewLayout {
    enum Mistake {
        /// Items placed at `x = column · width` with `width` from a count of zero columns:
        /// 0 · ∞ = NaN for the first column's origin.
        case zeroColumnsOrigin
        /// The size from a count of zero columns, the origin from a fixed inset: an infinite width.
        case zeroColumnsWidth
        /// A header clipped to its section with `intersection`, for a section it does not meet.
        case clippedToDisjointSection
        /// A background decoration that "covers everything" with `CGRect.infinite`.
        case infiniteBackground
        /// A zoom factor `distance / range` with a range of zero: 0 / 0.
        case zeroRangeZoom
    }

    let mistake: Mistake
    var columns = 0
    private var cache: [UICollectionViewLayoutAttributes] = []

    init(_ mistake: Mistake) {
        self.mistake = mistake
        super.init()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: 400)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        cache = []
        let width = collectionView.bounds.width / CGFloat(columns)  // ∞ when no columns are set
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            let row = CGFloat(item) * 50
            switch mistake {
            case .zeroColumnsOrigin:
                cell.frame = CGRect(x: CGFloat(item % max(columns, 1)) * width, y: row, width: 10, height: 10)
            case .zeroColumnsWidth:
                cell.frame = CGRect(x: 8, y: row, width: width, height: 44)
            case .clippedToDisjointSection, .infiniteBackground:
                cell.frame = CGRect(x: 0, y: row, width: 100, height: 44)
            case .zeroRangeZoom:
                cell.frame = CGRect(x: 0, y: row, width: 100, height: 44)
                let range: CGFloat = 0
                let zoom = abs(cell.center.y - row - 22) / range  // 0 / 0
                cell.transform = CGAffineTransform(scaleX: zoom, y: zoom)
            }
            cache.append(cell)
        }
        if mistake == .clippedToDisjointSection {
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                with: IndexPath(item: 0, section: 0))
            let sectionRect = CGRect(x: 0, y: 0, width: collectionView.bounds.width, height: 200)
            header.frame = CGRect(x: 0, y: 300, width: collectionView.bounds.width, height: 40).intersection(
                sectionRect)
            cache.append(header)
        }
        if mistake == .infiniteBackground {
            let background = UICollectionViewLayoutAttributes(
                forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: 0))
            background.frame = .infinite
            background.zIndex = -1
            cache.append(background)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { cache }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }
}

/// Rebuilds its cache in `prepare()` and then calls `invalidateLayout()` "to be sure the next
/// pass sees fresh data": each pass schedules another.
final class SelfInvalidatingLayout: UICollectionViewLayout {
    private(set) var prepareCount = 0
    private var cache: [UICollectionViewLayoutAttributes] = []

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(cache.count) * 60)
    }

    override func prepare() {
        super.prepare()
        prepareCount += 1
        guard let collectionView else { return }
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            cell.frame = CGRect(x: 0, y: CGFloat(item) * 60, width: collectionView.bounds.width, height: 50)
            return cell
        }
        invalidateLayout()
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }
}

/// Invalidates on every bounds change and rebuilds everything in `prepare()` (the expensive
/// pattern): counted, so a test sees one preparation per scroll step, not more.
final class RebuildOnScrollLayout: UICollectionViewLayout {
    private(set) var prepareCount = 0
    private var cache: [UICollectionViewLayoutAttributes] = []

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(cache.count) * 100)
    }

    override func prepare() {
        super.prepare()
        prepareCount += 1
        guard let collectionView else { return }
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            cell.frame = CGRect(x: 0, y: CGFloat(item) * 100, width: collectionView.bounds.width, height: 90)
            return cell
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }
}

/// Keeps one attributes object per item and moves it in place on every query (a parallax offset
/// from the content offset): the same objects handed out again, changed. A custom layout owns its
/// attributes, so UIKit says nothing about it (its cached-frame check is the flow layout's).
final class InPlaceParallaxLayout: UICollectionViewLayout {
    private var cache: [UICollectionViewLayoutAttributes] = []

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(cache.count) * 200)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView, cache.count != collectionView.numberOfItems(inSection: 0) else { return }
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map {
            UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: $0, section: 0))
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView else { return nil }
        let offset = collectionView.contentOffset.y
        for (item, cell) in cache.enumerated() {
            let resting = CGFloat(item) * 200
            cell.frame = CGRect(
                x: 0, y: resting + (offset - resting) * 0.25, width: collectionView.bounds.width, height: 180)
        }
        return cache.filter { $0.frame.intersects(rect) }
    }
}

/// One header per section from `0...numberOfSections` (an off-by-one in a closed range): a
/// header for a section that does not exist.
final class OffByOneHeaderLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView else { return nil }
        var attributes = super.layoutAttributesForElements(in: rect) ?? []
        for section in 0...collectionView.numberOfSections {
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                with: IndexPath(item: 0, section: section))
            header.frame = CGRect(x: 0, y: CGFloat(section) * 30, width: 100, height: 30)
            attributes.append(header)
        }
        return attributes
    }
}

/// The content height from the item count the layout was made with, not the data's: the
/// content is shorter than the items.
final class StaleContentSizeLayout: UICollectionViewLayout {
    var itemCountAtCreation = 2
    private var cache: [UICollectionViewLayoutAttributes] = []

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(itemCountAtCreation) * 100)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            cell.frame = CGRect(x: 0, y: CGFloat(item) * 100, width: collectionView.bounds.width, height: 90)
            return cell
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }
}

/// Has headers (a `headerReferenceSize`) but keeps only the cells of super's answer, a filter
/// written for the cells' own adjustment: the headers are never shown.
final class CellsOnlyFlowLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.filter { $0.representedElementCategory == .cell }
    }
}
