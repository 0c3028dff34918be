import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

/// UIKit's runtime findings through the commands: `warning:` lines on stderr with the exit
/// status unchanged, `--strict` and `"strict": true` turning them into exit 1, `check --strict`
/// failing the scene, and no finding at all for FlowSim's own golden scenes.
final class StrictDiagnosticsTests: XCTestCase {
    /// A 400 pt item in a 375 pt view: UIKit's "behavior … is not defined" block.
    static let wide = """
        {"viewport": {"width": 375, "height": 667},
         "layout": {"itemSize": {"width": 400, "height": 50}},
         "sections": [{"items": [{}, {}]}]}
        """

    static let expectedWarning = """
        warning: The behavior of the UICollectionViewFlowLayout is not defined because:
            the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.
            The relevant UICollectionViewFlowLayout instance is <UICollectionViewFlowLayout>, and it is attached to <UICollectionView; frame = (0 0; 375 667); contentOffset: {0, 0}; collectionViewLayout: <UICollectionViewFlowLayout>>.
            Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.

        """

    func testLayoutPrintsUIKitsWarningAndKeepsItsStatus() {
        let path = CLI.sceneFile(Self.wide)
        for command in ["layout", "frames"] {
            let result = CLI.run([command, path])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertEqual(result.stderr, Self.expectedWarning, command)
            XCTAssertFalse(result.stdout.isEmpty, command)
        }
    }

    func testStrictTurnsAWarningIntoExitOne() {
        let path = CLI.sceneFile(Self.wide)
        let result = CLI.run(["layout", "--strict", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, Self.expectedWarning)
        let sceneStrict = CLI.sceneFile(
            Self.wide.replacingOccurrences(of: "{\"viewport\"", with: "{\"strict\": true, \"viewport\""))
        XCTAssertEqual(CLI.run(["frames", sceneStrict]).status, 1)
        // Nothing to report: strict changes nothing.
        let fine = CLI.sceneFile(Self.wide.replacingOccurrences(of: "\"width\": 400", with: "\"width\": 100"))
        let quiet = CLI.run(["layout", "--strict", fine])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "")
    }

    func testStrictMustBeABoolean() {
        let path = CLI.sceneFile(
            Self.wide.replacingOccurrences(of: "{\"viewport\"", with: "{\"strict\": \"yes\", \"viewport\""))
        let result = CLI.run(["layout", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("strict"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testCheckStrictFailsTheSceneWithUIKitsText() throws {
        let folder = try makeTemporaryFolder(self)
        let scene = folder.appendingPathComponent("wide.json")
        try Data(Self.wide.utf8).write(to: scene)
        let goldens = folder.appendingPathComponent("goldens").path
        let junit = folder.appendingPathComponent("junit.xml").path
        let recorded = CLI.run(["check", scene.path, "--goldens", goldens, "--record", "missing"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(
            recorded.stderr.contains("flowsim check: wide: warning: The behavior of the UICollectionViewFlowLayout"))
        let plain = CLI.run(["check", scene.path, "--goldens", goldens])
        XCTAssertEqual(plain.status, 0, plain.stdout + plain.stderr)
        let strict = CLI.run(["check", "--strict", scene.path, "--goldens", goldens, "--junit", junit])
        XCTAssertEqual(strict.status, 1, strict.stdout + strict.stderr)
        XCTAssertTrue(
            strict.stdout.contains(
                "FAIL wide/uikit  UIKit would log: warning: The behavior of the UICollectionViewFlowLayout is not defined because:"
            ), strict.stdout)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("UIKit would log: warning: The behavior of the UICollectionViewFlowLayout"), xml)
    }

    /// UIKit's exceptions end the run: exit 2, the exception's name and text, nothing on stdout.
    func testAnExceptionEndsTheRunWithUIKitsWords() {
        // An insert whose item count the scene's data cannot match is refused before the run
        // (scene error); an exception from the layout itself: a NaN frame from a custom layout.
        final class NaNLayout: CollectionViewLayout {
            override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
            override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
                let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
                attributes.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
                return [attributes]
            }
        }
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: NaNLayout())
        let data = SectionedDataSource(sections: [SectionData(id: "s", items: [ItemData(id: "a")])])
        view.dataSource = data
        view.layoutIfNeeded()
        XCTAssertEqual(
            view.diagnostics.firstException?.description,
            "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
                + "'UICollectionViewLayoutAttributes: -setFrame: requires finite coordinates. Attributes: "
                + "<UICollectionViewLayoutAttributes index path: (0-0); frame = (nan 0; 10 10)>; new frame: "
                + "{{nan, 0}, {10, 10}}'")
    }

    /// No false findings: every golden scene of the repository, run to its end and sampled,
    /// reports nothing UIKit would log.
    func testEveryGoldenSceneReportsNothing() throws {
        let root = packageRoot
        let goldens = root.appendingPathComponent("Goldens")
        let folders = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        var checked = 0
        for folder in folders {
            let path = goldens.appendingPathComponent(folder).appendingPathComponent("scene.json").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let simulation = try SceneSimulation(scene: try SceneDecoder.load(path: path))
            try simulation.run()
            _ = simulation.frames(times: [0, simulation.duration / 2, simulation.duration])
            XCTAssertTrue(simulation.diagnostics.isEmpty, "\(folder): \(simulation.diagnostics.findings)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
        // The embedded default scene too.
        let simulation = try SceneSimulation(scene: try DefaultScene.load())
        try simulation.run()
        XCTAssertTrue(simulation.diagnostics.isEmpty)
    }
}
