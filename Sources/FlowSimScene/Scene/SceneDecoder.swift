import FlowSim
import FlowSimSupport
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
        var scene = try decode(
            data, source: path, defaultName: name, isPropertyList: url.pathExtension.lowercased() == "plist")
        scene.resolveImagePaths(relativeTo: url.deletingLastPathComponent())
        return scene
    }

    public static func decode(_ data: Data, source: String, defaultName: String, isPropertyList: Bool = false) throws
        -> Scene
    {
        // First with runs of `{}` items parsed as counts and arrays of plain items decoded as the
        // parser reads them (`ItemRunScanner`; a fresh key marks both); any error decodes the
        // document again item by item, so errors are found as that decoder finds them.
        if !isPropertyList {
            let runs = ParsedItemRuns(
                key: "\u{0}flowsim-items-\(UInt64.random(in: 0...UInt64.max))", bytes: data)
            if let root = try? JSONParser.parse(data, emptyObjectRunKey: runs.key, arrayShortcut: runs.scan),
                let scene = try? scene(ValueReader(root), defaultName: defaultName, runs: runs)
            {
                return scene
            }
        }
        let root = try self.root(data, source: source, isPropertyList: isPropertyList)
        do {
            return try scene(ValueReader(root), defaultName: defaultName, runs: nil)
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
        try checkFileSize(path: path)
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            var info = stat()
            let reason: String
            if path.isEmpty {
                reason = "an empty path names no file"
            } else if stat(path, &info) != 0 {
                reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            } else {
                switch info.st_mode & S_IFMT {
                case S_IFDIR: reason = "is a directory, not a scene file"
                case S_IFIFO: reason = "is a FIFO, not a regular file: scenes are read from files"
                case S_IFCHR, S_IFBLK: reason = "is a device, not a regular file: scenes are read from files"
                case S_IFSOCK: reason = "is a socket, not a regular file: scenes are read from files"
                default: reason = "cannot be read: \(error.localizedDescription)"
                }
            }
            throw SceneError(source: path, path: "", message: reason)
        }
    }

    static func root(_ data: Data, source: String, isPropertyList: Bool) throws -> JSONValue {
        if isPropertyList { return try propertyList(data, source: source) }
        do { return try JSONParser.parse(data) } catch let failure as JSONParser.Failure {
            throw SceneError(
                source: source, path: "",
                .malformedJSON(line: failure.line, column: failure.column, message: failure.message))
        }
    }

    // MARK: Property lists

    static func propertyList(_ data: Data, source: String) throws -> JSONValue {
        // Foundation expands shared objects while parsing: measure a binary plist first.
        if data.starts(with: Array("bplist00".utf8)),
            let problem = BinaryPropertyListSize.problem(
                data, limit: maxPropertyListValues, maxDepth: maxPropertyListDepth)
        {
            let message: String
            switch problem {
            case .tooManyValues:
                message =
                    "the property list expands to more than \(maxPropertyListValues) values (objects shared by many references); a scene needs far fewer"
            case .tooDeep: message = "the property list nests deeper than \(maxPropertyListDepth) levels"
            case .cycle: message = "the property list's objects refer to themselves (a reference cycle)"
            case .damaged: message = "malformed property list: its trailer or object table points outside the file"
            }
            throw SceneError(source: source, path: "", message: message)
        }
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw SceneError(
                source: source, path: "", message: "malformed property list: \(error.localizedDescription)")
        }
        if data.starts(with: Array("bplist00".utf8)), let key = BinaryPropertyListSize.firstDuplicateKey(data) {
            throw SceneError(source: source, path: "", .duplicateKey(SafeText.excerpt(key), propertyList: true))
        }
        if !data.starts(with: Array("bplist".utf8)), let key = PropertyListDuplicateKeys.first(in: data) {
            throw SceneError(
                source: source, path: key.path, .duplicateKey(SafeText.excerpt(key.key), propertyList: true))
        }
        var budget = maxPropertyListValues
        return try convert(object, path: "", source: source, budget: &budget)
    }

    /// The most values a property-list scene may expand to. A binary plist can share one object
    /// among many references (a 3 KB file can describe billions of values); the conversion
    /// stops at this count instead of expanding the graph.
    public static let maxPropertyListValues = 1_000_000
    /// The deepest nesting of a property-list scene, as of a JSON one (`JSONParser`).
    public static let maxPropertyListDepth = 512

    private static func convert(
        _ object: Any, path: String, source: String, budget: inout Int, depth: Int = 0
    ) throws -> JSONValue {
        guard depth <= maxPropertyListDepth else {
            throw SceneError(
                source: source, path: "", message: "the property list nests deeper than \(maxPropertyListDepth) levels")
        }
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
                try value.enumerated().map {
                    try convert($1, path: "\(path)[\($0)]", source: source, budget: &budget, depth: depth + 1)
                })
        case let value as [String: Any]:
            // Property-list dictionaries are unordered; sort keys for a stable order.
            return .object(
                try value.keys.sorted().map { key in
                    (
                        key,
                        try convert(
                            value[key]!, path: path.isEmpty ? key : "\(path).\(key)", source: source,
                            budget: &budget, depth: depth + 1)
                    )
                })
        default:
            throw SceneError(
                source: source, path: path, message: "unsupported property-list value of type \(type(of: object))")
        }
    }
}
