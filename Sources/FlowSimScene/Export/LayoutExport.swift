import FlowSim
import Foundation

#if canImport(QuartzCore)
    import QuartzCore
#endif

/// The JSON shapes of `flowsim layout` and `flowsim frames` (documented in the README).
public enum LayoutExport {
    static func number(_ value: CGFloat) -> JSONValue { .number(Double(value)) }

    /// Frame, center, size, the affine `transform`, then `transform3D` (16 numbers, `m11`…`m44`
    /// row by row) only when the transform is not affine, alpha and zIndex.
    static func geometry(
        frame: CGRect, center: CGPoint, size: CGSize, transform3D: CATransform3D, alpha: CGFloat, zIndex: Int
    ) -> [(key: String, value: JSONValue)] {
        let transform = CATransform3DGetAffineTransform(transform3D)
        var members: [(key: String, value: JSONValue)] = [
            (
                "frame",
                .object([
                    ("x", number(frame.minX)), ("y", number(frame.minY)), ("width", number(frame.width)),
                    ("height", number(frame.height)),
                ])
            ),
            ("center", .object([("x", number(center.x)), ("y", number(center.y))])),
            ("size", .object([("width", number(size.width)), ("height", number(size.height))])),
            (
                "transform",
                .object([
                    ("a", number(transform.a)), ("b", number(transform.b)), ("c", number(transform.c)),
                    ("d", number(transform.d)), ("tx", number(transform.tx)), ("ty", number(transform.ty)),
                ])
            ),
        ]
        if !CATransform3DIsAffine(transform3D) {
            members.append(("transform3D", .array(transform3D.entries.map { JSONValue.number($0) })))
        }
        members.append(("alpha", number(alpha)))
        members.append(("zIndex", .number(Double(zIndex))))
        return members
    }

    /// One layout element: kind, section, (item, id for cells), geometry.
    public static func element(_ attributes: LayoutAttributes, id: String?) -> JSONValue {
        let kind = attributes.elementKind
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("section", .number(Double(attributes.indexPath.section))),
        ]
        if kind == .cell {
            members.append(("item", .number(Double(attributes.indexPath.item))))
            if let id { members.append(("id", .string(id))) }
        }
        members += geometry(
            frame: attributes.frame, center: attributes.center, size: attributes.size,
            transform3D: attributes.transform3D, alpha: attributes.alpha, zIndex: attributes.zIndex)
        if attributes.isHidden { members.append(("hidden", .bool(true))) }
        return .object(members)
    }

    /// `{"contentSize": …, "elements": […], "query": …}` for the simulation's current layout;
    /// `query` names the rect the layout was asked for and gives it.
    public static func layout(_ simulation: SceneSimulation, query: SceneSimulation.LayoutQuery = .content) -> JSONValue {
        let content = simulation.layout.collectionViewContentSize
        let rect = simulation.queryRect(query)
        let elements = simulation.layoutAttributes(query: query).map { attributes in
            element(
                attributes,
                id: attributes.elementKind == .cell ? simulation.collectionView.itemID(at: attributes.indexPath) : nil)
        }
        return .object([
            ("contentSize", .object([("width", number(content.width)), ("height", number(content.height))])),
            ("elements", .array(elements)),
            (
                "query",
                .object([
                    ("rect", .string(query.rawValue)),
                    (
                        "frame",
                        .array([number(rect.minX), number(rect.minY), number(rect.width), number(rect.height)])
                    ),
                ])
            ),
        ])
    }

    /// A presented element with its state (and `"snapshot": true` for two-part ghosts); alpha
    /// clamped to [0, 1] as presented (layout JSON keeps the layout's own alpha).
    public static func element(_ element: PresentedElement) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(element.kind.rawValue)), ("section", .number(Double(element.section))),
        ]
        if element.kind == .cell {
            members.append(("item", .number(Double(element.item ?? 0))))
            members.append(("id", .string(element.id)))
        }
        members += geometry(
            frame: element.frame, center: element.center, size: element.size, transform3D: element.transform3D,
            alpha: element.presentedAlpha, zIndex: element.zIndex)
        if element.isHidden { members.append(("hidden", .bool(true))) }
        members.append(("state", .string(element.state.rawValue)))
        if element.isSnapshot { members.append(("snapshot", .bool(true))) }
        return .object(members)
    }

    /// `{"fps": F, "duration": D, "frames": [{"index", "time", "elements"}]}`.
    public static func frames(_ frames: [PresentedFrame], fps: Double, duration: Double) -> JSONValue {
        .object([
            ("fps", .number(fps)),
            ("duration", .number(duration)),
            (
                "frames",
                .array(
                    frames.map { frame in
                        .object([
                            ("index", .number(Double(frame.index))),
                            ("time", .number(frame.time)),
                            ("elements", .array(frame.elements.map(element))),
                        ])
                    })
            ),
        ])
    }
}
