import FlowSim
import Foundation

/// One key a scene object accepts: its name, the kind of value it holds and a one-line
/// description. The decoder's key tables (`SceneDecoder.sceneKeys`, `layoutKeys`, …) are lists
/// of these: the decoder checks keys against them (and quotes the description when it suggests
/// a key), and `SceneSchema` generates the JSON Schema from them, so the two cannot drift.
///
/// A bare string literal is a key of any value without a description (the schema test lists
/// such keys so they get described).
public struct SceneKey: Sendable, ExpressibleByStringLiteral {
    public var name: String
    public var type: SceneValueType
    public var summary: String
    public var isRequired: Bool

    public init(_ name: String, _ type: SceneValueType, _ summary: String, required: Bool = false) {
        self.name = name
        self.type = type
        self.summary = summary
        self.isRequired = required
    }

    public init(stringLiteral name: String) {
        self.init(name, .any, "")
    }
}

/// The kind of value a scene key holds, as the decoder reads it.
public indirect enum SceneValueType: Sendable {
    /// Anything (a key not yet described).
    case any
    /// A finite number.
    case number
    /// A finite number ≥ 0.
    case nonNegative
    /// A finite number > 0.
    case positive
    /// A number in 0…1.
    case fraction
    /// A whole number ≥ `minimum`.
    case integer(minimum: Int?)
    case string
    case bool
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// One of these strings.
    case choice([String])
    /// An object whose keys are the key table named so (`SceneDecoder.keyTables`).
    case object(String)
    case array(SceneValueType)
    /// Any of these (a self-sizing estimate is a size or "automatic"; a reload lists index paths
    /// or, with a snapshot, item ids).
    case oneOf([SceneValueType])
}

extension SceneDecoder {
    // MARK: Shared objects

    static let sizeKeys: [SceneKey] = [
        SceneKey("width", .nonNegative, "width in points", required: true),
        SceneKey("height", .nonNegative, "height in points", required: true),
    ]
    static let pointKeys: [SceneKey] = [
        SceneKey("x", .number, "x in points (default 0)"), SceneKey("y", .number, "y in points (default 0)"),
    ]
    static let insetsKeys: [SceneKey] = [
        SceneKey("top", .nonNegative, "top inset in points"), SceneKey("left", .nonNegative, "left inset in points"),
        SceneKey("bottom", .nonNegative, "bottom inset in points"),
        SceneKey("right", .nonNegative, "right inset in points"),
    ]
    static let indexPathKeys: [SceneKey] = [
        SceneKey("section", .integer(minimum: 0), "section index", required: true),
        SceneKey("item", .integer(minimum: 0), "item index within the section", required: true),
    ]

    /// Every key table by the name `SceneValueType.object` refers to, the scene first.
    public static var keyTables: [(name: String, keys: [SceneKey])] {
        [
            ("scene", sceneKeys), ("viewport", viewportKeys), ("layout", layoutKeys), ("appearing", appearingKeys),
            ("disappearing", disappearingKeys), ("trailingEdgeCenter", trailingEdgeCenterKeys),
            ("section", sectionKeys), ("item", itemKeys), ("update", updateKeys), ("insertedItem", insertedItemKeys),
            ("insertedSection", insertedSectionKeys), ("move", moveKeys), ("sectionMove", sectionMoveKeys),
            ("timing", timingKeys), ("spring", springKeys), ("physicalSpring", physicalSpringKeys),
            ("scroll", scrollKeys), ("style", styleKeys), ("golden", goldenKeys), ("pagination", paginationKeys),
            ("size", sizeKeys), ("point", pointKeys), ("insets", insetsKeys), ("indexPath", indexPathKeys),
            ("snapshotSection", snapshotSectionKeys), ("snapshotItem", snapshotItemKeys), ("traits", traitsKeys),
            ("drag", dragKeys),
        ] + compositionalKeyTables
    }

    /// The key table named `name`.
    public static func keyTable(_ name: String) -> [SceneKey]? {
        keyTables.first { $0.name == name }?.keys
    }
}

extension ValueReader {
    /// The object's members, after checking every key is in `table`; an unknown key's error
    /// suggests the nearest known key with its description.
    public func object(known table: [SceneKey]) throws -> ObjectReader {
        try object(
            isKnown: { key in table.contains { $0.name == key } }, names: { table.map(\.name) },
            summary: { name in table.first { $0.name == name }?.summary })
    }
}
