import Foundation

/// How UIKit's messages print the values in their placeholders (`%@` of an `NSValue`, an index
/// path, a layout), without the memory addresses UIKit prints, so the same scene gives the same
/// text on every run.
enum UIKitDescription {
    /// `NSStringFromCGSize`: `{400, 50}`.
    static func size(_ size: CGSize) -> String { "{\(number(size.width)), \(number(size.height))}" }

    /// `NSStringFromCGPoint`: `{0, 0}`.
    static func point(_ point: CGPoint) -> String { "{\(number(point.x)), \(number(point.y))}" }

    /// `NSStringFromDirectionalEdgeInsets`: `{top, leading, bottom, trailing}`.
    static func insets(_ insets: DirectionalEdgeInsets) -> String {
        "{\(number(insets.top)), \(number(insets.leading)), \(number(insets.bottom)), \(number(insets.trailing))}"
    }

    /// `NSStringFromCGRect`: `{{0, 0}, {375, 50}}`.
    static func rect(_ rect: CGRect) -> String { "{\(point(rect.origin)), \(size(rect.size))}" }

    /// `NSIndexPath`'s description without its address: `{length = 2, path = 0 - 5}`.
    static func indexPath(_ path: IndexPath) -> String {
        "{length = \(path.count), path = \(path.map(String.init).joined(separator: " - "))}"
    }

    /// `%g`-like: integral values without a decimal point, others in Swift's shortest form;
    /// `nan` and `inf` as Foundation prints them.
    static func number(_ value: CGFloat) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(Double(value))"
    }

    /// The class name UIKit prints for a layout: FlowSim's own flow layout under UIKit's name,
    /// a team's subclass under its own.
    static func layoutClassName(_ layout: CollectionViewLayout) -> String {
        let type = type(of: layout)
        if type == FlowLayout.self || type == InsetFlowLayout.self { return "UICollectionViewFlowLayout" }
        if type == CollectionViewLayout.self { return "UICollectionViewLayout" }
        return String(describing: type)
    }

    /// `<ClassName>`: a layout as UIKit's `%@` prints it, without the address.
    static func layout(_ layout: CollectionViewLayout) -> String { "<\(layoutClassName(layout))>" }

    /// A collection view as UIKit's `%@` prints it, without addresses: class, frame, offset and
    /// the layout.
    static func collectionView(_ view: CollectionView?) -> String {
        guard let view else { return "(null)" }
        let frame = view.frame
        return "<UICollectionView; frame = (\(number(frame.minX)) \(number(frame.minY)); "
            + "\(number(frame.width)) \(number(frame.height))); contentOffset: \(point(view.contentOffset)); "
            + "collectionViewLayout: \(layout(view.collectionViewLayout))>"
    }

    /// `attributes`' description as UIKit prints it, without the address.
    static func attributes(_ attributes: LayoutAttributes) -> String {
        var text = "<UICollectionViewLayoutAttributes> index path: (\(indexPath(attributes.indexPath)))"
        if let kind = attributes.representedElementKind { text += "; element kind: (\(kind))" }
        return text + "; frame = \(rect(attributes.frame))"
    }
}
