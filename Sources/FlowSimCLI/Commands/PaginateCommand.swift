import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// `flowsim paginate [SCENE] [--total 45] [--limit 20] [--threshold 6] [--latency 0.4]
/// [--fail-pages 1] [--fling 2500] [--duration 6] [--json] [--render DIR] [--fps N]`: a
/// load-more session and its event log.
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
                "SCENE", optional: true, completion: .file(extensions: ["json", "plist"]),
                help: "Scene file for viewport, layout and style (default: 375×667, 2 columns).")
        ],
        options: [
            total, limit, threshold, latency, jitter, failPages, seed, fling, speed, rate, reflingBelow, noRefling,
            start, duration, append, appendDuration, appendTiming, json, render, fps, WorkLimits.maxFrames,
            WorkLimits.maxPixels, UIKitFindings.strict,
        ],
        conflicts: [OptionConflict(appendDuration, appendTiming), OptionConflict(fling, speed)])

    // Defaults are shown in help; the values come from `PaginationConfiguration` or the scene.
    static let total = Option.wholeNumber("--total", value: "N", range: 0...1_000_000, help: "Items the server has.")
        .shown("45")
    static let limit = Option.wholeNumber("--limit", value: "N", range: 1...10_000, help: "Page size.").shown("20")
    static let threshold = Option.wholeNumber(
        "--threshold", value: "N", range: 1...10_000, help: "Request when item > count − N is displayed."
    ).shown("6")
    static let latency = Option.number(
        "--latency", value: "S", range: 0...3600, help: "Seconds from request to response."
    ).shown("0.4")
    static let jitter = Option.number("--jitter", value: "S", range: 0...3600, help: "Extra seeded latency in [0, S).")
        .shown("0")
    static let failPages = Option<Set<Int>>(
        "--fail-pages", value: "P,P,...", help: "Pages whose first attempt fails ('none': no failures)."
    ) { text, _ in
        if text == "none" || text.isEmpty { return [] }
        var pages = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let page = Int(part.trimmingCharacters(in: .whitespaces)), page >= 0 else {
                throw CommandError.paginate(.invalidFailPages(text))
            }
            pages.insert(page)
        }
        return pages
    }.shown("1")
    static let seed = Option.wholeNumber("--seed", value: "N", range: 0...Int.max, help: "Seed of the latency jitter.")
        .shown("0")
    static let fling = Option.number(
        "--fling", value: "V", range: -100_000...100_000, help: "Fling velocity in points per second."
    ).defaulting(to: 2500)
    static let speed = Option.number(
        "--speed", value: "V", range: -100_000...100_000,
        help: "Drag at a constant V points per second instead of flinging (the finger lifts a screen past the end).")
    static let rate = Option<Double>.choice(
        "--rate", value: "normal|fast|R", expected: "'normal', 'fast' or a number in (0, 1)",
        choices: ["normal", "fast"],
        help: "Deceleration rate per ms (0.998, 0.99)."
    ) { text in
        switch text {
        case "normal": return Deceleration.normalRate
        case "fast": return Deceleration.fastRate
        default: return Double(text).flatMap { $0 > 0 && $0 < 1 ? $0 : nil }
        }
    }.defaulting(to: Deceleration.normalRate, shown: "normal")
    static let reflingBelow = Option.number(
        "--refling-below", value: "V", range: 0...100_000, help: "Fling again once the scroll slows under V pt/s."
    ).defaulting(to: 10)
    static let noRefling = Option.flag("--no-refling", help: "Fling once only.")
    static let start = Option.number(
        "--start", value: "S", range: 0...3600, help: "When the user starts scrolling (seconds)."
    ).shown("0.5")
    static let duration = Option.number("--duration", value: "S", range: 0...600, help: "Seconds simulated.").shown("6")
    static let append = Option<AppendMode>.choice(
        "--append", value: "reload|insert", expected: "'reload' or 'insert'", choices: ["reload", "insert"],
        help: "Show pages with reloadData or animated inserts.", read: AppendMode.init(rawValue:)
    ).shown("reload")
    static let appendDuration = Option.number(
        "--append-duration", value: "S", range: 0.001...60,
        help: "Insert animation duration (ease-in-ease-out); implies --append insert."
    ).shown("0.3")
    static let appendTiming = Option<AnimationTiming>(
        "--append-timing", value: "SPEC",
        help: "Any timing for the inserts (implies --append insert), as NAME=VALUE pairs: "
            + "preset=NAME (flowsim spring's presets); curve=linear|easeIn|easeOut|easeInEaseOut|default"
            + "[,duration=S]; or a spring in any form by flowsim spring's option names without dashes, "
            + "e.g. duration=0.5,damping=0.8 (UIKit; damping alone: duration 1) or "
            + "response=0.4,damping-fraction=0.7; delay=S with any of them."
    ) { text, _ in try parseAppendTiming(text) }
    static let json = Option.flag("--json", help: "Print the log as JSON.")
    static let render = Option.text(
        "--render", value: "DIR", help: "Also render the session: frames, contact sheet, animation.png."
    ).completing(.folder)
    static let fps = Option.number(
        "--fps", value: "N", range: 1...240, help: "Frames per second of --render (frames sit on 60 Hz steps)."
    ).defaulting(to: 30)

    enum AppendMode: String {
        case reload
        case insert
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        var configuration = PaginationConfiguration()
        let path = arguments.positional(0)
        if let path {
            let scene = try SceneArgument.load(path)
            configuration.viewport = scene.viewport
            configuration.layout = scene.layout
            configuration.style = scene.style
            if let name = scene.layout.className, context.layouts[name] == nil {
                throw CommandError.paginate(.unknownLayoutClass(path: path, name: name))
            }
            if let name = scene.layout.className, scene.layout.makeFlowLayout(registry: context.layouts) == nil {
                throw CommandError.paginate(.notAFlowLayout(path: path, name: name))
            }
            if let settings = scene.pagination {
                configuration = settings.applied(to: configuration)
            }
        }
        configuration = try self.configuration(arguments, base: configuration)
        let fps = try arguments.value(fps)
        let simulation = PaginationSimulation(configuration: configuration, layouts: context.layouts)
        let renderDirectory = try arguments.given(render)
        let viewport = RenderViewport(configuration.viewport)
        if renderDirectory != nil {
            // The frames and pixels a render asks for, refused before anything is simulated.
            let frameCount = simulation.frameCount(framesPerSecond: fps)
            try WorkLimits.checkFrames(frameCount, arguments: arguments)
            try WorkLimits.checkPixels(
                frameCount: frameCount, viewport: viewport, arguments: arguments)
        }
        simulation.run(framesPerSecond: renderDirectory == nil ? nil : fps)
        let findings = simulation.collectionView.diagnostics
        if let exception = findings.firstException {
            throw CommandError.paginate(.uikitException(SceneSimulation.oneLine(exception.description)))
        }
        let log = simulation.log
        // Render before printing: a render failure exits 2 with nothing on stdout.
        if let renderDirectory {
            let pipeline = RenderPipeline(
                renderer: FrameRenderer(viewport: viewport, style: configuration.style), framesPerSecond: fps)
            let summary = try pipeline.render(frames: simulation.frames, to: URL(fileURLWithPath: renderDirectory))
            context.printNote("\(summary.frameCount) frames → \(summary.outputDirectory.path)")
        }
        context.print(arguments.isSet(json) ? log.json.serialized() : log.text)
        UIKitFindings.lines(findings).forEach(context.printError)
        return arguments.isSet(UIKitFindings.strict) && !findings.isEmpty ? 1 : 0
    }

    /// `base` (the defaults, or a scene's settings) with every option given on the command line.
    static func configuration(
        _ arguments: ParsedArguments, base: PaginationConfiguration = PaginationConfiguration()
    ) throws -> PaginationConfiguration {
        var configuration = base
        if let total = try arguments.given(total) { configuration.total = total }
        if let limit = try arguments.given(limit) { configuration.limit = limit }
        if let threshold = try arguments.given(threshold) { configuration.threshold = threshold }
        if let latency = try arguments.given(latency) { configuration.latency = latency }
        if let jitter = try arguments.given(jitter) { configuration.jitter = jitter }
        if let seed = try arguments.given(seed) { configuration.seed = UInt64(seed) }
        if let pages = try arguments.given(failPages) { configuration.failPages = pages }
        if let start = try arguments.given(start) { configuration.gestureStart = start }
        if let duration = try arguments.given(duration) { configuration.duration = duration }
        configuration.gesture = try gesture(arguments)
        if let animation = try appendAnimation(arguments) { configuration.appendAnimation = animation }
        return configuration
    }

    /// `--append`, `--append-duration` and `--append-timing`; nil when none is given.
    static func appendAnimation(_ arguments: ParsedArguments) throws -> AppendAnimation? {
        let mode = try arguments.given(append)
        var timing = try arguments.given(appendDuration).map { AnimationTiming(curve: .easeInEaseOut(duration: $0)) }
        if let given = try arguments.given(appendTiming) { timing = given }
        switch mode {
        case nil:
            return timing.map { .insert($0) }
        case .reload:
            if timing != nil {
                throw CommandError.paginate(.timingWithReload)
            }
            return .reload
        case .insert:
            return .insert(timing ?? PaginationSettings.defaultInsertTiming)
        }
    }

    /// `--append-timing SPEC`: comma-separated NAME=VALUE pairs, read as a scene timing:
    /// `preset=NAME`; `curve=NAME[,duration=S]`; or a spring by `flowsim spring`'s option names
    /// without dashes (`duration=0.5,damping=0.8[,velocity=V]`, `response=0.4,damping-fraction=0.7`,
    /// …); `delay=S` with any of them.
    static func parseAppendTiming(_ spec: String) throws -> AnimationTiming {
        func fail(_ problem: CommandError.PaginateProblem.TimingProblem) -> CommandError {
            .paginate(.appendTiming(spec: spec, problem))
        }
        var top: [(key: String, value: JSONValue)] = []
        var spring: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        for pair in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw fail(.notNameValue(String(pair)))
            }
            let (name, text) = (parts[0], parts[1])
            guard seen.insert(name).inserted else { throw fail(.givenTwice(name)) }
            switch name {
            case "preset", "curve":
                top.append((name, .string(text)))
            default:
                guard let number = Double(text), number.isFinite else {
                    throw fail(.notANumber(name: name, value: text))
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
            throw fail(.timing(path: error.path, message: error.message))
        }
    }

    static func gesture(_ arguments: ParsedArguments) throws -> ScrollGesture {
        if let speed = try arguments.given(speed) { return .constantSpeed(speed) }
        return .fling(
            velocity: try arguments.value(fling), rate: try arguments.value(rate),
            reflingBelow: arguments.isSet(noRefling) ? nil : try arguments.value(reflingBelow))
    }
}
