import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// `Scene.imageKey(forPath:)`: the key that names each image, counted as the file counts.
final class SceneImageKeyTests: XCTestCase {
    func testEachImageIsNamedByTheFirstKeyGivingIt() throws {
        let text = """
            {"viewport": {"width": 375, "height": 667}, "data": "national-parks",
             "sections": [{"items": [{}, {}]}, {"items": [{"id": "p", "image": "p.png"}, {"id": "q", "image": "q.png"},
                                                         {"id": "r", "image": "p.png"}]}],
             "updates": [
               {"at": 0, "insert": [{"section": 0, "item": 0, "id": "n", "image": "n.png"}],
                "insertSections": [{"section": 1, "items": [{"id": "s"}, {"id": "t", "image": "t.png"}]}]},
               {"at": 1, "snapshot": [{"id": "x", "items": ["p", {"id": "u", "image": "u.png"}]}]}]}
            """
        let scene = try SceneDecoder.decode(Data(text.utf8), source: "k.json", defaultName: "k")
        // The parks data's sections come first in the scene but are not the file's "sections".
        XCTAssertEqual(scene.imageKey(forPath: "p.png"), "sections[1].items[0].image")
        XCTAssertEqual(scene.imageKey(forPath: "q.png"), "sections[1].items[1].image")
        XCTAssertEqual(scene.imageKey(forPath: "n.png"), "updates[0].insert[0].image")
        XCTAssertEqual(scene.imageKey(forPath: "t.png"), "updates[0].insertSections[0].items[1].image")
        XCTAssertEqual(scene.imageKey(forPath: "u.png"), "updates[1].snapshot[0].items[1].image")
        XCTAssertNil(scene.imageKey(forPath: "other.png"))
    }

    func testLoadingKeysTheResolvedPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-imagekeys-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("here.png"))
        let file = folder.appendingPathComponent("s.json")
        try Data(
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{"id": "a", "image": "here.png"}]}]}"#
                .utf8
        ).write(to: file)
        let scene = try SceneDecoder.load(path: file.path)
        let resolved = folder.appendingPathComponent("here.png").standardizedFileURL.path
        XCTAssertEqual(scene.sections[0].items[0].imagePath, resolved)
        XCTAssertEqual(scene.imageKey(forPath: resolved), "sections[0].items[0].image")
    }

    /// A long section is read by the item scanner and kept compact (`SectionItems.compact`): its
    /// images are named all the same (they were missed when only listed items were read).
    func testScannedItemsNameTheirImages() throws {
        let items = (0..<200).map { i in
            i == 150
                ? #"{"id": "p150", "image": "late.png"}"#
                : i % 50 == 7 ? #"{"id": "p\#(i)", "image": "seven.png"}"# : #"{"id": "p\#(i)"}"#
        }
        let text =
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": ["#
            + items.joined(separator: ", ") + "]}]}"
        let scene = try SceneDecoder.decode(Data(text.utf8), source: "k.json", defaultName: "k")
        XCTAssertNotNil(scene.sections[0].itemList.compactItems, "the scanner keeps the section compact")
        XCTAssertEqual(scene.imageKey(forPath: "seven.png"), "sections[0].items[7].image")
        XCTAssertEqual(scene.imageKey(forPath: "late.png"), "sections[0].items[150].image")
    }
}
