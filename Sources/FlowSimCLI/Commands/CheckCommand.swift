import FlowSim
import FlowSimGoldens
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// `flowsim check [SCENE|DIR ...] --goldens DIR`: renders scenes' golden frames and compares them
/// with (or records them as) `DIR/<scene name>/frame_NNNN.png`.
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Render scenes' chosen frames and compare them with golden PNGs and layouts.",
        discussion: """
            Each scene's goldens live in GOLDENS/<scene name>/: manifest.json (duration, fps, golden times, element \
            count, scene digest, FlowSim, Cairo, libpng and font versions), and for each golden time an image \
            (time_0.250s.png, time_end.png; frame_NNNN.png for golden.frames indices) and its layout \
            (time_0.250s.json: contentSize and every element). Times come from golden.times (seconds, "start", \
            "middle", "end"; default start, middle and end at 60 fps) or golden.frames. The manifest is compared \
            first: a changed duration, fps or set of golden times fails, and is re-recorded only by an explicit \
            --record failed or all. Images are compared with the scene's golden threshold, maxDiffPixels and \
            maxDiffPixelRatio (or its metric, perceptualPrecision, precision, ssimThreshold and mask; \
            --perceptual-precision, --precision and --mask override and add to them); layouts element by element within golden.layoutTolerance points (default 0.01), so \
            a 0.5 pt move fails even when the pixels are within the image limits. Goldens recorded before times \
            existed (frame_NNNN.png at the same time) are still read. A folder argument means every *.json scene in \
            it and its subfolders; no argument checks the embedded default scene.
            Record modes (swift-snapshot-testing's): missing (record absent goldens), all, failed (re-record \
            mismatches), never (absent goldens fail). Default: FLOWSIM_RECORD, else never when CI is set, else \
            missing. Goldens are written atomically and every write is printed; recorded cases do not fail. Every \
            FAIL and MISS line ends with the command that accepts the change.
            Orphans (golden files no checked scene produces any more) are listed; --prune deletes them when \
            recording. Golden folders of scenes that were not checked count only when every argument is a folder \
            and no --shard is given.
            Every scene is loaded, simulated, rendered and compared before anything is printed or recorded. An error \
            (a scene that cannot be loaded, simulated or rendered, an unreadable golden, a golden that cannot be \
            written) is printed on stderr with the summary, nothing is printed on stdout and no golden is recorded; \
            --junit, --report and --summary are still written and list each failed scene as an error case.
            --merge-reports DIR... reads the --report folders of sharded runs (results.json) and writes one \
            --report, --junit and --summary from them, without rendering anything.
            Exit status: 0 all pass, 1 any mismatch or missing golden, 2 errors.
            """,
        positionals: [
            PositionalSpec(
                "SCENE|DIR", optional: true, repeated: true, completion: .file(extensions: ["json", "plist"]),
                help: "Scene files or folders of scenes.")
        ],
        options: [
            goldens, record, report, junit, summary, prune, shard, mergeReports, quiet, WorkLimits.maxFrames,
            WorkLimits.maxElements, WorkLimits.maxText, WorkLimits.maxUpdateWork, UIKitFindings.strict,
            CheckDevices.devices, ComparisonOptions.perceptualPrecision, ComparisonOptions.precision,
            ComparisonOptions.mask,
        ])

    static let goldens = Option.text("--goldens", value: "DIR", help: "Folder of goldens.").required(unless: [
        mergeReports.name
    ]).completing(
        .folder)
    static let record = Option.text("--record", value: "MODE", help: "missing, all, failed or never.").choices(
        GoldenRecordMode.allCases.map(\.rawValue))
    static let report = Option.text(
        "--report", value: "DIR", help: "Write expected/actual/diff PNGs, results.json and index.html here."
    ).completing(.folder)
    static let junit = Option.text(
        "--junit", value: "FILE", help: "Write JUnit XML here, one testcase per scene golden."
    ).completing(.file(extensions: ["xml"]))
    static let summary = Option.text(
        "--summary", value: "FILE.md",
        help: "Write a Markdown summary here (also appended to $GITHUB_STEP_SUMMARY when set)."
    ).completing(.file(extensions: ["md"]))
    static let prune = Option.flag("--prune", help: "Delete orphaned goldens (only when recording).")
    static let mergeReports = Option.flag(
        "--merge-reports", help: "Treat the arguments as shard --report folders and merge them.")
    static let shard = Option<(index: Int, count: Int)>.choice(
        "--shard", value: "I/N", expected: "I/N with 1 ≤ I ≤ N (e.g. 2/4)",
        help: "Check only scenes I, I+N, I+2N, … (1-based) of the sorted list."
    ) { text in
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        return (index, count)
    }
    static let quiet = Option.flag("--quiet", help: "Print only failures and the summary.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if arguments.isSet(mergeReports) { return try CheckMerge.run(arguments, context: context) }
        guard let goldens = try arguments.given(goldens) else {
            throw CommandError.requiredOption(option: Self.goldens.spec.synopsis, usage: spec.usageLine)
        }
        let mode: GoldenRecordMode
        do {
            mode = try GoldenRecordMode.resolve(
                explicit: try arguments.given(record).map { ($0, record.name) }, environment: context.environment)
        } catch let error as GoldenError {
            throw CommandError.underlying(.golden(error))
        }
        let pruning = arguments.isSet(prune)
        if pruning && mode == .never {
            throw CommandError.check(.pruneWithoutRecording(onCI: GoldenRecordMode.isCI(context.environment)))
        }
        // Output paths are checked before any scene is rendered.
        try OutputPaths.validateFolder(goldens, option: Self.goldens.name)
        var outputs = try CheckOutputs(arguments, context: context)
        let shard = try arguments.given(shard)
        let quiet = arguments.isSet(quiet)
        var sources = try CheckSceneFiles.expand(arguments.positionals)
        let total = sources.count
        if let shard {
            sources = sources.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        let onCI = GoldenRecordMode.isCI(context.environment)
        if onCI && mode != .never {
            context.printNote(
                "warning: CI is set and the record mode is '\(mode.rawValue)': goldens may be written.")
        }

        // Two runs that may record into one goldens folder take turns (an advisory lock file
        // beside it, `.GOLDENS.flowsim-lock`, released when this run ends, even by kill -9): never a mixed set.
        var goldensLock: AtomicOutput.FolderLock?
        if mode != .never {
            do {
                goldensLock = try AtomicOutput.FolderLock(folder: URL(fileURLWithPath: goldens)) {
                    context.printNote("waiting for another flowsim run recording into \(goldens) …")
                }
            } catch {
                throw CommandError(option: Self.goldens.name, path: goldens, error: error)
            }
        }
        defer { goldensLock?.unlock() }

        // 1. Load, simulate and render every scene; 2. compare every golden (read only);
        // 3. the golden run records what the mode says, only when nothing went wrong. Results are
        // printed at the end: an error exits 2 with nothing on stdout and no golden written.
        var run = GoldenRun(suite: GoldenSuite(goldensDirectory: URL(fileURLWithPath: goldens), mode: mode), onCI: onCI)
        let strictRun = arguments.isSet(UIKitFindings.strict)
        var errorMessages: [String] = []
        let sceneFiles = sources.compactMap { $0 }
        // Each scene once, or once per device (`--devices`, else the scene's "devices").
        let units = CheckDevices.units(sources, devices: try arguments.given(CheckDevices.devices))
        // Scenes are loaded, simulated, rendered and compared on all cores, a few at a time
        // (memory is bounded by the scenes in flight); results are taken in scene order.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Pixels never outlive their comparison: a report gets them encoded, recording as PNG data.
        let retention: GoldenImageRetention = try outputs.reportStaging().map { .report($0) } ?? .none
        // Each scene is held to the work limits before it is laid out; one beyond them is a scene error.
        let frameLimit = try arguments.value(WorkLimits.maxFrames)
        let elementLimit = try arguments.value(WorkLimits.maxElements)
        let textLimit = try arguments.value(WorkLimits.maxText)
        let updateWorkLimit = try arguments.value(WorkLimits.maxUpdateWork)
        let cliMasks = try ComparisonOptions.masks(arguments).map(GoldenMask.rect)
        var next = 0
        while next < units.count {
            let batch = Array(units[next..<min(next + cores, units.count)])
            next += batch.count
            let compared = parallelResults(count: batch.count, concurrency: cores) { index in
                Result { () throws -> (GoldenSceneCheck, [String], Bool) in
                    let (source, device) = batch[index]
                    try isolate(source, arguments: arguments, context: context)
                    let simulation = try SceneArgument.simulate(source, context: context, device: device) { scene in
                        try WorkLimits.asSceneError(source: source) {
                            try WorkLimits.checkScene(
                                scene, elementLimit: elementLimit, textLimit: textLimit)
                            try WorkLimits.checkSimulation(
                                scene, frameLimit: frameLimit, updateWorkLimit: updateWorkLimit)
                        }
                    }
                    try SceneArgument.run(simulation, source: source)
                    var options = GoldenSuite.options(for: simulation.scene)
                    try ComparisonOptions.apply(arguments, to: &options, explicitMetric: false)
                    let check = try simulation.scene.namingImageKeys(source: source ?? "<default scene>") {
                        try run.suite.compareScene(
                            simulation, named: device.map { "\(simulation.scene.name)/\($0.folderName)" },
                            options: options, sceneFiles: sceneFiles, retention: retention, masks: cliMasks)
                    }
                    return (check, UIKitFindings.summaries(simulation.diagnostics), simulation.scene.strict)
                }
            }
            for ((source, device), result) in zip(batch, compared) {
                let label = (source ?? "<default scene>") + (device.map { " on \($0.label)" } ?? "")
                switch result {
                case .success(let (compared, logs, strictScene)):
                    var check = compared
                    // Its images go to the report now and are dropped, keeping what recording
                    // needs as PNG data.
                    try outputs.addToReport(check.cases)
                    for j in check.cases.indices { run.suite.releaseImages(&check.cases[j]) }
                    run.add(
                        check, accept: acceptCommands(source: source, goldens: goldens, folder: check.folder),
                        uikitLogs: logs, strict: strictRun || strictScene)
                case .failure(let error as SceneIsolation.Failure):
                    run.addCrashed(label, message: error.message)
                case .failure(let error):
                    let problem = CommandError.CheckProblem.sceneNotChecked(scene: label, CommandError.Cause(error))
                    errorMessages.append(context.message(.check(problem)))
                    run.addSceneError(label, message: problem.description)
                }
            }
        }
        run.finish(policy: .withoutErrors)
        // UIKit's logs of scenes that are not strict are warnings on stderr.
        for (scene, message) in run.uikitWarnings { context.printNote("\(scene): \(message)") }
        // Orphans: files of checked scenes' folders, and (whole runs over folders) scene folders.
        var orphans = run.orphans()
        if shard == nil, !arguments.positionals.isEmpty,
            arguments.positionals.allSatisfy({ CheckSceneFiles.isDirectory($0) })
        {
            orphans += run.orphanFolders(in: URL(fileURLWithPath: goldens), sceneFiles: sceneFiles)
        }
        let pruned = pruning && run.recorded && errorMessages.isEmpty && run.problems.isEmpty ? run.prune(orphans) : []
        errorMessages += run.problems.map { errorLine($0, goldens: goldens, context: context) }

        let results = run.results
        let counts = run.counts
        let formatter = GoldenFormatter(onCI: onCI)
        let orphanPaths = orphans.filter { !pruned.contains($0) }.map(\.path)
        let summaryLine = context.labelled(
            formatter.summary(
                scenes: sources.count, shard: shard.map { ($0.index, $0.count, total) }, counts: counts, mode: mode,
                orphaned: orphanPaths.count, pruned: pruned.count))
        try outputs.write(results, orphans: orphanPaths, context: context)

        guard errorMessages.isEmpty else {
            for message in errorMessages { context.printError(FlowSimCommand.safeMessage(message)) }
            context.printError(run.recorded ? summaryLine : summaryLine + "; nothing recorded")
            return 2
        }
        for result in results {
            if let line = formatter.line(result, quiet: quiet) { context.print(line) }
        }
        let deleteOrphans =
            acceptBase(source: nil, goldens: goldens, all: arguments.positionals) + " --record missing --prune"
        for path in orphanPaths { context.print(formatter.orphanLine(path, deleteCommand: deleteOrphans)) }
        for url in pruned { context.print("PRUNED \(url.path)") }
        context.print(summaryLine)
        return counts.failed > 0 || counts.crashed > 0 ? 1 : 0
    }

    /// A golden run's problem as `flowsim check` prints it (labelled with the command).
    static func errorLine(_ problem: GoldenRun.Problem, goldens: String, context: CommandContext) -> String {
        switch problem {
        case .caseError(let name, let message):
            return context.labelled("\(name): \(message)")
        case .notRecorded(let error):
            // One line for the set; its cases are errors saying the same.
            return context.message(CommandError(option: Self.goldens.name, path: goldens, error: error))
                + " (nothing was recorded)"
        case .cannotPrune(let url, let error):
            return context.message(.check(.cannotRemoveOrphan(path: url.path, CommandError.Cause(error))))
        }
    }

    /// The commands that accept a scene's changes: `flowsim check SCENE --goldens DIR --record …`
    /// (a changed manifest re-records and prunes; on CI a missing golden is recorded locally).
    static func acceptCommands(source: String?, goldens: String, folder: URL) -> GoldenAcceptCommands {
        let base = acceptBase(source: source, goldens: goldens)
        return GoldenAcceptCommands(
            missing: base + " --record missing",
            missingOnCI:
                "flowsim check records nothing on CI; run locally and commit: \(base) --record missing && git add \(shellQuote(folder.path))",
            failed: base + " --record failed", manifestChanged: base + " --record failed --prune")
    }

    /// Plays a scene that names a registered layout class in a worker process first (the team's
    /// code may trap or hang: `SceneIsolation`); throws `SceneIsolation.Failure` when it died or
    /// ran out of time. In-process callers (no worker executable) and FlowSim's own layouts skip it.
    static func isolate(_ source: String?, arguments: ParsedArguments, context: CommandContext) throws {
        guard let executable = context.workerExecutable, let source else { return }
        let scene = try SceneArgument.load(source)
        guard let layoutClass = scene.layout.className else { return }
        let timeout = try SceneIsolation.timeout(for: scene, flag: try arguments.value(SceneIsolation.sceneTimeout))
        if case .failed(let message) = SceneIsolation.probe(
            scenePath: source, layoutClass: layoutClass, executable: executable, timeout: timeout)
        {
            throw SceneIsolation.Failure(message: message)
        }
    }

    /// `flowsim check SCENE --goldens DIR`, paths shell-quoted when they need it.
    static func acceptBase(source: String?, goldens: String, all: [String]? = nil) -> String {
        var parts = ["flowsim", "check"]
        if let all { parts += all.map(shellQuote) } else if let source { parts.append(shellQuote(source)) }
        parts += ["--goldens", shellQuote(goldens)]
        return parts.joined(separator: " ")
    }

    static func shellQuote(_ text: String) -> String {
        let safe = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,")
        if !text.isEmpty && text.unicodeScalars.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Scene arguments of `flowsim check`, folders expanded.
enum CheckSceneFiles {
    /// Files as given; folders replaced by their *.json files (recursively, sorted); no argument:
    /// `[nil]`, the embedded default scene. A missing path or a folder without scenes is an error.
    /// A golden's own JSON (manifest.json, time_….json, frame_NNNN.json in a folder with a
    /// manifest), not a scene: scenes may live beside their goldens (Goldens/<name>/scene.json).
    static func isGoldenFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("manifest.json"))
        else { return false }
        if name == "manifest.json" || name.hasPrefix("time_") { return true }
        return name.hasPrefix("frame_") && name.dropFirst(6).dropLast(5).allSatisfy(\.isNumber)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func expand(_ arguments: [String]) throws -> [String?] {
        guard !arguments.isEmpty else { return [nil] }
        var result: [String] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw CommandError.noSuchPath(path: argument)
            }
            guard isDirectory.boolValue else {
                result.append(argument)
                continue
            }
            let found = try FolderListing.files(under: argument, withExtension: "json")
                .map { (argument as NSString).appendingPathComponent($0) }
                .filter { !isGoldenFile($0) }
            guard !found.isEmpty else {
                throw CommandError.check(.noSceneFiles(folder: argument))
            }
            result += found
        }
        return result
    }
}
