import FlowSim
import Foundation

/// The parks collection view's data source: parks in sections by state (states in order of first
/// appearance), with its operations (insert a random park, delete, move).
///
/// A common way to write this keeps one flat `parks` array and finds a section's parks by filtering on state, so
/// its `absoluteIndexForIndexPath` is only right while the array happens to be grouped by state;
/// its `moveParkAtIndexPath` changes the park's state *before* computing the target index (and
/// before removing it), so a move within the flat list can land one place off; and its `Park`
/// is a class shared with `immutableParks`. Here each section owns its parks, moves and
/// deletes act on those arrays, and parks are values.
public final class ParksDataSource {
    public struct Section: Equatable, Sendable {
        public var state: String
        public var parks: [Park]
    }

    /// Sections as the collection view shows them. Sections stay when emptied (as the parks
    /// `sections` list never shrinks), so a park can be moved back into one.
    public private(set) var sections: [Section]
    /// The catalog new random parks are copied from (`immutableParks`).
    public let catalog: [Park]
    private var random: SeededRandom
    private var copies = 0

    /// Sections from `parks`, grouped by state in order of first appearance.
    public init(parks: [Park], seed: UInt64 = 0) {
        catalog = parks
        random = SeededRandom(seed: seed)
        sections = NationalParks.states(of: parks).map { state in
            Section(state: state, parks: parks.filter { $0.state == state })
        }
    }

    /// The bundled `NationalParks.plist`.
    public convenience init(seed: UInt64 = 0) throws {
        self.init(parks: try NationalParks.load(), seed: seed)
    }

    // MARK: Counts

    /// Every park (`count`).
    public var count: Int { sections.reduce(0) { $0 + $1.parks.count } }
    public var numberOfSections: Int { sections.count }

    public func numberOfParks(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].parks.count : 0
    }

    public func park(at indexPath: IndexPath) -> Park? {
        guard isValid(indexPath) else { return nil }
        return sections[indexPath.section].parks[indexPath.item]
    }

    /// The park's position over all sections in order (`absoluteIndexForIndexPath`).
    public func absoluteIndex(for indexPath: IndexPath) -> Int? {
        guard isValid(indexPath) else { return nil }
        return sections[..<indexPath.section].reduce(0) { $0 + $1.parks.count } + indexPath.item
    }

    func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && sections.indices.contains(indexPath.section)
            && sections[indexPath.section].parks.indices.contains(indexPath.item)
    }

    // MARK: Operations

    /// Deletes the parks at `indexPaths` (paths before the deletion, in any order, as
    /// `deleteItems(at:)` takes them). Throws, changing nothing, for a path with no park.
    public func deleteItems(at indexPaths: [IndexPath]) throws {
        if let bad = indexPaths.first(where: { !isValid($0) }) {
            throw ParksError("no park at section \(bad.section), item \(bad.item)")
        }
        for section in sections.indices {
            let doomed = Set(indexPaths.filter { $0.section == section }.map(\.item))
            guard !doomed.isEmpty else { continue }
            sections[section].parks = sections[section].parks.enumerated()
                .filter { !doomed.contains($0.offset) }.map(\.element)
        }
    }

    /// Moves a park, as `moveItem(at:to:)` means it: `newIndexPath` is where the park is after
    /// the move, and it takes the target section's state (what the move intends). Throws, changing
    /// nothing, when either path is out of range.
    public func movePark(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
        guard isValid(indexPath) else {
            throw ParksError("no park at section \(indexPath.section), item \(indexPath.item) to move")
        }
        let sameSection = indexPath.section == newIndexPath.section
        let targetCount = numberOfParks(inSection: newIndexPath.section) - (sameSection ? 1 : 0)
        guard newIndexPath.count == 2, sections.indices.contains(newIndexPath.section),
            (0...targetCount).contains(newIndexPath.item)
        else {
            throw ParksError(
                "cannot move to section \(newIndexPath.section), item \(newIndexPath.item): "
                    + "out of range")
        }
        guard indexPath != newIndexPath else { return }
        var park = sections[indexPath.section].parks.remove(at: indexPath.item)
        park.state = sections[newIndexPath.section].state
        sections[newIndexPath.section].parks.insert(park, at: newIndexPath.item)
    }

    /// `indexPathForNewRandomPark()`: copies a park of the catalog chosen with the
    /// seeded generator and inserts the copy into its state's section after the parks whose
    /// catalog index is not greater (as appending and sorting by `index` would). Returns where the
    /// copy went, for `insertItems(at:)`. Nil only for an empty catalog.
    @discardableResult
    public func indexPathForNewRandomPark() -> IndexPath? {
        guard !catalog.isEmpty else { return nil }
        let original = catalog[Int.random(in: 0..<catalog.count, using: &random)]
        copies += 1
        let park = Park(copying: original, id: "\(original.id)-copy-\(copies)")
        let section: Int
        if let existing = sections.firstIndex(where: { $0.state == park.state }) {
            section = existing
        } else {
            sections.append(Section(state: park.state, parks: []))
            section = sections.count - 1
        }
        let item =
            sections[section].parks.firstIndex { $0.index > park.index }
            ?? sections[section].parks.count
        sections[section].parks.insert(park, at: item)
        return IndexPath(item: item, section: section)
    }
}
