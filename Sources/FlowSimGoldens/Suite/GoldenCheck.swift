import FlowSim
import FlowSimImage
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
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

    /// The mode from an explicit value (with where it was given, e.g. an option's name), else
    /// `FLOWSIM_RECORD`, else `never` when `CI` is set (any value but empty, "0" or "false") and
    /// `missing` otherwise. Throws on a bad value, naming where it came from.
    public static func resolve(explicit: (value: String, source: String)?, environment: [String: String]) throws
        -> GoldenRecordMode
    {
        if let explicit {
            guard let mode = GoldenRecordMode(rawValue: explicit.value.lowercased()) else {
                throw GoldenError.invalidRecordMode(explicit.value, source: explicit.source)
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
    case frameOutOfRange(scene: String, frame: Int, frameCount: Int, fps: Double)
    case timeOutOfRange(scene: String, time: Double, duration: Double)

    public var description: String {
        switch self {
        case .invalidRecordMode(let value, let source):
            let names = GoldenRecordMode.allCases.map(\.rawValue)
            let hint = nearestName(to: value, in: names).map { "; did you mean '\($0)'?" } ?? ""
            return "\(source): unknown record mode '\(value)' (expected all, missing, failed or never)\(hint)"
        case .frameOutOfRange(let scene, let frame, let count, let fps):
            return
                "scene \"\(scene)\": golden frame \(frame) does not exist (the scene has \(count) frames, 0…\(count - 1), at \(formatNumber(fps)) fps)"
        case .timeOutOfRange(let scene, let time, let duration):
            return
                "scene \"\(scene)\": golden time \(formatNumber(time)) s is past the end of the animation (\(String(format: "%.3f", duration)) s); use \"end\" for the last frame"
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
    /// `actual` encoded as a golden is, kept for recording once the images are dropped
    /// (`GoldenSuite.releaseImages`).
    public var actualPNG: Data?
    /// The report's images, encoded when the case was compared (`GoldenImageRetention.report`).
    public var reportImages: ReportImages?
    /// Set by `GoldenSuite.compare` when the record mode would record this frame.
    public var recordPending = false
    /// A scene that could not be loaded, simulated or rendered: one case for the whole scene
    /// (`frame` is -1, `status` is `.error`), so reports list it.
    public var isSceneError = false
    /// The scene's manifest (`stem` "manifest", `frame` -1): duration, fps and golden set.
    public var isManifest = false
    /// The golden's file name without extension (`time_0.250s`, `time_end`, `frame_0012`).
    public var stem = ""
    /// The layout golden beside the image (`<stem>.json`); nil when layouts are not checked.
    public var layoutPath: String?
    /// Element-by-element layout differences ("cell 0.3 id=a moved: … by (+0.5, +0.0)").
    public var layoutChanges: [String] = []
    /// The actual layout document, to record.
    public var layoutActual: String?
    /// What explains a failure (scene changed, another Cairo …), from the manifest.
    public var notes: [String] = []
    /// The exact command that accepts this change (records or re-records), set by the caller.
    public var acceptCommand: String?
    /// Which parts `record` writes.
    public var recordImage = false
    public var recordLayout = false

    /// The case of a scene that could not be checked at all; `scene` is its name or file.
    public static func sceneError(_ scene: String, message: String) -> GoldenCaseResult {
        var result = GoldenCaseResult(
            scene: scene, frame: -1, time: 0, goldenPath: "", status: .error, comparison: nil, previousComparison: nil,
            message: message, seconds: 0, expected: nil, actual: nil, diff: nil)
        result.isSceneError = true
        return result
    }

    /// A strict run's failure for what UIKit would have logged while the scene ran (`check
    /// --strict`, a scene's `"strict": true`): one case named `<scene>/uikit`, no images.
    public static func uikitLogs(_ scene: String, messages: [String]) -> GoldenCaseResult {
        var result = GoldenCaseResult(
            scene: scene, frame: -1, time: 0, goldenPath: "", status: .failed, comparison: nil, previousComparison: nil,
            message: "UIKit would log: " + messages.joined(separator: " | "), seconds: 0, expected: nil, actual: nil,
            diff: nil)
        result.stem = "uikit"
        return result
    }

    /// Whether this is a strict run's `uikitLogs` case.
    public var isUIKitLogs: Bool { stem == "uikit" && frame == -1 && !isManifest && !isSceneError }

    /// A scene whose layout crashed or hung in its worker process: one failed case for the whole
    /// scene (`frame` -1), so the suite goes on and every report lists it.
    public static func sceneFailed(_ scene: String, message: String) -> GoldenCaseResult {
        var result = sceneError(scene, message: message)
        result.status = .failed
        return result
    }

    public var isFailure: Bool { status == .failed || status == .missing || status == .error }

    public var caseName: String {
        isSceneError ? scene : "\(scene)/" + (stem.isEmpty ? RenderPipeline.frameFileName(frame, suffix: "") : stem)
    }

    /// The file stem for reports: `stem`, else `frame_NNNN`.
    public var fileStem: String { stem.isEmpty ? RenderPipeline.frameFileName(frame, suffix: "") : stem }

    /// The message, its notes, then the command that accepts the change (every failure line ends
    /// with it).
    public var fullMessage: String {
        var text = message ?? ""
        if !notes.isEmpty && isFailure { text += " (" + notes.joined(separator: "; ") + ")" }
        if let acceptCommand, isFailure { text += " → accept: " + acceptCommand }
        return text
    }

    /// The one description of a comparison, used by `flowsim check`, `flowsim diff` and
    /// FlowSimTesting: "123 of 60000 pixels differ (0.2050%), 200×300, 4 anti-aliased not
    /// counted, limit 0 pixels, threshold 0.1" (the size mismatch text when sizes differ;
    /// "metric exact" instead of the threshold for byte-exact comparisons; the mean SSIM, the
    /// largest ΔE94, masked pixels and the perceptual or SSIM threshold when they apply).
    public static func describe(_ result: ImageComparisonResult, options: ImageComparisonOptions) -> String {
        if let mismatch = result.sizeMismatch { return mismatch.description }
        var text =
            "\(result.diffPixels) of \(result.totalPixels) pixels differ (\(String(format: "%.4f", result.ratio * 100))%), \(result.width)×\(result.height)"
        if result.maskedPixels > 0 { text += ", \(result.maskedPixels) masked" }
        if result.antiAliasedPixels > 0 { text += ", \(result.antiAliasedPixels) anti-aliased not counted" }
        if let ssim = result.ssim { text += String(format: ", SSIM %.6f", ssim) }
        if let delta = result.maxDeltaE, delta > 0 { text += String(format: ", largest ΔE94 %.3f", delta) }
        if let limits = options.limitText { text += ", " + limits }
        switch options.metric {
        case .exact: text += ", metric exact"
        case .pixelmatch: text += ", threshold \(formatNumber(options.threshold))"
        case .perceptual, .ssim: text += ", " + options.metricText
        }
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

    /// The comparison options of a scene's `golden` keys, each overridable.
    public static func options(
        for scene: Scene, threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil
    ) -> ImageComparisonOptions {
        var options = ImageComparisonOptions(
            metric: .pixelmatch, threshold: threshold ?? scene.golden.threshold,
            maxDiffPixels: maxDiffPixels ?? scene.golden.maxDiffPixels,
            maxDiffPixelRatio: maxDiffPixelRatio ?? scene.golden.maxDiffPixelRatio)
        applyComparisonKeys(scene.golden, to: &options)
        return options
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
        let point = GoldenPoint(stem: RenderPipeline.frameFileName(frame, suffix: ""), time: time, frame: frame)
        return compare(name: name, point: point, actual: actual, layout: nil, options: options, layoutTolerance: 0)
    }

    /// Compares one golden point: its image (`<stem>.png`, else the older `<legacyStem>.png`)
    /// and, when `layout` is given, its layout (`<stem>.json`, element by element within
    /// `layoutTolerance` points). Writes nothing; `recordImage` / `recordLayout` say what the
    /// mode would record.
    /// `diffOnlyOnFailure`: the diff image is drawn only for an image that fails (the
    /// comparison of a passing one is then a row compare, not a faded copy of every pixel).
    public func compare(
        name: String, point: GoldenPoint, actual: RGBAImage, layout: JSONValue?, options: ImageComparisonOptions,
        layoutTolerance: Double, diffOnlyOnFailure: Bool = false
    ) -> GoldenCaseResult {
        let start = Date()
        let folder = goldensDirectory.appendingPathComponent(name, isDirectory: true)
        var url = folder.appendingPathComponent(point.stem + ".png")
        let fm = FileManager.default
        if !fm.fileExists(atPath: url.path), let legacy = point.legacyStem {
            let old = folder.appendingPathComponent(legacy + ".png")
            if fm.fileExists(atPath: old.path) { url = old }
        }
        var result = GoldenCaseResult(
            scene: name, frame: point.frame, time: point.time, goldenPath: url.path, status: .passed, comparison: nil,
            previousComparison: nil, message: nil, seconds: 0, expected: nil, actual: actual, diff: nil)
        result.stem = point.stem
        var messages: [String] = []
        var imageMissing = false
        var imageFailed = false
        var goldenUnreadable = false
        if !fm.fileExists(atPath: url.path) {
            imageMissing = true
            messages.append("missing golden \(url.path)")
        } else {
            do {
                let expected = try PNGDecoder.decode(contentsOfFile: url.path)
                result.expected = expected
                var compared = diffOnlyOnFailure ? ImageComparator.compare(expected, actual, options: options) : nil
                if compared?.match != true {
                    let comparison = ImageComparator.compareWithDiff(expected, actual, options: options)
                    compared = comparison.result
                    result.diff = comparison.diffImage
                }
                let comparison = compared!
                result.comparison = comparison
                result.comparison?.criteria = options.criteria
                if !comparison.match {
                    imageFailed = true
                    messages.append("\(url.path): " + GoldenCaseResult.describe(comparison, options: options))
                }
            } catch let error as PNGDecodingError {
                goldenUnreadable = true
                messages.append(error.description)  // it names the file already
            } catch {
                goldenUnreadable = true
                messages.append("\(url.path): \(error)")
            }
        }
        var layoutMissing = false
        var layoutFailed = false
        if let layout {
            let layoutURL = folder.appendingPathComponent(point.stem + ".json")
            result.layoutPath = layoutURL.path
            result.layoutActual = layout.serialized(pretty: true) + "\n"
            if !fm.fileExists(atPath: layoutURL.path) {
                layoutMissing = true
                messages.append("missing layout golden \(layoutURL.path)")
            } else {
                do {
                    let expected = try LayoutDiff.readDocument(atPath: layoutURL.path)
                    let changes = try LayoutDiff.compare(
                        expected, layout, tolerance: layoutTolerance, names: (layoutURL.path, "actual"))
                    result.layoutChanges = changes.map(\.description)
                } catch {
                    // A layout golden that is not a layout document (truncated, not UTF-8, a key
                    // twice) is an error, as an unreadable image golden is, not a difference.
                    goldenUnreadable = true
                    messages.append("\(error)")
                }
                if !result.layoutChanges.isEmpty {
                    layoutFailed = true
                    let shown = result.layoutChanges.prefix(5).joined(separator: "; ")
                    let more = result.layoutChanges.count > 5 ? "; … \(result.layoutChanges.count - 5) more" : ""
                    messages.append(
                        "\(layoutURL.path): \(result.layoutChanges.count) layout difference\(result.layoutChanges.count == 1 ? "" : "s") beyond \(formatNumber(layoutTolerance)) pt: \(shown)\(more)"
                    )
                }
            }
        }
        // A case failing on its layout alone shows its diff too, as when every diff was drawn.
        if layoutFailed, result.diff == nil, let expected = result.expected {
            result.diff = ImageComparator.compareWithDiff(expected, actual, options: options).diffImage
        }
        if goldenUnreadable {
            result.status = .error
        } else if imageFailed || layoutFailed {
            result.status = .failed
        } else if imageMissing || layoutMissing {
            result.status = .missing
        }
        result.message = messages.isEmpty ? nil : messages.joined(separator: "; ")
        switch mode {
        case .never: break
        case .missing:
            // Only what is absent, and only when nothing present failed.
            if result.status == .missing {
                result.recordImage = imageMissing
                result.recordLayout = layoutMissing
            }
        case .failed:
            result.recordImage = imageMissing || imageFailed || goldenUnreadable
            result.recordLayout = layoutMissing || layoutFailed
        case .all:
            result.recordImage = true
            result.recordLayout = layout != nil
        }
        result.recordPending = result.recordImage || result.recordLayout
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// Records the parts of a `compare` result the mode chose (its `actual` image as
    /// `<stem>.png`, its layout as `<stem>.json`), atomically.
    /// Drops a compared case's images (and its encoded report images), keeping only what
    /// recording needs (`actual`, encoded as the golden would be, when the case may be
    /// recorded): results then hold numbers and paths.
    public func releaseImages(_ result: inout GoldenCaseResult) {
        result.expected = nil
        result.diff = nil
        result.reportImages = nil
        if result.recordPending && result.recordImage, let actual = result.actual, result.actualPNG == nil {
            // An image that cannot be encoded stays, for `record` to report as it always has.
            guard let data = try? encoder.encode(actual) else { return }
            result.actualPNG = data
        }
        result.actual = nil
    }

    public func record(_ result: inout GoldenCaseResult) {
        let start = Date()
        defer { result.seconds += Date().timeIntervalSince(start) }
        let existed = result.status != .missing
        let folder = goldensDirectory.appendingPathComponent(result.scene, isDirectory: true)
        result.recordPending = false
        var written: [String] = []
        do {
            if result.recordImage, let data = try result.actualPNG ?? result.actual.map(encoder.encode) {
                let url = folder.appendingPathComponent(result.fileStem + ".png")
                try AtomicOutput.write(data, to: url, creatingFolders: true)
                result.goldenPath = url.path
                written.append("\(url.path) (\(data.count) bytes)")
            }
            if result.recordLayout, let layout = result.layoutActual {
                let url = folder.appendingPathComponent(result.fileStem + ".json")
                try AtomicOutput.write(Data(layout.utf8), to: url, creatingFolders: true)
                written.append(url.path)
            }
            result.recordImage = false
            result.recordLayout = false
            guard !written.isEmpty else { return }
            result.previousComparison = result.comparison.flatMap { $0.match ? nil : $0 }
            result.status = .recorded
            result.message = (existed ? "re-recorded " : "recorded ") + written.joined(separator: ", ")
        } catch {
            result.status = .error
            result.message = "\(error)"
        }
    }
}
