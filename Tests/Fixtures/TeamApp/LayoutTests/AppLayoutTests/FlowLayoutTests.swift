import FlowSimCLI
import FlowSimTesting
import UIKit
import XCTest

@testable import AppLayouts

final class FlowLayoutTests: XCTestCase {
    func testThreeColumnsOfSquares() {
        let layout = FlowLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 400), collectionViewLayout: layout)
        let first = collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        // Without a data source there are no items; the layout's own metrics are what UIKit reads.
        XCTAssertNil(first)
        XCTAssertEqual(layout.itemSize, CGSize(width: 106, height: 106))
        XCTAssertEqual(layout.sectionInset, UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12))
    }

    func testTheInsertedPhotoFliesInWhenTheSceneSetsAddedItem() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "insert", withExtension: "json", subdirectory: "Scenes"))
        var layouts = FlowSimLayouts()
        layouts.register(
            "flow", layout: { FlowLayout() },
            willPerform: { layout, update in layout.addedItem = update.insertedItems.first })
        var output = ""
        var error = ""
        let context = CommandContext(standardOutput: { output += $0 }, standardError: { error += $0 }, layouts: layouts)
        XCTAssertEqual(FlowSimCommand.run(["frames", url.path, "--times", "0"], context: context), 0, error)
        XCTAssertTrue(
            output.contains(#""id": "new", "frame": {"x": 302, "y": -73, "width": 106, "height": 106}"#), output)
    }

    /// The insert as images: goldens in `__Goldens__/insert/` beside this file, recorded by the
    /// first run (which fails, as a recording run does) and compared afterwards.
    func testTheInsertMatchesItsGoldens() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "insert", withExtension: "json", subdirectory: "Scenes"))
        var layouts = FlowSimLayouts()
        layouts.register(
            "flow", layout: { FlowLayout() },
            willPerform: { layout, update in layout.addedItem = update.insertedItems.first })
        assertGolden(try FlowSimGolden.loadScene(url), named: "insert", layouts: layouts)
    }
}
