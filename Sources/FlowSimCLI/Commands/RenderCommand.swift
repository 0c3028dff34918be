import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation

/// `flowsim render [SCENE] [--out DIR] [--fps 60] [--scale S] [--frames …|--times …] [--chrome] [--quiet]`.
enum RenderCommand: Subcommand {
    /// Height of the `--chrome` strip in points: room for the seed's insert, which starts at
    /// y = −24.5 with a 110 pt cell scaled to 0.15.
    static let chromeHeight = 60.0

    static let spec = CommandSpec(
        name: "render", abstract: "Render every animation frame to PNG, with a contact sheet and an animated PNG.",
        discussion: """
            Writes frame_NNNN.png for each frame (the frames of `flowsim frames`, same count and times), \
            contact-sheet.png and animation.png (APNG) into DIR (default ./flowsim-out/<scene name>/). The folder is \
            written beside the target and renamed into place at the end: a failed render leaves no half-written \
            output and an existing folder is replaced only when the new render succeeded.
            """,
        positionals: [SceneArgument.positional],
        options: [
            OptionSpec("--out", value: "DIR", help: "Output folder (default: ./flowsim-out/<scene name>)."),
            OptionSpec("--fps", value: "N", default: "60", help: "Frames per second."),
            OptionSpec("--scale", value: "S", help: "Pixels per point (default: the scene's viewport.scale)."),
            OptionSpec("--frames", value: "I,I,...", help: "Render only these frame indices."),
            OptionSpec("--times", value: "T,T,...", help: "Render frames at these times (seconds) instead."),
            OptionSpec("--chrome", help: "Add a strip above the viewport where elements at negative y show."),
            OptionSpec("--quiet", help: "Print nothing on success."),
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        var selection = FrameSelection()
        selection.fps = try arguments.double("--fps", range: 1...1000) ?? 60
        selection.indices = try arguments.ints("--frames")
        selection.times = try arguments.doubles("--times")
        if selection.indices != nil && selection.times != nil {
            throw CommandError.usage("flowsim render: give --frames or --times, not both.")
        }
        if let times = selection.times, times.contains(where: { $0 < 0 }) {
            throw CommandError.usage("flowsim render: --times must be ≥ 0.")
        }
        let scale = try arguments.double("--scale", range: 0.1...10)
        let simulation = try SceneArgument.simulate(path, context: context)
        try SceneArgument.run(simulation, source: path)
        let frames = try selection.frames(of: simulation)
        let out = URL(fileURLWithPath: arguments.string("--out") ?? "flowsim-out/\(simulation.scene.name)")
        let viewport = RenderViewport(
            scene: simulation.scene, scale: scale, chromeHeight: arguments.flag("--chrome") ? chromeHeight : 0)
        let pipeline = RenderPipeline(
            renderer: FrameRenderer(viewport: viewport, style: simulation.scene.style), framesPerSecond: selection.fps)
        let reporter = ProgressReporter(context: context, enabled: !arguments.flag("--quiet"))
        let summary = try pipeline.render(frames: frames, to: out) { reporter.update($0) }
        if !arguments.flag("--quiet") {
            let seconds = max(summary.elapsed, 1e-9)
            context.printError(
                String(
                    format: "flowsim render: %d frames of %d×%d px in %.2f s (%.0f fps), %.1f MB → %@",
                    summary.frameCount, viewport.pixelWidth, viewport.pixelHeight, summary.elapsed,
                    Double(summary.frameCount) / seconds, Double(summary.bytesWritten) / 1_000_000,
                    summary.outputDirectory.path))
        }
        return 0
    }
}
