// A month calendar: one section per month, one item per day, seven columns starting at the
// month's first weekday, a weekday header per month (a supplementary kind of the layout's own)
// and a grid-line decoration under each week, registered from a nib as calendar apps do. Rows
// grow with the user's text size. Everything is cached in prepare(); the decorations are also
// answered one by one (`layoutAttributesForDecorationView(ofKind:at:)`). The idiom of the
// calendar layouts of planner apps. Written as iOS developers write it; only the imports are
// FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

protocol MonthGridLayoutDelegate: AnyObject {
    /// The column (0 = the first weekday) of the month's first day.
    func monthGridLayout(_ layout: MonthGridLayout, firstColumnOfMonth section: Int) -> Int
}

final class MonthGridLayout: UICollectionViewLayout {
    static let weekdayHeaderKind = "weekday-header"
    static let weekLineKind = "week-line"

    weak var delegate: MonthGridLayoutDelegate?
    let weekdayHeaderHeight: CGFloat = 24
    let monthSpacing: CGFloat = 16

    private var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var headers: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var weekLines: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var contentHeight: CGFloat = 0

    /// Taller rows for the accessibility text sizes.
    var rowHeight: CGFloat {
        let category = collectionView?.traitCollection.preferredContentSizeCategory ?? .large
        return category.isAccessibilityCategory ? 88 : (category > .large ? 56 : 48)
    }

    override init() {
        super.init()
        register(UINib(nibName: "WeekLineView", bundle: nil), forDecorationViewOfKind: Self.weekLineKind)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        collectionView.isPrefetchingEnabled = false  // every day is cached here anyway
        cells = [:]
        headers = [:]
        weekLines = [:]

        let width = collectionView.bounds.width
        let columnWidth = width / 7
        var y: CGFloat = 0
        for month in 0..<collectionView.numberOfSections {
            let firstColumn = delegate?.monthGridLayout(self, firstColumnOfMonth: month) ?? 0
            let days = collectionView.numberOfItems(inSection: month)
            let weeks = (firstColumn + days + 6) / 7
            let monthRect = CGRect(x: 0, y: y, width: width, height: weekdayHeaderHeight + CGFloat(weeks) * rowHeight)
            let (headerFrame, gridTop) = monthRect.divided(atDistance: weekdayHeaderHeight, from: .minYEdge)

            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: Self.weekdayHeaderKind, with: IndexPath(item: 0, section: month))
            header.frame = headerFrame
            headers[header.indexPath] = header

            for day in 0..<days {
                let slot = firstColumn + day
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: day, section: month))
                attributes.frame = CGRect(
                    x: CGFloat(slot % 7) * columnWidth, y: gridTop.minY + CGFloat(slot / 7) * rowHeight,
                    width: columnWidth, height: rowHeight
                ).insetBy(dx: 1, dy: 1)
                cells[attributes.indexPath] = attributes
            }
            for week in 0..<weeks {
                let line = UICollectionViewLayoutAttributes(
                    forDecorationViewOfKind: Self.weekLineKind, with: IndexPath(item: week, section: month))
                line.frame = CGRect(
                    x: 0, y: gridTop.minY + CGFloat(week + 1) * rowHeight - 0.5, width: width, height: 1)
                line.zIndex = -1
                weekLines[line.indexPath] = line
            }
            y = monthRect.maxY + monthSpacing
        }
        contentHeight = max(0, y - monthSpacing)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let all = Array(headers.values) + Array(cells.values) + Array(weekLines.values)
        return all.filter { !$0.frame.intersection(rect).isNull }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells[indexPath]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        elementKind == Self.weekdayHeaderKind ? headers[indexPath] : nil
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        elementKind == Self.weekLineKind ? weekLines[indexPath] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    /// What the view controller calls after the week starts on another day: the visible
    /// headers are restyled in place.
    func visibleWeekdayHeaders() -> [(IndexPath, UICollectionReusableView)] {
        guard let collectionView else { return [] }
        return collectionView.indexPathsForVisibleSupplementaryElements(ofKind: Self.weekdayHeaderKind).compactMap {
            indexPath in
            collectionView.supplementaryView(forElementKind: Self.weekdayHeaderKind, at: indexPath).map {
                (indexPath, $0)
            }
        }
    }
}
