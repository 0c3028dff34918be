import FlowSim
import FlowSimOutput
import FlowSimScene
import Foundation

/// When goldens are (re)written, as in swift-snapshot-testing.
public enum GoldenRecordMode: String, Equatable, Sendable, CaseIterable {
    /// Record every golden, whatever the comparison says.
    case all
    /// Record goldens that do not exist yet; compare the others.
    case missing
    /// Re-record goldens that are missing or do not match.
    case failed
    /// Never write: a missing golden is a failure (the default when `CI` is set).
    case never

    /// The mode from an explicit value, else `FLOWSIM_RECORD`, else `never` when `CI` is set
    /// (any value but empty, "0" or "false") and `missing` otherwise. Throws on a bad value,
    /// naming where it came from.
    public static func resolve(explicit: String?, environment: [String: String]) throws -> GoldenRecordMode {
        if let explicit {
            guard let mode = GoldenRecordMode(rawValue: explicit.lowercased()) else {
                throw GoldenError.invalidRecordMode(explicit, source: "--record")
            }
            return mode
        }
        if let value = environment["FLOWSIM_RECORD"], !value.isEmpty {
            guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else {
                throw GoldenError.invalidRecordMode(value, source: "FLOWSIM_RECORD")
            }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }

    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }
}

public enum GoldenError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidRecordMode(String, source: String)
    case frameOutOfRange(scene: String, frame: Int, frameCount: Int)

    public var description: String {
        switch self {
        case .invalidRecordMode(let value, let source):
            let names = GoldenRecordMode.allCases.map(\.rawValue)
            let hint = nearestName(to: value, in: names).map { "; did you mean '\($0)'?" } ?? ""
            return "\(source): unknown record mode '\(value)' (expected all, missing, failed or never)\(hint)"
        case .frameOutOfRange(let scene, let frame, let count):
            return
                "scene \"\(scene)\": golden frame \(frame) does not exist (the scene has \(count) frames, 0…\(count - 1), at 60 fps)"
        }
    }
}

/// What happened to one golden frame.
public enum GoldenStatus: String, Equatable, Sendable {
    /// Compared and within the limits.
    case passed
    /// Compared and beyond the limits (or of another size).
    case failed
    /// No golden and the mode does not record: a failure.
    case missing
    /// Written (new, or re-recorded by `all` / `failed`).
    case recorded
    /// Could not be checked (unreadable golden, render error).
    case error
}

/// The outcome of checking one frame of one scene against its golden.
public struct GoldenCaseResult: Sendable {
    public var scene: String
    public var frame: Int
    /// Seconds into the animation.
    public var time: Double
    public var goldenPath: String
    public var status: GoldenStatus
    /// nil when nothing was compared (missing golden, error, `all` without an old golden).
    public var comparison: ImageComparisonResult?
    /// Set when `status == .recorded` and an old golden existed that did not match.
    public var previousComparison: ImageComparisonResult?
    /// Human explanation for anything but `passed`.
    public var message: String?
    public var seconds: Double
    /// In-memory images for reports and artefacts (nil when unavailable).
    public var expected: RGBAImage?
    public var actual: RGBAImage?
    public var diff: RGBAImage?
    /// Set by `GoldenSuite.compare` when the record mode would record this frame.
    public var recordPending = false
    /// A scene that could not be loaded, simulated or rendered: one case for the whole scene
    /// (`frame` is -1, `status` is `.error`), so reports list it.
    public var isSceneError = false

    /// The case of a scene that could not be checked at all; `scene` is its name or file.
    public static func sceneError(_ scene: String, message: String) -> GoldenCaseResult {
        var result = GoldenCaseResult(
            scene: scene, frame: -1, time: 0, goldenPath: "", status: .error, comparison: nil, previousComparison: nil,
            message: message, seconds: 0, expected: nil, actual: nil, diff: nil)
        result.isSceneError = true
        return result
    }

    public var isFailure: Bool { status == .failed || status == .missing || status == .error }

    public var caseName: String { isSceneError ? scene : "\(scene)/" + RenderPipeline.frameFileName(frame) }

    /// The one description of a comparison, used by `flowsim check`, `flowsim diff` and
    /// FlowSimTesting: "123 of 60000 pixels differ (0.2050%), 200×300, 4 anti-aliased not
    /// counted, limit 0 pixels, threshold 0.1" (the size mismatch text when sizes differ;
    /// "metric exact" instead of the threshold for byte-exact comparisons).
    public static func describe(_ result: ImageComparisonResult, options: ImageComparisonOptions) -> String {
        if let mismatch = result.sizeMismatch { return mismatch.description }
        var text =
            "\(result.diffPixels) of \(result.totalPixels) pixels differ (\(String(format: "%.4f", result.ratio * 100))%), \(result.width)×\(result.height)"
        if result.antiAliasedPixels > 0 { text += ", \(result.antiAliasedPixels) anti-aliased not counted" }
        var limits: [String] = []
        if let pixels = options.maxDiffPixels { limits.append("\(pixels) pixels") }
        if let ratio = options.maxDiffPixelRatio { limits.append("ratio \(formatNumber(ratio))") }
        text += ", limit " + (limits.isEmpty ? "0 pixels" : limits.joined(separator: " and "))
        text += options.metric == .exact ? ", metric exact" : ", threshold \(formatNumber(options.threshold))"
        return text
    }
}

/// Renders a scene's golden frames and compares them with (or records them as) PNGs in
/// `<goldens>/<name>/frame_NNNN.png`. Shared by `flowsim check` and `FlowSimTesting`.
public struct GoldenSuite: Sendable {
    public var goldensDirectory: URL
    public var mode: GoldenRecordMode
    /// Encoding of recorded goldens: standard zlib compression keeps the repository light.
    public var encoder = PNGEncoder(compression: .standard, colorMode: .automatic)
    public var framesPerSecond = 60.0

    public init(goldensDirectory: URL, mode: GoldenRecordMode) {
        self.goldensDirectory = goldensDirectory
        self.mode = mode
    }

    /// `RenderPipeline.frameFileName` (kept for existing callers).

    /// Frame indices to check: the given ones, else the scene's `golden.frames`, else first,
    /// middle and last (deduplicated, in order). Throws when an index does not exist.
    public static func frameIndices(scene: Scene, frameCount: Int, requested: [Int]? = nil) throws -> [Int] {
        let indices: [Int]
        if let chosen = requested ?? scene.golden.frames {
            indices = chosen
        } else {
            indices = [0, frameCount / 2, frameCount - 1]
        }
        var seen = Set<Int>()
        var result: [Int] = []
        for index in indices where seen.insert(index).inserted {
            guard index >= 0, index < frameCount else {
                throw GoldenError.frameOutOfRange(scene: scene.name, frame: index, frameCount: frameCount)
            }
            result.append(index)
        }
        return result
    }

    /// The comparison options of a scene's `golden` keys, each overridable.
    public static func options(
        for scene: Scene, threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil
    ) -> ImageComparisonOptions {
        ImageComparisonOptions(
            metric: .pixelmatch, threshold: threshold ?? scene.golden.threshold,
            maxDiffPixels: maxDiffPixels ?? scene.golden.maxDiffPixels,
            maxDiffPixelRatio: maxDiffPixelRatio ?? scene.golden.maxDiffPixelRatio)
    }

    /// Renders the chosen frames of a simulation that has run its updates: (index, time, image).
    public func render(
        _ simulation: SceneSimulation, frames requested: [Int]? = nil, scale: Double? = nil
    ) throws -> [(index: Int, time: Double, image: RGBAImage)] {
        let scene = simulation.scene
        let times = SceneSimulation.frameTimes(duration: simulation.duration, fps: framesPerSecond)
        let indices = try GoldenSuite.frameIndices(scene: scene, frameCount: times.count, requested: requested)
        let viewport = RenderViewport(scene.viewport, scale: scale)
        let renderer = FrameRenderer(viewport: viewport, style: scene.style)
        let frames = simulation.frames(times: indices.map { times[$0] })
        let images = try parallelMap(count: frames.count, concurrency: ProcessInfo.processInfo.activeProcessorCount) {
            try renderer.render(frames[$0])
        }
        return indices.enumerated().map { i, index in (index, times[index], images[i]) }
    }

    /// Path of a golden frame.
    public func goldenURL(name: String, frame: Int) -> URL {
        goldensDirectory.appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(RenderPipeline.frameFileName(frame))
    }

    /// Compares (and, as the mode says, records) one rendered frame.
    public func check(
        name: String, frame: Int, time: Double, actual: RGBAImage, options: ImageComparisonOptions
    ) -> GoldenCaseResult {
        var result = compare(name: name, frame: frame, time: time, actual: actual, options: options)
        if result.recordPending { record(&result) }
        return result
    }

    /// Compares one rendered frame without writing anything. The status is what it is before
    /// any recording (passed, failed, missing, error); `recordPending` says whether the mode
    /// records this frame (`record(_:)` does it). A run can thus decide, once every frame is
    /// compared, to record nothing (`flowsim check` with errors).
    public func compare(
        name: String, frame: Int, time: Double, actual: RGBAImage, options: ImageComparisonOptions
    ) -> GoldenCaseResult {
        let start = Date()
        let url = goldenURL(name: name, frame: frame)
        var result = GoldenCaseResult(
            scene: name, frame: frame, time: time, goldenPath: url.path, status: .passed, comparison: nil,
            previousComparison: nil, message: nil, seconds: 0, expected: nil, actual: actual, diff: nil)
        defer { result.seconds = Date().timeIntervalSince(start) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            result.status = .missing
            result.message =
                "missing golden \(url.path); record it with FLOWSIM_RECORD=missing (swift test) or `flowsim check … --record missing`"
            result.recordPending = mode != .never
            return result
        }
        do {
            let expected = try PNGDecoder.decode(contentsOfFile: url.path)
            result.expected = expected
            let comparison = ImageComparator.compareWithDiff(expected, actual, options: options)
            result.comparison = comparison.result
            result.diff = comparison.diffImage
            if !comparison.result.match {
                result.status = .failed
                result.message = "\(url.path): " + GoldenCaseResult.describe(comparison.result, options: options)
            }
            result.recordPending = mode == .all || (mode == .failed && !comparison.result.match)
        } catch {
            result.status = .error
            result.message = "\(error)"
            result.recordPending = mode == .all || mode == .failed
        }
        return result
    }

    /// Records the frame of a `compare` result (its `actual` image) as its golden, atomically.
    public func record(_ result: inout GoldenCaseResult) {
        guard let actual = result.actual else { return }
        let start = Date()
        defer { result.seconds += Date().timeIntervalSince(start) }
        let existed = result.status != .missing
        let url = URL(fileURLWithPath: result.goldenPath)
        result.recordPending = false
        do {
            let data = try encoder.encode(actual)
            try AtomicOutput.write(data, to: url, creatingFolders: true)
            result.previousComparison = result.comparison.flatMap { $0.match ? nil : $0 }
            result.status = .recorded
            result.message =
                existed ? "re-recorded \(url.path) (\(data.count) bytes)" : "recorded \(url.path) (\(data.count) bytes)"
        } catch {
            result.status = .error
            result.message = "\(error)"
        }
    }
}
