import Foundation

#if canImport(QuartzCore)
    import QuartzCore
#endif

/// UIKit's `NSCollectionLayoutVisibleItem`: what a section's `visibleItemsInvalidationHandler`
/// may read and change of each visible item. FlowSim hands it the layout attributes themselves,
/// so changes show in the layout's answer.
public protocol LayoutVisibleItem: AnyObject {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var name: String { get }
    var indexPath: IndexPath { get }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var representedElementCategory: ElementCategory { get }
    var representedElementKind: String? { get }
}

extension LayoutAttributes: LayoutVisibleItem {
    /// UIKit's visible item `name`: the element's kind, or "cell".
    public var name: String { representedElementKind ?? "cell" }
}
