import FlowSimCLI
import UIKit
import XCTest

@testable import TeamAppLayouts

/// A scene gives the layout the state its view controller sets around each update: the
/// tutorial's `addedItem` / `deletedItems`, set by a `willPerform` hook from the update's paths.
final class UpdateHooksTests: XCTestCase {
    static let scene = """
        {"viewport": {"width": 375, "height": 400}, "layout": {"class": "flow"},
         "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}],
         "updates": [{"at": 0, "insert": [{"section": 0, "item": 1, "id": "new"}], "delete": [{"section": 0, "item": 2}]}]}
        """

    /// The elements of `flowsim frames --times 0` with `layouts`, by id.
    func startOfUpdate(layouts: FlowSimLayouts) throws -> [String: [String: Any]] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString).json")
        try Data(Self.scene.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var output = ""
        var error = ""
        let context = CommandContext(standardOutput: { output += $0 }, standardError: { error += $0 }, layouts: layouts)
        XCTAssertEqual(FlowSimCommand.run(["frames", url.path, "--times", "0"], context: context), 0, error)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let frame = try XCTUnwrap((root["frames"] as? [[String: Any]])?.first)
        let elements = try XCTUnwrap(frame["elements"] as? [[String: Any]])
        return Dictionary(
            elements.compactMap { e in (e["id"] as? String).map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
    }

    func testWillPerformGivesTheLayoutTheUpdatesPaths() throws {
        var seen: [(inserted: [IndexPath], deleted: [IndexPath])] = []
        var done = 0
        var layouts = FlowSimLayouts()
        layouts.register(
            "flow", layout: { FlowLayout() },
            willPerform: { layout, update in
                layout.addedItem = update.insertedItems.first
                layout.deletedItems = update.deletedItems
                seen.append((update.insertedItems, update.deletedItems))
            },
            didPerform: { layout, _ in
                XCTAssertEqual(layout.addedItem, IndexPath(item: 1, section: 0))
                done += 1
            })
        let elements = try startOfUpdate(layouts: layouts)
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen.first?.inserted, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(seen.first?.deleted, [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(done, 1)
        // The new photo starts at the layout's fly-in: centred 20 pt left of and above the
        // top-right corner, at a fifth of its size, opaque.
        let new = try XCTUnwrap(elements["new"])
        XCTAssertEqual(new["center"] as? [String: Double], ["x": 355, "y": -20])
        XCTAssertEqual((new["transform"] as? [String: Double])?["a"], 0.2)
        XCTAssertEqual(new["alpha"] as? Double, 1)
    }

    func testWithoutTheHookTheLayoutDoesWhatItsUnsetStateSays() throws {
        let elements = try startOfUpdate(layouts: ["flow": { FlowLayout() }])
        // No `addedItem`: the base answer, the new photo fading in where it lands (item 1's place).
        let new = try XCTUnwrap(elements["new"])
        XCTAssertEqual(new["center"] as? [String: Double], ["x": 187.5, "y": 63])
        XCTAssertEqual(new["alpha"] as? Double, 0)
    }
}
