// A spreadsheet: each section a row, each item a column, with header rows and columns that stay
// on screen while the rest scrolls both ways under them. The idiom of sticky-grid layouts (sticky
// rows and columns, timetables, leaderboards): a grid built once per data change in `prepare()`,
// the frozen cells moved by the content offset at every bounds change, and zIndex keeping the
// frozen corner over both frozen bands and the bands over the body. Written as iOS developers
// write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

/// The columns' widths (a Swift protocol: no Objective-C optional methods).
protocol FrozenGridLayoutDelegate: AnyObject {
    func frozenGrid(_ layout: FrozenGridLayout, widthOfColumn column: Int) -> CGFloat
}

final class FrozenGridLayout: UICollectionViewLayout {
    var rowHeight: CGFloat = 44
    var frozenRows = 1
    var frozenColumns = 1
    weak var delegate: FrozenGridLayoutDelegate?

    /// Rows of cells, and where each cell sits before the frozen ones are moved.
    private var rows: [[UICollectionViewLayoutAttributes]] = []
    private var resting: [[CGRect]] = []
    private var contentSize = CGSize.zero

    override var collectionViewContentSize: CGSize { contentSize }

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        if rows.isEmpty { buildGrid(collectionView) }
        let offset = collectionView.contentOffset
        for (row, cells) in rows.enumerated() {
            for (column, cell) in cells.enumerated() {
                var frame = resting[row][column]
                let frozenRow = row < frozenRows
                let frozenColumn = column < frozenColumns
                if frozenRow { frame.origin.y += offset.y }
                if frozenColumn { frame.origin.x += offset.x }
                cell.frame = frame
                cell.zIndex = (frozenRow ? 1 : 0) + (frozenColumn ? 1 : 0)
            }
        }
    }

    private func buildGrid(_ collectionView: UICollectionView) {
        rows = []
        resting = []
        var width: CGFloat = 0
        for row in 0..<collectionView.numberOfSections {
            var x: CGFloat = 0
            var cells: [UICollectionViewLayoutAttributes] = []
            var frames: [CGRect] = []
            for column in 0..<collectionView.numberOfItems(inSection: row) {
                let columnWidth = delegate?.frozenGrid(self, widthOfColumn: column) ?? 100
                let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: column, section: row))
                let frame = CGRect(x: x, y: CGFloat(row) * rowHeight, width: columnWidth, height: rowHeight)
                cell.frame = frame
                cells.append(cell)
                frames.append(frame)
                x += columnWidth
            }
            width = max(width, x)
            rows.append(cells)
            resting.append(frames)
        }
        contentSize = CGSize(width: width, height: CGFloat(rows.count) * rowHeight)
    }

    /// Data changes rebuild the grid; scrolls only move the frozen cells.
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if context.invalidateEverything || context.invalidateDataSourceCounts { rows = [] }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        rows.flatMap { $0 }.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard rows.indices.contains(indexPath.section), rows[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return rows[indexPath.section][indexPath.item]
    }
}
