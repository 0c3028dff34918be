import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Scene keys of devices, safe areas and traits, and how a simulation applies them.
final class SceneDeviceTests: XCTestCase {
    private func decode(_ text: String) throws -> Scene {
        try SceneDecoder.decode(Data(text.utf8), source: "t.json", defaultName: "t")
    }

    private static let items =
        #""layout": {"itemSize": {"width": 100, "height": 100}}, "sections": [{"title": "Parks", "items": [{"title": "Denali"}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}]"#

    func testADeviceSetsTheViewportWithoutOne() throws {
        let scene = try decode(#"{"device": "iPhone 16 Pro", "orientation": "landscape", "sections": []}"#)
        XCTAssertEqual(scene.viewport.width, 874)
        XCTAssertEqual(scene.viewport.height, 402)
        XCTAssertEqual(scene.viewport.scale, 3)
        XCTAssertEqual(scene.viewport.safeAreaInsets, EdgeInsets(top: 0, left: 62, bottom: 21, right: 62))
        XCTAssertEqual(scene.device?.id, "iphone-16-pro")
        XCTAssertEqual(scene.orientation, .landscape)
        XCTAssertTrue(scene.traitCollection.horizontalSizeClass == .compact)
        XCTAssertTrue(scene.traitCollection.verticalSizeClass == .compact)
    }

    func testViewportKeysOverrideTheDevice() throws {
        let scene = try decode(
            #"{"device": "iPhone SE (3rd generation)", "viewport": {"height": 300, "safeAreaInsets": {"top": 44}, "contentInsetAdjustmentBehavior": "never"}, "sections": []}"#
        )
        XCTAssertEqual(scene.viewport.width, 375)
        XCTAssertEqual(scene.viewport.height, 300)
        XCTAssertEqual(scene.viewport.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(scene.viewport.contentInsetAdjustmentBehavior, .never)
    }

    func testUnknownDeviceIsAnErrorAtItsKeyWithTheNearestNames() {
        XCTAssertThrowsError(try decode(#"{"device": "iPhone 17 Pr", "sections": []}"#)) { error in
            XCTAssertEqual(
                "\(error)",
                "t.json: device: unknown device \"iPhone 17 Pr\"; nearest: \"iPhone 17 Pro\", \"iPhone 16 Pro\", "
                    + "\"iPhone 17\" (flowsim devices lists them all)")
        }
        XCTAssertThrowsError(try decode(#"{"sections": []}"#)) { error in
            XCTAssertEqual("\(error)", "t.json: missing required key \"viewport\" (or give a \"device\")")
        }
        XCTAssertThrowsError(
            try decode(#"{"viewport": {"width": 1, "height": 1}, "orientation": "landscape", "sections": []}"#))
    }

    func testTraitsAndSectionInsetReferenceDecode() throws {
        let scene = try decode(
            #"{"viewport": {"width": 375, "height": 667}, "layout": {"sectionInsetReference": "fromSafeArea"}, "traits": {"layoutDirection": "rightToLeft", "userInterfaceStyle": "dark", "preferredContentSizeCategory": "accessibilityExtraExtraExtraLarge", "horizontalSizeClass": "regular"}, "devices": ["iPhone 16", "iPad mini landscape"], "sections": []}"#
        )
        XCTAssertEqual(scene.layout.sectionInsetReference, .fromSafeArea)
        XCTAssertEqual(scene.traits.layoutDirection, .rightToLeft)
        XCTAssertEqual(scene.traits.userInterfaceStyle, .dark)
        XCTAssertEqual(scene.traits.preferredContentSizeCategory, .accessibilityExtraExtraExtraLarge)
        XCTAssertTrue(scene.traitCollection.horizontalSizeClass == .regular)
        XCTAssertEqual(scene.devices.map(\.folderName), ["iphone-16", "ipad-mini-landscape"])
        // The style resolves: dark background, 12 pt × 53/17.
        XCTAssertEqual(scene.style.background, RGBAColor(red: 0, green: 0, blue: 0))
        XCTAssertEqual(scene.style.fontSize, 12 * 53 / 17, accuracy: 1e-12)
        XCTAssertEqual(scene.givenStyle.fontSize, 12)
    }

    /// UIKit's body sizes per content size category: 14, 15, 16, 17 (default), 19, 21, 23, then
    /// the accessibility sizes 28, 33, 40, 47, 53.
    func testBodySizesPerCategory() {
        XCTAssertEqual(
            ContentSizeCategory.allCases.map(\.bodyPointSize), [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        XCTAssertEqual(ContentSizeCategory.large.scaleFactor, 1)
    }

    /// A self-sizing cell measures its title with the category's font: "Denali" at 12 pt is
    /// 6 × 0.6 × 12 + 16 = 59.2 → 60 wide, 1.2 × 12 + 16 = 30.4 → 31 tall; at the largest
    /// accessibility size (12 × 53/17 pt) 151 × 61.
    func testContentSizeCategoryGrowsASelfSizingCell() throws {
        let text =
            #"{"viewport": {"width": 375, "height": 667}, "layout": {"estimatedItemSize": "automatic"}, "sections": [{"items": [{"title": "Denali"}]}]}"#
        var scene = try decode(text)
        func firstSize(_ scene: Scene) throws -> CGSize {
            let simulation = try SceneSimulation(scene: scene)
            return simulation.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.size
        }
        XCTAssertEqual(try firstSize(scene), CGSize(width: 60, height: 31))
        scene.traits.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        XCTAssertEqual(try firstSize(scene), CGSize(width: 151, height: 61))
    }

    /// On an iPhone 16 Pro upright the content rests below the sensor housing: offset y = −62.
    func testTheContentRestsBelowTheSafeArea() throws {
        let scene = try decode(#"{"device": "iPhone 16 Pro", "# + Self.items + "}")
        let simulation = try SceneSimulation(scene: scene)
        XCTAssertEqual(simulation.collectionView.contentOffset, CGPoint(x: 0, y: -62))
        XCTAssertEqual(
            simulation.collectionView.adjustedContentInset, EdgeInsets(top: 62, left: 0, bottom: 34, right: 0))
        let explicit = try decode(
            #"{"device": "iPhone 16 Pro", "viewport": {"contentOffset": {"x": 0, "y": 40}}, "# + Self.items + "}")
        XCTAssertEqual(try SceneSimulation(scene: explicit).collectionView.contentOffset, CGPoint(x: 0, y: 40))
    }

    /// A right-to-left horizontal flow layout starts at the right end of its content.
    func testRightToLeftHorizontalSceneRestsAtTheRightEnd() throws {
        let scene = try decode(
            #"{"viewport": {"width": 300, "height": 220}, "traits": {"layoutDirection": "rightToLeft"}, "layout": {"scrollDirection": "horizontal", "itemSize": {"width": 100, "height": 100}}, "sections": [{"items": [{}, {}, {}, {}, {}, {}, {}, {}]}]}"#
        )
        let simulation = try SceneSimulation(scene: scene)
        let contentWidth = simulation.layout.collectionViewContentSize.width
        XCTAssertEqual(contentWidth, 430)
        XCTAssertEqual(simulation.collectionView.contentOffset, CGPoint(x: 130, y: 0))
        let first = simulation.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        XCTAssertEqual(first.frame.origin, CGPoint(x: 330, y: 0))
    }
}
