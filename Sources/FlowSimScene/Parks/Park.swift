import FlowSim
import Foundation

/// One national park, as `NationalParks.plist` lists it.
///
/// Unlike a class, `Park` is a value: moving a park to another state changes the copy
/// the data source holds, never a park some other list shares. `id` is FlowSim's identity (the
/// photo name for catalog parks, a numbered suffix for inserted copies) so a copy inserted by
/// `indexPathForNewRandomPark()` is a distinct item to the collection view.
public struct Park: Codable, Equatable, Hashable, Sendable {
    public var name: String
    /// The state the park lies in (the first-listed state for parks in several).
    public var state: String
    /// Date established as a national park, ISO 8601 (`1872-03-01`).
    public var date: String
    /// Name of the park's photo (for `UIImage(named:)`); FlowSim ships no images.
    public var photo: String
    /// Position in the catalog (chronological order of establishment); copies keep it.
    public var index: Int
    public var id: String

    public init(name: String, state: String, date: String, photo: String, index: Int, id: String? = nil) {
        self.name = name
        self.state = state
        self.date = date
        self.photo = photo
        self.index = index
        self.id = id ?? photo
    }

    /// A copy (`init(copying:)`), with a new identity.
    public init(copying park: Park, id: String) {
        self = park
        self.id = id
    }

    enum CodingKeys: String, CodingKey { case name, state, date, photo, index }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            state: try container.decode(String.self, forKey: .state),
            date: try container.decode(String.self, forKey: .date),
            photo: try container.decode(String.self, forKey: .photo),
            index: try container.decode(Int.self, forKey: .index))
    }
}
