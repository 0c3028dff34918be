import FlowSim
import Foundation

/// Turns a scene file (JSON or property list) into a validated `Scene`. Every error names the
/// source and key path; nothing here traps on any input.
public enum SceneDecoder {
    /// The one scene-file loader (every `flowsim` command and FlowSimTesting use it): reads a
    /// scene file, `.plist` as a property list and anything else as JSON, and resolves relative
    /// cell image paths against the file's folder, so a scene renders the same from any working
    /// directory. Errors name the file and the key path.
    public static func load(path: String) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        let data = try read(path: path)
        let name = url.deletingPathExtension().lastPathComponent
        let scene = try decode(
            data, source: path, defaultName: name, isPropertyList: url.pathExtension.lowercased() == "plist")
        return scene.resolvingImagePaths(relativeTo: url.deletingLastPathComponent())
    }

    public static func decode(_ data: Data, source: String, defaultName: String, isPropertyList: Bool = false) throws
        -> Scene
    {
        // First with runs of `{}` items parsed as counts (a fresh key marks them); any error
        // decodes the document again item by item, so errors are found as that decoder finds them.
        if !isPropertyList {
            let runKey = "\u{0}flowsim-items-\(UInt64.random(in: 0...UInt64.max))"
            if let root = try? JSONParser.parse(data, emptyObjectRunKey: runKey),
                let scene = try? scene(ValueReader(root), defaultName: defaultName, uniformRuns: true, runKey: runKey)
            {
                return scene
            }
        }
        let root = try self.root(data, source: source, isPropertyList: isPropertyList)
        do {
            return try scene(ValueReader(root), defaultName: defaultName, uniformRuns: false, runKey: nil)
        } catch var error as SceneError {
            error.source = source
            throw error
        }
    }

    /// A timing from its scene form (`{"preset": …}`, `{"spring": {…}}`, `{"curve": …}`, …), for
    /// options that take a timing; errors name the key path within `value`.
    public static func timing(from value: JSONValue) throws -> AnimationTiming {
        try timing(ValueReader(value))
    }

    static func read(path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let reason =
                !exists ? "no such file" : isDirectory.boolValue ? "is a directory, not a scene file" : "cannot be read"
            throw SceneError(source: path, path: "", message: reason)
        }
    }

    static func root(_ data: Data, source: String, isPropertyList: Bool) throws -> JSONValue {
        if isPropertyList { return try propertyList(data, source: source) }
        do { return try JSONParser.parse(data) } catch let failure as JSONParser.Failure {
            throw SceneError(
                source: source, path: "",
                message: "malformed JSON at line \(failure.line), column \(failure.column): \(failure.message)")
        }
    }

    // MARK: Property lists

    static func propertyList(_ data: Data, source: String) throws -> JSONValue {
        // Foundation expands shared objects while parsing: measure a binary plist first.
        if data.starts(with: Array("bplist00".utf8)),
            BinaryPropertyListSize.expandedCount(data, limit: maxPropertyListValues) == nil
        {
            throw SceneError(
                source: source, path: "",
                message:
                    "the property list expands to more than \(maxPropertyListValues) values (objects shared by many references), or its object table is damaged"
            )
        }
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw SceneError(
                source: source, path: "", message: "malformed property list: \(error.localizedDescription)")
        }
        if data.starts(with: Array("bplist00".utf8)), let key = BinaryPropertyListSize.firstDuplicateKey(data) {
            throw SceneError(
                source: source, path: "",
                message: "duplicate key \"\(SceneError.excerpt(key))\" (keys must be unique, as in JSON)")
        }
        if !data.starts(with: Array("bplist".utf8)), let key = PropertyListDuplicateKeys.first(in: data) {
            throw SceneError(
                source: source, path: key.path,
                message: "duplicate key \"\(SceneError.excerpt(key.key))\" (keys must be unique, as in JSON)")
        }
        var budget = maxPropertyListValues
        return try convert(object, path: "", source: source, budget: &budget)
    }

    /// The most values a property-list scene may expand to. A binary plist can share one object
    /// among many references (a 3 KB file can describe billions of values); the conversion
    /// stops at this count instead of expanding the graph.
    public static let maxPropertyListValues = 1_000_000

    private static func convert(_ object: Any, path: String, source: String, budget: inout Int) throws -> JSONValue {
        budget -= 1
        guard budget >= 0 else {
            throw SceneError(
                source: source, path: path,
                message:
                    "the property list expands to more than \(maxPropertyListValues) values (objects shared by many references); a scene needs far fewer"
            )
        }
        switch object {
        case let value as Bool where type(of: object) == Bool.self: return .bool(value)
        case let value as String: return .string(value)
        case let value as Int: return .number(Double(value))
        case let value as Double: return .number(value)
        case let value as NSNumber: return .number(value.doubleValue)
        case let value as [Any]:
            return .array(
                try value.enumerated().map { try convert($1, path: "\(path)[\($0)]", source: source, budget: &budget) })
        case let value as [String: Any]:
            // Property-list dictionaries are unordered; sort keys for a stable order.
            return .object(
                try value.keys.sorted().map { key in
                    (
                        key,
                        try convert(
                            value[key]!, path: path.isEmpty ? key : "\(path).\(key)", source: source, budget: &budget)
                    )
                })
        default:
            throw SceneError(
                source: source, path: path, message: "unsupported property-list value of type \(type(of: object))")
        }
    }
}

/// Finds a repeated `<key>` within one `<dict>` of an XML property list (Foundation keeps the
/// last silently; FlowSim refuses them as it refuses duplicate JSON keys). A plain scan of the
/// tags (`<dict>`, `</dict>`, `<dict/>`, `<key>…</key>`, comments skipped): property lists
/// have no other way to open a dictionary. Keys are compared as written (entities unexpanded).
enum PropertyListDuplicateKeys {
    static func first(in data: Data) -> (key: String, path: String)? {
        let bytes = [UInt8](data)
        var stack: [Set<String>] = []
        var i = 0
        func starts(_ text: String, at index: Int) -> Bool {
            let t = Array(text.utf8)
            return index + t.count <= bytes.count && Array(bytes[index..<(index + t.count)]) == t
        }
        func find(_ text: String, from index: Int) -> Int? {
            let t = Array(text.utf8)
            var j = index
            while j + t.count <= bytes.count {
                if bytes[j] == t[0] && Array(bytes[j..<(j + t.count)]) == t { return j }
                j += 1
            }
            return nil
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { return nil }
                i = end + 3
            } else if starts("<dict/>", at: i) {
                i += 7
            } else if starts("<dict>", at: i) {
                stack.append([])
                i += 6
            } else if starts("</dict>", at: i) {
                if !stack.isEmpty { stack.removeLast() }
                i += 7
            } else if starts("<key>", at: i) {
                guard let end = find("</key>", from: i + 5) else { return nil }
                let key = String(decoding: bytes[(i + 5)..<end], as: UTF8.self)
                if !stack.isEmpty, !stack[stack.count - 1].insert(key).inserted { return (key, key) }
                i = end + 6
            } else {
                i += 1
            }
        }
        return nil
    }
}

/// A binary property list's object table, read in place: the trailer's sizes, each object's
/// offset, and the length and first element of arrays, sets, dictionaries and strings. Every
/// read is bounds-checked; nil means a damaged table.
struct BinaryPropertyListTable {
    let b: [UInt8]
    let offsetSize: Int
    let refSize: Int
    let count: Int
    let top: Int
    let table: Int

    init?(_ data: Data) {
        b = [UInt8](data)
        guard b.count >= 40 else { return nil }
        let t = b.count - 32
        offsetSize = Int(b[t + 6])
        refSize = Int(b[t + 7])
        var count = 0
        var top = 0
        var table = 0
        for (field, at) in [(0, t + 8), (1, t + 16), (2, t + 24)] {
            var v = 0
            for k in 0..<8 { v = v << 8 | Int(b[at + k]) }
            guard v >= 0 else { return nil }
            if field == 0 { count = v } else if field == 1 { top = v } else { table = v }
        }
        guard count >= 1, count <= b.count, top < count else { return nil }
        self.count = count
        self.top = top
        self.table = table
    }

    /// A big-endian unsigned integer of `size` bytes at `at`.
    func int(_ at: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 8, at >= 0, at + size <= b.count else { return nil }
        var v = 0
        for k in 0..<size { v = v << 8 | Int(b[at + k]) }
        return v >= 0 ? v : nil
    }

    /// Where object `object` starts.
    func offset(_ object: Int) -> Int? {
        guard object < count, let offset = int(table + object * offsetSize, offsetSize), offset < b.count else {
            return nil
        }
        return offset
    }

    /// The element count after the marker at `offset` and where the elements start.
    func lengthAndStart(_ offset: Int) -> (count: Int, start: Int)? {
        var n = Int(b[offset] & 0xF)
        var start = offset + 1
        if n == 0xF {
            guard start < b.count, b[start] >> 4 == 1 else { return nil }
            let width = 1 << Int(b[start] & 0xF)
            guard let value = int(start + 1, width) else { return nil }
            n = value
            start += 1 + width
        }
        guard n <= b.count else { return nil }
        return (n, start)
    }

    /// Object `object` as a string, when it is an ASCII or UTF-16 string.
    func string(_ object: Int) -> String? {
        guard let offset = offset(object), let (n, start) = lengthAndStart(offset) else { return nil }
        switch b[offset] >> 4 {
        case 0x5:
            guard start + n <= b.count else { return nil }
            return String(decoding: b[start..<start + n], as: UTF8.self)
        case 0x6:
            guard start + 2 * n <= b.count else { return nil }
            let units = (0..<n).map { UInt16(b[start + 2 * $0]) << 8 | UInt16(b[start + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }
}

/// What FlowSim checks in a binary property list before Foundation parses it.
enum BinaryPropertyListSize {
    /// The number of values the list expands to (each reference counted as a copy of its
    /// object), computed on the object table without building anything; nil above `limit`, for
    /// a reference cycle, or for a damaged table.
    static func expandedCount(_ data: Data, limit: Int) -> Int? {
        guard let list = BinaryPropertyListTable(data) else { return nil }
        var memo = [Int?](repeating: nil, count: list.count)
        var visiting = Set<Int>()
        func size(_ object: Int) -> Int? {
            guard object < list.count else { return nil }
            if let known = memo[object] { return known }
            guard visiting.insert(object).inserted, let offset = list.offset(object) else { return nil }
            defer { visiting.remove(object) }
            var total = 1
            let kind = list.b[offset] >> 4
            if kind == 0xA || kind == 0xC || kind == 0xD {
                guard let (n, start) = list.lengthAndStart(offset) else { return nil }
                let refs = kind == 0xD ? 2 * n : n
                guard refs <= list.b.count else { return nil }
                for r in 0..<refs {
                    guard let child = list.int(start + r * list.refSize, list.refSize), let sub = size(child) else {
                        return nil
                    }
                    total += sub
                    if total > limit { return nil }
                }
            }
            memo[object] = total
            return total
        }
        return size(list.top)
    }

    /// The first key a dictionary of the list holds twice (Foundation keeps the last silently);
    /// nil when every dictionary's keys are unique or the table is damaged (`expandedCount`
    /// refuses a damaged table).
    static func firstDuplicateKey(_ data: Data) -> String? {
        guard let list = BinaryPropertyListTable(data) else { return nil }
        for object in 0..<list.count {
            guard let offset = list.offset(object), list.b[offset] >> 4 == 0xD,
                let (n, start) = list.lengthAndStart(offset)
            else { continue }
            var seen = Set<String>()
            for k in 0..<n {
                guard let ref = list.int(start + k * list.refSize, list.refSize), let key = list.string(ref) else {
                    continue
                }
                if !seen.insert(key).inserted { return key }
            }
        }
        return nil
    }
}
