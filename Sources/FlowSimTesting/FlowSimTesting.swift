import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

/// Golden assertions for scenes and simulations.
///
/// Each checked frame is rendered, compared with `<goldens>/<name>/frame_NNNN.png` (pixelmatch,
/// the scene's `golden` limits unless overridden) and, as the record mode says, recorded:
/// - `never` (default when `CI` is set): a missing golden fails with how to record it;
/// - `missing` (default otherwise): a missing golden is written and the check fails once
///   ("re-run"), as swift-snapshot-testing does;
/// - `failed`: a missing or mismatching golden is re-written (and the check fails);
/// - `all`: every golden is re-written (and the check fails).
/// The mode comes from `record:`, else the task's `GoldenConfiguration` (`withGoldenConfiguration`),
/// else `FLOWSIM_RECORD`, else the `CI` rule above. On failure expected, actual and diff PNGs are
/// written to the configuration's artefacts folder, else `FLOWSIM_ARTIFACTS` (or a temporary
/// folder), and the message names the numbers and those paths.
public enum FlowSimGolden {
    /// The goldens folder used when none is given: `__Goldens__` beside the calling test file.
    public static func defaultGoldensDirectory(filePath: StaticString) -> URL {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(
            "__Goldens__", isDirectory: true)
    }

    /// Where failure artefacts go: the task's `GoldenConfiguration`, else `$FLOWSIM_ARTIFACTS`,
    /// else `<tmp>/flowsim-artifacts`.
    public static func artifactsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let configured = GoldenConfiguration.current.artifacts { return configured }
        if let path = environment["FLOWSIM_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent(
            "flowsim-artifacts", isDirectory: true)
    }

    /// The record mode: `record`, else the task's `GoldenConfiguration`, else the environment's
    /// (`FLOWSIM_RECORD`, else the `CI` rule).
    static func recordMode(_ record: GoldenRecordMode?, environment: [String: String]) throws -> GoldenRecordMode {
        try record ?? GoldenConfiguration.current.record
            ?? GoldenRecordMode.resolve(explicit: nil, environment: environment)
    }

    /// Checks a simulation (its remaining updates are run first); returns one message per
    /// failing frame, empty when everything passed.
    public static func verify(
        _ simulation: SceneSimulation, frames: [Int]? = nil, named name: String? = nil, goldens: URL,
        record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
        maxDiffPixelRatio: Double? = nil, strict: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String? = nil
    ) -> [String] {
        let scene = simulation.scene
        let name = name ?? scene.name
        let mode: GoldenRecordMode
        do { mode = try recordMode(record, environment: environment) } catch { return ["\(error)"] }
        let suite = GoldenSuite(goldensDirectory: goldens, mode: mode)
        let options = GoldenSuite.options(
            for: scene, threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio)
        do {
            try simulation.run()
            var check = try suite.compareScene(
                simulation, named: name, frames: frames, options: options, retention: .failures)
            suite.record(&check)
            let accept = acceptCommand(
                manifestFailed: check.manifestFailed, environment: environment, filePath: filePath)
            var messages: [String] = []
            for var result in check.cases {
                if result.isFailure {
                    result.acceptCommand =
                        result.status == .missing && !check.manifestFailed ? accept.missing : accept.failed
                }
                if let message = failureMessage(result, options: options, environment: environment) {
                    messages.append(message)
                }
            }
            // What UIKit would have logged fails a strict check (the parameter or the scene's
            // `"strict": true`), as `flowsim check --strict` does.
            if strict || scene.strict, !simulation.diagnostics.isEmpty {
                let logs = simulation.diagnostics.findings.map { SceneSimulation.oneLine($0.description) }
                messages.append("golden \(name): UIKit would log: " + logs.joined(separator: " | "))
            }
            return messages
        } catch {
            return ["golden \(name): cannot render: \(error)"]
        }
    }

    /// The commands that accept a change from a test: re-run the test file's tests with
    /// `FLOWSIM_RECORD` set (`--filter` by the file's name, the usual test class name); on CI
    /// nothing is recorded, so the command is to run locally and commit.
    static func acceptCommand(manifestFailed: Bool, environment: [String: String], filePath: String?) -> (
        missing: String, failed: String
    ) {
        let filter =
            filePath.map { " --filter " + URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? ""
        let missing = "FLOWSIM_RECORD=missing swift test" + filter
        let failed = "FLOWSIM_RECORD=failed swift test" + filter
        if GoldenRecordMode.isCI(environment) {
            return ("goldens are not recorded on CI; run locally and commit the goldens: " + missing, failed)
        }
        return (missing, failed)
    }

    /// The failure text of one result (nil when it passed), writing artefacts first.
    static func failureMessage(
        _ result: GoldenCaseResult, options: ImageComparisonOptions, environment: [String: String]
    ) -> String? {
        if result.status == .passed { return nil }
        var lines: [String] = []
        switch result.status {
        case .passed: return nil
        case .recorded:
            lines.append(
                "golden \(result.caseName): \(result.message ?? "recorded"). Re-run the test to compare against it.")
            if let previous = result.previousComparison {
                lines.append(
                    "  it differed from the previous golden: " + GoldenCaseResult.describe(previous, options: options))
            }
            return lines.joined(separator: "\n")
        case .missing:
            lines.append("golden \(result.caseName) is missing: \(result.message ?? result.goldenPath)")
        case .failed:
            if result.isManifest {
                lines.append("golden \(result.caseName) changed: \(result.message ?? "")")
                if !result.notes.isEmpty { lines.append("  " + result.notes.joined(separator: "; ")) }
            } else {
                if let comparison = result.comparison, !comparison.match {
                    lines.append(
                        "golden \(result.caseName) does not match: "
                            + GoldenCaseResult.describe(comparison, options: options))
                } else {
                    lines.append("golden \(result.caseName) does not match")
                }
                lines.append("  golden:   \(result.goldenPath)")
                if let layout = result.layoutPath, !result.layoutChanges.isEmpty {
                    lines.append("  layout:   \(layout), \(result.layoutChanges.count) difference(s):")
                    lines += result.layoutChanges.prefix(10).map { "    " + $0 }
                }
                if !result.notes.isEmpty { lines.append("  " + result.notes.joined(separator: "; ")) }
            }
        case .error:
            lines.append("golden \(result.caseName): \(result.message ?? "error")")
        }
        let folder = artifactsDirectory(environment: environment).appendingPathComponent(
            result.scene, isDirectory: true)
        let stem = result.fileStem
        let encoder = PNGEncoder(compression: .fast, colorMode: .rgba)
        for (label, image) in [("expected", result.expected), ("actual", result.actual), ("diff", result.diff)] {
            guard let image, image.width > 0, image.height > 0 else { continue }
            let url = folder.appendingPathComponent("\(stem)-\(label).png")
            do {
                try AtomicOutput.write(try encoder.encode(image), to: url, creatingFolders: true)
                lines.append("  \(label + ":")\(String(repeating: " ", count: max(1, 10 - label.count)))\(url.path)")
            } catch {
                lines.append("  \(label): could not be written: \(error)")
            }
        }
        if let accept = result.acceptCommand { lines.append("  accept:   " + accept) }
        return lines.joined(separator: "\n")
    }
}

// MARK: - Swift Testing style: `#expect(verifyGolden(scene) == nil)`

/// Renders and checks a scene's golden frames; returns nil when they all pass, else the failure
/// message (numbers and artefact paths). Relative image paths are resolved against the scene
/// file's folder when `sceneDirectory` is given; a scene loaded with `SceneDecoder.load(path:)`
/// (the loader `flowsim` uses) has them resolved already.
public func verifyGolden(
    _ scene: Scene, frames: [Int]? = nil, named name: String? = nil, goldens: URL? = nil,
    record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
    maxDiffPixelRatio: Double? = nil, layouts: LayoutRegistry = [:], sceneDirectory: URL? = nil,
    strict: Bool = false, filePath: StaticString = #filePath
) -> String? {
    var scene = scene
    if let sceneDirectory { scene = scene.resolvingImagePaths(relativeTo: sceneDirectory) }
    let simulation: SceneSimulation
    do {
        simulation = try SceneSimulation(scene: scene, layouts: layouts)
    } catch {
        return "golden \(name ?? scene.name): invalid scene: \(error)"
    }
    return verifyGolden(
        simulation, frames: frames, named: name, goldens: goldens, record: record, threshold: threshold,
        maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio, strict: strict, filePath: filePath)
}

/// `verifyGolden` for a simulation (its remaining updates are run first).
public func verifyGolden(
    _ simulation: SceneSimulation, frames: [Int]? = nil, named name: String? = nil, goldens: URL? = nil,
    record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
    maxDiffPixelRatio: Double? = nil, strict: Bool = false, filePath: StaticString = #filePath
) -> String? {
    let messages = FlowSimGolden.verify(
        simulation, frames: frames, named: name,
        goldens: goldens ?? FlowSimGolden.defaultGoldensDirectory(filePath: filePath), record: record,
        threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio, strict: strict,
        filePath: "\(filePath)")
    return messages.isEmpty ? nil : messages.joined(separator: "\n")
}

// MARK: - XCTest

/// XCTest assertion: fails at `file:line` with the numbers and artefact paths when a golden frame
/// of the scene does not match (or was missing or recorded).
public func assertGolden(
    _ scene: Scene, frames: [Int]? = nil, named name: String? = nil, goldens: URL? = nil,
    record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
    maxDiffPixelRatio: Double? = nil, layouts: LayoutRegistry = [:], sceneDirectory: URL? = nil,
    strict: Bool = false, file: StaticString = #filePath, line: UInt = #line
) {
    if let message = verifyGolden(
        scene, frames: frames, named: name, goldens: goldens, record: record, threshold: threshold,
        maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio, layouts: layouts,
        sceneDirectory: sceneDirectory, strict: strict, filePath: file)
    {
        XCTFail(message, file: file, line: line)
    }
}

/// XCTest assertion for a simulation.
public func assertGolden(
    _ simulation: SceneSimulation, frames: [Int]? = nil, named name: String? = nil, goldens: URL? = nil,
    record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
    maxDiffPixelRatio: Double? = nil, strict: Bool = false, file: StaticString = #filePath, line: UInt = #line
) {
    if let message = verifyGolden(
        simulation, frames: frames, named: name, goldens: goldens, record: record, threshold: threshold,
        maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio, strict: strict, filePath: file)
    {
        XCTFail(message, file: file, line: line)
    }
}

// MARK: - Presented frames (simulations other than scenes, such as pagination sessions)

extension FlowSimGolden {
    /// Checks presented frames (from a `PaginationSimulation`, or a collection view's
    /// `presentation(at:)`), each against `<goldens>/<name>/frame_NNNN.png` where NNNN is the
    /// frame's `index`, with the same record modes and messages as scenes. The default limits
    /// are a scene's default `golden` (threshold 0.1, no differing pixel allowed).
    public static func verify(
        frames: [PresentedFrame], viewport: RenderViewport, style: SceneStyle = SceneStyle(), named name: String,
        goldens: URL, record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
        maxDiffPixelRatio: Double? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        filePath: String? = nil
    ) -> [String] {
        let mode: GoldenRecordMode
        do { mode = try recordMode(record, environment: environment) } catch { return ["\(error)"] }
        guard !frames.isEmpty else { return ["golden \(name): no frames to check"] }
        let suite = GoldenSuite(goldensDirectory: goldens, mode: mode)
        let defaults = GoldenSpec()
        let options = ImageComparisonOptions(
            metric: .pixelmatch, threshold: threshold ?? defaults.threshold,
            maxDiffPixels: maxDiffPixels ?? defaults.maxDiffPixels,
            maxDiffPixelRatio: maxDiffPixelRatio ?? defaults.maxDiffPixelRatio)
        let renderer = FrameRenderer(viewport: viewport, style: style)
        var messages: [String] = []
        for frame in frames {
            do {
                let image = try renderer.render(frame)
                var result = suite.check(
                    name: name, frame: frame.index, time: frame.time, actual: image, options: options)
                let accept = acceptCommand(manifestFailed: false, environment: environment, filePath: filePath)
                if result.isFailure {
                    result.acceptCommand = result.status == .missing ? accept.missing : accept.failed
                }
                if let message = failureMessage(result, options: options, environment: environment) {
                    messages.append(message)
                }
            } catch {
                messages.append("golden \(name)/\(RenderPipeline.frameFileName(frame.index)): cannot render: \(error)")
            }
        }
        return messages
    }
}

/// `verifyGolden` for presented frames: nil when they all pass, else the failure message.
public func verifyGolden(
    _ frames: [PresentedFrame], viewport: RenderViewport, style: SceneStyle = SceneStyle(), named name: String,
    goldens: URL? = nil, record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
    maxDiffPixelRatio: Double? = nil, filePath: StaticString = #filePath
) -> String? {
    let messages = FlowSimGolden.verify(
        frames: frames, viewport: viewport, style: style, named: name,
        goldens: goldens ?? FlowSimGolden.defaultGoldensDirectory(filePath: filePath), record: record,
        threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio,
        filePath: "\(filePath)")
    return messages.isEmpty ? nil : messages.joined(separator: "\n")
}

/// XCTest assertion for presented frames.
public func assertGolden(
    _ frames: [PresentedFrame], viewport: RenderViewport, style: SceneStyle = SceneStyle(), named name: String,
    goldens: URL? = nil, record: GoldenRecordMode? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil,
    maxDiffPixelRatio: Double? = nil, file: StaticString = #filePath, line: UInt = #line
) {
    if let message = verifyGolden(
        frames, viewport: viewport, style: style, named: name, goldens: goldens, record: record, threshold: threshold,
        maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio, filePath: file)
    {
        XCTFail(message, file: file, line: line)
    }
}
