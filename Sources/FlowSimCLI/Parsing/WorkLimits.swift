import FlowSim
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// The amount of work a command takes on, checked before the work starts, so a small input can
/// never ask for unbounded time or memory (a 590-byte scene ending at 3600 s asks for 216,000
/// frames at 60 fps; forty cells showing an 8192² image cost seconds a frame). Each limit has
/// an option to raise it; the defaults are far beyond what a collection-view scene needs.
enum WorkLimits {
    static let maxFrames = Option.wholeNumber(
        "--max-frames", value: "N", range: 1...FrameClock.maximumFrameCount,
        help: "Most frames a run may sample or render, and 60 Hz scroll steps it may simulate."
    ).defaulting(to: 100_000)
    static let maxUpdateWork = Option.wholeNumber(
        "--max-update-work", value: "N", range: 1...Int.max,
        help: "Most elements a scene's updates may lay out, all updates together (each lays out every element)."
    ).defaulting(to: 20_000_000)
    static let maxElements = Option.wholeNumber(
        "--max-elements", value: "N", range: 1...Int(Int32.max),
        help: "Most elements (items, headers and footers) a scene may have."
    ).defaulting(to: 2_000_000)
    static let maxText = Option.wholeNumber(
        "--max-text", value: "N", range: 1...Int(Int32.max),
        help: "Longest title (characters) a scene may show."
    ).defaulting(to: 10_000)
    static let maxPixels = Option.wholeNumber(
        "--max-pixels", value: "N", range: 1...Int.max,
        help: "Most pixels a render may write, all frames together."
    ).defaulting(to: 8_000_000_000)
    static let maxImagePixels = Option.wholeNumber(
        "--max-image-pixels", value: "N", range: 1...Int.max,
        help: "Most image pixels the cells of one frame may draw."
    ).defaulting(to: 268_435_456)

    /// The scene's own size: elements and the longest title.
    static func checkScene(_ scene: Scene, arguments: ParsedArguments) throws {
        try checkScene(
            scene, elementLimit: try arguments.value(maxElements), textLimit: try arguments.value(maxText))
    }

    /// The scene's own size against limits already read (a preview reads them once, checks
    /// every render).
    static func checkScene(_ scene: Scene, elementLimit: Int, textLimit: Int) throws {
        // `itemList`, not `items`: a uniform run of 10⁶ items stays a count.
        let elements = scene.sections.reduce(0) { $0 + $1.itemList.count + 2 }
        if elements > elementLimit {
            throw CommandError.limitExceeded(
                what: "elements in the scene", amount: elements, limit: elementLimit,
                option: maxElements.name)
        }
        var longest = scene.sections.map(\.title.count).max() ?? 0
        for section in scene.sections {
            // A uniform run's items have no titles of their own (nothing to check, nothing to make).
            if let compact = section.itemList.compactItems {
                // Compact items' titles are made only when one may be the longest.
                for i in 0..<compact.count where compact.titleUTF8Count(at: i) > longest {
                    longest = max(longest, compact.title(at: i).count)
                }
                continue
            }
            guard let items = section.itemList.listedItems else { continue }
            // A title has at most as many characters as UTF-8 bytes: only a longer one is counted.
            for i in items.indices where items[i].title.utf8.count > longest && items[i].title.count > longest {
                longest = items[i].title.count
            }
        }
        if longest > textLimit {
            throw CommandError.limitExceeded(
                what: "characters in the longest title", amount: longest, limit: textLimit,
                option: maxText.name)
        }
    }

    /// What simulating the scene costs, from the decoded scene before anything is laid out: its
    /// scroll moves' 60 Hz steps (held to `--max-frames`: a step is a simulated frame) and the
    /// elements its updates lay out (`--max-update-work`).
    static func checkSimulation(_ scene: Scene, arguments: ParsedArguments) throws {
        try checkSimulation(
            scene, frameLimit: try arguments.value(maxFrames), updateWorkLimit: try arguments.value(maxUpdateWork))
    }

    static func checkSimulation(_ scene: Scene, frameLimit: Int, updateWorkLimit: Int) throws {
        let steps = SceneSimulation.scrollStepCount(of: scene)
        if steps > frameLimit {
            throw CommandError.limitExceeded(
                what: "scroll steps to simulate (60 per second of scrolling)", amount: steps,
                limit: frameLimit, option: maxFrames.name)
        }
        let (work, updates, elements) = SceneSimulation.updateWork(of: scene)
        if work > updateWorkLimit {
            throw CommandError.limitExceeded(
                what: "elements laid out by \(updates) updates (up to \(elements) each)",
                amount: work, limit: updateWorkLimit, option: maxUpdateWork.name)
        }
    }

    /// `body`'s limit errors as errors of the scene at `source` (`check` reports a scene beyond a
    /// limit as it reports any other scene it cannot check).
    static func asSceneError(source: String?, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch CommandError.limitExceeded(let what, let amount, let limit, let option) {
            throw SceneError(
                source: source ?? "<default scene>", path: "",
                .limitExceeded(what: what, amount: amount, limit: limit, option: option))
        }
    }

    /// The number of frames a run samples.
    static func checkFrames(_ count: Int, arguments: ParsedArguments) throws {
        try checkFrames(count, limit: try arguments.value(maxFrames))
    }

    static func checkFrames(_ count: Int, limit: Int) throws {
        if count > limit {
            throw CommandError.limitExceeded(
                what: "frames to sample", amount: count, limit: limit, option: maxFrames.name)
        }
    }

    /// A render's total output pixels: `frameCount` frames of the viewport.
    static func checkPixels(
        frameCount: Int, viewport: RenderViewport, arguments: ParsedArguments
    ) throws {
        let pixelLimit = try arguments.value(maxPixels)
        let perFrame = viewport.pixelWidth.multipliedReportingOverflow(by: viewport.pixelHeight)
        let total = perFrame.partialValue.multipliedReportingOverflow(by: frameCount)
        if perFrame.overflow || total.overflow || total.partialValue > pixelLimit {
            throw CommandError.limitExceeded(
                what: "pixels to render (\(frameCount) frames)",
                amount: total.overflow || perFrame.overflow ? Int.max : total.partialValue, limit: pixelLimit,
                option: maxPixels.name)
        }
    }

    /// A render's total output pixels, and each frame's image pixels (from the PNG headers of the
    /// images its cells show, read once each). The frames are presented one at a time and
    /// dropped: the check costs one presentation pass, not the timeline's memory.
    static func checkRender(
        _ frames: FrameSequence, viewport: RenderViewport, arguments: ParsedArguments
    ) throws {
        try checkPixels(frameCount: frames.count, viewport: viewport, arguments: arguments)
        let imageLimit = try arguments.value(maxImagePixels)
        var sizes: [String: Int] = [:]
        for position in 0..<frames.count {
            let frame = frames.frame(at: position)
            var pixels = 0
            var largest: (path: String, pixels: Int)?
            for element in frame.elements {
                guard let path = element.content.imagePath else { continue }
                if sizes[path] == nil { sizes[path] = PNGDecoder.headerPixelCount(path: path) ?? 0 }
                let count = sizes[path] ?? 0
                pixels = pixels.addingReportingOverflow(count).partialValue
                if count > largest?.pixels ?? -1 { largest = (path, count) }
            }
            if pixels > imageLimit {
                // Name the file behind most of it, and the scene key that names files.
                let culprit =
                    largest.map {
                        " (the largest: \(SafeText.quoted($0.path, limit: 200)), \($0.pixels) pixels, named by an item's \"image\")"
                    } ?? ""
                throw CommandError.limitExceeded(
                    what: "image pixels drawn in frame \(frame.index)\(culprit)", amount: pixels,
                    limit: imageLimit, option: maxImagePixels.name)
            }
        }
    }
}
