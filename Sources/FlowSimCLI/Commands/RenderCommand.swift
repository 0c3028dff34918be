import FlowSim
import FlowSimRender
import FlowSimScene
import Foundation

/// `flowsim render [SCENE] [--out DIR] [--fps 60] [--scale S] [--frames …|--times …] [--chrome] [--quiet]`.
enum RenderCommand: Subcommand {
    /// Height of the `--chrome` strip in points: room for the parks scene's insert, which starts at
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
        options: [out, fps, scale, frames, times, chrome, quiet],
        conflicts: [OptionConflict(frames, times)])

    static let out = Option.text("--out", value: "DIR", help: "Output folder (default: ./flowsim-out/<scene name>).")
        .completing(.folder)
    static let fps = Option.number("--fps", value: "N", range: 1...1000, help: "Frames per second.").defaulting(to: 60)
    static let scale = Option.number(
        "--scale", value: "S", range: 0.1...10, help: "Pixels per point (default: the scene's viewport.scale).")
    static let frames = Option.wholeNumbers("--frames", value: "I,I,...", help: "Render only these frame indices.")
    static let times = Option.numbers(
        "--times", value: "T,T,...", nonNegative: true, help: "Render frames at these times (seconds) instead.")
    static let chrome = Option.flag(
        "--chrome", help: "Add a strip above the viewport where elements at negative y show.")
    static let quiet = Option.flag("--quiet", help: "Print nothing on success.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        var selection = FrameSelection()
        selection.fps = try arguments.value(fps)
        selection.indices = try arguments.given(frames)
        selection.times = try arguments.given(times)
        let scale = try arguments.given(scale)
        let simulation = try SceneArgument.simulate(path, context: context)
        try SceneArgument.run(simulation, source: path)
        let frames = try selection.frames(of: simulation)
        let out = URL(fileURLWithPath: try arguments.given(out) ?? "flowsim-out/\(simulation.scene.name)")
        let viewport = RenderViewport(
            simulation.scene.viewport, scale: scale, chromeHeight: arguments.isSet(chrome) ? chromeHeight : 0)
        // A viewport that cannot be rendered is the scene's error (or --scale's): name the key.
        do { try viewport.validate() } catch {
            throw SceneError(
                source: path ?? "<default scene>", path: scale == nil ? "viewport" : "viewport (with --scale)",
                message: "\(error)")
        }
        let pipeline = RenderPipeline(
            renderer: FrameRenderer(viewport: viewport, style: simulation.scene.style), framesPerSecond: selection.fps)
        let reporter = ProgressReporter(context: context, enabled: !arguments.isSet(quiet))
        let summary = try pipeline.render(frames: frames, to: out) { reporter.update($0) }
        if !arguments.isSet(quiet) {
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
