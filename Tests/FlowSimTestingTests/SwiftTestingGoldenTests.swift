import FlowSim
import FlowSimScene
import FlowSimTesting
import Foundation
import Testing

/// `verifyGolden` from Swift Testing: `#expect(verifyGolden(...) == nil)`, against the
/// project's own seed-insert golden case.
@Suite struct SwiftTestingGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    @Test func seedInsertMatchesItsGoldens() throws {
        let scene = try SceneDecoder.load(path: Self.goldens.appendingPathComponent("seed-insert/scene.json").path)
        #expect(verifyGolden(scene, named: "seed-insert", goldens: Self.goldens, record: .never) == nil)
    }

    @Test func aChangedSceneFailsWithNumbers() throws {
        var scene = try SceneDecoder.load(path: Self.goldens.appendingPathComponent("seed-insert/scene.json").path)
        scene.style.cornerRadius += 6
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowsim-swift-testing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        // The artefacts folder is set for this task only (parallel tests run beside it).
        let message = withGoldenConfiguration(record: .never, artifacts: artifacts) {
            verifyGolden(scene, named: "seed-insert", goldens: Self.goldens)
        }
        #expect(message != nil)
        #expect(message?.contains("pixels") == true)
        #expect(message?.contains(artifacts.path) == true)
        #expect(FileManager.default.fileExists(atPath: artifacts.path))
    }
}
