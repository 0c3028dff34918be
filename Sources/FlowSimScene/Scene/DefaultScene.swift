import FlowSim
import Foundation

/// The scene `flowsim` uses without a scene argument: a collection view of US national parks
/// (375×667 at scale 2, sections by state with headers, the 2 pt inset layout) with an insert and
/// a delete: a park is inserted at a random index of the first section, drawn from a fixed random
/// seed, with UIKit's spring (duration 1.0, damping 0.65, velocity 0), flying in from the
/// top-right corner; then the two selected parks are deleted with UIKit's default animation
/// (`deleteSelected()` outside an animation block) and shrink away.
public enum DefaultScene {
    public static let name = "national-parks"
    /// The random seed of the generator that picks the insert index.
    public static let insertSeed: UInt64 = 3

    static let parks: [(state: String, names: [String])] = [
        ("Alaska", ["Denali", "Glacier Bay", "Katmai", "Kenai Fjords", "Lake Clark"]),
        ("California", ["Yosemite", "Sequoia", "Joshua Tree", "Death Valley", "Redwood", "Channel Islands"]),
        ("Utah", ["Zion", "Arches", "Bryce Canyon", "Canyonlands", "Capitol Reef"]),
        ("Colorado", ["Rocky Mountain", "Mesa Verde", "Great Sand Dunes", "Black Canyon"]),
        ("Arizona", ["Grand Canyon", "Saguaro", "Petrified Forest"]),
    ]

    static let selected: Set<String> = ["glacier-bay", "sequoia"]

    static func slug(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// The insert index: uniform in 0...count of the first section, from `insertSeed`.
    public static var insertIndex: Int {
        var random = SeededRandom(seed: insertSeed)
        return Int.random(in: 0...parks[0].names.count, using: &random)
    }

    /// The scene as JSON text: exactly what a user would write in a scene file.
    public static var json: String {
        let sections = parks.map { state, names -> String in
            let items = names.map { name -> String in
                let id = slug(name)
                let selectedText = selected.contains(id) ? ", \"selected\": true" : ""
                return "{\"id\": \"\(id)\", \"title\": \"\(name)\"\(selectedText)}"
            }
            return "    {\"title\": \"\(state)\", \"items\": [\n      " + items.joined(separator: ",\n      ") + "]}"
        }
        return """
            {
              "name": "\(name)",
              "viewport": {"width": 375, "height": 667, "scale": 2},
              "layout": {
                "itemSize": {"width": 110, "height": 110},
                "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
                "sectionInset": {"top": 8, "left": 8, "bottom": 8, "right": 8},
                "headerReferenceSize": {"width": 375, "height": 44},
                "cellInset": 2,
                "appearing": {"centerFromTrailingEdge": {"dx": 23.5, "y": -24.5}, "scale": 0.15, "alpha": 1, "zIndex": 50},
                "disappearing": {"scale": 0.1, "alpha": 1, "zIndex": -1}
              },
              "sections": [
            \(sections.joined(separator: ",\n"))
              ],
              "updates": [
                {"at": 0, "insert": [{"section": 0, "item": \(insertIndex), "id": "new-park", "title": "New Park"}],
                 "timing": {"spring": {"duration": 1.0, "damping": 0.65, "velocity": 0}}},
                {"at": 1.2, "deleteSelected": true}
              ],
              "golden": {"frames": [0, 30, 60, 90]}
            }
            """
    }

    public static func load() throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), source: "<default scene>", defaultName: name)
    }
}
