import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation

/// `flowsim paginate [SCENE] [--total 45] [--limit 20] [--threshold 6] [--latency 0.4]
/// [--fail-pages 1] [--fling 2500] [--duration 6] [--json] [--render DIR] [--fps N]`: a
/// load-more session (issue 7) and its event log.
enum PaginateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "paginate", abstract: "Simulate load-more pagination while a user scrolls; print the event log.",
        discussion: """
            A simulated user flings the collection view (UIKit deceleration, rate 0.998/ms) or drags it at a \
            constant speed; cells entering the viewport are displayed, and a display of item > numberOfItems − \
            threshold in state normal requests the next page. A page that arrives re-displays the visible cells \
            (reloadData → cellForItemAt), so a visible threshold cell requests the next page at once; after a \
            failed page the visible cells are displayed again one back-off (--latency) later, so the page is \
            retried even while the user rests at the end. While a page loads the last item is a loading cell. \
            Pages count from 0: --fail-pages 1 fails the first attempt of startIndex 1 × limit. After a fling the \
            user flings again once the scroll slows under --refling-below pt/s while content remains \
            (--no-refling: one fling). The scene (default: a 375×667 two-column grid) gives viewport, layout and \
            style (its sections are not used), and may carry "pagination": {"total", "limit", "threshold", \
            "latency", "jitter", "seed", "failPages": [1], "appendAnimation": "reload"|"insert", "timing": {any \
            scene timing}}; options given on the command line override it. --json prints {"events": [...], "finalState", "itemCount"}.
            """,
        positionals: [
            PositionalSpec(
                "SCENE", optional: true,
                help: "Scene file for viewport, layout and style (default: 375×667, 2 columns).")
        ],
        options: [
            OptionSpec("--total", value: "N", default: "45", help: "Items the server has."),
            OptionSpec("--limit", value: "N", default: "20", help: "Page size."),
            OptionSpec("--threshold", value: "N", default: "6", help: "Request when item > count − N is displayed."),
            OptionSpec("--latency", value: "S", default: "0.4", help: "Seconds from request to response."),
            OptionSpec("--jitter", value: "S", default: "0", help: "Extra seeded latency in [0, S)."),
            OptionSpec(
                "--fail-pages", value: "P,P,...", default: "1",
                help: "Pages whose first attempt fails ('none': no failures)."),
            OptionSpec("--seed", value: "N", default: "0", help: "Seed of the latency jitter."),
            OptionSpec("--fling", value: "V", default: "2500", help: "Fling velocity in points per second."),
            OptionSpec("--speed", value: "V", help: "Drag at a constant V points per second instead of flinging."),
            OptionSpec(
                "--rate", value: "normal|fast|R", default: "normal", help: "Deceleration rate per ms (0.998, 0.99)."),
            OptionSpec(
                "--refling-below", value: "V", default: "10", help: "Fling again once the scroll slows under V pt/s."),
            OptionSpec("--no-refling", help: "Fling once only."),
            OptionSpec("--start", value: "S", default: "0.5", help: "When the user starts scrolling (seconds)."),
            OptionSpec("--duration", value: "S", default: "6", help: "Seconds simulated."),
            OptionSpec(
                "--append", value: "reload|insert", default: "reload",
                help: "Show pages with reloadData or animated inserts."),
            OptionSpec(
                "--append-duration", value: "S", default: "0.3",
                help: "Insert animation duration (ease-in-ease-out); implies --append insert."),
            OptionSpec(
                "--append-timing", value: "SPEC",
                help: "Any timing for the inserts (implies --append insert), as NAME=VALUE pairs: "
                    + "preset=NAME (flowsim spring's presets); curve=linear|easeIn|easeOut|easeInEaseOut|default"
                    + "[,duration=S]; or a spring in any form by flowsim spring's option names without dashes, "
                    + "e.g. duration=0.5,damping=0.8 (UIKit; damping alone: duration 1) or "
                    + "response=0.4,damping-fraction=0.7; delay=S with any of them."),
            OptionSpec("--json", help: "Print the log as JSON."),
            OptionSpec(
                "--render", value: "DIR", help: "Also render the session: frames, contact sheet, animation.png."),
            OptionSpec(
                "--fps", value: "N", default: "30", help: "Frames per second of --render (frames sit on 60 Hz steps)."),
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        var configuration = PaginationConfiguration()
        let path = arguments.positional(0)
        if let path {
            let scene = try SceneArgument.load(path)
            configuration.viewport = scene.viewport
            configuration.layout = scene.layout
            configuration.style = scene.style
            if let name = scene.layout.className, context.layouts[name] == nil {
                throw CommandError.usage("flowsim paginate: \(path): unknown layout class \"\(name)\".")
            }
            if let name = scene.layout.className, scene.layout.makeFlowLayout(registry: context.layouts) == nil {
                throw CommandError.usage(
                    "flowsim paginate: \(path): layout class \"\(name)\" is not a flow layout (paginate needs one).")
            }
            if let settings = scene.pagination {
                configuration = settings.applied(to: configuration)
            }
        }
        configuration = try self.configuration(arguments, base: configuration)
        let fps = try arguments.double("--fps", range: 1...240) ?? 30
        let simulation = PaginationSimulation(configuration: configuration, layouts: context.layouts)
        let renderDirectory = arguments.string("--render")
        simulation.run(framesPerSecond: renderDirectory == nil ? nil : fps)
        let log = simulation.log
        // Render before printing: a render failure exits 2 with nothing on stdout.
        if let renderDirectory {
            let viewport = RenderViewport(
                width: Double(configuration.viewport.width), height: Double(configuration.viewport.height),
                scale: Double(configuration.viewport.scale))
            let pipeline = RenderPipeline(
                renderer: FrameRenderer(viewport: viewport, style: configuration.style), framesPerSecond: fps)
            let summary = try pipeline.render(frames: simulation.frames, to: URL(fileURLWithPath: renderDirectory))
            context.printError("flowsim paginate: \(summary.frameCount) frames → \(summary.outputDirectory.path)")
        }
        context.print(arguments.flag("--json") ? log.json.serialized() : log.text)
        return 0
    }

    /// `base` (the defaults, or a scene's settings) with every option given on the command line.
    static func configuration(
        _ arguments: ParsedArguments, base: PaginationConfiguration = PaginationConfiguration()
    ) throws -> PaginationConfiguration {
        var configuration = base
        if let total = try arguments.int("--total", range: 0...1_000_000) { configuration.total = total }
        if let limit = try arguments.int("--limit", range: 1...10_000) { configuration.limit = limit }
        if let threshold = try arguments.int("--threshold", range: 1...10_000) { configuration.threshold = threshold }
        if let latency = try arguments.double("--latency", range: 0...3600) { configuration.latency = latency }
        if let jitter = try arguments.double("--jitter", range: 0...3600) { configuration.jitter = jitter }
        if let seed = try arguments.int("--seed", range: 0...Int.max) { configuration.seed = UInt64(seed) }
        if let pages = try failPages(arguments.string("--fail-pages")) { configuration.failPages = pages }
        if let start = try arguments.double("--start", range: 0...3600) { configuration.gestureStart = start }
        if let duration = try arguments.double("--duration", range: 0...600) { configuration.duration = duration }
        configuration.gesture = try gesture(arguments)
        if let animation = try appendAnimation(arguments) { configuration.appendAnimation = animation }
        return configuration
    }

    /// `--append`, `--append-duration` and `--append-timing`; nil when none is given.
    static func appendAnimation(_ arguments: ParsedArguments) throws -> AppendAnimation? {
        let mode = arguments.string("--append")
        let duration = try arguments.double("--append-duration", range: 0.001...60)
        let spec = arguments.string("--append-timing")
        if duration != nil, spec != nil {
            throw CommandError.usage("flowsim paginate: give --append-duration or --append-timing, not both.")
        }
        var timing = duration.map { AnimationTiming(curve: .easeInEaseOut(duration: $0)) }
        if let spec { timing = try appendTiming(spec) }
        switch mode {
        case nil:
            return timing.map { .insert($0) }
        case "reload":
            if timing != nil {
                throw CommandError.usage(
                    "flowsim paginate: --append-duration and --append-timing animate inserts; not with --append reload."
                )
            }
            return .reload
        case "insert":
            return .insert(timing ?? PaginationSettings.defaultInsertTiming)
        case let other?:
            throw CommandError.usage("flowsim paginate: --append expects 'reload' or 'insert', got '\(other)'.")
        }
    }

    /// `--append-timing SPEC`: comma-separated NAME=VALUE pairs, read as a scene timing:
    /// `preset=NAME`; `curve=NAME[,duration=S]`; or a spring by `flowsim spring`'s option names
    /// without dashes (`duration=0.5,damping=0.8[,velocity=V]`, `response=0.4,damping-fraction=0.7`,
    /// …); `delay=S` with any of them.
    static func appendTiming(_ spec: String) throws -> AnimationTiming {
        func fail(_ message: String) -> CommandError {
            .usage("flowsim paginate: --append-timing '\(spec)': \(message)")
        }
        var top: [(key: String, value: JSONValue)] = []
        var spring: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        for pair in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw fail("'\(pair)' is not NAME=VALUE")
            }
            let (name, text) = (parts[0], parts[1])
            guard seen.insert(name).inserted else { throw fail("\(name) is given twice") }
            switch name {
            case "preset", "curve":
                top.append((name, .string(text)))
            default:
                guard let number = Double(text), number.isFinite else {
                    throw fail("\(name) expects a finite number, got '\(text)'")
                }
                if name == "delay" || (name == "duration" && seen.contains("curve")) {
                    top.append((name, .number(number)))
                } else {
                    spring.append((name, .number(number)))
                }
            }
        }
        // A curve's duration may come before `curve=`: move it out of the spring.
        if seen.contains("curve"), let index = spring.firstIndex(where: { $0.key == "duration" }) {
            top.append(spring.remove(at: index))
        }
        if !spring.isEmpty { top.append(("spring", .object(spring))) }
        do {
            return try SceneDecoder.timing(from: .object(top))
        } catch let error as SceneError {
            throw fail(error.path.isEmpty ? error.message : "\(error.path): \(error.message)")
        }
    }

    static func failPages(_ text: String?) throws -> Set<Int>? {
        guard let text else { return nil }
        if text == "none" || text.isEmpty { return [] }
        var pages = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let page = Int(trimmed), page >= 0 else {
                throw CommandError.usage(
                    "flowsim paginate: --fail-pages expects page numbers ≥ 0 separated by commas, or 'none'; got '\(text)'."
                )
            }
            pages.insert(page)
        }
        return pages
    }

    static func gesture(_ arguments: ParsedArguments) throws -> ScrollGesture {
        if let speed = try arguments.double("--speed", range: -100_000...100_000) {
            if arguments.string("--fling") != nil {
                throw CommandError.usage("flowsim paginate: give --fling or --speed, not both.")
            }
            return .constantSpeed(speed)
        }
        let velocity = try arguments.double("--fling", range: -100_000...100_000) ?? 2500
        let rate: Double
        switch arguments.string("--rate") ?? "normal" {
        case "normal": rate = Deceleration.normalRate
        case "fast": rate = Deceleration.fastRate
        case let text:
            guard let value = Double(text), value > 0, value < 1 else {
                throw CommandError.usage(
                    "flowsim paginate: --rate expects 'normal', 'fast' or a number in (0, 1), got '\(text)'.")
            }
            rate = value
        }
        let refling = try arguments.double("--refling-below", range: 0...100_000) ?? 10
        return .fling(velocity: velocity, rate: rate, reflingBelow: arguments.flag("--no-refling") ? nil : refling)
    }
}
