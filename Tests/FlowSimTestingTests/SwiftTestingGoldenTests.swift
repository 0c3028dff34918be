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
        setenv("FLOWSIM_ARTIFACTS", artifacts.path, 1)
        defer {
            unsetenv("FLOWSIM_ARTIFACTS")
            try? FileManager.default.removeItem(at: artifacts)
        }
        let message = verifyGolden(scene, named: "seed-insert", goldens: Self.goldens, record: .never)
        #expect(message != nil)
        #expect(message?.contains("pixels") == true)
    }
}
