import FlowSim
import FlowSimSupport
import Foundation

#if canImport(Darwin)
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

    /// An element's identity members: `kind` (`cell`, `header`, `footer`, `supplementary`,
    /// `decoration`), `elementKind` (the kind string, for the last two), `section`, and
    /// `indexPath` for every supplementary or decoration view whose index path is not the flow
    /// layout's `[section, 0]` (so headers and footers read as they always did).
    static func identity(kind: ElementKind, indexPath: IndexPath) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("kind", .string(kind.rawValue))]
        if let custom = kind.customKind { members.append(("elementKind", .string(custom))) }
        members.append(("section", .number(Double(indexPath.first ?? 0))))
        if writesIndexPath(kind: kind, indexPath: indexPath) {
            members.append(("indexPath", .array(indexPath.map { JSONValue.number(Double($0)) })))
        }
        return members
    }

    /// Whether `identity` lists the index path (see there).
    static func writesIndexPath(kind: ElementKind, indexPath: IndexPath) -> Bool {
        if kind == .cell { return false }
        return kind.customKind != nil || indexPath.count != 2 || indexPath[1] != 0
    }

    /// `identity(kind:indexPath:)` written to a stream.
    static func writeIdentity(
        kind: ElementKind, indexPath: IndexPath, depth: Int, to writer: inout JSONStreamWriter
    ) {
        writer.raw("{\"kind\": ")
        writer.string(kind.rawValue)
        if let custom = kind.customKind {
            writer.key("elementKind")
            writer.string(custom)
        }
        writer.key("section")
        writer.integer(indexPath.first ?? 0)
        if writesIndexPath(kind: kind, indexPath: indexPath) {
            writer.key("indexPath")
            writer.raw("[")
            for (position, index) in indexPath.enumerated() {
                writer.item(position, depth: depth + 1)
                writer.integer(index)
            }
            writer.endArray(count: indexPath.count, depth: depth + 1)
        }
    }

    /// One layout element: kind, (elementKind,) section, (indexPath,) (item, id for cells), geometry.
    public static func element(_ attributes: LayoutAttributes, id: String?) -> JSONValue {
        let kind = attributes.elementKind
        var members = identity(kind: kind, indexPath: attributes.indexPath)
        if kind == .cell {
            members.append(("item", .number(Double(attributes.indexPath.count > 1 ? attributes.indexPath[1] : 0))))
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
    public static func layout(_ simulation: SceneSimulation, query: SceneSimulation.LayoutQuery = .content) -> JSONValue
    {
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
        var members = identity(kind: element.kind, indexPath: element.indexPath)
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

// MARK: Streamed

/// The same documents written straight through a `JSONStreamWriter`, byte for byte what
/// `serialized(pretty:)` makes of the trees above, without building them.
extension LayoutExport {
    static func writeGeometry(
        frame: CGRect, center: CGPoint, size: CGSize, transform3D: CATransform3D, alpha: CGFloat, zIndex: Int,
        depth: Int, to writer: inout JSONStreamWriter
    ) {
        let transform = CATransform3DGetAffineTransform(transform3D)
        writer.key("frame")
        writer.raw("{\"x\": ")
        writer.number(Double(frame.minX))
        writer.raw(", \"y\": ")
        writer.number(Double(frame.minY))
        writer.raw(", \"width\": ")
        writer.number(Double(frame.width))
        writer.raw(", \"height\": ")
        writer.number(Double(frame.height))
        writer.raw("}, \"center\": {\"x\": ")
        writer.number(Double(center.x))
        writer.raw(", \"y\": ")
        writer.number(Double(center.y))
        writer.raw("}, \"size\": {\"width\": ")
        writer.number(Double(size.width))
        writer.raw(", \"height\": ")
        writer.number(Double(size.height))
        // The identity, most elements' transform, in one piece (+0 only: −0 prints as "-0").
        let zeros =
            Double(transform.b).bitPattern | Double(transform.c).bitPattern | Double(transform.tx).bitPattern
            | Double(transform.ty).bitPattern
        if Double(transform.a) == 1, Double(transform.d) == 1, zeros == 0 {
            writer.raw("}, \"transform\": {\"a\": 1, \"b\": 0, \"c\": 0, \"d\": 1, \"tx\": 0, \"ty\": 0}")
        } else {
            writeTransform(transform, to: &writer)
        }
        if !CATransform3DIsAffine(transform3D) {
            writer.key("transform3D")
            writer.raw("[")
            let entries = transform3D.entries
            for (index, entry) in entries.enumerated() {
                writer.item(index, depth: depth + 1)
                writer.number(Double(entry))
            }
            writer.endArray(count: entries.count, depth: depth + 1)
        }
        writer.key("alpha")
        writer.number(Double(alpha))
        writer.key("zIndex")
        writer.integer(zIndex)
    }

    /// `"transform": {…}` of an affine transform, each number as `number` prints it.
    static func writeTransform(_ transform: CGAffineTransform, to writer: inout JSONStreamWriter) {
        writer.raw("}, \"transform\": {\"a\": ")
        writer.number(Double(transform.a))
        writer.raw(", \"b\": ")
        writer.number(Double(transform.b))
        writer.raw(", \"c\": ")
        writer.number(Double(transform.c))
        writer.raw(", \"d\": ")
        writer.number(Double(transform.d))
        writer.raw(", \"tx\": ")
        writer.number(Double(transform.tx))
        writer.raw(", \"ty\": ")
        writer.number(Double(transform.ty))
        writer.raw("}")
    }

    /// `element(_:id:)` written at `depth`.
    public static func writeElement(
        _ attributes: LayoutAttributes, id: String?, depth: Int, to writer: inout JSONStreamWriter
    ) {
        let kind = attributes.elementKind
        writeIdentity(kind: kind, indexPath: attributes.indexPath, depth: depth, to: &writer)
        if kind == .cell {
            writer.key("item")
            writer.integer(attributes.indexPath.count > 1 ? attributes.indexPath[1] : 0)
            if let id {
                writer.key("id")
                writer.string(id)
            }
        }
        writeGeometry(
            frame: attributes.frame, center: attributes.center, size: attributes.size,
            transform3D: attributes.transform3D, alpha: attributes.alpha, zIndex: attributes.zIndex, depth: depth,
            to: &writer)
        if attributes.isHidden { writer.raw(", \"hidden\": true") }
        writer.raw("}")
    }

    /// `layout(_:query:)` streamed: the document without a tree.
    public static func writeLayout(
        _ simulation: SceneSimulation, query: SceneSimulation.LayoutQuery = .content,
        to writer: inout JSONStreamWriter
    ) {
        let content = simulation.layout.collectionViewContentSize
        let rect = simulation.queryRect(query)
        writer.raw("{\"contentSize\": {\"width\": ")
        writer.number(Double(content.width))
        writer.raw(", \"height\": ")
        writer.number(Double(content.height))
        writer.raw("}, \"elements\": [")
        var count = 0
        simulation.forEachLayoutAttributes(query: query) { attributes in
            writer.item(count, depth: 1)
            writeElement(
                attributes,
                id: attributes.elementKind == .cell ? simulation.collectionView.itemID(at: attributes.indexPath) : nil,
                depth: 2, to: &writer)
            writer.flushIfFull()
            count += 1
        }
        writer.endArray(count: count, depth: 1)
        writer.raw(", \"query\": {\"rect\": ")
        writer.string(query.rawValue)
        writer.raw(", \"frame\": [")
        for (index, value) in [rect.minX, rect.minY, rect.width, rect.height].enumerated() {
            writer.item(index, depth: 2)
            writer.number(Double(value))
        }
        writer.endArray(count: 4, depth: 2)
        writer.raw("}}")
    }

    /// `element(_:)` (a presented element) written at `depth`.
    public static func writeElement(_ element: PresentedElement, depth: Int, to writer: inout JSONStreamWriter) {
        writeIdentity(kind: element.kind, indexPath: element.indexPath, depth: depth, to: &writer)
        if element.kind == .cell {
            writer.key("item")
            writer.integer(element.item ?? 0)
            writer.key("id")
            writer.string(element.id)
        }
        writeGeometry(
            frame: element.frame, center: element.center, size: element.size, transform3D: element.transform3D,
            alpha: element.presentedAlpha, zIndex: element.zIndex, depth: depth, to: &writer)
        if element.isHidden { writer.raw(", \"hidden\": true") }
        writer.key("state")
        writer.string(element.state.rawValue)
        if element.isSnapshot { writer.raw(", \"snapshot\": true") }
        writer.raw("}")
    }

    /// `frames(_:fps:duration:)` streamed; `frame(i)` makes the i-th frame when it is written,
    /// so only one frame's elements are held at a time.
    public static func writeFrames(
        count: Int, frame: (Int) -> PresentedFrame, fps: Double, duration: Double, to writer: inout JSONStreamWriter
    ) {
        writer.raw("{\"fps\": ")
        writer.number(fps)
        writer.raw(", \"duration\": ")
        writer.number(duration)
        writer.raw(", \"frames\": [")
        for index in 0..<count {
            let frame = frame(index)
            writer.item(index, depth: 1)
            writer.raw("{\"index\": ")
            writer.integer(frame.index)
            writer.raw(", \"time\": ")
            writer.number(frame.time)
            writer.raw(", \"elements\": [")
            for (position, element) in frame.elements.enumerated() {
                writer.item(position, depth: 3)
                writeElement(element, depth: 4, to: &writer)
                writer.flushIfFull()
            }
            writer.endArray(count: frame.elements.count, depth: 3)
            writer.raw("}")
            writer.flushIfFull()
        }
        writer.endArray(count: count, depth: 1)
        writer.raw("}")
    }
}
