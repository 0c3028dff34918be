// A flow layout that aligns the items of each line left, right or centred, and within the line
// top, centre or bottom: the idiom of the popular "aligned" flow layouts. Its only designated
// initialiser takes parameters that all have defaults; it has no `init()` of its own. Written as
// iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

class AlignedFlowLayout: UICollectionViewFlowLayout {
    enum HorizontalAlignment {
        case left, right, center, justified
    }

    enum VerticalAlignment {
        case top, center, bottom
    }

    let horizontalAlignment: HorizontalAlignment
    let verticalAlignment: VerticalAlignment

    init(horizontalAlignment: HorizontalAlignment = .justified, verticalAlignment: VerticalAlignment = .center) {
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
        super.init()
    }

    required init?(coder: NSCoder) {
        horizontalAlignment = .justified
        verticalAlignment = .center
        super.init(coder: coder)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        let attributes = original.map { $0.copy() as! UICollectionViewLayoutAttributes }
        guard isVertical, horizontalAlignment != .justified || verticalAlignment != .center else { return attributes }
        var lines: [[UICollectionViewLayoutAttributes]] = []
        for item in attributes where item.representedElementCategory == .cell {
            if let last = lines.last?.last, last.indexPath.section == item.indexPath.section,
                abs(last.center.y - item.center.y) < max(last.frame.height, item.frame.height) / 2
            {
                lines[lines.count - 1].append(item)
            } else {
                lines.append([item])
            }
        }
        for line in lines { align(line) }
        return attributes
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let frame = super.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        let band = CGRect(x: 0, y: frame.minY, width: collectionViewContentSize.width, height: frame.height)
        return layoutAttributesForElements(in: band)?.first {
            $0.representedElementCategory == .cell && $0.indexPath == indexPath
        }
    }

    /// Lines run across the width only when scrolling vertically.
    private var isVertical: Bool {
        switch scrollDirection {
        case .vertical: return true
        case .horizontal: return false
        default: return true
        }
    }

    private func align(_ line: [UICollectionViewLayoutAttributes]) {
        guard let collectionView = collectionView, let first = line.first else { return }
        let inset = sectionInset
        let width = collectionView.bounds.width - collectionView.contentInset.left - collectionView.contentInset.right
        let used = line.reduce(0) { $0 + $1.frame.width } + CGFloat(line.count - 1) * minimumInteritemSpacing
        var x: CGFloat
        switch horizontalAlignment {
        case .left: x = inset.left
        case .right: x = width - inset.right - used
        case .center: x = inset.left + (width - inset.left - inset.right - used) / 2
        case .justified: x = first.frame.minX
        }
        let top = line.map { $0.frame.minY }.min() ?? 0
        let bottom = line.map { $0.frame.maxY }.max() ?? 0
        for item in line {
            var frame = item.frame
            if horizontalAlignment != .justified {
                frame.origin.x = x
                x += frame.width + minimumInteritemSpacing
            }
            switch verticalAlignment {
            case .top: frame.origin.y = top
            case .bottom: frame.origin.y = bottom - frame.height
            case .center: break
            }
            item.frame = frame
        }
    }
}
