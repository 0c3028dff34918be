import FlowSim
import FlowSimScene
import FlowSimSupport
import Foundation

/// What UIKit would have logged while a command ran the scene's layout: printed on stderr after
/// the run, one `warning:` block per distinct message (with how often UIKit would have printed
/// it), and, under `--strict` (or a scene's `"strict": true`), exit status 1. UIKit's exceptions
/// never get here: the simulation stops at the first (exit 2, `SceneSimulation`).
enum UIKitFindings {
    static let strict = Option.flag(
        "--strict", help: "Exit 1 when the run logs anything UIKit would log (docs/diagnostics.md).")

    /// Prints `simulation`'s findings and returns the command's exit status: 1 when strict and
    /// there is any, else 0.
    static func finish(_ simulation: SceneSimulation, arguments: ParsedArguments, context: CommandContext) -> Int32 {
        let log = simulation.diagnostics
        for line in lines(log) { context.printError(line) }
        let strict = arguments.isSet(strict) || simulation.scene.strict
        return strict && !log.isEmpty ? 1 : 0
    }

    /// One entry per distinct message, in first-reported order: `warning: <UIKit's text>`, the
    /// text's further lines indented under it, `(logged N times)` when UIKit would have repeated
    /// it, and a last line for findings past the log's capacity.
    static func lines(_ log: DiagnosticLog) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for finding in log.findings {
            let text = finding.description
            if counts[text] == nil { order.append(text) }
            counts[text, default: 0] += 1
        }
        var result = order.map { text -> String in
            let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                SafeText.escapingControls(String($0))
            }
            let repeated = counts[text, default: 1] > 1 ? " (logged \(counts[text, default: 1]) times)" : ""
            return safe.joined(separator: "\n    ") + repeated
        }
        if log.droppedCount > 0 {
            result.append("warning: \(log.droppedCount) more findings not shown (the first \(log.capacity) are)")
        }
        return result
    }

    /// The findings as the one-line texts reports show (HTML report, JUnit, Markdown summary).
    static func summaries(_ log: DiagnosticLog) -> [String] {
        lines(log).map { SceneSimulation.oneLine($0) }
    }
}
