import FlowSim
import FlowSimScene
import Foundation
import XCTest

/// Scenes take the springs at UIKit's clamps too (they were refused with "UIKit's spring solve
/// overflows"): the update plays ζ = 1.1920929e-7 with ω₀ = 70268122289.75 at duration 1.
final class SceneSpringAtTheClampTests: XCTestCase {
    func testASceneSpringWithTheSmallestDampingIsPlayed() throws {
        let scene = try SceneDecoder.decode(
            Data(
                #"{"viewport": {"width": 100, "height": 100}, "sections": [{"items": [{"id": "a"}, {"id": "b"}]}], "updates": [{"at": 0, "delete": [{"section": 0, "item": 0}], "timing": {"spring": {"duration": 1, "damping": 1e-9, "velocity": 0}}}]}"#
                    .utf8), source: "scene.json", defaultName: "scene")
        guard case .uikitSpring(let spring) = scene.updates.first?.timing?.curve else {
            return XCTFail("\(String(describing: scene.updates.first?.timing))")
        }
        XCTAssertEqual(spring.dampingRatio, 1.1920929e-7)
        XCTAssertEqual(spring.naturalFrequency, 70268122289.75133, accuracy: 1e-3)
        XCTAssertFalse(spring.saturated)
    }
}
