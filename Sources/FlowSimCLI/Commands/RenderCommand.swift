import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimRender
import FlowSimScene
import Foundation

/// `flowsim render [SCENE] [--out DIR] [--fps 60] [--scale S] [--frames …|--times …] [--chrome]
/// [--gif FILE.gif] [--video FILE.mp4|webm] [--quiet]`.
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
            --gif FILE.gif also writes an animated GIF (giflib): one global palette of at most 256 colours cut from \
            every frame's colours (median cut, no dithering), delays from the frame times in centiseconds (frames less \
            than 0.02 s after the previous one are left out, as browsers slow shorter delays down: 60 fps plays at \
            50 fps), disposal to background, looping. --video FILE.mp4 or FILE.webm encodes the frames with ffmpeg \
            (H.264 or VP9) and is available only when `ffmpeg` is on PATH (Debian: apt-get install ffmpeg); without \
            it the command fails before rendering. The summary gives the GIF's and video's sizes beside the APNG's.
            --full-content draws the whole content size at each chosen time (default: the last frame) into one PNG, \
            as if the collection view were as tall (or wide) as its content: the elements on screen as they are at \
            that time and every other element the layout returns for the content rect at its layout attributes; \
            content beyond 32767 px a side or the pixel limit is an error naming its size (use a smaller --scale).
            """,
        positionals: [SceneArgument.positional],
        options: [
            out, fps, scale, frames, times, chrome, gif, video, quiet, WorkLimits.maxFrames, WorkLimits.maxElements,
            WorkLimits.maxText, WorkLimits.maxPixels, WorkLimits.maxImagePixels, WorkLimits.maxUpdateWork,
            UIKitFindings.strict, SceneIsolation.sceneTimeout, safeArea, fullContent,
        ] + DeviceOptions.all,
        conflicts: [
            OptionConflict(frames, times), OptionConflict(fullContent, chrome), OptionConflict(fullContent, safeArea),
        ])

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
    static let gif = Option.text(
        "--gif", value: "FILE.gif", help: "Also write an animated GIF (giflib, optimised global palette)."
    ).completing(.file(extensions: ["gif"]))
    static let video = Option.text(
        "--video", value: "FILE.mp4|webm", help: "Also write a video with ffmpeg (only when ffmpeg is on PATH)."
    ).completing(.file(extensions: ["mp4", "webm"]))
    static let quiet = Option.flag("--quiet", help: "Print nothing on success.")
    static let safeArea = Option.flag(
        "--safe-area",
        help: "Shade the safe area's status bar, sensor housing and home indicator over the frames.")

    static let fullContent = Option.flag(
        "--full-content",
        help:
            "Draw the whole content size into each image, as if the collection view were as large as its content (default: the last frame only)."
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let path = arguments.positional(0)
        var selection = FrameSelection()
        selection.fps = try arguments.value(fps)
        selection.indices = try arguments.given(frames)
        selection.times = try arguments.given(times)
        let scale = try arguments.given(scale)
        let gifPath = try arguments.given(gif)
        let videoPath = try arguments.given(video)
        // Extra outputs are checked before anything is rendered.
        if let gifPath {
            guard gifPath.lowercased().hasSuffix(".gif") else {
                throw CommandError.render(.gifExtension(path: gifPath))
            }
            try OutputPaths.validate(gifPath, option: gif.name, folder: false)
        }
        var videoEncoder: VideoEncoder?
        if let videoPath {
            videoEncoder = try VideoEncoder(path: videoPath, environment: context.environment)
            try OutputPaths.validate(videoPath, option: video.name, folder: false)
        }
        let (simulation, watchdog) = try SceneArgument.watchedSimulation(
            path, context: context, arguments: arguments)
        try SceneArgument.run(simulation, source: path)
        watchdog.disarm()
        let wholeContent = arguments.isSet(fullContent)
        if wholeContent && selection.indices == nil && selection.times == nil {
            selection.indices = [
                SceneSimulation.frameTimes(duration: simulation.duration, fps: selection.fps).count - 1
            ]
        }
        try WorkLimits.checkFrames(selection.count(for: simulation), arguments: arguments)
        var frames = try selection.sequence(of: simulation)
        frames.fullContent = wholeContent
        let out = URL(fileURLWithPath: try arguments.given(out) ?? "flowsim-out/\(simulation.scene.name)")
        var viewport = RenderViewport(
            simulation.scene.viewport, scale: scale, chromeHeight: arguments.isSet(chrome) ? chromeHeight : 0)
        if wholeContent {
            do {
                viewport = try FullContentCapture.viewport(of: simulation, scale: scale)
            } catch let error as FullContentError {
                throw CommandError.underlying(.other(error.description))
            }
        }
        if arguments.isSet(safeArea) { viewport.safeAreaOverlay = simulation.scene.viewport.safeAreaInsets }
        // A viewport that cannot be rendered is the scene's error (or --scale's): name the key.
        do { try viewport.validate() } catch {
            throw SceneError(
                source: path ?? "<default scene>",
                path: scale == nil ? "viewport" : "viewport (with \(Self.scale.name))",
                message: "\(error)")
        }
        try WorkLimits.checkRender(frames, viewport: viewport, arguments: arguments)
        let pipeline = RenderPipeline(
            renderer: FrameRenderer(viewport: viewport, style: simulation.scene.style), framesPerSecond: selection.fps)
        let reporter = ProgressReporter(context: context, enabled: !arguments.isSet(quiet))
        let summary = try simulation.scene.namingImageKeys(source: path ?? "<default scene>") {
            try pipeline.render(frameCount: frames.count, frame: frames.frame(at:), to: out) { reporter.update($0) }
        }
        // The GIF and the video are made from the frames just written (each decoded when needed,
        // so one frame at a time is in memory).
        let frameFiles = frames.indices.map {
            summary.outputDirectory.appendingPathComponent(RenderPipeline.frameFileName($0)).path
        }
        var extras: [String] = []
        if let apng = summary.files.contains("animation.png")
            ? summary.outputDirectory.appendingPathComponent("animation.png") : nil,
            let size = try? FileManager.default.attributesOfItem(atPath: apng.path)[.size] as? Int
        {
            extras.append("APNG \(formatBytes(size))")
        }
        if let gifPath {
            let gifSummary: GIFWriter.Summary
            do {
                gifSummary = try GIFWriter.write(
                    times: frames.times, framesPerSecond: selection.fps, to: URL(fileURLWithPath: gifPath)
                ) { try PNGDecoder.decode(contentsOfFile: frameFiles[$0]) }
            } catch let error as GIFWriter.Failure {
                throw CommandError.render(.gifFailed(path: gifPath, reason: error.description))
            }
            extras.append(
                "GIF \(formatBytes(gifSummary.bytes)) (\(gifSummary.frames.count) frames, \(gifSummary.paletteSize) colours) → \(gifPath)"
            )
        }
        if let videoEncoder {
            let bytes = try videoEncoder.encode(
                frameFiles: frameFiles, times: frames.times, framesPerSecond: selection.fps)
            extras.append("\(videoEncoder.format.uppercased()) \(formatBytes(bytes)) → \(videoEncoder.path)")
        }
        if !arguments.isSet(quiet) {
            let seconds = max(summary.elapsed, 1e-9)
            context.printNote(
                String(
                    format: "%d frames of %d×%d px in %.2f s (%.0f fps), %.1f MB → %@",
                    summary.frameCount, viewport.pixelWidth, viewport.pixelHeight, summary.elapsed,
                    Double(summary.frameCount) / seconds, Double(summary.bytesWritten) / 1_000_000,
                    summary.outputDirectory.path))
            if !extras.isEmpty { context.printNote(extras.joined(separator: ", ")) }
        }
        return UIKitFindings.finish(simulation, arguments: arguments, context: context)
    }

    /// "1.23 MB", "45.6 kB", "789 B".
    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.2f MB", Double(bytes) / 1_000_000) }
        if bytes >= 1_000 { return String(format: "%.1f kB", Double(bytes) / 1_000) }
        return "\(bytes) B"
    }
}
