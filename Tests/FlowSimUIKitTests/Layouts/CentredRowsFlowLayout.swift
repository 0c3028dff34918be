import os.log

// Rows of chips centred in the width: the shape of KTCenterFlowLayout and its Swift copies in
// apps. Super breaks the lines; the layout copies super's attributes (`NSArray(array:copyItems:)`),
// groups them into rows by their rounded `midY` in a `[Float: …]` dictionary (a neighbour 1 pt
// away joins the row, for rows of unequal heights), and lays each row out again from
// `(width − row width) / 2`, the width less the collection view's `contentInset`. It logs with
// `os_log` and `Logger`, as such files do while they are tuned. Written as iOS developers write
// it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class CentredRowsFlowLayout: UICollectionViewFlowLayout {
    private let logger = Logger(subsystem: "com.example.layouts", category: "CentredRows")
    private static let log = OSLog(subsystem: "com.example.layouts", category: "CentredRows")

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard
            let collectionView = collectionView,
            let original = super.layoutAttributesForElements(in: rect),
            let attributes = NSArray(array: original, copyItems: true) as? [UICollectionViewLayoutAttributes]
        else { return nil }

        var rows = [Float: [UICollectionViewLayoutAttributes]]()
        for item in attributes where item.representedElementCategory == .cell {
            let middle = roundf(Float(item.frame.midY))
            let key = [middle - 1, middle + 1].first { rows[$0] != nil } ?? middle
            rows[key, default: []].append(item)
        }

        let width = collectionView.bounds.width - collectionView.contentInset.left - collectionView.contentInset.right
        for (_, row) in rows {
            let section = (row[0].indexPath as NSIndexPath).section
            let spacing = minimumInteritemSpacing
            let rowWidth = row.reduce(0) { $0 + $1.frame.width } + spacing * CGFloat(row.count - 1)
            var previous = CGRect.zero
            for item in row.sorted(by: { $0.indexPath.item < $1.indexPath.item }) {
                var frame = item.frame
                frame.origin.x = previous.equalTo(.zero) ? (width - rowWidth) / 2 : previous.maxX + spacing
                item.frame = frame
                previous = frame
            }
            logger.debug(
                "section \(section, privacy: .public): row of \(row.count) is \(rowWidth, format: .fixed(precision: 1)) wide"
            )
        }
        os_log("centred %d rows in %{public}@", log: CentredRowsFlowLayout.log, type: .debug, rows.count, "\(rect)")
        return attributes
    }
}
