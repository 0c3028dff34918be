import FlowSim
import FlowSimSupport
import Foundation

/// Sections and items (ids, sizes, images, selection) and index paths.
extension SceneDecoder {
    static let sectionKeys: [SceneKey] = [
        SceneKey("id", .string, "identifies the section across updates (default: title, else its index)"),
        SceneKey("title", .string, "header text"),
        SceneKey("items", .array(.object("item")), "the section's items"),
        SceneKey("inset", .object("insets"), "this section's inset (delegate insetForSectionAt)"),
        SceneKey("minimumLineSpacing", .nonNegative, "this section's line spacing"),
        SceneKey("minimumInteritemSpacing", .nonNegative, "this section's item spacing"),
        SceneKey("headerSize", .object("size"), "this section's header size"),
        SceneKey("footerSize", .object("size"), "this section's footer size"),
    ]

    static let itemKeys: [SceneKey] = [
        SceneKey("id", .string, "identifies the item across updates (must be unique)"),
        SceneKey("title", .string, "cell text"), SceneKey("size", .object("size"), "this item's size"),
        SceneKey("image", .string, "a PNG drawn in the cell, relative to the scene file"),
        SceneKey("selected", .bool, "selected at the start"),
        SceneKey("fittingSize", .object("size"), "the size the cell's content fits (self-sizing cells)"),
    ]

    /// With `runs`: items that are all `{}` are kept as a count (`SectionItems.uniform`), their
    /// default ids `<idPrefix>-i<index>` made on demand (`scene` checks no other id is one of
    /// them); items the parser decoded (`ItemRunScanner`) are kept as it made them
    /// (`SectionItems.compact`: byte ranges into the file, strings made when read), their ids
    /// checked by `scene` (any error makes `decode` decode the file again item by item).
    static func section(
        _ reader: ValueReader, index: Int, ids: inout Set<String>, selected: inout [String], idPrefix: String,
        runs: ParsedItemRuns? = nil
    ) throws -> SectionData {
        let object = try reader.object(known: sectionKeys)
        let title = try object.optional("title")?.string()
        let id = try object.optional("id")?.string() ?? title ?? idPrefix
        var section = SectionData(id: id, title: title ?? "")
        if let runs, let items = object.optional("items") {
            if case .array(let values) = items.value, !values.isEmpty,
                values.allSatisfy({ if case .object(let members) = $0 { return members.isEmpty } else { return false } }
                )
            {
                section.itemList = .uniform(idPrefix: "\(idPrefix)-i", count: values.count)
            } else if let count = runs.uniformCount(items.value) {
                section.itemList = .uniform(idPrefix: "\(idPrefix)-i", count: count)
            } else if let run = runs.take(items.value) {
                // Their ids are checked for duplicates once the whole scene is read (`RunIDCheck`).
                selected.append(contentsOf: run.selected.map { run.items.id(at: $0) })
                section.itemList = .compact(run.items)
            }
        }
        for (itemIndex, itemReader) in (section.itemList.isEmpty ? try object.optional("items")?.array() ?? [] : [])
            .enumerated()
        {
            let (item, isSelected) = try self.item(itemReader, defaultID: "\(idPrefix)-i\(itemIndex)", ids: &ids)
            if isSelected { selected.append(item.id) }
            section.itemList.append(item)
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
        let object = try reader.object(known: itemKeys)
        let id = try object.optional("id")?.string() ?? defaultID
        guard ids.insert(id).inserted else {
            throw SceneError(path: reader.path + ".id", .duplicateID(SafeText.quoted(id)))
        }
        let item = ItemData(
            id: id, title: try object.optional("title")?.string(), size: try object.optional("size")?.size(),
            imagePath: try object.optional("image")?.string(), fittingSize: try object.optional("fittingSize")?.size())
        return (item, try object.optional("selected")?.bool() ?? false)
    }

    static func indexPath(_ reader: ValueReader) throws -> IndexPath {
        let object = try reader.object(known: indexPathKeys)
        return IndexPath(
            item: try object.required("item").integer(min: 0), section: try object.required("section").integer(min: 0))
    }
}
