import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Scene updates given as the data after them (`"snapshot"`), diffed as a diffable data source.
final class SceneSnapshotTests: XCTestCase {
    private func scene(_ update: String) throws -> Scene {
        let json = """
            {"viewport": {"width": 200, "height": 400, "scale": 1},
             "sections": [{"id": "ak", "items": [{"id": "denali", "title": "Denali", "size": {"width": 60, "height": 40}},
                                                 {"id": "katmai"}]},
                          {"id": "ca", "items": [{"id": "yosemite"}, {"id": "sequoia"}]}],
             "updates": [\(update)]}
            """
        return try SceneDecoder.decode(Data(json.utf8), source: "t.json", defaultName: "t")
    }

    private func decodeError(_ update: String) -> SceneError? {
        do {
            _ = try scene(update)
            return nil
        } catch { return error as? SceneError }
    }

    private func items(_ simulation: SceneSimulation) -> [[String]] {
        simulation.dataSource.sections.map { $0.items.map(\.id) }
    }

    func testSnapshotKeepsExistingItemsAndTitlesNewOnesByID() throws {
        let simulation = try SceneSimulation(
            scene: scene(
                #"{"at": 0, "snapshot": [{"id": "ca", "items": ["sequoia", "denali"]}, {"id": "ak", "items": ["new-park", "katmai"]}]}"#
            ))
        try simulation.run()
        XCTAssertTrue(simulation.collectionView.updateErrors.isEmpty)
        XCTAssertEqual(simulation.dataSource.sections.map(\.id), ["ca", "ak"])
        XCTAssertEqual(items(simulation), [["sequoia", "denali"], ["new-park", "katmai"]])
        let denali = simulation.dataSource.sections[0].items[1]
        XCTAssertEqual(denali.title, "Denali")
        XCTAssertEqual(denali.size, CGSize(width: 60, height: 40))
        XCTAssertEqual(simulation.dataSource.sections[1].items[0].title, "new-park")
        XCTAssertEqual(simulation.duration, 0.3)
        let plans = simulation.collectionView.lastUpdatePlans
        XCTAssertTrue(plans.contains { $0.id == "new-park" && $0.state == .appearing })
        XCTAssertTrue(plans.contains { $0.id == "yosemite" && $0.state == .disappearing })
    }

    func testNotAnimatingDifferencesShowsTheNewLayoutAtOnce() throws {
        let simulation = try SceneSimulation(
            scene: scene(
                #"{"at": 0.5, "snapshot": [{"id": "ak", "items": ["katmai", "denali"]}], "animatingDifferences": false}"#
            ))
        try simulation.run()
        XCTAssertEqual(simulation.duration, 0.5)
        XCTAssertTrue(simulation.collectionView.presentation(at: 0.5).allSatisfy { $0.state == .static })
        XCTAssertEqual(items(simulation), [["katmai", "denali"]])
    }

    func testReloadAndReconfigureByID() throws {
        let simulation = try SceneSimulation(
            scene: scene(
                #"{"at": 0, "snapshot": [{"id": "ak", "items": [{"id": "denali", "title": "D2"}, {"id": "katmai", "title": "K2"}]}], "reload": ["denali"], "reconfigure": ["katmai"]}"#
            ))
        try simulation.run()
        let shown = simulation.collectionView.presentation(at: 0.1)
        XCTAssertEqual(Set(shown.filter { $0.id == "denali" }.map(\.state)), [.appearing, .disappearing])
        XCTAssertEqual(shown.filter { $0.id == "katmai" }.map(\.state), [.static])
        XCTAssertEqual(shown.filter { $0.id == "katmai" }.map(\.content.title), ["K2"])
    }

    func testNewContentNeedsReloadOrReconfigure() throws {
        let simulation = try SceneSimulation(
            scene: scene(#"{"at": 0, "snapshot": [{"id": "ak", "items": [{"id": "denali", "title": "D2"}]}]}"#))
        XCTAssertThrowsError(try simulation.run()) { error in
            XCTAssertEqual((error as? SceneError)?.path, "updates[0].snapshot[0].items[0]")
        }
    }

    func testStrictErrors() {
        XCTAssertEqual(
            decodeError(#"{"snapshot": [{"id": "ak", "items": ["denali", "katmai", "denali"]}]}"#),
            SceneError(
                source: "t.json", path: "updates[0].snapshot[0].items[2]",
                message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: denali"))
        XCTAssertEqual(
            decodeError(#"{"snapshot": [{"id": "ak"}, {"id": "ak"}]}"#)?.message,
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: ak")
        XCTAssertEqual(
            decodeError(#"{"snapshot": [{"id": "ak", "items": ["denali"]}], "reload": ["katmai"]}"#)?.message,
            "Attempted to reload item identifier that does not exist in the snapshot: katmai")
        XCTAssertEqual(
            decodeError(#"{"snapshot": [], "delete": [{"section": 0, "item": 0}]}"#)?.path, "updates[0].delete")
        XCTAssertEqual(decodeError(#"{"reconfigure": ["denali"]}"#)?.path, "updates[0].reconfigure")
        XCTAssertEqual(
            decodeError(
                #"{"snapshot": [], "animatingDifferences": false, "timing": {"curve": "linear", "duration": 1}}"#)?
                .path, "updates[0].timing")
        XCTAssertEqual(decodeError(#"{"snapshot": [{"id": "ak", "itemz": []}]}"#)?.path, "updates[0].snapshot[0].itemz")
        XCTAssertNotNil(decodeError(#"{"snapshot": [{"id": "ak", "items": [{"id": "x", "colour": 1}]}]}"#))
    }
}
