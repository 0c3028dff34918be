import FlowSimCoreTestSupport
import XCTest

@testable import FlowSim

/// `indexPaths(forItemIDs:)` (a scene's selection found in one pass over its items, through
/// `ItemIDTable`) answers what `indexPath(forItemID:)` answers for each id: the first section,
/// then item, holding it; nil for an id no item has; duplicates answered alike.
final class ItemIDLookupTests: XCTestCase {
    func testOnePassLookupAgreesWithTheOneIDLookupOnRandomData() {
        var random = SeededRandom(seed: 0x1D_7AB1E)
        for round in 0..<60 {
            // Small id alphabets so ids repeat across (and within) sections.
            let sections = (0..<Int.random(in: 1...4, using: &random)).map { s -> SectionData in
                if Int.random(in: 0..<4, using: &random) == 0 {
                    var uniform = SectionData(id: "s\(s)")
                    uniform.itemList = .uniform(idPrefix: "u-", count: 30)
                    return uniform
                }
                let items = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                    ItemData(
                        id: ["a", "é", "u-", "x"][Int.random(in: 0..<4, using: &random)]
                            + "\(Int.random(in: 0..<40, using: &random))")
                }
                return SectionData(id: "s\(s)", items: items)
            }
            let source = SectionedDataSource(sections: sections)
            let view = CollectionView(
                frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: FlowLayout())
            view.dataSource = source
            let asked = (0..<Int.random(in: 1...25, using: &random)).map { _ in
                ["a", "é", "u-", "x", "missing"][Int.random(in: 0..<5, using: &random)]
                    + "\(Int.random(in: 0..<40, using: &random))"
            }
            XCTAssertEqual(view.indexPaths(forItemIDs: asked), asked.map(view.indexPath(forItemID:)), "round \(round)")
        }
    }

    /// A listed section's ids are read from the data source's own item array (shared, not
    /// copied): they answer by id, and the collection view keeps the ids it read until
    /// `reloadData`, even while the data source's array is changed in place (copy on write).
    func testListedIDsAreTheDataSourcesItemsUntilReload() {
        let source = SectionedDataSource(sections: [
            SectionData(id: "s0", items: [ItemData(id: "a"), ItemData(id: "b"), ItemData(id: "a")]),
            SectionData(id: "s1", items: [ItemData(id: "c")]),
        ])
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: FlowLayout())
        view.dataSource = source
        view.reloadData()
        XCTAssertEqual(view.indexPath(forItemID: "a"), IndexPath(item: 0, section: 0))
        XCTAssertEqual(view.indexPath(forItemID: "b"), IndexPath(item: 1, section: 0))
        XCTAssertEqual(view.indexPath(forItemID: "c"), IndexPath(item: 0, section: 1))
        XCTAssertNil(view.indexPath(forItemID: "d"))
        source.sections[1].items[0] = ItemData(id: "d")
        XCTAssertEqual(view.itemIDs[1].array, ["c"])
        view.reloadData()
        XCTAssertEqual(view.itemIDs[1].array, ["d"])
        XCTAssertEqual(view.indexPath(forItemID: "d"), IndexPath(item: 0, section: 1))
        XCTAssertNil(view.indexPath(forItemID: "c"))
    }

    func testTableFindsEachDistinctIDOnceAndNothingElse() {
        let ids = ["p1", "p2", "p1", "", "ü", "a long id of more than fifteen bytes", "p2"]
        let table = ItemIDTable(ids)
        XCTAssertEqual(table.keys, ["p1", "p2", "", "ü", "a long id of more than fifteen bytes"])
        XCTAssertEqual(table.keyOfID, [0, 1, 0, 2, 3, 4, 1])
        XCTAssertEqual(table.index(of: "a long id of more than fifteen bytes"), 4)
        XCTAssertEqual(table.index(of: ""), 2)
        XCTAssertNil(table.index(of: "p3"))
        XCTAssertNil(table.index(of: "u"))
        // Same bytes, same hash; the hash is FNV-1a's (fixed, not seeded per process).
        XCTAssertEqual(ItemIDTable.hash("p1"), ItemIDTable.hash(String("xp1".dropFirst())))
    }
}
