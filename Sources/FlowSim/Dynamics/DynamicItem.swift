import Foundation

/// UIKit's `UIDynamicItem`: what a dynamic animator moves. The animator reads `center` and
/// `bounds` when an item joins (and at `updateItem(usingCurrentState:)`) and writes `center`
/// after every step. FlowSim does not simulate rotation, so `transform` is never written.
///
/// `LayoutAttributes` adopts it (a collection view layout's animator moves attributes), and so
/// does `View`.
public protocol DynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
}

extension LayoutAttributes: DynamicItem {}
extension View: DynamicItem {}

extension DynamicItem {
    /// The item's rect around its center (transform ignored).
    var dynamicFrame: CGRect {
        let size = bounds.size
        return CGRect(
            x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
}
