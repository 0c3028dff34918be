import FlowSim
import FlowSimSupport
import Foundation

/// Updates (inserts, deletes, moves, reloads, section edits, selection) and pagination settings.
extension SceneDecoder {
    static let updateKeys: [SceneKey] = [
        SceneKey("at", .nonNegative, "start time in seconds"),
        SceneKey("insert", .array(.object("insertedItem")), "items to insert (performBatchUpdates insertItems)"),
        SceneKey("delete", .array(.object("indexPath")), "items to delete, at their index paths before the update"),
        SceneKey("move", .array(.object("move")), "items to move"),
        SceneKey(
            "reload", .array(.oneOf([.object("indexPath"), .string])),
            "items to reload: index paths, or with \"snapshot\" item ids (a delete and an insert of the same item)"),
        SceneKey("insertSections", .array(.object("insertedSection")), "sections to insert"),
        SceneKey("deleteSections", .array(.integer(minimum: 0)), "section indices to delete"),
        SceneKey("moveSections", .array(.object("sectionMove")), "sections to move"),
        SceneKey("select", .array(.object("indexPath")), "items to select"),
        SceneKey("deleteSelected", .bool, "delete the selected items"),
        SceneKey("timing", .object("timing"), "the update's animation (default: UIKit's)"),
        SceneKey(
            "snapshot", .array(.object("snapshotSection")),
            "the sections and items after the update, by id, as a diffable data source is given them"),
        SceneKey("reconfigure", .array(.string), "with \"snapshot\": item ids whose content changes in place"),
        SceneKey("animatingDifferences", .bool, "with \"snapshot\": false shows the new layout at once"),
        SceneKey(
            "rotate", .choice(DeviceOrientation.allCases.map(\.rawValue)),
            "turn the scene's device (a size transition, 0.4 s ease-in-out unless timed)"),
        SceneKey(
            "bounds", .object("size"), "resize the collection view (a size transition, 0.4 s ease-in-out unless timed)"),
        SceneKey(
            "drag", .object("drag"), "an interactive movement: lift an item, drag it along a path, drop or cancel"),
    ]

    static let snapshotSectionKeys: [SceneKey] = [
        SceneKey("id", .string, "the section's identifier", required: true),
        SceneKey("title", .string, "the header's text"),
        SceneKey(
            "items", .array(.oneOf([.string, .object("snapshotItem")])),
            "item ids, or item objects {\"id\", \"title\", \"size\", \"image\"}"),
    ]
    static let snapshotItemKeys: [SceneKey] = [
        SceneKey("id", .string, "the item's identifier", required: true),
        SceneKey("title", .string, "cell text"), SceneKey("size", .object("size"), "this item's size"),
        SceneKey("image", .string, "a PNG drawn in the cell, relative to the scene file"),
    ]

    static let insertedItemKeys: [SceneKey] =
        [
            SceneKey("section", .integer(minimum: 0), "section index after the update", required: true),
            SceneKey("item", .integer(minimum: 0), "item index after the update", required: true),
        ] + itemKeys.filter { $0.name != "selected" }
    static let insertedSectionKeys: [SceneKey] =
        [SceneKey("section", .integer(minimum: 0), "section index after the update", required: true)] + sectionKeys
    static let moveKeys: [SceneKey] = [
        SceneKey("from", .object("indexPath"), "index path before the update", required: true),
        SceneKey("to", .object("indexPath"), "index path after the update", required: true),
    ]
    static let sectionMoveKeys: [SceneKey] = [
        SceneKey("from", .integer(minimum: 0), "section index before the update", required: true),
        SceneKey("to", .integer(minimum: 0), "section index after the update", required: true),
    ]
    static let paginationKeys: [SceneKey] = [
        SceneKey("total", .integer(minimum: 0), "items the server has"),
        SceneKey("limit", .integer(minimum: 1), "page size"),
        SceneKey("threshold", .integer(minimum: 1), "items from the end that trigger the next page"),
        SceneKey("latency", .nonNegative, "seconds per page request"),
        SceneKey("jitter", .nonNegative, "extra seeded latency in [0, jitter)"),
        SceneKey("seed", .integer(minimum: 0), "seed of the jitter"),
        SceneKey("failPages", .array(.integer(minimum: 0)), "pages whose first request fails"),
        SceneKey("appendAnimation", .choice(["reload", "insert"]), "show pages with reloadData or inserts"),
        SceneKey("timing", .object("timing"), "the inserts' animation"),
    ]

    static func update(_ reader: ValueReader, index: Int, ids: inout Set<String>) throws -> SceneUpdate {
        let object = try reader.object(known: updateKeys)
        var update = SceneUpdate()
        update.at = try object.optional("at").map { try $0.nonNegative() } ?? 0
        if let drag = object.optional("drag") {
            update.drag = try self.drag(drag, update: object, updatePath: reader.path)
            return update
        }
        for (k, insert) in (try object.optional("insert")?.array() ?? []).enumerated() {
            let fields = try insert.object(known: insertedItemKeys)
            let path = IndexPath(
                item: try fields.required("item").integer(min: 0),
                section: try fields.required("section").integer(min: 0))
            let id = try fields.optional("id")?.string() ?? "new-\(index)-\(k)"
            guard ids.insert(id).inserted else {
                throw SceneError(path: insert.path + ".id", .duplicateID(SafeText.quoted(id)))
            }
            let item = ItemData(
                id: id, title: try fields.optional("title")?.string(), size: try fields.optional("size")?.size(),
                imagePath: try fields.optional("image")?.string(),
                fittingSize: try fields.optional("fittingSize")?.size())
            update.insert.append((path, item))
        }
        update.delete = try (object.optional("delete")?.array() ?? []).map(indexPath)
        if object.has("snapshot") {
            try snapshot(object, into: &update, path: reader.path, ids: &ids)
        } else {
            for key in ["reconfigure", "animatingDifferences"] where object.has(key) {
                throw SceneError(
                    path: reader.child(key), .requires(key, requirement: "a \"snapshot\" (the data after the update)"))
            }
            update.reload = try (object.optional("reload")?.array() ?? []).map(indexPath)
        }
        update.select = try (object.optional("select")?.array() ?? []).map(indexPath)
        update.deleteSelected = try object.optional("deleteSelected")?.bool() ?? false
        update.move = try (object.optional("move")?.array() ?? []).map { move in
            let fields = try move.object(known: moveKeys)
            return (try indexPath(try fields.required("from")), try indexPath(try fields.required("to")))
        }
        for (k, insert) in (try object.optional("insertSections")?.array() ?? []).enumerated() {
            let fields = try insert.object(known: insertedSectionKeys)
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
            let fields = try move.object(known: sectionMoveKeys)
            return (try fields.required("from").integer(min: 0), try fields.required("to").integer(min: 0))
        }
        update.timing = try object.optional("timing").map(timing)
        try sizeTransition(object, into: &update, path: reader.path)
        if !update.animatingDifferences {
            if update.timing != nil {
                throw SceneError(
                    path: reader.child("timing"),
                    message: "a timing animates the differences; \"animatingDifferences\" is false")
            }
            update.timing = AnimationTiming(curve: .linear(duration: 0))
        }
        return update
    }

    /// `"snapshot"`: the sections and items after the update, by id, as a diffable data source
    /// is given them; `"reload"` and `"reconfigure"` then list item ids. Duplicate ids are
    /// refused with UIKit's message.
    private static func snapshot(
        _ object: ObjectReader, into update: inout SceneUpdate, path: String, ids: inout Set<String>
    ) throws {
        for key in ["insert", "delete", "move", "insertSections", "deleteSections", "moveSections", "deleteSelected"]
        where object.has(key) {
            throw SceneError(
                path: path.isEmpty ? key : "\(path).\(key)",
                message: "\"snapshot\" gives the data after the update: edits such as \"\(key)\" cannot go with it")
        }
        var sections: [SceneSnapshotSection] = []
        var sectionIDs = Set<String>()
        var itemIDs = Set<String>()
        for sectionReader in try object.required("snapshot").array() {
            let fields = try sectionReader.object(known: snapshotSectionKeys)
            let id = try fields.required("id").string()
            guard sectionIDs.insert(id).inserted else {
                throw SceneError(
                    path: sectionReader.child("id"),
                    message: SnapshotError.notUniqueLine(.section, [id]))
            }
            var section = SceneSnapshotSection(id: id, title: try fields.optional("title")?.string(), items: [])
            for itemReader in try fields.optional("items")?.array() ?? [] {
                let item: SceneSnapshotItem
                if case .string(let itemID) = itemReader.value {
                    item = SceneSnapshotItem(id: itemID)
                } else {
                    let itemFields = try itemReader.object(known: snapshotItemKeys)
                    item = SceneSnapshotItem(
                        id: try itemFields.required("id").string(), title: try itemFields.optional("title")?.string(),
                        size: try itemFields.optional("size")?.size(),
                        imagePath: try itemFields.optional("image")?.string())
                }
                guard itemIDs.insert(item.id).inserted else {
                    throw SceneError(
                        path: itemReader.path,
                        message: SnapshotError.notUniqueLine(.item, [item.id]))
                }
                ids.insert(item.id)  // a new item's id is taken from here on
                section.items.append(item)
            }
            sections.append(section)
        }
        update.snapshot = sections
        func idList(_ key: String, action: String) throws -> [String] {
            try (object.optional(key)?.array() ?? []).map { reader in
                let id = try reader.string()
                guard itemIDs.contains(id) else {
                    throw reader.error(
                        "Attempted to \(action) item identifier that does not exist in the snapshot: \(SafeText.excerpt(id))"
                    )
                }
                return id
            }
        }
        update.reloadIDs = try idList("reload", action: "reload")
        update.reconfigureIDs = try idList("reconfigure", action: "reconfigure")
        update.animatingDifferences = try object.optional("animatingDifferences")?.bool() ?? true
    }

    /// `"pagination"`: see `PaginationSettings`.
    static func pagination(_ reader: ValueReader) throws -> PaginationSettings {
        let object = try reader.object(known: paginationKeys)
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
}
