import FlowSimSupport
import XCTest

@testable import FlowSim
@testable import FlowSimScene

final class ParksTests: XCTestCase {
    func testPlistLoadsRealParks() throws {
        let parks = try NationalParks.load()
        XCTAssertGreaterThanOrEqual(parks.count, 40)
        XCTAssertGreaterThanOrEqual(Set(parks.map(\.state)).count, 8)
        XCTAssertEqual(parks.map(\.index), Array(0..<parks.count))
        XCTAssertEqual(Set(parks.map(\.id)).count, parks.count)
        let yellowstone = try XCTUnwrap(parks.first { $0.name == "Yellowstone" })
        XCTAssertEqual(yellowstone.state, "Wyoming")
        XCTAssertEqual(yellowstone.date, "1872-03-01")
        XCTAssertEqual(yellowstone.index, 0)
        let facts = Dictionary(uniqueKeysWithValues: parks.map { ($0.name, ($0.state, $0.date)) })
        XCTAssertEqual(facts["Yosemite"]?.0, "California")
        XCTAssertEqual(facts["Yosemite"]?.1, "1890-10-01")
        XCTAssertEqual(facts["Death Valley"]?.0, "California")
        XCTAssertEqual(facts["Acadia"]?.1, "1919-02-26")
        XCTAssertEqual(facts["Denali"]?.0, "Alaska")
        XCTAssertEqual(facts["Zion"]?.1, "1919-11-19")
        XCTAssertEqual(parks.map(\.date), parks.map(\.date).sorted(), "catalog is in order of establishment")
        XCTAssertTrue(parks.allSatisfy { $0.date.count == 10 && !$0.photo.isEmpty })
    }

    func testDecodeRejectsMalformedData() {
        XCTAssertThrowsError(try NationalParks.decode(Data("nope".utf8)))
    }

    func sample() -> [Park] {
        [("A1", "A"), ("B1", "B"), ("A2", "A"), ("C1", "C"), ("B2", "B"), ("A3", "A")].enumerated().map {
            Park(name: $1.0, state: $1.1, date: "2000-01-01", photo: $1.0.lowercased(), index: $0)
        }
    }

    func names(_ source: ParksDataSource) -> [[String]] { source.sections.map { $0.parks.map(\.name) } }

    func testSectionsByStateInOrderOfFirstAppearance() throws {
        let source = ParksDataSource(parks: sample())
        XCTAssertEqual(source.sections.map(\.state), ["A", "B", "C"])
        XCTAssertEqual(names(source), [["A1", "A2", "A3"], ["B1", "B2"], ["C1"]])
        XCTAssertEqual(source.count, 6)
        XCTAssertEqual(source.numberOfSections, 3)
        XCTAssertEqual(source.numberOfParks(inSection: 1), 2)
        XCTAssertEqual(source.numberOfParks(inSection: 9), 0)
        XCTAssertEqual(source.absoluteIndex(for: IndexPath(item: 1, section: 1)), 4)
        XCTAssertNil(source.absoluteIndex(for: IndexPath(item: 5, section: 1)))
        let real = try ParksDataSource()
        XCTAssertEqual(real.sections.first?.state, "Wyoming")
        XCTAssertEqual(real.sections[1].state, "California")
    }

    func testDeleteItemsAtIndexPaths() throws {
        let source = ParksDataSource(parks: sample())
        try source.deleteItems(at: [
            IndexPath(item: 2, section: 0), IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 2),
        ])
        XCTAssertEqual(names(source), [["A2"], ["B1", "B2"], []], "empty sections stay")
        XCTAssertThrowsError(
            try source.deleteItems(at: [IndexPath(item: 0, section: 1), IndexPath(item: 5, section: 1)]))
        XCTAssertEqual(names(source), [["A2"], ["B1", "B2"], []], "a bad batch changes nothing")
    }

    func testMoveChangesStateToTargetSection() throws {
        let source = ParksDataSource(parks: sample())
        try source.movePark(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1))
        XCTAssertEqual(names(source), [["A2", "A3"], ["B1", "A1", "B2"], ["C1"]])
        XCTAssertEqual(source.park(at: IndexPath(item: 1, section: 1))?.state, "B")
        // Within a section, forward: the park ends exactly at the target index.
        try source.movePark(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 2, section: 1))
        XCTAssertEqual(names(source), [["A2", "A3"], ["A1", "B2", "B1"], ["C1"]])
        // Into the end of another section.
        try source.movePark(at: IndexPath(item: 0, section: 2), to: IndexPath(item: 2, section: 0))
        XCTAssertEqual(names(source), [["A2", "A3", "C1"], ["A1", "B2", "B1"], []])
        XCTAssertEqual(source.park(at: IndexPath(item: 2, section: 0))?.state, "A")
        // Back into the emptied section.
        try source.movePark(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 2))
        XCTAssertEqual(names(source), [["A3", "C1"], ["A1", "B2", "B1"], ["A2"]])
        XCTAssertEqual(source.sections[2].parks[0].state, "C")
    }

    func testMoveRejectsBadPaths() throws {
        let source = ParksDataSource(parks: sample())
        XCTAssertThrowsError(
            try source.movePark(at: IndexPath(item: 9, section: 0), to: IndexPath(item: 0, section: 0)))
        XCTAssertThrowsError(
            try source.movePark(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0)))
        XCTAssertThrowsError(
            try source.movePark(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 7)))
        try source.movePark(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 0))
        XCTAssertEqual(names(source), [["A1", "A2", "A3"], ["B1", "B2"], ["C1"]])
    }

    func testNewRandomParkIsSeededAndPlacedByIndex() throws {
        let a = ParksDataSource(parks: sample(), seed: 42)
        let b = ParksDataSource(parks: sample(), seed: 42)
        var pathsA: [IndexPath] = []
        var pathsB: [IndexPath] = []
        for _ in 0..<5 {
            pathsA.append(try XCTUnwrap(a.indexPathForNewRandomPark()))
            pathsB.append(try XCTUnwrap(b.indexPathForNewRandomPark()))
        }
        XCTAssertEqual(pathsA, pathsB)
        XCTAssertEqual(names(a), names(b))
        XCTAssertEqual(a.count, 11)
        for path in pathsA {
            let park = try XCTUnwrap(a.park(at: path))
            XCTAssertEqual(park.state, a.sections[path.section].state)
        }
        for section in a.sections {
            XCTAssertEqual(section.parks.map(\.index), section.parks.map(\.index).sorted())
        }
        XCTAssertEqual(Set(a.sections.flatMap { $0.parks.map(\.id) }).count, 11, "copies are distinct items")
        XCTAssertNil(ParksDataSource(parks: []).indexPathForNewRandomPark())
    }

    func testNewRandomParkLandsRightAfterItsOriginal() throws {
        let source = ParksDataSource(parks: sample(), seed: 1)
        let path = try XCTUnwrap(source.indexPathForNewRandomPark())
        let copy = try XCTUnwrap(source.park(at: path))
        let before = source.park(at: IndexPath(item: path.item - 1, section: path.section))
        XCTAssertEqual(before?.name, copy.name)
        XCTAssertNotEqual(before?.id, copy.id)
    }

    func testWorksAsCollectionViewDataSource() throws {
        let source = try ParksDataSource(seed: 3)
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 110, height: 110)
        layout.headerReferenceSize = CGSize(width: 375, height: 44)
        let collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        collectionView.dataSource = source
        collectionView.delegate = source
        XCTAssertEqual(collectionView.numberOfSections, source.numberOfSections)
        XCTAssertEqual(collectionView.itemID(at: IndexPath(item: 0, section: 0)), "yellowstone")
        let path = try XCTUnwrap(source.indexPathForNewRandomPark())
        collectionView.insertItems(at: [path])
        XCTAssertTrue(collectionView.updateErrors.isEmpty)
        let doomed = [IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)]
        try source.deleteItems(at: doomed)
        collectionView.deleteItems(at: doomed)
        XCTAssertTrue(collectionView.updateErrors.isEmpty, "\(collectionView.updateErrors)")
        try source.movePark(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
        collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
        XCTAssertTrue(collectionView.updateErrors.isEmpty, "\(collectionView.updateErrors)")
        XCTAssertEqual(collectionView.itemID(at: IndexPath(item: 0, section: 1)), "yellowstone")
    }

    func testSceneDataSet() throws {
        let json = #"{"viewport": {"width": 375, "height": 667}, "data": "national-parks", "sections": []}"#
        guard case .object(let members) = try JSONParser.parse(Data(json.utf8)) else { return XCTFail() }
        let object = try ValueReader(.object(members)).object(known: SceneDecoder.sceneKeys + ["data"])
        var ids = Set<String>()
        let sections = try SceneDataSets.sections(in: object, ids: &ids)
        XCTAssertEqual(sections.first?.title, "Wyoming")
        XCTAssertGreaterThanOrEqual(ids.count, 40)
        XCTAssertEqual(try SceneDataSets.sectionList(in: object).count, 0)
        var duplicate: Set<String> = ["yellowstone"]
        XCTAssertThrowsError(try SceneDataSets.sections(in: object, ids: &duplicate))
        let bad = try ValueReader(.object([("data", .string("parks"))])).object(known: ["data"])
        XCTAssertThrowsError(try SceneDataSets.sections(in: bad, ids: &ids)) { error in
            XCTAssertTrue("\(error)".contains("national-parks"), "\(error)")
        }
        let none = try ValueReader(.object([])).object(known: ["data", "sections"])
        XCTAssertEqual(try SceneDataSets.sections(in: none, ids: &ids), [])
        XCTAssertThrowsError(try SceneDataSets.sectionList(in: none), "sections required without data")
    }
}
