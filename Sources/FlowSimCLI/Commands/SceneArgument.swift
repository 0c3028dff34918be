import FlowSim
import FlowSimRender
import FlowSimScene
import Foundation

/// Loads the scene a command names, or the embedded default scene when none is given.
enum SceneArgument {
    static let positional = PositionalSpec(
        "SCENE", optional: true, completion: .file(extensions: ["json", "plist"]),
        help: "Scene file (.json or .plist). Default: the embedded national-parks scene.")

    /// The scene at `path` (relative cell image paths resolved against its folder, as in every
    /// command and FlowSimTesting: `SceneDecoder.load`), or the default scene.
    static func load(_ path: String?) throws -> Scene {
        guard let path else { return try DefaultScene.load() }
        return try SceneDecoder.load(path: path)
    }

    /// A simulation of the scene with the context's custom layouts. `check` sees the scene
    /// before anything is laid out (the work limits).
    /// `arguments`: the command's, when it takes the device options (`DeviceOptions`), which
    /// are applied to the scene before `check` sees it; `device`: a device to run it on (`check`).
    static func simulate(
        _ path: String?, context: CommandContext, arguments: ParsedArguments? = nil, device: DeviceChoice? = nil,
        check: (Scene) throws -> Void = { _ in }
    ) throws -> SceneSimulation {
        var scene = try load(path)
        if let arguments { try DeviceOptions.apply(arguments, to: &scene) }
        if let device { scene.apply(device: device.device, orientation: device.orientation) }
        try check(scene)
        do {
            return try SceneSimulation(scene: scene, layouts: context.layouts)
        } catch var error as SceneError {
            error.source = path ?? "<default scene>"
            throw error
        }
    }

    /// The simulation `layout`, `frames` and `render` lay out in-process: the scene's work limits
    /// checked (`WorkLimits`) and a registered layout class watched from here on (`HangWatchdog`;
    /// the caller disarms it when the layout work is done).
    static func watchedSimulation(_ path: String?, context: CommandContext, arguments: ParsedArguments)
        throws -> (SceneSimulation, HangWatchdog)
    {
        let watchdog = try HangWatchdog(context, scene: path, arguments: arguments)
        let simulation = try simulate(path, context: context, arguments: arguments) { scene in
            watchdog.arm(for: scene)
            try WorkLimits.checkScene(scene, arguments: arguments)
            try WorkLimits.checkSimulation(scene, arguments: arguments)
        }
        return (simulation, watchdog)
    }

    /// Runs updates, attributing errors to the scene file.
    static func run(_ simulation: SceneSimulation, updates: Int? = nil, source: String?) throws {
        do {
            try simulation.run(updates: updates)
        } catch var error as SceneError {
            error.source = source ?? "<default scene>"
            throw error
        }
    }
}
