import FlowSimScene
import Foundation

extension FlowSimGolden {
    /// The scene file at `url` (JSON or property list), checked as `flowsim` checks it, for
    /// `assertGolden(_:layouts:)`: a team's test loads its scenes without importing FlowSimScene,
    /// whose type names (`Scene`, `Viewport` …) could collide with the app's.
    ///
    ///     let scene = try FlowSimGolden.loadScene(Bundle.module.url(forResource: "insert", withExtension: "json",
    ///                                                               subdirectory: "Scenes")!)
    public static func loadScene(_ url: URL) throws -> Scene {
        try SceneDecoder.load(path: url.path)
    }
}
