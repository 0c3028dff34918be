import Foundation

/// Turns a scene file (JSON or property list) into a validated `Scene`. Every error names the
/// source and key path; nothing here traps on any input.
public enum SceneDecoder {
    /// Reads a scene file: `.plist` as a property list, anything else as JSON.
    public static func load(path: String) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        let data = try read(path: path)
        let name = url.deletingPathExtension().lastPathComponent
        return try decode(
            data, source: path, defaultName: name, isPropertyList: url.pathExtension.lowercased() == "plist")
    }

    public static func decode(_ data: Data, source: String, defaultName: String, isPropertyList: Bool = false) throws
        -> Scene
    {
        let root = try self.root(data, source: source, isPropertyList: isPropertyList)
        do {
            return try scene(ValueReader(root), defaultName: defaultName)
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
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw SceneError(
                source: source, path: "", message: "malformed property list: \(error.localizedDescription)")
        }
        return try convert(object, path: "", source: source)
    }

    private static func convert(_ object: Any, path: String, source: String) throws -> JSONValue {
        switch object {
        case let value as Bool where type(of: object) == Bool.self: return .bool(value)
        case let value as String: return .string(value)
        case let value as Int: return .number(Double(value))
        case let value as Double: return .number(value)
        case let value as NSNumber: return .number(value.doubleValue)
        case let value as [Any]:
            return .array(try value.enumerated().map { try convert($1, path: "\(path)[\($0)]", source: source) })
        case let value as [String: Any]:
            // Property-list dictionaries are unordered; sort keys for a stable order.
            return .object(
                try value.keys.sorted().map { key in
                    (key, try convert(value[key]!, path: path.isEmpty ? key : "\(path).\(key)", source: source))
                })
        default:
            throw SceneError(
                source: source, path: path, message: "unsupported property-list value of type \(type(of: object))")
        }
    }

    // MARK: Scene

    static let sceneKeys = [
        "name", "viewport", "layout", "data", "sections", "updates", "scroll", "style", "golden", "pagination",
    ]

    static func scene(_ reader: ValueReader, defaultName: String) throws -> Scene {
        let object = try reader.object(known: sceneKeys)
        let name = try object.optional("name").map(sceneName) ?? defaultName
        let viewport = try self.viewport(try object.required("viewport"))
        let layout = try object.optional("layout").map(self.layout) ?? LayoutSpec()
        var selected: [String] = []
        var ids = Set<String>()
        // `"data": "national-parks"` supplies the sections (then `sections` is optional and comes after).
        var sections = try SceneDataSets.sections(in: object, ids: &ids)
        for (index, sectionReader) in try SceneDataSets.sectionList(in: object).enumerated() {
            sections.append(
                try section(sectionReader, index: index, ids: &ids, selected: &selected, idPrefix: "s\(index)"))
        }
        try checkCellInset(layout, sections: sections, at: reader)
        var updates: [SceneUpdate] = []
        var previousTime = 0.0
        for (index, updateReader) in (try object.optional("updates")?.array() ?? []).enumerated() {
            let update = try self.update(updateReader, index: index, ids: &ids)
            if update.at < previousTime {
                throw SceneError(
                    path: "\(updateReader.path).at",
                    message:
                        "updates must be in time order: \(formatNumber(update.at)) comes after \(formatNumber(previousTime))"
                )
            }
            previousTime = update.at
            try checkEndTime(update.at + (update.timing ?? .uikitDefault).endTime, at: updateReader.path)
            updates.append(update)
        }
        var scrolls: [SceneScroll] = []
        for scrollReader in try object.optional("scroll")?.array() ?? [] {
            let fields = try scrollReader.object(known: ["at", "to", "timing", "touch"])
            let scroll = SceneScroll(
                at: try fields.optional("at").map { try $0.nonNegative() } ?? 0, to: try fields.required("to").point(),
                timing: try fields.optional("timing").map(timing), touch: try fields.optional("touch")?.point())
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
                    path: "\(scrollReader.path).at",
                    message:
                        "scrolls must be in time order: \(formatNumber(scroll.at)) comes after \(formatNumber(previous.at))"
                )
            }
            try checkEndTime(scroll.at + (scroll.timing?.endTime ?? 0), at: scrollReader.path)
            scrolls.append(scroll)
        }
        let paginationSettings = try object.optional("pagination").map(pagination)
        let style = try object.optional("style").map(self.style) ?? SceneStyle()
        let golden = try object.optional("golden").map(self.golden) ?? GoldenSpec()
        var scene = Scene(
            name: name, viewport: viewport, layout: layout, sections: sections, selectedItemIDs: selected,
            updates: updates, style: style, golden: golden)
        scene.scrolls = scrolls
        scene.pagination = paginationSettings
        return scene
    }

    /// The seed layout's inset must leave something of every cell: an inset of half the smaller
    /// side or more would make `insetBy` return a null rect and the cell vanish silently.
    static func checkCellInset(_ layout: LayoutSpec, sections: [SectionData], at reader: ValueReader) throws {
        guard layout.cellInset > 0 else { return }
        var sizes = Set<[Double]>()
        for section in sections {
            for item in section.items {
                sizes.insert([
                    Double((item.size ?? layout.itemSize).width), Double((item.size ?? layout.itemSize).height),
                ])
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
                "expected a name usable as a folder name (not empty, no '/', not starting with '.', at most 200 bytes), got \"\(name)\""
            )
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

    static func viewport(_ reader: ValueReader) throws -> Viewport {
        let object = try reader.object(known: ["width", "height", "scale", "contentInset", "contentOffset"])
        var viewport = Viewport(
            width: try object.required("width").positive(), height: try object.required("height").positive())
        if let scale = object.optional("scale") { viewport.scale = try scale.positive() }
        if let inset = object.optional("contentInset") { viewport.contentInset = try inset.insets() }
        // UIScrollView rests at (−inset.left, −inset.top): the content starts inside the inset.
        viewport.contentOffset = CGPoint(x: -viewport.contentInset.left, y: -viewport.contentInset.top)
        if let offset = object.optional("contentOffset") { viewport.contentOffset = try offset.point() }
        return viewport
    }

    static let layoutKeys = [
        "class", "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "headerReferenceSize", "footerReferenceSize", "sectionHeadersPinToVisibleBounds", "cellInset", "appearing",
        "disappearing", "shiftedCells",
    ]

    static func layout(_ reader: ValueReader) throws -> LayoutSpec {
        let object = try reader.object(known: layoutKeys)
        var spec = LayoutSpec()
        spec.givenKeys = Set(layoutKeys.filter(object.has))
        spec.className = try object.optional("class")?.string()
        if let direction = object.optional("scrollDirection") {
            spec.scrollDirection = ScrollDirection(
                name: try direction.choice(ScrollDirection.allCases.map(\.name)))!
        }
        if let size = object.optional("itemSize") { spec.itemSize = try size.size() }
        if let value = object.optional("minimumLineSpacing") { spec.minimumLineSpacing = try value.nonNegative() }
        if let value = object.optional("minimumInteritemSpacing") {
            spec.minimumInteritemSpacing = try value.nonNegative()
        }
        if let value = object.optional("sectionInset") { spec.sectionInset = try value.insets() }
        if let value = object.optional("headerReferenceSize") { spec.headerReferenceSize = try value.size() }
        if let value = object.optional("footerReferenceSize") { spec.footerReferenceSize = try value.size() }
        if let value = object.optional("sectionHeadersPinToVisibleBounds") {
            spec.sectionHeadersPinToVisibleBounds = try value.bool()
        }
        if let value = object.optional("cellInset") { spec.cellInset = try value.nonNegative() }
        if let value = object.optional("appearing") { spec.appearing = try effect(value, appearing: true) }
        if let value = object.optional("disappearing") { spec.disappearing = try effect(value, appearing: false) }
        if let value = object.optional("shiftedCells") {
            spec.shiftedCells = InsetFlowLayout.ShiftedCells(rawValue: try value.choice(["slide", "literalNil"]))!
        }
        return spec
    }

    static func effect(_ reader: ValueReader, appearing: Bool) throws -> InsetFlowLayout.ItemEffect {
        let keys =
            appearing
            ? ["center", "centerFromTrailingEdge", "scale", "alpha", "zIndex"] : ["scale", "alpha", "zIndex"]
        let object = try reader.object(known: keys)
        var effect = InsetFlowLayout.ItemEffect()
        if object.has("center") && object.has("centerFromTrailingEdge") {
            throw SceneError(
                path: reader.path, message: "give either \"center\" or \"centerFromTrailingEdge\", not both")
        }
        if let center = object.optional("center") { effect.center = .absolute(try center.point()) }
        if let anchor = object.optional("centerFromTrailingEdge") {
            let anchorObject = try anchor.object(known: ["dx", "y"])
            effect.center = .fromTrailingEdge(
                dx: try anchorObject.required("dx").number(), y: try anchorObject.required("y").number())
        }
        if let scale = object.optional("scale") { effect.scale = try scale.nonNegative() }
        if let alpha = object.optional("alpha") { effect.alpha = try alpha.nonNegative() }
        if let zIndex = object.optional("zIndex") { effect.zIndex = try zIndex.integer() }
        return effect
    }

    static let sectionKeys = [
        "id", "title", "items", "inset", "minimumLineSpacing", "minimumInteritemSpacing", "headerSize", "footerSize",
    ]

    static func section(
        _ reader: ValueReader, index: Int, ids: inout Set<String>, selected: inout [String], idPrefix: String
    ) throws -> SectionData {
        let object = try reader.object(known: sectionKeys)
        let title = try object.optional("title")?.string()
        let id = try object.optional("id")?.string() ?? title ?? idPrefix
        var section = SectionData(id: id, title: title ?? "")
        for (itemIndex, itemReader) in (try object.optional("items")?.array() ?? []).enumerated() {
            let (item, isSelected) = try self.item(itemReader, defaultID: "\(idPrefix)-i\(itemIndex)", ids: &ids)
            if isSelected { selected.append(item.id) }
            section.items.append(item)
        }
        section.inset = try object.optional("inset")?.insets()
        section.minimumLineSpacing = try (object.optional("minimumLineSpacing")?.nonNegative()).map { CGFloat($0) }
        section.minimumInteritemSpacing = try (object.optional("minimumInteritemSpacing")?.nonNegative()).map {
            CGFloat($0)
        }
        section.headerSize = try object.optional("headerSize")?.size()
        section.footerSize = try object.optional("footerSize")?.size()
        return section
    }

    static func item(_ reader: ValueReader, defaultID: String, ids: inout Set<String>) throws -> (ItemData, Bool) {
        let object = try reader.object(known: ["id", "title", "size", "image", "selected"])
        let id = try object.optional("id")?.string() ?? defaultID
        guard ids.insert(id).inserted else {
            throw SceneError(
                path: reader.path + ".id",
                message: "duplicate item id \"\(id)\": ids identify items across updates and must be unique")
        }
        let item = ItemData(
            id: id, title: try object.optional("title")?.string(), size: try object.optional("size")?.size(),
            imagePath: try object.optional("image")?.string())
        return (item, try object.optional("selected")?.bool() ?? false)
    }

    static func indexPath(_ reader: ValueReader) throws -> IndexPath {
        let object = try reader.object(known: ["section", "item"])
        return IndexPath(
            item: try object.required("item").integer(min: 0), section: try object.required("section").integer(min: 0))
    }

    static let updateKeys = [
        "at", "insert", "delete", "move", "reload", "insertSections", "deleteSections", "moveSections", "select",
        "deleteSelected", "timing",
    ]

    static func update(_ reader: ValueReader, index: Int, ids: inout Set<String>) throws -> SceneUpdate {
        let object = try reader.object(known: updateKeys)
        var update = SceneUpdate()
        update.at = try object.optional("at").map { try $0.nonNegative() } ?? 0
        for (k, insert) in (try object.optional("insert")?.array() ?? []).enumerated() {
            let fields = try insert.object(known: ["section", "item", "id", "title", "size", "image"])
            let path = IndexPath(
                item: try fields.required("item").integer(min: 0),
                section: try fields.required("section").integer(min: 0))
            let id = try fields.optional("id")?.string() ?? "new-\(index)-\(k)"
            guard ids.insert(id).inserted else {
                throw SceneError(
                    path: insert.path + ".id",
                    message: "duplicate item id \"\(id)\": ids identify items across updates and must be unique")
            }
            let item = ItemData(
                id: id, title: try fields.optional("title")?.string(), size: try fields.optional("size")?.size(),
                imagePath: try fields.optional("image")?.string())
            update.insert.append((path, item))
        }
        update.delete = try (object.optional("delete")?.array() ?? []).map(indexPath)
        update.reload = try (object.optional("reload")?.array() ?? []).map(indexPath)
        update.select = try (object.optional("select")?.array() ?? []).map(indexPath)
        update.deleteSelected = try object.optional("deleteSelected")?.bool() ?? false
        update.move = try (object.optional("move")?.array() ?? []).map { move in
            let fields = try move.object(known: ["from", "to"])
            return (try indexPath(try fields.required("from")), try indexPath(try fields.required("to")))
        }
        for (k, insert) in (try object.optional("insertSections")?.array() ?? []).enumerated() {
            let fields = try insert.object(known: ["section"] + sectionKeys)
            let sectionIndex = try fields.required("section").integer(min: 0)
            // Re-read the same object as a section without the "section" key.
            guard case .object(let members) = insert.value else { continue }
            let sectionValue = JSONValue.object(members.filter { $0.key != "section" })
            var unusedSelected: [String] = []
            let section = try self.section(
                ValueReader(sectionValue, path: insert.path), index: k, ids: &ids, selected: &unusedSelected,
                idPrefix: "u\(index)-s\(k)")
            update.insertSections.append((sectionIndex, section))
        }
        update.deleteSections = try (object.optional("deleteSections")?.array() ?? []).map { try $0.integer(min: 0) }
        update.moveSections = try (object.optional("moveSections")?.array() ?? []).map { move in
            let fields = try move.object(known: ["from", "to"])
            return (try fields.required("from").integer(min: 0), try fields.required("to").integer(min: 0))
        }
        update.timing = try object.optional("timing").map(timing)
        return update
    }

    /// `"pagination"`: see `PaginationSettings`.
    static func pagination(_ reader: ValueReader) throws -> PaginationSettings {
        let object = try reader.object(known: [
            "total", "limit", "threshold", "latency", "jitter", "seed", "failPages", "appendAnimation", "timing",
        ])
        var settings = PaginationSettings()
        settings.total = try object.optional("total")?.integer(min: 0)
        settings.limit = try object.optional("limit")?.integer(min: 1)
        settings.threshold = try object.optional("threshold")?.integer(min: 1)
        settings.latency = try object.optional("latency")?.nonNegative()
        settings.jitter = try object.optional("jitter")?.nonNegative()
        settings.seed = try object.optional("seed").map { UInt64(try $0.integer(min: 0)) }
        settings.failPages = try object.optional("failPages").map { try Set($0.array().map { try $0.integer(min: 0) }) }
        let timing = try object.optional("timing").map(timing)
        switch try object.optional("appendAnimation")?.choice(["reload", "insert"]) {
        case "reload":
            if timing != nil {
                throw SceneError(
                    path: reader.child("timing"),
                    message: "a timing animates inserts; \"appendAnimation\" is \"reload\"")
            }
            settings.appendAnimation = .reload
        case "insert":
            settings.appendAnimation = .insert(timing ?? PaginationSettings.defaultInsertTiming)
        default:
            settings.appendAnimation = timing.map { .insert($0) }
        }
        return settings
    }

    static func timing(_ reader: ValueReader) throws -> AnimationTiming {
        let object = try reader.object(known: ["spring", "curve", "duration", "physicalSpring", "preset", "delay"])
        let delay = try object.optional("delay").map { try $0.nonNegative() } ?? 0
        let forms = ["spring", "curve", "physicalSpring", "preset"].filter(object.has)
        guard forms.count == 1 else {
            throw SceneError(
                path: reader.path,
                message: forms.isEmpty
                    ? "expected one of \"spring\", \"curve\", \"physicalSpring\" or \"preset\""
                    : "give only one of \(forms.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        if let preset = object.optional("preset") {
            let name = try preset.choice(SpringPreset.all.map(\.name))
            guard let form = SpringPreset.named(name)?.form else { throw preset.error("unknown preset \"\(name)\"") }
            return AnimationTiming(curve: try curve(for: form, at: preset), delay: delay)
        }
        if let spring = object.optional("spring") {
            if object.has("duration") {
                throw SceneError(path: reader.path + ".duration", message: "a spring's duration goes inside \"spring\"")
            }
            // Any spring form by its parameter names (`flowsim spring`'s options without dashes);
            // the UIKit form (duration, damping, velocity) is the usual one.
            guard case .object(let members) = spring.value else {
                throw spring.error("expected an object, got \(spring.value.brief)")
            }
            var values: [String: Double] = [:]
            let known = SpringForm.allParameterNames.sorted()
            _ = try spring.object(known: known)
            for member in members {
                values[member.key] = try ValueReader(member.value, path: spring.child(member.key)).number()
            }
            if values["damping"] != nil && values["duration"] == nil
                && values.keys.allSatisfy({ ["damping", "velocity"].contains($0) })
            {
                values["duration"] = 1  // UIKit form with the article's default duration
            }
            let form: SpringForm
            do { form = try SpringForm(named: values) } catch { throw spring.error("\(error)") }
            return AnimationTiming(curve: try curve(for: form, at: spring), delay: delay)
        }
        if let physical = object.optional("physicalSpring") {
            let fields = try physical.object(known: ["mass", "stiffness", "damping", "velocity", "duration"])
            let curve = TimingCurve.physicalSpring(
                mass: try fields.optional("mass")?.positive() ?? 1,
                stiffness: try fields.required("stiffness").positive(),
                damping: try fields.required("damping").positive(),
                initialVelocity: try fields.optional("velocity")?.number() ?? 0,
                duration: try fields.optional("duration")?.positive() ?? object.optional("duration")?.positive())
            return AnimationTiming(curve: curve, delay: delay)
        }
        let name = try object.required("curve").choice(["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
        let duration = try object.optional("duration").map { try $0.nonNegative() } ?? 0.3
        let curve: TimingCurve
        switch name {
        case "linear": curve = .linear(duration: duration)
        case "easeIn": curve = .easeIn(duration: duration)
        case "easeOut": curve = .easeOut(duration: duration)
        case "default": curve = .default(duration: duration)
        default: curve = .easeInEaseOut(duration: duration)
        }
        return AnimationTiming(curve: curve, delay: delay)
    }

    /// A spring form as a timing curve: the UIKit form keeps UIKit's duration and its snap at
    /// the end; every other form is a physical spring that runs until it settles (ε = 0.001).
    static func curve(for form: SpringForm, at reader: ValueReader) throws -> TimingCurve {
        if case .uikit(let duration, let dampingRatio, let velocity) = form {
            guard duration > 0, dampingRatio > 0 else {
                throw reader.error("a UIKit spring needs duration > 0 and damping > 0")
            }
            return .uikitSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        }
        let parameters: SpringParameters
        do { parameters = try form.parameters() } catch { throw reader.error("\(error)") }
        return .physicalSpring(
            mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping,
            initialVelocity: parameters.initialVelocity)
    }

    static func style(_ reader: ValueReader) throws -> SceneStyle {
        let object = try reader.object(known: [
            "background", "headerBackground", "headerText", "cellText", "cellColor", "cornerRadius", "fontSize",
            "headerFontSize", "selectionColor",
        ])
        var style = SceneStyle()
        if let value = object.optional("background") { style.background = try value.color() }
        if let value = object.optional("headerBackground") { style.headerBackground = try value.color() }
        if let value = object.optional("headerText") { style.headerText = try value.color() }
        if let value = object.optional("cellText") { style.cellText = try value.color() }
        if let value = object.optional("cellColor") { style.cellColor = try value.color() }
        if let value = object.optional("selectionColor") { style.selectionColor = try value.color() }
        // Bounded so Cairo never sees a degenerate text matrix ("invalid matrix"): the error names the key.
        func bounded(_ value: ValueReader, _ number: Double, max: Double) throws -> Double {
            guard number <= max else {
                throw value.error("expected at most \(formatNumber(max)), got \(formatNumber(number))")
            }
            return number
        }
        if let value = object.optional("cornerRadius") {
            style.cornerRadius = try bounded(value, value.nonNegative(), max: 1000)
        }
        if let value = object.optional("fontSize") { style.fontSize = try bounded(value, value.positive(), max: 200) }
        if let value = object.optional("headerFontSize") {
            style.headerFontSize = try bounded(value, value.positive(), max: 200)
        }
        return style
    }

    static func golden(_ reader: ValueReader) throws -> GoldenSpec {
        let object = try reader.object(known: ["frames", "threshold", "maxDiffPixels", "maxDiffPixelRatio"])
        var golden = GoldenSpec()
        if let frames = object.optional("frames") { golden.frames = try frames.array().map { try $0.integer(min: 0) } }
        if let value = object.optional("threshold") {
            golden.threshold = try value.nonNegative()
            if golden.threshold > 1 {
                throw SceneError(
                    path: value.path, message: "expected a number in 0…1, got \(formatNumber(golden.threshold))")
            }
        }
        if let value = object.optional("maxDiffPixels") { golden.maxDiffPixels = try value.integer(min: 0) }
        if let value = object.optional("maxDiffPixelRatio") {
            golden.maxDiffPixelRatio = try value.nonNegative()
            if golden.maxDiffPixelRatio! > 1 {
                throw SceneError(
                    path: value.path,
                    message: "expected a number in 0…1, got \(formatNumber(golden.maxDiffPixelRatio!))")
            }
        }
        return golden
    }
}
