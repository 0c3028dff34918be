import FlowSim
import FlowSimSupport
import Foundation

/// The JSON Schema (draft 2020-12) of scene files, generated from the decoder's key tables
/// (`SceneDecoder.keyTables`): every object is closed (`additionalProperties: false`), lists its
/// keys with their descriptions, and marks the required ones. Checks the decoder makes across
/// keys (time order, one timing form, item ids) are not expressed.
public enum SceneSchema {
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as a JSON value: the scene object at the root, every other table in `$defs`.
    public static func json() -> JSONValue {
        guard let scene = SceneDecoder.keyTable("scene") else { return .null }
        var root: [(key: String, value: JSONValue)] = [
            ("$schema", .string(draft)),
            ("$id", .string("https://flowsim.invalid/scene.schema.json")),
            ("title", .string("FlowSim scene")),
            ("description", .string("A FlowSim scene file: a collection view, its layout, data, updates and scrolls.")),
        ]
        root += objectMembers(scene)
        let definitions = SceneDecoder.keyTables.filter { $0.name != "scene" }.map {
            (key: $0.name, value: JSONValue.object(objectMembers($0.keys)))
        }
        root.append(("$defs", .object(definitions)))
        return .object(root)
    }

    /// The schema text, pretty-printed.
    public static var text: String { json().serialized(pretty: true) }

    static func objectMembers(_ keys: [SceneKey]) -> [(key: String, value: JSONValue)] {
        let properties = keys.map { key -> (key: String, value: JSONValue) in
            var members = valueSchema(key.type)
            if !key.summary.isEmpty { members.insert(("description", .string(key.summary)), at: 0) }
            return (key.name, .object(members))
        }
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string("object")), ("properties", .object(properties)),
        ]
        let required = keys.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", .bool(false)))
        return members
    }

    static func valueSchema(_ type: SceneValueType) -> [(key: String, value: JSONValue)] {
        switch type {
        case .any: return []
        case .number: return [("type", .string("number"))]
        case .nonNegative: return [("type", .string("number")), ("minimum", .number(0))]
        case .positive: return [("type", .string("number")), ("exclusiveMinimum", .number(0))]
        case .fraction: return [("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))]
        case .integer(let minimum):
            return [("type", .string("integer"))] + (minimum.map { [("minimum", .number(Double($0)))] } ?? [])
        case .string: return [("type", .string("string"))]
        case .bool: return [("type", .string("boolean"))]
        case .color:
            return [
                ("type", .string("string")),
                ("pattern", .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")),
            ]
        case .choice(let names): return [("enum", .array(names.map(JSONValue.string)))]
        case .object(let name): return [("$ref", .string("#/$defs/\(name)"))]
        case .array(let element):
            return [("type", .string("array")), ("items", .object(valueSchema(element)))]
        case .oneOf(let types):
            return [("anyOf", .array(types.map { .object(valueSchema($0)) }))]
        }
    }
}
