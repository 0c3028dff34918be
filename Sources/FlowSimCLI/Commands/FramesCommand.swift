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
            fps, times, pretty, WorkLimits.maxFrames, WorkLimits.maxElements, WorkLimits.maxText,
            WorkLimits.maxUpdateWork, UIKitFindings.strict, SceneIsolation.sceneTimeout,
        ] + DeviceOptions.all)

    static let fps = Option.number("--fps", value: "N", range: 1...1000, help: "Frames per second.").defaulting(to: 60)
    static let times = Option.numbers(
        "--times", value: "T,T,...", nonNegative: true, help: "Sample only these times (seconds) instead.")
    static let pretty = Option.flag("--pretty", help: "One frame per line.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        let fps = try arguments.value(fps)
        let (simulation, watchdog) = try SceneArgument.watchedSimulation(
            path, context: context, arguments: arguments)
        try SceneArgument.run(simulation, source: path)
        watchdog.disarm()
        context.keepUntilExit(simulation)
        let duration = simulation.duration
        let selection = FrameSelection(fps: fps, indices: nil, times: try arguments.given(times))
        try WorkLimits.checkFrames(selection.count(for: simulation), arguments: arguments)
        let times = try arguments.given(times) ?? SceneSimulation.frameTimes(duration: duration, fps: fps)
        var output = context.jsonOutput(pretty: arguments.isSet(pretty))
        LayoutExport.writeFrames(
            count: times.count, frame: { simulation.frame(index: $0, time: times[$0]) }, fps: fps, duration: duration,
            to: &output)
        output.byte(UInt8(ascii: "\n"))
        output.flush()
        return UIKitFindings.finish(simulation, arguments: arguments, context: context)
    }
}
