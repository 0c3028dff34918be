import FlowSim
import FlowSimScene
import FlowSimCLI
import FlowSimUIKit
import XCTest
import FlowSimTestSupport

/// A plain `UICollectionViewLayout` subclass (the Pinterest waterfall) directly and registered
/// with the CLI: `FlowSimCommand.main(layouts:)` takes any `CollectionViewLayout` subclass.
final class WaterfallLayoutTests: XCTestCase {
    // Width 300, 2 columns of 150, padding 6, photo heights 120, 80, 160, 120, 80 (cells 12
    // taller): each item goes to the shortest column (the first on a tie):
    // 0 → col 0 at 0 (→132), 1 → col 1 at 0 (→92), 2 → col 1 at 92 (→264), 3 → col 0 at 132
    // (→264), 4 → col 0 at 264 (→356). Frames inset by 6; content 300 × 356.
    static let expected: [CGRect] = [
        CGRect(x: 6, y: 6, width: 138, height: 120), CGRect(x: 156, y: 6, width: 138, height: 80),
        CGRect(x: 156, y: 98, width: 138, height: 160), CGRect(x: 6, y: 138, width: 138, height: 120),
        CGRect(x: 6, y: 270, width: 138, height: 80),
    ]

    func testFramesAtSeveralOffsets() {
        let harness = Harness(
            width: 300, height: 200, layout: WaterfallLayout(),
            sections: [SectionData(id: "s", items: items(5, prefix: "i"))])
        let collectionView = harness.collectionView
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 300, height: 356))
        for (item, frame) in Self.expected.enumerated() {
            assertFrame(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame, frame)
        }
        XCTAssertEqual(collectionView.indexPathsForVisibleItems.map(\.item), [0, 1, 2, 3])
        collectionView.contentOffset = CGPoint(x: 0, y: 150)
        XCTAssertEqual(collectionView.indexPathsForVisibleItems.map(\.item), [2, 3, 4])
        XCTAssertEqual(collectionView.indexPathForItem(at: CGPoint(x: 200, y: 250)), IndexPath(item: 2, section: 0))
        XCTAssertNil(collectionView.indexPathForItem(at: CGPoint(x: 150, y: 250)), "between the columns")
    }

    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowsim-waterfall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        var output = ""
        var error = ""
        let context = CommandContext(
            standardOutput: { output += $0 }, standardError: { error += $0 },
            layouts: ["waterfall": { WaterfallLayout() }, "carousel": { CarouselFlowLayout() }])
        let status = FlowSimCommand.run(arguments, context: context)
        return (status, output, error)
    }

    func writeScene() throws -> String {
        // The flow keys (itemSize) do not apply to a layout that is not a flow layout.
        let url = directory.appendingPathComponent("waterfall.json")
        try Data(
            """
            {"viewport": {"width": 300, "height": 200},
             "layout": {"class": "waterfall", "itemSize": {"width": 10, "height": 10}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}]}],
             "scroll": [{"at": 0.1, "to": {"x": 0, "y": 150}}]}
            """.utf8
        ).write(to: url)
        return url.path
    }

    static func frame(_ element: [String: Any]) -> CGRect? {
        guard let frame = element["frame"] as? [String: Double] else { return nil }
        return CGRect(
            x: frame["x"] ?? .nan, y: frame["y"] ?? .nan, width: frame["width"] ?? .nan,
            height: frame["height"] ?? .nan)
    }

    func testLayoutCommand() throws {
        let result = run(["layout", try writeScene()])
        XCTAssertEqual(result.status, 0, result.error)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(root["contentSize"] as? [String: Double], ["width": 300, "height": 356])
        let elements = try XCTUnwrap(root["elements"] as? [[String: Any]])
        XCTAssertEqual(elements.compactMap { $0["id"] as? String }, ["a", "b", "c", "d", "e"])
        for (index, element) in elements.enumerated() {
            assertFrame(Self.frame(element), Self.expected[index], "item \(index)")
        }
    }

    func testFramesCommandFollowsTheScroll() throws {
        let result = run(["frames", try writeScene(), "--times", "0,0.5"])
        XCTAssertEqual(result.status, 0, result.error)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let frames = try XCTUnwrap(root["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 2)
        func ids(_ frame: [String: Any]) -> [String] {
            ((frame["elements"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }.sorted()
        }
        // Offset 0: bounds 0…200 meet a–d; after the jump to 150 (bounds 150…350): c, d, e.
        XCTAssertEqual(ids(frames[0]), ["a", "b", "c", "d"])
        XCTAssertEqual(ids(frames[1]), ["c", "d", "e"])
        let e = ((frames[1]["elements"] as? [[String: Any]]) ?? []).first { $0["id"] as? String == "e" }
        assertFrame(e.flatMap(Self.frame), Self.expected[4])
    }

    func testPaginateRejectsALayoutThatIsNotAFlowLayout() throws {
        let result = run(["paginate", try writeScene()])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("is not a flow layout"), result.error)
    }

    func testRegistryMakesFlowAndNonFlowLayouts() throws {
        let registry: LayoutRegistry = ["carousel": { CarouselFlowLayout() }, "waterfall": { WaterfallLayout() }]
        XCTAssertEqual(registry.names, ["carousel", "waterfall"])
        var spec = LayoutSpec()
        spec.className = "carousel"
        XCTAssertTrue(spec.makeFlowLayout(registry: registry) is CarouselFlowLayout)
        spec.className = "waterfall"
        XCTAssertNil(spec.makeFlowLayout(registry: registry), "a waterfall is not a flow layout")
        let scene = Scene(
            name: "w", viewport: Viewport(width: 300, height: 200), layout: spec,
            sections: [SectionData(id: "s", items: items(2, prefix: "i"))])
        let simulation = try SceneSimulation(scene: scene, layouts: ["waterfall": { WaterfallLayout() }])
        XCTAssertNil(simulation.flowLayout)
        XCTAssertEqual(simulation.layoutAttributes().count, 2)
    }
}
