import FlowSim
import Foundation

/// Named data sets a scene file can use instead of listing its sections:
/// `"data": "national-parks"` is the parks collection view's data: 61 parks, sections by state.
///
/// SceneDecoder calls `sections(in:ids:)` before reading `"sections"`, and `sectionList(in:)`
/// for the explicit sections (required only without `"data"`; with it, they follow the data
/// set's sections).
public enum SceneDataSets {
    public static let names = ["national-parks"]

    /// The data set's sections ([] when the scene has no `"data"`), registering item ids in `ids`.
    public static func sections(in object: ObjectReader, ids: inout Set<String>) throws -> [SectionData] {
        guard let reader = object.optional("data") else { return [] }
        let name = try reader.choice(names)
        let parks: [Park]
        do { parks = try NationalParks.load() } catch {
            throw SceneError(path: reader.path, message: "cannot load \"\(name)\": \(error)")
        }
        let sections = ParksDataSource(parks: parks).sectionData
        for id in sections.flatMap({ $0.items.map(\.id) }) where !ids.insert(id).inserted {
            throw SceneError(path: reader.path, message: "duplicate item id \"\(id)\" in \"\(name)\"")
        }
        return sections
    }

    /// The scene's `"sections"` array: required without `"data"`, optional with it.
    public static func sectionList(in object: ObjectReader) throws -> [ValueReader] {
        if object.has("data") { return try object.optional("sections")?.array() ?? [] }
        return try object.required("sections").array()
    }
}
