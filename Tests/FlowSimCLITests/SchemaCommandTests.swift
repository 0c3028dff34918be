import FlowSim
import FlowSimSupport
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI
@testable import FlowSimScene

/// `flowsim schema`: generated from the decoder's key tables, it accepts every scene in the
/// repository and rejects unknown keys. Checked with a small validator of the keywords the
/// schema uses (type, properties, required, additionalProperties, enum, items, minimum,
/// exclusiveMinimum, maximum, pattern, $ref), written here so the test needs nothing installed.
final class SchemaCommandTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func schema() throws -> JSONValue {
        let result = CLI.run(["schema"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(result.stdout)
    }

    /// Every scene file in the repository: goldens' scenes and documentation examples.
    func repositoryScenes() throws -> [URL] {
        let fm = FileManager.default
        var scenes: [URL] = []
        let goldens = Self.root.appendingPathComponent("Goldens")
        for name in try fm.contentsOfDirectory(atPath: goldens.path) {
            let scene = goldens.appendingPathComponent(name).appendingPathComponent("scene.json")
            if fm.fileExists(atPath: scene.path) { scenes.append(scene) }
        }
        let examples = Self.root.appendingPathComponent("docs/examples")
        for name in (try? fm.contentsOfDirectory(atPath: examples.path)) ?? [] where name.hasSuffix(".json") {
            scenes.append(examples.appendingPathComponent(name))
        }
        return scenes.sorted { $0.path < $1.path }
    }

    func testSchemaIsDraft2020AndClosed() throws {
        let schema = try schema()
        XCTAssertEqual(schema["$schema"], .string("https://json-schema.org/draft/2020-12/schema"))
        XCTAssertEqual(schema["additionalProperties"], .bool(false))
        // A scene gives a viewport or a device (the decoder checks that it has one of them).
        XCTAssertNil(schema["required"])
        guard case .object(let definitions)? = schema["$defs"] else { return XCTFail("no $defs") }
        for (name, definition) in definitions {
            XCTAssertEqual(definition["additionalProperties"], .bool(false), name)
        }
    }

    func testEveryKeyIsDescribedAndEveryReferenceResolves() {
        let tables = Set(SceneDecoder.keyTables.map(\.name))
        for (table, keys) in SceneDecoder.keyTables {
            for key in keys {
                XCTAssertFalse(key.summary.isEmpty, "\(table).\(key.name) has no description")
                if case .any = key.type { XCTFail("\(table).\(key.name) has no type") }
                func check(_ type: SceneValueType) {
                    if case .object(let name) = type { XCTAssertTrue(tables.contains(name), "\(table).\(key.name)") }
                    if case .array(let element) = type { check(element) }
                    if case .oneOf(let types) = type { types.forEach(check) }
                }
                check(key.type)
            }
        }
    }

    func testSchemaAcceptsEveryRepositoryScene() throws {
        let schema = try schema()
        let scenes = try repositoryScenes()
        XCTAssertGreaterThanOrEqual(scenes.count, 5)
        for scene in scenes {
            let value = try JSONParser.parse(Data(contentsOf: scene))
            XCTAssertEqual(SchemaValidator(schema).errors(value), [], scene.path)
            // …and the decoder agrees.
            XCTAssertNoThrow(try SceneDecoder.load(path: scene.path), scene.path)
        }
    }

    func testSchemaRejectsUnknownKeysAndBadValues() throws {
        let validator = SchemaValidator(try schema())
        let base = #"{"viewport": {"width": 320, "height": 480}, "sections": [{"items": [{"title": "a"}]}]"#
        func errors(_ extra: String) throws -> [String] { validator.errors(try JSONParser.parse(base + extra + "}")) }
        XCTAssertEqual(try errors(""), [])
        XCTAssertEqual(try errors(#", "$schema": "./scene.schema.json""#), [])
        XCTAssertEqual(try errors(#", "viewprot": {}"#), ["viewprot: unknown key"])
        XCTAssertEqual(
            try errors(#", "updates": [{"timing": {"spring": {"response": 0.4, "dampingFraction": 0.7}}}]"#), [])
        XCTAssertEqual(try errors(#", "updates": [{"timing": {"curve": "easeInOut"}}]"#), [])
        XCTAssertEqual(
            try errors(#", "updates": [{"timing": {"curve": "bounce"}}]"#), ["updates[0].timing.curve: not in enum"])
        XCTAssertEqual(try errors(#", "style": {"background": "red"}"#), ["style.background: does not match pattern"])
        XCTAssertEqual(
            try errors(#", "layout": {"itemSize": {"width": -1, "height": 2}}"#),
            ["layout.itemSize.width: below minimum"])
        XCTAssertEqual(
            validator.errors(try JSONParser.parse(#"{"updates": [{"delete": [{"item": 0}]}]}"#)),
            ["updates[0].delete[0].section: missing required key"])
    }

    func testDecoderAcceptsTheSchemaKeyAndSuggestsWithDescriptions() throws {
        let base = #"{"$schema": "./scene.schema.json", "viewport": {"width": 320, "height": 480}, "sections": []"#
        let ok = CLI.run(["layout", CLI.sceneFile(base + "}")])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let typo = CLI.run(["layout", CLI.sceneFile(base + #", "layuot": {}}"#)])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains(#"did you mean "layout"? (the flow layout's properties)"#), typo.stderr)
    }
}

/// A validator for the JSON Schema keywords `SceneSchema` emits; errors as "path: reason".
struct SchemaValidator {
    let root: JSONValue

    init(_ root: JSONValue) { self.root = root }

    func errors(_ value: JSONValue) -> [String] { validate(value, root, path: "") }

    private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func validate(_ value: JSONValue, _ schema: JSONValue, path: String) -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): schema is not an object"] }
        let rule = Dictionary(keywords.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if case .string(let reference)? = rule["$ref"] {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard reference.hasPrefix("#/$defs/"), let target = root["$defs"]?[name] else {
                return ["\(path): unresolved \(reference)"]
            }
            return validate(value, target, path: path)
        }
        if case .array(let alternatives)? = rule["anyOf"] {
            let fits = alternatives.contains { validate(value, $0, path: path).isEmpty }
            return fits ? [] : ["\(path): matches none of anyOf"]
        }
        var errors: [String] = []
        if case .string(let type)? = rule["type"], !matches(value, type: type) {
            return ["\(path): expected \(type)"]
        }
        if case .array(let choices)? = rule["enum"], !choices.contains(value) { errors.append("\(path): not in enum") }
        if case .number(let x) = value {
            if case .number(let minimum)? = rule["minimum"], x < minimum { errors.append("\(path): below minimum") }
            if case .number(let maximum)? = rule["maximum"], x > maximum { errors.append("\(path): above maximum") }
            if case .number(let minimum)? = rule["exclusiveMinimum"], x <= minimum {
                errors.append("\(path): not above exclusiveMinimum")
            }
        }
        if case .string(let text) = value, case .string(let pattern)? = rule["pattern"],
            text.range(of: pattern, options: .regularExpression) == nil
        {
            errors.append("\(path): does not match pattern")
        }
        if case .array(let items) = value, let itemSchema = rule["items"] {
            for (index, item) in items.enumerated() {
                errors += validate(item, itemSchema, path: "\(path)[\(index)]")
            }
        }
        if case .object(let members) = value {
            let properties: [String: JSONValue]
            if case .object(let list)? = rule["properties"] {
                properties = Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            } else {
                properties = [:]
            }
            if case .array(let required)? = rule["required"] {
                for case .string(let key) in required where !members.contains(where: { $0.key == key }) {
                    errors.append("\(join(path, key)): missing required key")
                }
            }
            for member in members {
                if let property = properties[member.key] {
                    errors += validate(member.value, property, path: join(path, member.key))
                } else if rule["additionalProperties"] == .bool(false) {
                    errors.append("\(join(path, member.key)): unknown key")
                }
            }
        }
        return errors
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("number", .number):
            return true
        case ("integer", .number(let x)): return x == x.rounded()
        default: return false
        }
    }
}

extension JSONValue {
    /// An object's member, nil for a missing key or another kind of value.
    fileprivate subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
