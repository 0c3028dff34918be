import Foundation

/// One golden run over compared scenes: the policy `flowsim check` and FlowSimTesting share.
/// Add each compared scene (`add`), the scenes that could not be compared, then `finish`: the
/// errors are found, what the mode chose is recorded as one set (or, under `.withoutErrors`,
/// nothing when anything went wrong), every failure gets the command that accepts it, and a
/// strict scene's UIKit logs become a failing case. Orphans, pruning, the results in report order
/// and the counts of the summary follow; `GoldenFormatter` words all of it.
public struct GoldenRun {
    /// What went wrong in a run beyond a mismatch, as values; the consumer words them.
    public enum Problem {
        /// A case that could not be checked (an unreadable golden, a failed recording).
        case caseError(name: String, message: String)
        /// The recorded set could not be written; nothing was recorded.
        case notRecorded(Error)
        /// An orphan that could not be deleted.
        case cannotPrune(URL, Error)
    }

    /// When a run records what its mode chose.
    public enum RecordPolicy: Sendable {
        /// Only when no scene and no case had an error (`flowsim check`: an error records nothing).
        case withoutErrors
        /// Whatever else happened (a test records what it can and reports the rest).
        case always
    }

    public let suite: GoldenSuite
    /// Whether `CI` is set: missing goldens are then not recorded, and their accept text says so.
    public let onCI: Bool
    public private(set) var checks: [GoldenSceneCheck] = []
    /// Scenes whose layout crashed or hung in a worker process: failed, the run goes on.
    public private(set) var crashed: [GoldenCaseResult] = []
    /// Scenes that could not be loaded, simulated or rendered.
    public private(set) var sceneErrors: [GoldenCaseResult] = []
    public private(set) var problems: [Problem] = []
    /// Whether `finish` recorded (false after errors under `.withoutErrors`).
    public private(set) var recorded = false
    private var accept: [GoldenAcceptCommands] = []
    private var logs: [(scene: String, messages: [String], strict: Bool)] = []

    public init(suite: GoldenSuite, onCI: Bool) {
        self.suite = suite
        self.onCI = onCI
    }

    /// A compared scene, the commands that accept its changes, and what UIKit would have logged
    /// while it ran (`strict`: a failure rather than a warning).
    public mutating func add(
        _ check: GoldenSceneCheck, accept commands: GoldenAcceptCommands, uikitLogs: [String] = [],
        strict: Bool = false
    ) {
        if !uikitLogs.isEmpty { logs.append((check.name, uikitLogs, strict)) }
        checks.append(check)
        accept.append(commands)
    }

    public mutating func addCrashed(_ scene: String, message: String) {
        crashed.append(.sceneFailed(scene, message: message))
    }

    public mutating func addSceneError(_ scene: String, message: String) {
        sceneErrors.append(.sceneError(scene, message: message))
    }

    /// Errors, recording, accept commands and strict UIKit cases, in that order.
    public mutating func finish(policy: RecordPolicy) {
        for check in checks {
            for result in check.cases where result.status == .error && !result.recordPending {
                problems.append(.caseError(name: result.caseName, message: result.message ?? "error"))
            }
        }
        if policy == .always || (problems.isEmpty && sceneErrors.isEmpty) {
            // One set for the whole run: staged first, renamed together (nothing on a full disk).
            let failure = suite.record(&checks)
            if let failure { problems.append(.notRecorded(failure)) }
            recorded = true
            for check in checks {
                for result in check.cases where result.status == .error && failure == nil {
                    problems.append(.caseError(name: result.caseName, message: result.message ?? "error"))
                }
            }
        } else {
            for i in checks.indices {
                for j in checks[i].cases.indices
                where checks[i].cases[j].recordPending && checks[i].cases[j].status == .missing {
                    checks[i].cases[j].message =
                        (checks[i].cases[j].message ?? "") + "; not recorded: the run has errors"
                }
            }
        }
        let formatter = GoldenFormatter(onCI: onCI)
        for i in checks.indices {
            let manifestFailed = checks[i].manifestFailed
            for j in checks[i].cases.indices where checks[i].cases[j].isFailure {
                checks[i].cases[j].acceptCommand = formatter.acceptCommand(
                    for: checks[i].cases[j], manifestFailed: manifestFailed, commands: accept[i])
            }
        }
        // A strict scene's logs fail with a case of their own (no accept command: the layout
        // must change).
        for entry in logs where entry.strict {
            if let index = checks.firstIndex(where: { $0.name == entry.scene }) {
                checks[index].cases.append(.uikitLogs(entry.scene, messages: entry.messages))
            }
        }
    }

    /// What UIKit would have logged in scenes that are not strict: warnings, one per message.
    public var uikitWarnings: [(scene: String, message: String)] {
        logs.filter { !$0.strict }.flatMap { entry in entry.messages.map { (entry.scene, $0) } }
    }

    /// Golden files of the checked scenes' folders that no scene produces any more.
    public func orphans() -> [URL] { checks.flatMap { $0.orphans() } }

    /// Golden folders in `goldens` of scenes this run did not check (a run over whole folders of
    /// scenes): a folder with a manifest or images, no checked scene file inside it, and no scene
    /// error under it.
    public func orphanFolders(in goldens: URL, sceneFiles: [String]) -> [URL] {
        let names = Set(checks.map(\.name))
        let fm = FileManager.default
        var folders: [URL] = []
        for folder in (try? fm.contentsOfDirectory(atPath: goldens.path)) ?? [] where !names.contains(folder) {
            let url = goldens.appendingPathComponent(folder, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let files = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
            guard files.contains(GoldenManifest.fileName) || files.contains(where: { $0.hasSuffix(".png") }),
                !sceneErrors.contains(where: { $0.scene.hasPrefix(url.path) })
            else { continue }
            if sceneFiles.contains(where: { $0.hasPrefix(url.path + "/") }) { continue }
            folders.append(url)
        }
        return folders
    }

    /// Deletes `orphans`; returns those deleted (a failure is a problem, the rest go on).
    public mutating func prune(_ orphans: [URL]) -> [URL] {
        var pruned: [URL] = []
        for url in orphans {
            do {
                try FileManager.default.removeItem(at: url)
                pruned.append(url)
            } catch {
                problems.append(.cannotPrune(url, error))
            }
        }
        return pruned
    }

    /// Every case: the scenes' (in scene order), then crashed scenes, then scene errors last.
    public var results: [GoldenCaseResult] {
        var results = checks.flatMap(\.cases) + crashed + sceneErrors
        results.sort { ($0.isSceneError ? 1 : 0) < ($1.isSceneError ? 1 : 0) }
        return results
    }

    /// The numbers of a run's summary.
    public struct Counts: Equatable, Sendable {
        /// Golden points (neither manifests nor scene cases).
        public var goldens = 0
        public var passed = 0
        /// Failed or missing cases, manifests and strict UIKit cases included.
        public var failed = 0
        public var recorded = 0
        public var errors = 0
        public var manifestsChanged = 0
        public var crashed = 0
        public var sceneErrors = 0
    }

    public var counts: Counts {
        let results = results
        let goldens = results.filter { !$0.isSceneError && !$0.isManifest }
        var counts = Counts()
        counts.goldens = goldens.count
        counts.passed = goldens.filter { $0.status == .passed }.count
        counts.failed = results.filter { !$0.isSceneError && ($0.status == .failed || $0.status == .missing) }.count
        counts.recorded = goldens.filter { $0.status == .recorded }.count
        counts.errors = goldens.filter { $0.status == .error }.count
        counts.manifestsChanged = results.filter { $0.isManifest && $0.status == .failed }.count
        counts.crashed = crashed.count
        counts.sceneErrors = sceneErrors.count
        return counts
    }
}
