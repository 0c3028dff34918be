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

    /// `attributes`' description as UIKit prints it, without the address: 26.1's
    /// `-[UICollectionViewLayoutAttributes description]` prints `<%@: %p ` (the class) and then
    /// `index path: %@; ` (the path's `_ui_shortDescription`, `(0-4)`), `element kind: (%@); `
    /// for all but cells, `frame = (%g %g; %g %g); `, the transform when it is not the identity,
    /// `hidden = YES; `, `alpha = %g; ` when not 1 and `zIndex = %ld; ` when not 0, the last
    /// `; ` replaced by `>`: `<UICollectionViewLayoutAttributes index path: (0-4); frame = (0 375; 187.5 187.5)>`.
    static func attributes(_ attributes: LayoutAttributes) -> String {
        let type = type(of: attributes)
        let className = type == LayoutAttributes.self ? "UICollectionViewLayoutAttributes" : String(describing: type)
        var parts = ["index path: \(shortIndexPath(attributes.indexPath))"]
        if attributes.representedElementCategory != .cell, let kind = attributes.representedElementKind {
            parts.append("element kind: (\(kind))")
        }
        let frame = attributes.frame
        parts.append(
            "frame = (\(g(frame.origin.x)) \(g(frame.origin.y)); \(g(frame.size.width)) \(g(frame.size.height)))")
        let transform3D = attributes.transform3D
        if !CATransform3DIsIdentity(transform3D) {
            parts.append(
                CATransform3DIsAffine(transform3D)
                    ? "transform = \(affine(CATransform3DGetAffineTransform(transform3D)))" : "non-affine transform")
        }
        if attributes.isHidden { parts.append("hidden = YES") }
        if attributes.alpha != 1 { parts.append("alpha = \(g(attributes.alpha))") }
        if attributes.zIndex != 0 { parts.append("zIndex = \(attributes.zIndex)") }
        return "<\(className) " + parts.joined(separator: "; ") + ">"
    }

    /// UIKit's `-[NSIndexPath _ui_shortDescription]`: `(0-4)`, `(2)` for a one-index path,
    /// `(empty)` for none.
    static func shortIndexPath(_ path: IndexPath) -> String {
        path.isEmpty ? "(empty)" : "(" + path.map(String.init).joined(separator: "-") + ")"
    }

    /// C's `%g` (six significant digits): what UIKit's descriptions print with it. Darwin's
    /// `printf` prints every NaN as `nan` (glibc would print `-nan` for one with its sign bit set,
    /// as `0 · ∞` gives).
    static func g(_ value: CGFloat) -> String {
        if value.isNaN { return "nan" }
        return String(format: "%g", Double(value))
    }

    /// `NSStringFromCGAffineTransform`: `[a, b, c, d, tx, ty]`.
    static func affine(_ t: CGAffineTransform) -> String {
        "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: ", ") + "]"
    }
}
