import FlowSim
import FlowSimStyle
import FlowSimSupport
import Foundation

/// The scene object: its keys, name, viewport check and the whole-scene checks (time order, end times, cell inset).
extension SceneDecoder {
    // MARK: Scene

    static let sceneKeys: [SceneKey] = [
        SceneKey("$schema", .string, "the JSON Schema of scene files, for editors (`flowsim schema`); ignored"),
        SceneKey("name", .string, "the scene's name: its output and golden folder (default: the file name)"),
        SceneKey(
            "viewport", .object("viewport"),
            "the collection view's size, scale, content inset and safe area (required without a device)"),
        SceneKey("device", .string, "run on this device of `flowsim devices` (its size, scale, safe area, traits)"),
        SceneKey("orientation", .choice(DeviceOrientation.allCases.map(\.rawValue)), "how the device is held"),
        SceneKey("devices", .array(.string), "the devices `flowsim check` runs the scene on (\"iPhone 16 landscape\")"),
        SceneKey("traits", .object("traits"), "layout direction, appearance, text size and size classes"),
        SceneKey("layout", .object("layout"), "the flow layout's properties"),
        SceneKey("data", .choice(SceneDataSets.names), "a built-in data set supplying sections"),
        SceneKey("sections", .array(.object("section")), "the sections and their items (required without data)"),
        SceneKey("updates", .array(.object("update")), "batch updates, in time order"),
        SceneKey("scroll", .array(.object("scroll")), "scrolls and drags, in time order"),
        SceneKey("style", .object("style"), "render colours and fonts"),
        SceneKey("golden", .object("golden"), "golden frames and comparison limits"),
        SceneKey("pagination", .object("pagination"), "infinite-scroll settings for `flowsim paginate`"),
        SceneKey("strict", .bool, "fail (exit 1) when the run logs anything UIKit would log, as --strict does"),
        SceneKey("timeout", .positive, "seconds the scene's layout may take before it is stopped (--scene-timeout)"),
    ]

    static let scrollKeys: [SceneKey] = [
        SceneKey("at", .nonNegative, "start time in seconds"),
        SceneKey("to", .object("point"), "the content offset to scroll to", required: true),
        SceneKey("timing", .object("timing"), "the scroll's animation (none: a jump)"),
        SceneKey("touch", .object("point"), "where the finger is, in viewport coordinates (a drag)"),
        SceneKey(
            "section", .integer(minimum: 0),
            "scroll this orthogonal section's content instead (compositional layouts; `to` is its offset)"),
    ]

    /// The scene; with `runs` (what the parser decoded as it read), sections of `{}` items are
    /// kept as counts and an id that duplicates one of their made ids throws (`decode` then
    /// decodes again item by item, so errors are reported exactly as that decoder finds them,
    /// first error first).
    static func scene(_ reader: ValueReader, defaultName: String, runs: ParsedItemRuns?) throws -> Scene {
        let object = try reader.object(known: sceneKeys)
        let name = try object.optional("name").map(sceneName) ?? defaultName
        let device = try self.device(in: object)
        let viewport: Viewport
        if let viewportReader = object.optional("viewport") {
            viewport = try self.viewport(viewportReader, device: device)
        } else if let device {
            viewport = Scene(name: "", viewport: Viewport(width: 1, height: 1), sections: []).on(device).viewport
        } else {
            throw SceneError(path: reader.path, .missingKey("viewport", alternative: "or give a \"device\""))
        }
        let layout = try object.optional("layout").map(self.layout) ?? LayoutSpec()
        var selected: [String] = []
        var ids = Set<String>()
        // `"data": "national-parks"` supplies the sections (then `sections` is optional and comes after).
        var sections = try SceneDataSets.sections(in: object, ids: &ids)
        let dataSections = sections.count
        var scanned: [Int] = []  // sections whose items the parser decoded
        for (index, sectionReader) in try SceneDataSets.sectionList(in: object).enumerated() {
            let taken = runs?.taken
            sections.append(
                try section(
                    sectionReader, index: index, ids: &ids, selected: &selected, idPrefix: "s\(index)", runs: runs))
            if runs?.taken != taken { scanned.append(sections.count - 1) }
        }
        try checkCellInset(layout, sections: sections, at: reader)
        var updates: [SceneUpdate] = []
        var previousTime = 0.0
        for (index, updateReader) in (try object.optional("updates")?.array() ?? []).enumerated() {
            let update = try self.update(updateReader, index: index, ids: &ids)
            if update.at < previousTime {
                throw SceneError(
                    path: "\(updateReader.path).at", .outOfOrder("updates", time: update.at, previous: previousTime))
            }
            previousTime = update.at
            try checkEndTime(update.at + update.animationEnd, at: updateReader.path)
            updates.append(update)
        }
        var scrolls: [SceneScroll] = []
        for scrollReader in try object.optional("scroll")?.array() ?? [] {
            let fields = try scrollReader.object(known: scrollKeys)
            var scroll = SceneScroll(
                at: try fields.optional("at").map { try $0.nonNegative() } ?? 0, to: try fields.required("to").point(),
                timing: try fields.optional("timing").map(timing), touch: try fields.optional("touch")?.point())
            scroll.section = try fields.optional("section")?.integer(min: 0)
            if scroll.section != nil, scroll.touch != nil {
                throw SceneError(
                    path: "\(scrollReader.path).touch",
                    message: "a section's orthogonal scroll has no touch (FlowSim does not simulate its drag)")
            }
            if let touch = scroll.touch,
                !(0...viewport.width).contains(touch.x) || !(0...viewport.height).contains(touch.y)
            {
                throw SceneError(
                    path: "\(scrollReader.path).touch",
                    message:
                        "the touch (\(formatNumber(Double(touch.x))), \(formatNumber(Double(touch.y)))) is outside the "
                        + "\(formatNumber(Double(viewport.width)))×\(formatNumber(Double(viewport.height))) viewport; "
                        + "give it in viewport coordinates")
            }
            if scroll.touch != nil, scroll.timing == nil {
                throw SceneError(
                    path: "\(scrollReader.path).touch",
                    message:
                        "a scroll without timing is a jump, not a drag: it has no touch (add a timing or remove the touch)"
                )
            }
            if let previous = scrolls.last, scroll.at < previous.at {
                throw SceneError(
                    path: "\(scrollReader.path).at", .outOfOrder("scrolls", time: scroll.at, previous: previous.at))
            }
            try checkEndTime(scroll.at + (scroll.timing?.endTime ?? 0), at: scrollReader.path)
            scrolls.append(scroll)
        }
        // An id given elsewhere that is one of a uniform run's made ids is a duplicate: decoding
        // again item by item reports it where it is.
        let patterns = sections.compactMap { section in
            section.itemList.uniformIDPrefix.map { ItemIDPattern(prefix: $0, count: section.itemList.count) }
        }
        if !patterns.isEmpty, ids.contains(where: { id in patterns.contains { $0.matches(id) } }) {
            throw SceneError(path: "", message: "an id duplicates a made item id")  // decoded again, item by item
        }
        // The ids of items the parser decoded, against each other and every other id (a snapshot
        // update's ids, which may repeat them, also make the file decode again: correct, slower).
        if !scanned.isEmpty, let runs,
            !RunIDCheck.unique(
                hashes: runs.takeHashes(), lists: scanned.map { sections[$0].itemList }, others: ids, patterns: patterns
            )
        {
            throw SceneError(path: "", message: "an id repeats")  // decoded again, item by item
        }
        let paginationSettings = try object.optional("pagination").map(pagination)
        let style = try object.optional("style").map(self.style) ?? SceneStyle()
        let golden = try object.optional("golden").map(self.golden) ?? GoldenSpec()
        var scene = Scene(
            name: name, viewport: viewport, layout: layout, sections: sections, selectedItemIDs: selected,
            updates: updates, style: style, golden: golden)
        scene.scrolls = scrolls
        scene.pagination = paginationSettings
        scene.imageKeys = Scene.keysNamingImages(sections: sections, dataSections: dataSections, updates: updates)
        scene.strict = try object.optional("strict")?.bool() ?? false
        scene.timeout = try object.optional("timeout")?.positive()
        try applyDevices(to: &scene, device: device, object: object)
        return scene
    }

    /// The inset layout's `cellInset` must leave something of every cell: an inset of half the smaller
    /// side or more would make `insetBy` return a null rect and the cell vanish silently.
    static func checkCellInset(_ layout: LayoutSpec, sections: [SectionData], at reader: ValueReader) throws {
        guard layout.cellInset > 0 else { return }
        // Most scenes leave every cell something: one pass without a set says so (a million
        // items' sizes are not each made an array); only a failing scene collects them below.
        let limit = 2 * Double(layout.cellInset)
        func fails(_ size: CGSize) -> Bool {
            let smaller = min(Double(size.width), Double(size.height))
            return smaller > 0 && limit >= smaller
        }
        let anyFails = sections.contains { section in
            if section.itemList.uniformIDPrefix != nil { return fails(layout.itemSize) }
            let items = section.itemList
            return items.indices.contains { fails(items.itemSize(at: $0) ?? layout.itemSize) }
        }
        guard anyFails else { return }
        var sizes = Set<[Double]>()
        for section in sections {
            if section.itemList.uniformIDPrefix != nil {
                sizes.insert([Double(layout.itemSize.width), Double(layout.itemSize.height)])
                continue
            }
            for item in section.itemList.indices {
                let size = section.itemList.itemSize(at: item) ?? layout.itemSize
                sizes.insert([Double(size.width), Double(size.height)])
            }
        }
        for size in sizes where size.min()! > 0 && 2 * Double(layout.cellInset) >= size.min()! {
            throw SceneError(
                path: reader.child("layout.cellInset"),
                message: "an inset of \(formatNumber(Double(layout.cellInset))) pt on each side leaves nothing of a "
                    + "\(formatNumber(size[0]))×\(formatNumber(size[1])) cell; use less than half its smaller side")
        }
    }

    /// A scene's name becomes a folder name (`flowsim-out/<name>`, `<goldens>/<name>`), so it
    /// must be one safe path component: not empty, no `/` or NUL, not `.` or `..`, not hidden.
    static func sceneName(_ reader: ValueReader) throws -> String {
        let name = try reader.string()
        guard !name.isEmpty, !name.contains("/"), !name.contains("\0"), !name.hasPrefix("."), name.utf8.count <= 200
        else {
            throw reader.error(
                .expected(
                    "a name usable as a folder name (not empty, no '/', not starting with '.', at most 200 bytes)",
                    got: SafeText.quoted(name)))
        }
        return name
    }

    /// The latest end of an update or scroll: an hour (3.6 M frames at `--fps 1000`). Frame and
    /// scroll-step counts are `Int(duration × fps)`: a later end overflows that conversion (a
    /// trap) or asks for more frames than fit in memory.
    public static let maxEndTime = 3600.0

    static func checkEndTime(_ end: Double, at path: String) throws {
        // `!(end <= max)` also rejects NaN and infinity (a spring that never settles).
        guard end <= maxEndTime else {
            throw SceneError(
                path: path,
                message:
                    "ends at \(formatNumber(end)) s; a scene's updates and scrolls must end by \(formatNumber(maxEndTime)) s"
            )
        }
    }
}

/// The ids of a uniform run: `prefix` then a whole number below `count`, written as `String(Int)` writes it.
struct ItemIDPattern {
    var prefix: String
    var count: Int

    func matches(_ id: String) -> Bool {
        guard id.hasPrefix(prefix) else { return false }
        let digits = id.dropFirst(prefix.count)
        guard let index = Int(digits), index >= 0, index < count else { return false }
        return String(index) == digits
    }
}
