import FlowSim
import FlowSimScene
import Foundation

/// `flowsim frames [SCENE] [--fps 60]`: every animation frame's elements as JSON.
enum FramesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "frames", abstract: "Print every animation frame's element attributes as JSON.",
        discussion: """
            Frames are sampled at t = index / fps from 0 through the end of the last update; the last frame is at \
            exactly the end time (1.0 s at 60 fps gives 61 frames).
            """,
        positionals: [SceneArgument.positional],
        options: [
            OptionSpec("--fps", value: "N", default: "60", help: "Frames per second."),
            OptionSpec("--times", value: "T,T,...", help: "Sample only these times (seconds) instead."),
            OptionSpec("--pretty", help: "One frame per line."),
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        let fps = try arguments.double("--fps", range: 1...1000) ?? 60
        let simulation = try SceneArgument.simulate(path, context: context)
        try SceneArgument.run(simulation, source: path)
        let duration = simulation.duration
        var times = SceneSimulation.frameTimes(duration: duration, fps: fps)
        if let chosen = try arguments.doubles("--times") {
            guard chosen.allSatisfy({ $0 >= 0 }) else {
                throw CommandError.usage("flowsim frames: --times must be ≥ 0.")
            }
            times = chosen
        }
        let frames = simulation.frames(times: times)
        context.print(
            LayoutExport.frames(frames, fps: fps, duration: duration).serialized(pretty: arguments.flag("--pretty")))
        return 0
    }
}
