import FlowSimImage
import FlowSimOutput
import Foundation

/// How a consumer spells the commands that accept a change; the run picks one per failure. The
/// CLI passes `flowsim check SCENE --goldens DIR --record …`, FlowSimTesting
/// `FLOWSIM_RECORD=… swift test --filter …`: this module names neither.
public struct GoldenAcceptCommands: Sendable, Equatable {
    /// Records a missing golden.
    public var missing: String
    /// What a missing golden says on CI, where nothing is recorded.
    public var missingOnCI: String
    /// Re-records a golden that does not match.
    public var failed: String
    /// Accepts a scene whose manifest changed (every case of that scene says it).
    public var manifestChanged: String

    public init(missing: String, missingOnCI: String, failed: String, manifestChanged: String) {
        self.missing = missing
        self.missingOnCI = missingOnCI
        self.failed = failed
        self.manifestChanged = manifestChanged
    }
}

/// The one wording of golden results: `flowsim check`'s result and summary lines, a test's
/// failure message, and the accept command each failure ends with.
public struct GoldenFormatter: Sendable {
    public var onCI: Bool

    public init(onCI: Bool) { self.onCI = onCI }

    /// The command that accepts a failing case: a changed manifest is accepted as a whole, a
    /// missing golden is recorded (not on CI), anything else re-recorded.
    public func acceptCommand(
        for result: GoldenCaseResult, manifestFailed: Bool, commands: GoldenAcceptCommands
    ) -> String {
        if manifestFailed { return commands.manifestChanged }
        if result.status == .missing { return onCI ? commands.missingOnCI : commands.missing }
        return commands.failed
    }

    /// A result's line (`PASS`, `REC `, `FAIL`, `MISS`, `ERR `); nil for a passed manifest, or a
    /// passed case when `quiet`.
    public func line(_ result: GoldenCaseResult, quiet: Bool) -> String? {
        let name = result.caseName
        switch result.status {
        case .passed:
            guard !quiet && !result.isManifest else { return nil }
            let numbers = result.comparison.map { "\($0.diffPixels) of \($0.totalPixels) pixels differ" } ?? ""
            return "PASS \(name)  \(numbers)"
        case .recorded: return "REC  \(name)  \(result.message ?? "")"
        case .failed: return "FAIL \(name)  \(result.fullMessage)"
        case .missing: return "MISS \(name)  \(result.fullMessage)"
        case .error: return "ERR  \(name)  \(result.fullMessage)"
        }
    }

    /// An orphan's line, with the command that deletes it.
    public func orphanLine(_ path: String, deleteCommand: String) -> String {
        "ORPH \(path)  no checked scene produces it; delete it with `\(deleteCommand)`"
    }

    /// The summary: "27 scenes, 81 goldens: 80 passed, 1 failed, 0 recorded, 0 errors (mode
    /// never)", then what else happened. `shard` is (index, count, scenes in all the shards).
    public func summary(
        scenes: Int, shard: (index: Int, count: Int, total: Int)?, counts: GoldenRun.Counts, mode: GoldenRecordMode,
        orphaned: Int, pruned: Int
    ) -> String {
        var text = "\(scenes) scene\(scenes == 1 ? "" : "s")"
        if let shard { text += " (shard \(shard.index)/\(shard.count) of \(shard.total))" }
        text +=
            ", \(counts.goldens) goldens: \(counts.passed) passed, \(counts.failed) failed, \(counts.recorded) recorded, \(counts.errors) errors (mode \(mode.rawValue))"
        if counts.manifestsChanged > 0 {
            text += ", \(counts.manifestsChanged) manifest\(counts.manifestsChanged == 1 ? "" : "s") changed"
        }
        if counts.crashed > 0 {
            text += ", \(counts.crashed) scene\(counts.crashed == 1 ? "" : "s") failed in a worker"
        }
        if counts.sceneErrors > 0 {
            text += ", \(counts.sceneErrors) scene error\(counts.sceneErrors == 1 ? "" : "s")"
        }
        if orphaned > 0 { text += ", \(orphaned) orphaned" }
        if pruned > 0 { text += ", \(pruned) pruned" }
        return text
    }

    /// A test's failure message for one result (nil when it passed): what happened, the numbers,
    /// the golden, then `artefacts()` (asked only for failures) and the accept command.
    public func failureMessage(
        _ result: GoldenCaseResult, options: ImageComparisonOptions, artefacts: () -> [String]
    ) -> String? {
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
        case .failed where result.isUIKitLogs:
            // What UIKit would have logged in a strict scene: its one line.
            return "golden \(result.scene): \(result.message ?? "")"
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
        lines += artefacts()
        if let accept = result.acceptCommand { lines.append("  accept:   " + accept) }
        return lines.joined(separator: "\n")
    }

    /// A label and its path, aligned as the message's other paths are ("  diff:     /tmp/…").
    static func pathLine(_ label: String, _ path: String) -> String {
        "  \(label + ":")\(String(repeating: " ", count: max(1, 10 - label.count)))\(path)"
    }
}

/// A failing case's images as files beside each other (`<folder>/<scene>/<stem>-expected.png`,
/// `-actual.png`, `-diff.png`), for a test's failure message.
public enum GoldenArtefacts {
    /// Writes the images the case holds; returns one line per image: its path, or why it could
    /// not be written.
    public static func write(_ result: GoldenCaseResult, under folder: URL) -> [String] {
        let folder = folder.appendingPathComponent(result.scene, isDirectory: true)
        let encoder = PNGEncoder(compression: .fast, colorMode: .rgba)
        var lines: [String] = []
        for (label, image) in [("expected", result.expected), ("actual", result.actual), ("diff", result.diff)] {
            guard let image, image.width > 0, image.height > 0 else { continue }
            let url = folder.appendingPathComponent("\(result.fileStem)-\(label).png")
            do {
                try AtomicOutput.write(try encoder.encode(image), to: url, creatingFolders: true)
                lines.append(GoldenFormatter.pathLine(label, url.path))
            } catch {
                lines.append("  \(label): could not be written: \(error)")
            }
        }
        return lines
    }
}
