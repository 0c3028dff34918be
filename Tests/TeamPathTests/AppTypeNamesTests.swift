import FlowSimCLI
import FlowSimTesting
import UIKit
import XCTest

@testable import TeamAppLayouts

/// An app's types win over FlowSim's: the app's layout folder declares `FlowLayout` (the
/// tutorial's name) and a class under every other public type name of FlowSim's modules, and this
/// file imports what a team's test imports (UIKit, FlowSimTesting, FlowSimCLI). Every unqualified
/// name below must compile (no "ambiguous for type lookup") and be the app's.
final class AppTypeNamesTests: XCTestCase {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheAppsFlowLayoutIsTheOneRegisteredAndUsed() throws {
        var output = ""
        var error = ""
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scenes/photos.json")
        let context = CommandContext(
            standardOutput: { output += $0 }, standardError: { error += $0 }, layouts: ["flow": { FlowLayout() }])
        XCTAssertEqual(FlowSimCommand.run(["layout", scene.path], context: context), 0, error)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(root["elements"] as? [[String: Any]])
        let first = try XCTUnwrap(elements.first { $0["kind"] as? String == "cell" && $0["item"] as? Int == 0 })
        // The app's layout: 106 pt squares inset 12 / 10 (FlowSim's flow layout defaults to 50 pt at 0, 0).
        XCTAssertEqual(first["frame"] as? [String: Double], ["x": 12, "y": 10, "width": 106, "height": 106])
        // Three columns: (375 − 24 − 3 · 106) / 2 = 16.5 between them.
        let second = try XCTUnwrap(elements.first { $0["kind"] as? String == "cell" && $0["item"] as? Int == 1 })
        XCTAssertEqual((second["frame"] as? [String: Double])?["x"], 134.5)
    }

    func testEveryNameFlowSimUsesIsTheAppsOwn() {
        // Unqualified, as an app's test writes them; each must be the class in App/Layout.
        let types: [AnyClass] = [
            FlowLayout.self, CollectionView.self, LayoutAttributes.self, CollectionViewLayout.self,
            View.self, Layer.self, Scene.self, LayoutRegistry.self, SectionData.self, ItemData.self,
            SectionedDataSource.self, EdgeInsets.self, Context.self, Image.self, Section.self, Element.self,
            ScrollDirection.self, ElementCategory.self, TimingCurve.self, Snapshot.self, Viewport.self,
        ]
        for type in types {
            XCTAssertTrue(String(reflecting: type).hasPrefix("TeamAppLayouts."), String(reflecting: type))
        }
        XCTAssertEqual(FlowLayout().itemSize, CGSize(width: 106, height: 106))
    }

    /// The fixture names every public type of FlowSim's own modules: a type added to FlowSim is
    /// added there too, so this proof stays complete.
    func testTheFixtureCoversEveryPublicTypeName() throws {
        let pattern = try NSRegularExpression(
            pattern:
                #"^\s*(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|actor) (?!func |var |let )([A-Za-z_0-9]+)"#,
            options: [.anchorsMatchLines])
        var flowSimNames = Set<String>()
        for module in [
            "FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimScene", "FlowSimImage", "FlowSimRender",
            "FlowSimGoldens",
        ] {
            let folder = Self.repositoryRoot.appendingPathComponent("Sources/\(module)")
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let range = Range(match.range(at: 1), in: text) { flowSimNames.insert(String(text[range])) }
                }
            }
        }
        // Apple's names (CGAffineTransform, CATransform3D …) are the frameworks' own, not an app's.
        flowSimNames = flowSimNames.filter { !["CG", "CA", "UI", "NS"].contains(String($0.prefix(2))) }
        XCTAssertGreaterThan(flowSimNames.count, 200)
        let fixture = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent(
                "Tests/Fixtures/TeamApp/App/Layout/AppTypesNamedLikeFlowSims.swift"), encoding: .utf8)
        let declared = Set(
            fixture.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("final class ") else { return nil }
                return line.dropFirst("final class ".count).split(separator: ":").first.map(String.init)
            })
        let real = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent(
                "Tests/Fixtures/TeamApp/App/Layout/FlowLayout.swift"),
            encoding: .utf8)
        XCTAssertTrue(real.contains("class FlowLayout: UICollectionViewFlowLayout"))
        let missing = flowSimNames.subtracting(declared).subtracting(["FlowLayout"]).sorted()
        XCTAssertEqual(missing, [], "add `final class NAME: UICollectionViewFlowLayout {}` for each to the fixture")
    }
}
