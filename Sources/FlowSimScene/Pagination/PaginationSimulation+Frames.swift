import FlowSim
import Foundation

#if canImport(QuartzCore)
    import QuartzCore
#endif

extension PaginationSimulation {
    /// What the screen shows now: the layout's elements in the bounds at the current offset,
    /// with elements that are mid-animation (inserts, the loading cell's fade, their ghosts)
    /// taken from the collection view's timeline at `time`. The loading cell is marked
    /// `PresentedElement.isLoadingIndicator` (the renderer draws UIKit's 12-spoke activity indicator).
    public func frame(index: Int, time: Double) -> PresentedFrame {
        var elements: [PresentedElement] = []
        var positions: [String: Int] = [:]
        for attributes in collectionView.visibleLayoutAttributes() {
            let element = presented(attributes)
            positions[element.id] = elements.count
            elements.append(element)
        }
        for element in collectionView.timeline.presentation(at: time)
        where element.state != .static || element.isSnapshot {
            if element.state != .disappearing, !element.isSnapshot, let position = positions[element.id] {
                elements[position] = element
            } else {
                elements.append(element)
            }
        }
        return PresentedFrame(index: index, time: time, contentOffset: collectionView.contentOffset, elements: elements)
    }

    private func presented(_ attributes: LayoutAttributes) -> PresentedElement {
        let kind = attributes.elementKind
        let section = attributes.indexPath.first ?? 0
        let id: String
        var content = ElementContent()
        if kind == .cell {
            let item = dataSource.collectionView(collectionView, itemAt: attributes.indexPath)
            id = item.id
            content.title = item.title
            content.imagePath = item.imagePath
        } else {
            let sectionData = dataSource.collectionView(collectionView, sectionAt: section)
            id = ElementKey(attributes).identity(sectionID: sectionData.id)
            content.title = sectionData.title
            content.itemCount = collectionView.numberOfItems(inSection: section)
        }
        return PresentedElement(
            kind: kind, indexPath: attributes.indexPath, id: id,
            center: attributes.center, size: attributes.size,
            alpha: PresentedElement.clampedAlpha(attributes.alpha), zIndex: attributes.zIndex,
            isHidden: attributes.isHidden, content: content, transform3D: attributes.transform3D)
    }
}
