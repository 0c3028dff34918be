import Foundation

extension CollectionView {
    /// What a whole-content capture draws at `time`, as if the collection view were as large as
    /// its content: the presentation at `time` (elements on screen, animated as they are), then
    /// every other element the layout returns for the content rect (grown by 1 pt, as
    /// `SceneSimulation.queryRect(.content)`), at its layout attributes: UIKit has no view for an
    /// element off screen, so nothing of it animates. In paint order.
    public func fullContentPresentation(at time: Double) -> [PresentedElement] {
        var result = presentation(at: time)
        struct Identity: Hashable {
            var kind: ElementKind
            var id: String
        }
        var shown = Set(result.filter { !$0.isSnapshot }.map { Identity(kind: $0.kind, id: $0.id) })
        collectionViewLayout.prepareIfNeeded()
        let size = collectionViewLayout.collectionViewContentSize
        let rect = CGRect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        for attributes in validatedLayoutAttributes(in: rect) {
            let key = ElementKey(attributes)
            let id = identity(of: key)
            guard shown.insert(Identity(kind: key.kind, id: id)).inserted else { continue }
            result.append(
                PresentedElement(
                    kind: key.kind, indexPath: key.indexPath, id: id, center: attributes.center, size: attributes.size,
                    alpha: PresentedElement.clampedAlpha(attributes.alpha), zIndex: attributes.zIndex,
                    isHidden: attributes.isHidden, content: content(for: key), frame: attributes.frame,
                    transform3D: attributes.transform3D))
        }
        return PresentedElement.paintOrder(result)
    }
}
