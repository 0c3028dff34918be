import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import FlowSimTesting
import Foundation
import XCTest

/// The project's own golden cases (`Goldens/<case>/scene.json` + `frame_NNNN.png`), rendered and
/// compared through `assertGolden`. A missing golden fails and says how to record it:
/// `FLOWSIM_RECORD=missing swift test` or `flowsim check Goldens --goldens Goldens --record missing`.
final class GoldenCasesTests: XCTestCase {
    static let goldens = packageRoot.appendingPathComponent("Goldens", isDirectory: true)

    func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = Self.goldens.appendingPathComponent(name, isDirectory: true)
        let scene = try SceneDecoder.load(path: folder.appendingPathComponent("scene.json").path)
        XCTAssertEqual(
            scene.name, name, "Goldens/\(name)/scene.json must be named after its folder", file: file, line: line)
        assertGolden(scene, goldens: Self.goldens, sceneDirectory: folder, file: file, line: line)
    }

    func testSeedInsert() throws { try check("seed-insert") }
    func testSeedDelete() throws { try check("seed-delete") }
    func testMoveAcrossSections() throws { try check("move-across-sections") }
    func testSectionInsert() throws { try check("section-insert") }
    func testHorizontalScrolling() throws { try check("horizontal-scrolling") }
    func testMixedSizes() throws { try check("mixed-sizes") }
    func testImageCell() throws { try check("image-cell") }
    func testDefaultScene() throws { try check("default") }
    func testDiffableShuffle() throws { try check("diffable-shuffle") }
    func testDiffableFilter() throws { try check("diffable-filter") }
    func testDiffableSectionReorder() throws { try check("diffable-section-reorder") }
    func testDiffableReloadReconfigure() throws { try check("diffable-reload-reconfigure") }
    func testCompositionalGrid() throws { try check("compositional-grid") }
    func testCompositionalNested() throws { try check("compositional-nested") }
    func testCompositionalInsetGroupedList() throws { try check("compositional-inset-grouped-list") }
    func testCompositionalPinnedList() throws { try check("compositional-pinned-list") }
    func testCompositionalDiffable() throws { try check("compositional-diffable") }
    func testCompositionalCarousel() throws { try check("compositional-carousel") }
    func testCompositionalBadges() throws { try check("compositional-badges") }
    func testCompositionalBackground() throws { try check("compositional-background") }
    /// The parks scene right to left, in dark mode, and self-sizing at an accessibility text size.
    func testParksRightToLeft() throws { try check("parks-rtl") }
    func testParksDark() throws { try check("parks-dark") }
    func testParksAccessibilityTextSize() throws { try check("parks-accessibility") }
    /// Drag to reorder (docs/reorder.md): a park dragged from Alaska to California (both
    /// headers' counts change), a cancelled drag, a reorder in a compositional grid.
    func testParksReorder() throws { try check("parks-reorder") }
    func testParksReorderCancel() throws { try check("parks-reorder-cancel") }
    func testCompositionalReorder() throws { try check("compositional-reorder") }
    /// A right-to-left carousel (first card at the right) and an inset-grouped list with
    /// `headerTopPadding` animating an insert and a delete.
    func testCompositionalRightToLeftCarousel() throws { try check("compositional-rtl-carousel") }
    func testCompositionalListHeaderPadding() throws { try check("compositional-list-header-padding") }

    /// The parks scene on three devices (its `"devices"`), each device's goldens in its own folder
    /// as `flowsim check` keeps them.
    func testParksOnDevices() throws {
        let folder = Self.goldens.appendingPathComponent("parks-devices", isDirectory: true)
        let scene = try SceneDecoder.load(path: folder.appendingPathComponent("scene.json").path)
        XCTAssertEqual(scene.devices.map(\.folderName), ["iphone-se-3", "iphone-16-pro-landscape", "ipad-mini"])
        for choice in scene.devices {
            assertGolden(
                scene.on(choice), named: "parks-devices/\(choice.folderName)", goldens: Self.goldens,
                sceneDirectory: folder)
        }
    }

    /// Goldens/default/scene.json is the embedded default scene at scale 1 (to keep the PNGs
    /// small), named "default": it must not drift from `DefaultScene`.
    func testDefaultSceneFileIsTheEmbeddedScene() throws {
        let file = try SceneDecoder.load(path: Self.goldens.appendingPathComponent("default/scene.json").path)
        let embedded = try DefaultScene.load()
        XCTAssertEqual(file.viewport.scale, 1)
        XCTAssertEqual(file.viewport.width, embedded.viewport.width)
        XCTAssertEqual(file.viewport.height, embedded.viewport.height)
        XCTAssertEqual(file.layout, embedded.layout)
        XCTAssertEqual(file.sections, embedded.sections)
        XCTAssertEqual(file.selectedItemIDs.sorted(), embedded.selectedItemIDs.sorted())
        XCTAssertEqual(file.golden, embedded.golden)
        XCTAssertEqual(file.updates.count, embedded.updates.count)
        for (a, b) in zip(file.updates, embedded.updates) {
            XCTAssertEqual(a.at, b.at)
            XCTAssertEqual(a.insert.map(\.path), b.insert.map(\.path))
            XCTAssertEqual(a.insert.map(\.item), b.insert.map(\.item))
            XCTAssertEqual(a.deleteSelected, b.deleteSelected)
        }
    }

    /// Every case folder (a folder with a scene.json; other folders hold other goldens, such as
    /// spring plots) has a test above and every golden PNG is small.
    func testEveryCaseIsTestedAndLight() throws {
        let cases = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)
            .filter {
                !$0.hasPrefix(".")
                    && FileManager.default.fileExists(
                        atPath: Self.goldens.appendingPathComponent("\($0)/scene.json").path)
            }
            .sorted()
        XCTAssertEqual(
            cases,
            [
                "compositional-background", "compositional-badges", "compositional-carousel",
                "compositional-diffable", "compositional-grid", "compositional-inset-grouped-list",
                "compositional-list-header-padding", "compositional-nested", "compositional-pinned-list",
                "compositional-reorder", "compositional-rtl-carousel", "default",
                "diffable-filter", "diffable-reload-reconfigure", "diffable-section-reorder",
                "diffable-shuffle", "horizontal-scrolling", "image-cell", "mixed-sizes", "move-across-sections",
                "parks-accessibility", "parks-dark", "parks-devices", "parks-reorder", "parks-reorder-cancel",
                "parks-rtl",
                "section-insert", "seed-delete",
                "seed-insert",
            ])
        // A scene run on devices keeps each device's goldens in a folder of its own.
        let folders = try cases.flatMap { name -> [String] in
            let subfolders = try FileManager.default.contentsOfDirectory(
                atPath: Self.goldens.appendingPathComponent(name).path
            ).filter { !$0.contains(".") }
            return [name] + subfolders.map { "\(name)/\($0)" }
        }
        for name in folders {
            let folder = Self.goldens.appendingPathComponent(name)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".png") {
                let size =
                    (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size]
                        as? Int) ?? 0
                XCTAssertLessThan(size, 60_000, "\(name)/\(file) is \(size) bytes")
            }
        }
    }
}
