import FlowSimTesting
import FlowSimUIKit
import XCTest

/// The springy flow layout (Layouts/SpringyFlowLayout.swift) in scenes that scroll: cells lag
/// behind the drag by their distance from the touch, then spring back to their flow frames.
final class SpringyFlowLayoutTests: XCTestCase {
    static let layouts: [String: UICollectionViewLayout.Type] = ["SpringyFlowLayout": SpringyFlowLayout.self]

    /// 320 × 400 at scale 1, 20 rows of 300 × 44 (10 apart, inset 10), scrolled from 0 to 300 in
    /// 0.5 s (ease in-out) with the finger at `touch` (nil: the centre).
    static func scene(touch: String? = nil) throws -> Scene {
        let touchJSON = touch.map { ", \"touch\": \($0)" } ?? ""
        let json = """
            {"name": "springy", "viewport": {"width": 320, "height": 400, "scale": 1},
             "layout": {"class": "SpringyFlowLayout", "itemSize": {"width": 300, "height": 44},
                        "minimumLineSpacing": 10, "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
             "sections": [{"id": "rows", "items": [\((0..<20).map { "{\"id\": \"r\($0)\", \"title\": \"Row \($0)\"}" }.joined(separator: ", "))]}],
             "scroll": [{"at": 0, "to": {"x": 0, "y": 300},
                         "timing": {"curve": "easeInEaseOut", "duration": 0.5}\(touchJSON)}]}
            """
        return try SceneDecoder.decode(Data(json.utf8), source: "springy.json", defaultName: "springy")
    }

    func testScratch() throws {
        let simulation = try SceneSimulation(scene: Self.scene(), layouts: Self.layouts)
        try simulation.run()
        print("duration", simulation.duration)
        for frame in simulation.frames(times: [0, 0.25, 0.5, 0.75, 1.0, simulation.duration]) {
            print(frame.time, frame.elements.filter { $0.kind == .cell }.prefix(12).map { "\($0.id):\($0.center.y)" })
        }
    }
}
