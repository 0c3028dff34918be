import Foundation

extension CompositionalLayout {
    /// Self-sizing (R23), as the flow layout does it: every item of a section with estimated
    /// items is laid out at its estimate, its cell asked `preferredLayoutAttributesFitting(_:)`,
    /// and the layout solved again with the sizes that differ (each group instance on its own).
    /// UIKit sizes cells as they come on screen; FlowSim sizes them all in one `prepare()`.
    func selfSizedSizes(_ estimated: CompositionalGeometry, in collectionView: CollectionView)
        -> [IndexPath: CGSize]
    {
        var result: [IndexPath: CGSize] = [:]
        let cell = collectionView.makeSelfSizingCell()
        for (section, minimum) in selfSizingSections.sorted(by: { $0.key < $1.key }) {
            guard let geometry = estimated.section(section) else { continue }
            for item in 0..<geometry.itemCount {
                let path = IndexPath(item: item, section: section)
                guard let frame = estimated.itemFrame(path) else { continue }
                let original = attributes(
                    for: .init(category: .cell, kind: nil, indexPath: path, frame: frame, zIndex: 0))
                cell.fittingSize = collectionView.cellFittingSize?(path, original)
                cell.configure(with: original)
                let offered = original.copy() as? LayoutAttributes ?? original
                let preferred = cell.preferredLayoutAttributesFitting(offered).size
                let size = CGSize(
                    width: max(preferred.width, minimum.width), height: max(preferred.height, minimum.height))
                if size != original.size { result[path] = size }
            }
        }
        return result
    }
}
