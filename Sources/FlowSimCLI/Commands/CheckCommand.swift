import FlowSim
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import Foundation

/// `flowsim check [SCENE|DIR ...] --goldens DIR`: renders scenes' golden frames and compares them
/// with (or records them as) `DIR/<scene name>/frame_NNNN.png`.
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Render scenes' chosen frames and compare them with golden PNGs.",
        discussion: """
            Each scene's frames (scene key golden.frames; default first, middle and last at 60 fps) are rendered and \
            compared with GOLDENS/<scene name>/frame_NNNN.png using the scene's golden threshold, maxDiffPixels and \
            maxDiffPixelRatio. A folder argument means every *.json scene in it and its subfolders; no argument checks \
            the embedded default scene.
            Record modes (swift-snapshot-testing's): missing (record absent goldens), all, failed (re-record \
            mismatches), never (absent goldens fail). Default: FLOWSIM_RECORD, else never when CI is set, else \
            missing. Goldens are written atomically and every write is printed; recorded cases do not fail.
            Every scene is loaded, simulated, rendered and compared before anything is printed or recorded. An error \
            (a scene that cannot be loaded, simulated or rendered, an unreadable golden, a golden that cannot be \
            written) is printed on stderr with the summary, nothing is printed on stdout and no golden is recorded; \
            --junit and --report are still written and list each failed scene as an error case.
            Exit status: 0 all pass, 1 any mismatch or missing golden, 2 errors.
            """,
        positionals: [
            PositionalSpec("SCENE|DIR", optional: true, repeated: true, help: "Scene files or folders of scenes.")
        ],
        options: [goldens, record, report, junit, shard, quiet])

    static let goldens = Option.text("--goldens", value: "DIR", help: "Folder of goldens (required).")
    static let record = Option.text("--record", value: "MODE", help: "missing, all, failed or never.")
    static let report = Option.text(
        "--report", value: "DIR", help: "Write expected/actual/diff PNGs and index.html here.")
    static let junit = Option.text(
        "--junit", value: "FILE", help: "Write JUnit XML here, one testcase per scene frame.")
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
        guard let goldens = try arguments.given(goldens) else {
            throw CommandError.requiredOption(command: "check", option: "--goldens DIR", usage: spec.usageLine)
        }
        let mode: GoldenRecordMode
        do {
            mode = try GoldenRecordMode.resolve(
                explicit: try arguments.given(record), environment: context.environment)
        } catch let error as GoldenError {
            throw CommandError.golden(error)
        }
        // Output paths are checked before any scene is rendered.
        try OutputPaths.validateFolder(goldens, option: "--goldens", command: "check")
        let report = try arguments.given(report)
        let junit = try arguments.given(junit)
        if let report {
            try OutputPaths.validate(report, option: "--report", folder: true, replacing: true, command: "check")
        }
        if let junit {
            try OutputPaths.validate(junit, option: "--junit", folder: false, command: "check")
        }
        let shard = try arguments.given(shard)
        let quiet = arguments.isSet(quiet)
        var sources = try CheckSceneFiles.expand(arguments.positionals)
        let total = sources.count
        if let shard {
            sources = sources.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        if GoldenRecordMode.isCI(context.environment) && mode != .never {
            context.printError(
                "flowsim check: warning: CI is set and the record mode is '\(mode.rawValue)': goldens may be written.")
        }

        // Two runs that may record into one goldens folder take turns (an advisory lock file
        // beside it, `.GOLDENS.flowsim-lock`, released when this run ends, even by kill -9): never a mixed set.
        var goldensLock: AtomicOutput.FolderLock?
        if mode != .never {
            do {
                goldensLock = try AtomicOutput.FolderLock(folder: URL(fileURLWithPath: goldens)) {
                    context.printError("flowsim check: waiting for another flowsim run recording into \(goldens) …")
                }
            } catch {
                throw CommandError(command: "check", option: "--goldens", path: goldens, error: error)
            }
        }
        defer { goldensLock?.unlock() }

        let suite = GoldenSuite(goldensDirectory: URL(fileURLWithPath: goldens), mode: mode)

        // 1. Load, simulate and render every scene; 2. compare every frame (read only);
        // 3. record what the mode says, only when nothing went wrong. Results are printed at
        // the end: an error exits 2 with nothing on stdout and no golden written.
        var results: [GoldenCaseResult] = []
        var errorMessages: [String] = []
        var sceneErrorCount = 0
        for source in sources {
            let label = source ?? "<default scene>"
            do {
                let simulation = try SceneArgument.simulate(source, context: context)
                try SceneArgument.run(simulation, source: source)
                let scene = simulation.scene
                let options = GoldenSuite.options(for: scene)
                for frame in try suite.render(simulation) {
                    results.append(
                        suite.compare(
                            name: scene.name, frame: frame.index, time: frame.time, actual: frame.image,
                            options: options))
                }
            } catch {
                let text = "\(error)"
                let message = text.hasPrefix(label) ? text : "\(label): \(text)"
                errorMessages.append("flowsim check: " + message)
                sceneErrorCount += 1
                results.append(.sceneError(label, message: message))
            }
        }
        let comparisonErrors = results.filter { $0.status == .error && !$0.recordPending && !$0.isSceneError }
        errorMessages += comparisonErrors.map { "flowsim check: \($0.caseName): \($0.message ?? "error")" }
        let recording = errorMessages.isEmpty
        if recording {
            for i in results.indices where results[i].recordPending {
                suite.record(&results[i])
                if results[i].status == .error {
                    errorMessages.append("flowsim check: \(results[i].caseName): \(results[i].message ?? "error")")
                }
            }
        } else {
            for i in results.indices where results[i].recordPending && results[i].status == .missing {
                results[i].message = "missing golden \(results[i].goldenPath); not recorded: the run has errors"
            }
        }
        if let report {
            do {
                let index = try HTMLReport.write(results, to: URL(fileURLWithPath: report))
                context.printError("flowsim check: report → \(index.path)")
            } catch {
                throw CommandError(command: "check", option: "--report", path: report, error: error)
            }
        }
        if let junit {
            do {
                try AtomicOutput.write(
                    Data(JUnitReport.xml(results).utf8), to: URL(fileURLWithPath: junit), creatingFolders: true)
            } catch let error as OutputError {
                throw CommandError.output(command: "check", option: "--junit", path: junit, error)
            }
        }
        let frames = results.filter { !$0.isSceneError }
        let failed = frames.filter { $0.status == .failed || $0.status == .missing }.count
        let frameErrors = frames.filter { $0.status == .error }.count
        let sceneErrors = sceneErrorCount
        let recorded = frames.filter { $0.status == .recorded }.count
        let passed = frames.filter { $0.status == .passed }.count
        var summary = "flowsim check: \(sources.count) scene\(sources.count == 1 ? "" : "s")"
        if let shard { summary += " (shard \(shard.index)/\(shard.count) of \(total))" }
        summary +=
            ", \(frames.count) frames: \(passed) passed, \(failed) failed, \(recorded) recorded, \(frameErrors) errors (mode \(mode.rawValue))"
        if sceneErrors > 0 { summary += ", \(sceneErrors) scene error\(sceneErrors == 1 ? "" : "s")" }
        guard errorMessages.isEmpty else {
            for message in errorMessages { context.printError(FlowSimCommand.safeMessage(message)) }
            context.printError(recording ? summary : summary + "; nothing recorded")
            return 2
        }
        for result in results { printResult(result, quiet: quiet, context: context) }
        context.print(summary)
        return failed > 0 ? 1 : 0
    }

    static func printResult(_ result: GoldenCaseResult, quiet: Bool, context: CommandContext) {
        let name = result.caseName
        switch result.status {
        case .passed:
            if !quiet {
                let numbers = result.comparison.map { "\($0.diffPixels) of \($0.totalPixels) pixels differ" } ?? ""
                context.print("PASS \(name)  \(numbers)")
            }
        case .recorded:
            context.print("REC  \(name)  \(result.message ?? "")")
        case .failed:
            context.print("FAIL \(name)  \(result.message ?? "")")
        case .missing:
            context.print("MISS \(name)  \(result.message ?? "")")
        case .error:
            context.print("ERR  \(name)  \(result.message ?? "")")
        }
    }
}

/// Scene arguments of `flowsim check`, folders expanded.
enum CheckSceneFiles {
    /// Files as given; folders replaced by their *.json files (recursively, sorted); no argument:
    /// `[nil]`, the embedded default scene. A missing path or a folder without scenes is an error.
    static func expand(_ arguments: [String]) throws -> [String?] {
        guard !arguments.isEmpty else { return [nil] }
        var result: [String] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw CommandError.noSuchPath(command: "check", path: argument)
            }
            guard isDirectory.boolValue else {
                result.append(argument)
                continue
            }
            let found = try FolderListing.files(under: argument, withExtension: "json", command: "check")
                .map { (argument as NSString).appendingPathComponent($0) }
            guard !found.isEmpty else {
                throw CommandError.invalid(
                    command: "check", message: "\(argument): no *.json scene files in this folder.")
            }
            result += found
        }
        return result
    }
}
