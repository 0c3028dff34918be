import FlowSim
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation
import Synchronization

/// Set by SIGINT or `requestStop()`, read by the watch loop on another thread: an atomic, so the
/// signal handler and the loop never race (ThreadSanitizer-clean).
private let previewInterrupted = Atomic<Int32>(0)

/// `flowsim preview [SCENE] [--out DIR] [--once]`: renders the scene into DIR and keeps
/// `DIR/index.html` (frames with a scrubber, each element's y/alpha timeline, the timing curves)
/// up to date, re-rendering whenever the scene file or an image it names changes.
///
/// Nothing is served: the page is opened from disk. Browsers block `fetch` of `file://` URLs,
/// so the page polls by adding a `<script src="version.js?…">` every 100 ms (scripts load from
/// `file://`); the script calls `flowsimVersion({...})`, and a new version reloads the page.
enum PreviewCommand: Subcommand {
    static let spec = CommandSpec(
        name: "preview", abstract: "Render a scene into a self-updating HTML page as you edit it.",
        discussion: """
            Writes DIR/index.html, DIR/data.js, DIR/version.js and DIR/r<N>/frame_NNNN.png, then watches the \
            scene file and the images it names (their modification times and sizes, every --interval ms) and \
            renders again on every change: the first frame first, so the page shows it at once, then the rest. \
            Open DIR/index.html in a browser: it plays the frames with a scrubber, charts each element's y and \
            alpha over time and each update's timing curve, and reloads itself after each render (it polls \
            version.js through a script tag, which works from file://). A scene with errors keeps the last good \
            render and shows the error. Nothing is served over the network. Ctrl-C stops; --once renders once.
            """,
        positionals: [
            PositionalSpec(
                "SCENE", optional: true, completion: .file(extensions: ["json", "plist"]),
                help:
                    "Scene file (.json or .plist). Default: DIR/scene.json, created from the default scene if missing.")
        ],
        options: [
            out, fps, interval, once, quiet, WorkLimits.maxFrames, WorkLimits.maxElements, WorkLimits.maxText,
            WorkLimits.maxUpdateWork, UIKitFindings.strict,
        ] + DeviceOptions.all)

    static let out = Option.text("--out", value: "DIR", help: "Output folder.").completing(.folder)
        .defaulting(to: "flowsim-preview")
    static let fps = Option.number("--fps", value: "N", range: 1...240, help: "Frames per second.").defaulting(to: 30)
    static let interval = Option.wholeNumber(
        "--interval", value: "MS", range: 10...10_000, help: "How often the files are checked, in milliseconds."
    ).defaulting(to: 100)
    static let once = Option.flag("--once", help: "Render once and exit (exit 2 when the scene has errors).")
    static let quiet = Option.flag("--quiet", help: "Print only errors.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let directory = URL(fileURLWithPath: try arguments.value(out))
        try OutputPaths.validate(directory.path, option: PreviewCommand.out.name, folder: true)
        let path = try arguments.positional(0) ?? defaultScene(in: directory)
        var preview = PreviewRenderer(
            scenePath: path, directory: directory, fps: try arguments.value(fps), context: context)
        preview.limits = PreviewRenderer.Limits(
            frames: try arguments.value(WorkLimits.maxFrames), elements: try arguments.value(WorkLimits.maxElements),
            text: try arguments.value(WorkLimits.maxText), updateWork: try arguments.value(WorkLimits.maxUpdateWork))
        preview.arguments = arguments
        try preview.prepare()
        let quiet = arguments.isSet(quiet)
        if arguments.isSet(once) {
            try preview.render(watchedSince: Date())
            if !quiet { context.printNote("\(preview.summary) → \(preview.index.path)") }
            preview.uikitLogs.forEach(context.printError)
            let strict = arguments.isSet(UIKitFindings.strict) || preview.strictScene
            return strict && !preview.uikitLogs.isEmpty ? 1 : 0
        }
        let pollInterval = try arguments.value(interval)
        let previous = signal(SIGINT) { _ in previewInterrupted.store(1, ordering: .relaxed) }
        defer { signal(SIGINT, previous) }
        if !quiet {
            context.printNote(
                "open \(preview.index.path) in a browser; watching \(path) (Ctrl-C to stop)")
        }
        // The scene's signature is taken before the first render, so a save while it runs is seen
        // by the next poll; the images' are taken after it, once the scene has named them.
        let sceneBefore = preview.watchSignature()[0]
        renderRound(&preview, changedAt: Date(), quiet: quiet, context: context)
        var signature = preview.watchSignature()
        signature[0] = sceneBefore
        while previewInterrupted.load(ordering: .relaxed) == 0 {
            usleep(useconds_t(pollInterval * 1000))
            let current = preview.watchSignature()
            guard current != signature else { continue }
            signature = current
            let watcher = preview
            renderRound(
                &preview, changedAt: Date(), quiet: quiet, context: context,
                unless: { watcher.watchSignature() != current })
            // Files saved during the render are caught by the next poll.
        }
        previewInterrupted.store(0, ordering: .relaxed)
        if !quiet { context.printNote("stopped") }
        return 0
    }

    /// `DIR/scene.json`, written from the default scene when it does not exist: a scene to edit.
    static func defaultScene(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("scene.json")
        if !FileManager.default.fileExists(atPath: file.path) {
            do {
                try AtomicOutput.write(Data(DefaultScene.json.utf8), to: file, creatingFolders: true)
            } catch {
                throw CommandError(option: PreviewCommand.out.name, path: directory.path, error: error)
            }
        }
        return file.path
    }

    /// Stops a running preview loop as SIGINT does (for tests and embedders).
    static func requestStop() { previewInterrupted.store(1, ordering: .relaxed) }

    /// One render; errors are shown on the page and printed, and watching goes on.
    /// An error is not reported when `superseded` says the files changed again meanwhile (a
    /// scene read while an editor was writing it): the next poll renders the new state.
    static func renderRound(
        _ preview: inout PreviewRenderer, changedAt: Date, quiet: Bool, context: CommandContext,
        unless superseded: () -> Bool = { false }
    ) {
        do {
            try preview.render(watchedSince: changedAt)
            if !quiet { context.printNote("\(preview.summary)") }
            preview.uikitLogs.forEach(context.printError)
        } catch {
            if superseded() { return }
            let message = context.message(CommandError(error))
            preview.showError(message)
            context.printError(message)
        }
    }
}

/// The files of one preview folder and the rounds rendered into it.
struct PreviewRenderer {
    let scenePath: String
    let directory: URL
    let fps: Double
    let context: CommandContext
    /// The render count; frames of render N live in `r<N>/`.
    private(set) var version = 0
    /// The images the last loaded scene names (watched with the scene file).
    private(set) var imagePaths: [String] = []
    private(set) var summary = ""
    /// What UIKit would have logged in the last render (`UIKitFindings.lines`), and whether the
    /// scene asked to be strict.
    private(set) var uikitLogs: [String] = []
    private(set) var strictScene = false
    /// Checked on every render before any work (a saved scene may grow past them).
    var limits = Limits()
    /// The command's arguments, for the device options applied to every load of the scene.
    var arguments: ParsedArguments?

    /// The work limits a render is held to (`--max-frames`, `--max-elements`, `--max-text`,
    /// `--max-update-work`).
    struct Limits {
        var frames = WorkLimits.maxFrames.defaultValue
        var elements = WorkLimits.maxElements.defaultValue
        var text = WorkLimits.maxText.defaultValue
        var updateWork = WorkLimits.maxUpdateWork.defaultValue
    }

    init(scenePath: String, directory: URL, fps: Double, context: CommandContext) {
        self.scenePath = scenePath
        self.directory = directory
        self.fps = fps
        self.context = context
    }

    var index: URL { directory.appendingPathComponent("index.html") }

    /// Creates the folder and writes the page (the same for every render).
    func prepare() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try write(PreviewPage.html, to: "index.html")
        } catch {
            throw CommandError(option: PreviewCommand.out.name, path: directory.path, error: error)
        }
    }

    /// Modification time and size of the scene and of every image it names.
    func watchSignature() -> [String] {
        ([scenePath] + imagePaths).map { path in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "\(path):-" }
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
            return "\(path):\(date):\(size)"
        }
    }

    /// Loads, simulates and renders the scene: frame 0 and the page data first (the page then
    /// reloads and shows it), the other frames after, in parallel; then the final version.
    mutating func render(watchedSince changedAt: Date) throws {
        var scene = try SceneArgument.load(scenePath)
        if let arguments { try DeviceOptions.apply(arguments, to: &scene) }
        imagePaths = Self.imagePaths(of: scene)
        try WorkLimits.checkScene(scene, elementLimit: limits.elements, textLimit: limits.text)
        try WorkLimits.checkSimulation(
            scene, frameLimit: limits.frames, updateWorkLimit: limits.updateWork)
        let simulation: SceneSimulation
        do {
            simulation = try SceneSimulation(scene: scene, layouts: context.layouts)
        } catch var error as SceneError {
            error.source = scenePath
            throw error
        }
        try SceneArgument.run(simulation, source: scenePath)
        uikitLogs = UIKitFindings.lines(simulation.diagnostics)
        strictScene = simulation.scene.strict
        let frameCount = FrameSelection(fps: fps).count(for: simulation)
        try WorkLimits.checkFrames(frameCount, limit: limits.frames)
        let times = SceneSimulation.frameTimes(duration: simulation.duration, fps: fps)
        let frames = simulation.frames(times: times)
        let viewport = RenderViewport(scene.viewport, scale: nil, chromeHeight: 0)
        let pipeline = RenderPipeline(
            renderer: FrameRenderer(viewport: viewport, style: scene.style), framesPerSecond: fps,
            contactSheet: nil, writesAnimation: false)
        try viewport.validate()
        let next = version + 1
        let folder = directory.appendingPathComponent("r\(next)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The render loop draws and encodes; its sink writes each frame into the render's folder.
        func writeFrames(_ positions: Range<Int>) throws {
            try RenderLoop().run(
                count: positions.count, present: { frames[positions.lowerBound + $0] },
                draw: { frame, position in (positions.lowerBound + position, try pipeline.encodeFrame(frame)) },
                into: [
                    FrameSink(take: { index, png in
                        try AtomicOutput.write(
                            png, to: folder.appendingPathComponent(RenderPipeline.frameFileName(index)))
                    })
                ])
        }
        try writeFrames(0..<min(1, frames.count))
        let data = PreviewData.json(
            scene: scene, simulation: simulation, frames: frames, times: times, version: next,
            size: (viewport.pixelWidth, viewport.pixelHeight))
        try write("window.flowsimData = " + data.serialized() + ";\n", to: "data.js")
        version = next
        let firstShown = Date().timeIntervalSince(changedAt)
        try writeVersion(frames: 1, total: frames.count, error: nil)
        // The rest of the frames, on every core.
        try writeFrames(min(1, frames.count)..<frames.count)
        try writeVersion(frames: frames.count, total: frames.count, error: nil)
        removeOldRenders()
        summary = String(
            format: "render %d: %d frames; first frame written %.0f ms after the change, all in %.0f ms", version,
            frames.count, firstShown * 1000, Date().timeIntervalSince(changedAt) * 1000)
    }

    /// Shows an error on the page over the last good render.
    mutating func showError(_ message: String) {
        try? writeVersion(frames: nil, total: nil, error: message)
    }

    private var errorCount = 0

    private func writeVersion(frames: Int?, total: Int?, error: String?) throws {
        var members: [(key: String, value: JSONValue)] = [("version", .number(Double(version)))]
        if let frames { members.append(("frames", .number(Double(frames)))) }
        if let total { members.append(("total", .number(Double(total)))) }
        members.append(("error", error.map(JSONValue.string) ?? .null))
        members.append(("written", .number((Date().timeIntervalSince1970 * 1000).rounded())))
        try write("flowsimVersion(" + JSONValue.object(members).serialized() + ");\n", to: "version.js")
    }

    /// Removes render folders older than the previous one (a page may still show it).
    private func removeOldRenders() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix("r") {
            if let number = Int(name.dropFirst()), number < version - 1 {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
    }

    private func write(_ text: String, to name: String) throws {
        try AtomicOutput.write(Data(text.utf8), to: directory.appendingPathComponent(name))
    }

    /// The image files a scene names (sections, inserted items and sections).
    static func imagePaths(of scene: Scene) -> [String] {
        var items = scene.sections.flatMap(\.items)
        for update in scene.updates {
            items += update.insert.map(\.item)
            items += update.insertSections.flatMap(\.section.items)
        }
        return Array(Set(items.compactMap(\.imagePath).filter { !$0.isEmpty })).sorted()
    }
}

/// The page's data: frame times, each element's y and alpha per frame, each timing's curve.
enum PreviewData {
    static func json(
        scene: Scene, simulation: SceneSimulation, frames: [PresentedFrame], times: [Double], version: Int,
        size: (Int, Int)
    ) -> JSONValue {
        var order: [String] = []
        var series: [String: (label: String, y: [JSONValue], alpha: [JSONValue])] = [:]
        for (index, frame) in frames.enumerated() {
            for element in frame.elements {
                let key = "\(element.kind.rawValue):\(element.id)"
                if series[key] == nil {
                    guard order.count < 300 else { continue }
                    order.append(key)
                    let label = element.content.title.isEmpty ? key : "\(key) (\(element.content.title))"
                    series[key] = (
                        label, Array(repeating: .null, count: frames.count),
                        Array(repeating: .null, count: frames.count)
                    )
                }
                series[key]!.y[index] = .number((Double(element.frame.minY) * 100).rounded() / 100)
                series[key]!.alpha[index] = .number((Double(element.presentedAlpha) * 1000).rounded() / 1000)
            }
        }
        let elements = order.map { key in
            JSONValue.object([
                ("label", .string(series[key]!.label)), ("y", .array(series[key]!.y)),
                ("alpha", .array(series[key]!.alpha)),
            ])
        }
        var curves: [JSONValue] = []
        for (index, update) in scene.updates.enumerated() {
            let timing = update.timing ?? .uikitDefault
            curves.append(curve("updates[\(index)] at \(formatNumber(update.at)) s", timing))
        }
        for (index, scroll) in scene.scrolls.enumerated() {
            if let timing = scroll.timing {
                curves.append(curve("scroll[\(index)] at \(formatNumber(scroll.at)) s", timing))
            }
        }
        return .object([
            ("version", .number(Double(version))), ("name", .string(scene.name)),
            ("width", .number(Double(size.0))), ("height", .number(Double(size.1))),
            ("times", .array(times.map { .number(($0 * 10000).rounded() / 10000) })),
            ("elements", .array(elements)), ("curves", .array(curves)),
        ])
    }

    /// A timing's progress over its duration (100 samples).
    static func curve(_ label: String, _ timing: AnimationTiming) -> JSONValue {
        let duration = timing.curve.duration.isFinite ? max(timing.curve.duration, 1e-6) : 1
        let samples = (0...100).map { step -> JSONValue in
            let t = duration * Double(step) / 100
            return .array([.number((t * 10000).rounded() / 10000), .number(timing.curve.progress(at: t))])
        }
        return .object([
            ("label", .string(label)), ("delay", .number(timing.delay)), ("duration", .number(duration)),
            ("samples", .array(samples)),
        ])
    }
}
