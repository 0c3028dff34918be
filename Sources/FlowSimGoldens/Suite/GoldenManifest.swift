import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimStyle
import FlowSimSupport
import Foundation

/// `<goldens>/<scene>/manifest.json`: what a scene's goldens were recorded from. `check` compares
/// it before any image: a changed duration, frame rate or set of golden times is a failure that
/// says what changed (`duration 0.917 s → 1.083 s`) in every mode but an explicit re-record
/// (`failed`, `all`); a changed scene digest, element count or renderer is told with the
/// failures it explains.
public struct GoldenManifest: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var stem: String
        public var time: Double
        public var frame: Int
    }

    public static let fileName = "manifest.json"
    public static let formatVersion = 1

    public var scene: String
    /// FNV-1a 64 of the scene's canonical description (golden settings excluded), hex.
    public var sceneDigest: String
    public var duration: Double
    public var fps: Double
    /// Frames at `fps` from 0 through the end.
    public var frameCount: Int
    /// Elements of the final layout (content rect).
    public var elementCount: Int
    public var goldens: [Entry]
    public var flowsimVersion: String
    /// "cairo": "1.16.0", "libpng": "1.6.39", "font": "DejaVuSans.ttf".
    public var renderer: [String: String]

    public init(
        scene: String, sceneDigest: String, duration: Double, fps: Double, frameCount: Int, elementCount: Int,
        goldens: [Entry], flowsimVersion: String = FlowSimVersion.string,
        renderer: [String: String] = RendererVersions.current()
    ) {
        self.scene = scene
        self.sceneDigest = sceneDigest
        self.duration = duration
        self.fps = fps
        self.frameCount = frameCount
        self.elementCount = elementCount
        self.goldens = goldens
        self.flowsimVersion = flowsimVersion
        self.renderer = renderer
    }

    /// A manifest for a simulation that has run, with its golden points.
    public static func current(_ simulation: SceneSimulation, points: [GoldenPoint], fps: Double, name: String)
        -> GoldenManifest
    {
        let duration = simulation.duration
        return GoldenManifest(
            scene: name, sceneDigest: digest(simulation.scene), duration: duration, fps: fps,
            frameCount: SceneSimulation.frameTimes(duration: duration, fps: fps).count,
            elementCount: simulation.layoutAttributes(query: .content).count,
            goldens: points.map { Entry(stem: $0.stem, time: $0.time, frame: $0.frame) })
    }

    // MARK: Comparison

    /// What changed from `recorded` to `current`: `failures` (duration, fps, golden set) fail the
    /// check; `notes` (digest, elements, versions) explain.
    public static func differences(recorded: GoldenManifest, current: GoldenManifest) -> (
        failures: [String], notes: [String]
    ) {
        var failures: [String] = []
        var notes: [String] = []
        if abs(recorded.duration - current.duration) > 1e-6 {
            failures.append("duration \(seconds(recorded.duration, current.duration))")
        }
        if recorded.fps != current.fps {
            failures.append("fps \(formatNumber(recorded.fps)) → \(formatNumber(current.fps))")
        }
        // The same times (whatever the files are called: an older frame_NNNN and its time_ name
        // hold the same frame); named points (middle, end) move with the duration, told already.
        let sameSet =
            recorded.goldens.count == current.goldens.count
            && zip(recorded.goldens, current.goldens).allSatisfy { a, b in
                abs(a.time - b.time) <= 1e-6 || (a.stem == b.stem && ["time_middle", "time_end"].contains(a.stem))
            }
        if !sameSet {
            func list(_ entries: [Entry]) -> String {
                entries.map { e in
                    e.stem.hasPrefix("time_") && e.stem != GoldenPoint.timeStem(e.time)
                        ? "\(e.stem) (\(e.time < 1e9 ? String(format: "%.3f", e.time) : formatNumber(e.time)) s)"
                        : e.stem
                }.joined(separator: ", ")
            }
            failures.append("golden frames \(list(recorded.goldens)) → \(list(current.goldens))")
        }
        if recorded.frameCount != current.frameCount && failures.isEmpty == false {
            notes.append("\(recorded.frameCount) → \(current.frameCount) frames at \(formatNumber(current.fps)) fps")
        }
        if recorded.elementCount != current.elementCount {
            notes.append("elements \(recorded.elementCount) → \(current.elementCount)")
        }
        if recorded.sceneDigest != current.sceneDigest {
            notes.append("the scene changed since the goldens were recorded")
        }
        notes += rendererNotes(recorded: recorded, current: current)
        return (failures, notes)
    }

    /// "recorded with cairo 1.16.0, this run has 1.18.0" for each library that differs.
    public static func rendererNotes(recorded: GoldenManifest, current: GoldenManifest) -> [String] {
        var notes: [String] = []
        for key in Set(recorded.renderer.keys).union(current.renderer.keys).sorted() {
            let a = recorded.renderer[key] ?? "?"
            let b = current.renderer[key] ?? "?"
            if a != b { notes.append("recorded with \(key) \(a), this run has \(b)") }
        }
        if recorded.flowsimVersion != current.flowsimVersion {
            notes.append("recorded with FlowSim \(recorded.flowsimVersion), this run is \(current.flowsimVersion)")
        }
        return notes
    }

    /// "0.917 s → 1.083 s" (more digits when three are not enough to tell them apart).
    static func seconds(_ a: Double, _ b: Double) -> String {
        // %f of 1e308 is a 309-digit number: beyond any scene's length, the shortest form.
        guard abs(a) < 1e9, abs(b) < 1e9 else { return "\(formatNumber(a)) s → \(formatNumber(b)) s" }
        var digits = 3
        while digits < 9 && String(format: "%.\(digits)f", a) == String(format: "%.\(digits)f", b) { digits += 1 }
        return String(format: "%.\(digits)f s → %.\(digits)f s", a, b)
    }

    // MARK: JSON

    public func json() -> String {
        let object: JSONValue = .object([
            ("format", .number(Double(GoldenManifest.formatVersion))),
            ("scene", .string(scene)),
            ("sceneDigest", .string(sceneDigest)),
            ("duration", .number(duration)),
            ("fps", .number(fps)),
            ("frameCount", .number(Double(frameCount))),
            ("elementCount", .number(Double(elementCount))),
            (
                "goldens",
                .array(
                    goldens.map {
                        .object([
                            ("file", .string($0.stem)), ("time", .number($0.time)),
                            ("frame", .number(Double($0.frame))),
                        ])
                    })
            ),
            ("flowsim", .string(flowsimVersion)),
            ("renderer", .object(renderer.keys.sorted().map { ($0, .string(renderer[$0]!)) })),
        ])
        return object.serialized(pretty: true) + "\n"
    }

    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a manifest. Its numbers must be what a FlowSim writes (a finite duration and fps,
    /// whole frame and element counts): a hand-edited or corrupted one is an error naming the key
    /// and the value (a `frameCount` of 1e300 trapped converting to Int before), and so is a key
    /// given twice.
    public static func parse(_ data: Data) throws -> GoldenManifest {
        let value: JSONValue
        do { value = try JSONParser.parse(data) } catch let failure as JSONParser.Failure {
            throw ParseError(
                description: "malformed JSON at line \(failure.line), column \(failure.column): \(failure.message)")
        }
        if let (path, key) = value.firstDuplicateKey() {
            throw ParseError(description: (path.isEmpty ? "" : "\(path): ") + "duplicate key \(SafeText.quoted(key))")
        }
        guard case .object(let members) = value else { throw ParseError(description: "not an object") }
        func member(_ key: String, in members: [(key: String, value: JSONValue)]) -> JSONValue? {
            members.first { $0.key == key }?.value
        }
        /// A finite number ≥ 0 (> 0 when `positive`) at `path`.
        func number(_ value: JSONValue?, _ path: String, positive: Bool = false) throws -> Double {
            guard case .number(let n)? = value else { throw ParseError(description: "\"\(path)\" is not a number") }
            guard n.isFinite, positive ? n > 0 : n >= 0 else {
                throw ParseError(
                    description: "\"\(path)\" is \(formatNumber(n)), expected a number \(positive ? ">" : "≥") 0")
            }
            return n
        }
        /// A whole number in 0…10¹⁵ at `path` (converting a larger one to Int would trap).
        func count(_ value: JSONValue?, _ path: String) throws -> Int {
            let n = try number(value, path)
            guard n == n.rounded(), n <= 1e15 else {
                throw ParseError(description: "\"\(path)\" is \(formatNumber(n)), expected a whole number in 0…10^15")
            }
            return Int(n)
        }
        func string(_ value: JSONValue?) -> String? {
            if case .string(let s)? = value { return s }
            return nil
        }
        guard case .array(let list)? = member("goldens", in: members) else {
            throw ParseError(description: "\"goldens\" is not an array")
        }
        let entries: [Entry] = try list.enumerated().map { index, item in
            guard case .object(let m) = item, let stem = string(member("file", in: m)), member("time", in: m) != nil
            else { throw ParseError(description: "goldens[\(index)] lacks \"file\" or \"time\"") }
            let time = try number(member("time", in: m), "goldens[\(index)].time")
            let frame = try member("frame", in: m).map { try count($0, "goldens[\(index)].frame") } ?? 0
            return Entry(stem: stem, time: time, frame: frame)
        }
        var renderer: [String: String] = [:]
        if case .object(let m)? = member("renderer", in: members) {
            for (key, value) in m { renderer[key] = string(value) ?? "" }
        }
        let elements = member("elementCount", in: members)
        return GoldenManifest(
            scene: string(member("scene", in: members)) ?? "",
            sceneDigest: string(member("sceneDigest", in: members)) ?? "",
            duration: try number(member("duration", in: members), "duration"),
            fps: try number(member("fps", in: members), "fps", positive: true),
            frameCount: try count(member("frameCount", in: members), "frameCount"),
            elementCount: try elements.map { try count($0, "elementCount") } ?? 0, goldens: entries,
            flowsimVersion: string(member("flowsim", in: members)) ?? "", renderer: renderer)
    }

    // MARK: Digest

    /// FNV-1a 64 (hex) of a canonical description of the scene without its golden settings:
    /// the same on every machine and run (sets and dictionaries are sorted).
    public static func digest(_ scene: Scene) -> String {
        var scene = scene
        scene.golden = GoldenSpec()
        var text = ""
        canonical(scene, into: &text)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(format: "%016llx", hash)
    }

    /// How the digest leaves a field out (`digestRules`).
    enum DigestRule {
        /// Always: the field is not what the scene shows.
        case never
        /// Always in a value of this type (the same label elsewhere is described).
        case neverIn(Any.Type)
        /// While nil, an empty collection or false.
        case whenUnset
        /// While it describes as this value does.
        case atDefault(Any)
    }

    /// Every field the digest leaves out, by label (in any type unless a rule names one): one row
    /// for each field added since digests were first recorded, so that a scene that does not use
    /// it keeps the digest its goldens were recorded with. A new field of `Scene`, `Viewport`,
    /// `LayoutSpec`, `SceneStyle` or `GoldenSpec` gets a row here.
    static let digestRules: [String: DigestRule] = [
        // How a run is judged (`strict`, `timeout`) and what the file stated (`contentOffsetIsDefault`,
        // `givenStyle`: the style before the traits, described by `style` and `traits`).
        "strict": .never, "timeout": .never, "contentOffsetIsDefault": .never, "givenStyle": .never,
        // Where the file names each image (for error messages only).
        "imageKeys": .never,
        // The viewport's given keys (`LayoutSpec.givenKeys` predates digests and stays in them).
        "givenKeys": .neverIn(Viewport.self),
        // Compositional layouts, drags, and the golden comparison settings (perceptual precision,
        // SSIM, masks, whole-content captures).
        "compositional": .whenUnset, "drag": .whenUnset, "metric": .whenUnset, "perceptualPrecision": .whenUnset,
        "precision": .whenUnset, "ssimThreshold": .whenUnset, "mask": .whenUnset, "fullContent": .whenUnset,
        // A compositional layout's and its sections' inset references.
        "contentInsetsReference": .whenUnset, "supplementaryContentInsetsReference": .whenUnset,
        // Devices and traits.
        "safeAreaInsets": .atDefault(EdgeInsets.zero),
        "contentInsetAdjustmentBehavior": .atDefault(ContentInsetAdjustmentBehavior.automatic),
        "canvasSize": .atDefault(CGSize?.none as Any),
        "sectionInsetReference": .atDefault(LayoutSpec().sectionInsetReference),
        "isDark": .atDefault(false), "textAlignment": .atDefault(SceneStyle.TextAlignment.leading),
        "traits": .atDefault(SceneTraits()), "device": .atDefault(Device?.none as Any),
        "orientation": .atDefault(DeviceOrientation.portrait), "devices": .atDefault([DeviceChoice]()),
        // `golden.scale` (an unset optional; the viewport's `scale` is never nil).
        "scale": .atDefault(Double?.none as Any),
    ]

    /// The canonical text of each `.atDefault` field's default.
    static let defaultTexts: [String: String] = digestRules.compactMapValues { rule in
        guard case .atDefault(let value) = rule else { return nil }
        var text = ""
        canonical(value, into: &text, keepingAddedDefaults: true)
        return text
    }

    /// Whether `digestRules` leave out the field `label` of `parent`, whose value is `field`.
    static func leavesOut(_ label: String, _ field: Any, of parent: Any, keepingAddedDefaults: Bool) -> Bool {
        switch digestRules[label] {
        case nil: return false
        case .never: return true
        case .neverIn(let type): return Swift.type(of: parent) == type
        case .whenUnset: return isUnset(field)
        case .atDefault:
            guard !keepingAddedDefaults, let defaultText = defaultTexts[label] else { return false }
            var text = ""
            canonical(field, into: &text)
            return text == defaultText
        }
    }

    /// nil, an empty collection or false: a field that was not given.
    static func isUnset(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.isEmpty
        case .collection, .set, .dictionary: return mirror.children.isEmpty
        default: return (value as? Bool) == false
        }
    }

    /// `keepingAddedDefaults`: describe `.atDefault` fields too (for `defaultTexts` itself, which
    /// must not read the table it builds).
    static func canonical(_ value: Any, into text: inout String, keepingAddedDefaults: Bool = false) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .set, .dictionary:
            let parts = mirror.children.map { child -> String in
                var part = ""
                canonical(child.value, into: &part, keepingAddedDefaults: keepingAddedDefaults)
                return part
            }.sorted()
            text += "{" + parts.joined(separator: ",") + "}"
        case .optional:
            if let child = mirror.children.first {
                canonical(child.value, into: &text, keepingAddedDefaults: keepingAddedDefaults)
            } else {
                text += "nil"
            }
        case nil:
            text += String(describing: value)
        default:
            text += "\(mirror.subjectType)("
            for child in mirror.children {
                // A section's items are described as the array they were stored as before runs
                // of `{}` items were kept as counts, so digests of recorded goldens still match.
                if child.label == "itemList", let items = child.value as? SectionItems {
                    text += "items:"
                    canonical(items.array, into: &text, keepingAddedDefaults: keepingAddedDefaults)
                    text += ","
                    continue
                }
                if let label = child.label,
                    leavesOut(label, child.value, of: value, keepingAddedDefaults: keepingAddedDefaults)
                {
                    continue
                }
                text += (child.label ?? "") + ":"
                canonical(child.value, into: &text, keepingAddedDefaults: keepingAddedDefaults)
                text += ","
            }
            if mirror.children.isEmpty { text += String(describing: value) }
            text += ")"
        }
    }
}

extension GoldenManifest {
    @available(*, deprecated, renamed: "RendererVersions.current")
    public static func rendererVersions() -> [String: String] { RendererVersions.current() }
}
