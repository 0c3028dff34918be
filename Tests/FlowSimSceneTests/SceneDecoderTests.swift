import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

final class SceneDecoderTests: XCTestCase {
    private func decode(_ text: String, plist: Bool = false) throws -> Scene {
        try SceneDecoder.decode(Data(text.utf8), source: "t.json", defaultName: "t", isPropertyList: plist)
    }

    /// Only viewport.width, viewport.height and sections are required; the rest take UIKit's
    /// defaults (docs/uikit-rules.md §1) and scale 2.
    func testMinimalSceneTakesDefaults() throws {
        let scene = try decode(
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{}, {"id": "x"}]}]}"#)
        XCTAssertEqual(scene.viewport, Viewport(width: 375, height: 667, scale: 2))
        XCTAssertEqual(scene.layout, LayoutSpec())
        XCTAssertEqual(scene.layout.itemSize, CGSize(width: 50, height: 50))
        XCTAssertEqual(scene.layout.minimumLineSpacing, 10)
        XCTAssertEqual(scene.layout.cellInset, 0)
        XCTAssertEqual(scene.sections[0].items.count, 2)
        XCTAssertEqual(scene.sections[0].items[1].id, "x")
        XCTAssertNotEqual(scene.sections[0].items[0].id, "x")
        XCTAssertEqual(scene.name, "t")
    }

    /// A scroll view rests at (−inset.left, −inset.top), so the first cell starts below a top
    /// inset; an explicit offset wins.
    func testContentOffsetDefaultsToTheInsetRestingPlace() throws {
        let inset =
            #"{"viewport": {"width": 375, "height": 667, "contentInset": {"top": 20, "left": 8}}, "sections": []}"#
        XCTAssertEqual(try decode(inset).viewport.contentOffset, CGPoint(x: -8, y: -20))
        let explicit =
            #"{"viewport": {"width": 375, "height": 667, "contentInset": {"top": 20}, "contentOffset": {"x": 0, "y": 100}}, "sections": []}"#
        XCTAssertEqual(try decode(explicit).viewport.contentOffset, CGPoint(x: 0, y: 100))
    }

    func testErrorsNameSourceAndPath() {
        XCTAssertThrowsError(
            try decode(
                #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{"size": {"width": -5, "height": 1}}]}]}"#
            )
        ) { error in
            XCTAssertEqual("\(error)", "t.json: sections[0].items[0].size.width: expected a finite number ≥ 0, got -5")
        }
        XCTAssertThrowsError(try decode("{\n  \"viewport\": tru}")) { error in
            // "tru" starts at line 2, column 15.
            XCTAssertTrue("\(error)".hasPrefix("t.json: malformed JSON at line 2, column 15"), "\(error)")
        }
    }

    func testDuplicateItemIDsAreRejected() {
        XCTAssertThrowsError(
            try decode(
                #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{"id": "a"}, {"id": "a"}]}]}"#)
        ) { error in
            XCTAssertTrue("\(error)".contains("sections[0].items[1].id"), "\(error)")
        }
    }

    func testPropertyListWithTheSameStructure() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>viewport</key><dict><key>width</key><integer>320</integer><key>height</key><real>480</real><key>scale</key><integer>3</integer></dict>
              <key>layout</key><dict><key>scrollDirection</key><string>horizontal</string><key>cellInset</key><real>2</real></dict>
              <key>sections</key><array><dict><key>title</key><string>Utah</string><key>items</key><array><dict><key>id</key><string>zion</string></dict></array></dict></array>
            </dict></plist>
            """
        let scene = try decode(plist, plist: true)
        XCTAssertEqual(scene.viewport, Viewport(width: 320, height: 480, scale: 3))
        XCTAssertEqual(scene.layout.scrollDirection, .horizontal)
        XCTAssertEqual(scene.layout.cellInset, 2)
        XCTAssertEqual(scene.sections.first?.title, "Utah")
        XCTAssertEqual(scene.sections.first?.items.first?.id, "zion")
    }

    /// The embedded default scene is the parks collection view: 375×667 at scale 2, 2 pt inset, insert with the
    /// parks spring (1.0, 0.65) then delete the selected parks.
    func testDefaultScene() throws {
        let scene = try DefaultScene.load()
        XCTAssertEqual(scene.viewport, Viewport(width: 375, height: 667, scale: 2))
        XCTAssertEqual(scene.layout.cellInset, 2)
        XCTAssertEqual(scene.updates.count, 2)
        XCTAssertEqual(
            scene.updates[0].timing, AnimationTiming.spring(duration: 1.0, dampingRatio: 0.65, initialVelocity: 0))
        XCTAssertTrue(scene.updates[1].deleteSelected)
        XCTAssertEqual(scene.selectedItemIDs.count, 2)
    }
}
