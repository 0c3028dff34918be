import FlowSim
import Foundation

/// The catalog of `NationalParks.plist`: the 61 national parks in US states (the territories'
/// two are left out), in order of establishment. Names, states and dates follow Wikipedia's
/// "List of national parks of the United States" (date established as a national park; a park in
/// several states lists the first one: Yellowstone is Wyoming, Great Smoky Mountains North
/// Carolina, Death Valley California).
public enum NationalParks {
    public static let resourceName = "NationalParks"

    /// The parks of the bundled property list, decoded with `PropertyListDecoder`.
    public static func load() throws -> [Park] {
        guard let url = Bundle.module.url(forResource: resourceName, withExtension: "plist") else {
            throw ParksError("NationalParks.plist is missing from FlowSim's resource bundle")
        }
        return try decode(try Data(contentsOf: url))
    }

    /// Parks from property-list data (an array of dictionaries with name, state, date, photo
    /// and index).
    public static func decode(_ data: Data) throws -> [Park] {
        do {
            return try PropertyListDecoder().decode([Park].self, from: data)
        } catch {
            throw ParksError("malformed parks property list: \(error)")
        }
    }

    /// States in order of first appearance: the sections of the parks collection view.
    public static func states(of parks: [Park]) -> [String] {
        var seen = Set<String>()
        return parks.map(\.state).filter { seen.insert($0).inserted }
    }
}

/// A parks data-source operation that cannot be done (bad index path, unreadable catalog).
public struct ParksError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
