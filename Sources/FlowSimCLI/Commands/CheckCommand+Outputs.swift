import FlowSim
import FlowSimGoldens
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import Foundation

/// The files `flowsim check` writes besides goldens: `--report DIR`, `--junit FILE`,
/// `--summary FILE.md` and `$GITHUB_STEP_SUMMARY` (appended to, as GitHub asks). Paths are
/// checked before anything is rendered.
struct CheckOutputs {
    var report: String?
    var junit: String?
    var summary: String?
    var stepSummary: String?
    /// The `--report` folder, written as scenes are compared (`addToReport`).
    private var reportFolder: HTMLReport.Folder?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        report = try arguments.given(CheckCommand.report)
        junit = try arguments.given(CheckCommand.junit)
        summary = try arguments.given(CheckCommand.summary)
        if let value = context.environment["GITHUB_STEP_SUMMARY"], !value.isEmpty { stepSummary = value }
        if let report {
            try OutputPaths.validate(report, option: CheckCommand.report.name, folder: true, replacing: true)
        }
        if let junit { try OutputPaths.validate(junit, option: CheckCommand.junit.name, folder: false) }
        if let summary { try OutputPaths.validate(summary, option: CheckCommand.summary.name, folder: false) }
    }

    /// Writes a compared scene's images into the `--report` folder at once, so the results can
    /// drop them (images are not kept for the whole suite).
    mutating func addToReport(_ cases: [GoldenCaseResult]) throws {
        guard let report else { return }
        do {
            try openReport()
            try reportFolder?.add(contentsOf: cases)
        } catch {
            throw CommandError(option: CheckCommand.report.name, path: report, error: error)
        }
    }

    /// Where compared cases stage their report images (nil without `--report`).
    mutating func reportStaging() throws -> ReportStaging? {
        guard let report else { return nil }
        do {
            try openReport()
        } catch {
            throw CommandError(option: CheckCommand.report.name, path: report, error: error)
        }
        return reportFolder?.staging
    }

    private mutating func openReport() throws {
        guard let report, reportFolder == nil else { return }
        reportFolder = try HTMLReport.Folder(replacing: URL(fileURLWithPath: report))
    }

    func write(_ results: [GoldenCaseResult], orphans: [String], context: CommandContext) throws {
        var files: [HTMLReport.CaseFiles]?
        if let report {
            do {
                let written =
                    try reportFolder?.finish(results, title: "FlowSim golden check", orphans: orphans)
                    ?? HTMLReport.writeFolder(results, to: URL(fileURLWithPath: report), orphans: orphans)
                files = written.files
                context.printNote("report → \(written.index.path)")
            } catch {
                throw CommandError(option: CheckCommand.report.name, path: report, error: error)
            }
        }
        if let junit {
            do {
                try AtomicOutput.write(
                    Data(JUnitReport.xml(results, suiteName: "flowsim check").utf8), to: URL(fileURLWithPath: junit),
                    creatingFolders: true)
            } catch let error as OutputError {
                throw CommandError.output(option: CheckCommand.junit.name, path: junit, .output(error))
            }
        }
        func link(from file: String) -> String? {
            if let base = context.environment["FLOWSIM_REPORT_URL"], !base.isEmpty { return base }
            guard let report else { return nil }
            return Self.relativePath(
                from: URL(fileURLWithPath: file).deletingLastPathComponent(), to: URL(fileURLWithPath: report))
        }
        if let summary {
            let text = MarkdownSummary.markdown(
                results, files: files, orphans: orphans, reportLink: link(from: summary))
            do {
                try AtomicOutput.write(Data(text.utf8), to: URL(fileURLWithPath: summary), creatingFolders: true)
            } catch let error as OutputError {
                throw CommandError.output(option: CheckCommand.summary.name, path: summary, .output(error))
            }
        }
        if let stepSummary {
            // Links to files in the runner's workspace do not resolve on GitHub: only a
            // FLOWSIM_REPORT_URL (the uploaded artefact, say) is linked there.
            let base = context.environment["FLOWSIM_REPORT_URL"].flatMap { $0.isEmpty ? nil : $0 }
            let text = MarkdownSummary.markdown(results, files: files, orphans: orphans, reportLink: base)
            let url = URL(fileURLWithPath: stepSummary)
            let existing = (try? Data(contentsOf: url)) ?? Data()
            do {
                try AtomicOutput.write(existing + Data(text.utf8), to: url, creatingFolders: true)
            } catch let error as OutputError {
                throw CommandError.output(option: "GITHUB_STEP_SUMMARY", path: stepSummary, .output(error))
            }
        }
    }

    /// `to` relative to the folder `from` ("report", "../out/report").
    static func relativePath(from: URL, to: URL) -> String {
        let a = from.standardizedFileURL.pathComponents
        let b = to.standardizedFileURL.pathComponents
        var common = 0
        while common < a.count && common < b.count && a[common] == b[common] { common += 1 }
        let parts = Array(repeating: "..", count: a.count - common) + b[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// `flowsim check --merge-reports DIR... [--report DIR] [--junit FILE] [--summary FILE.md]`: one
/// report from the `--report` folders of sharded runs. Exit status as a check's: 1 when any
/// merged case failed.
enum CheckMerge {
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw CommandError.check(.mergeNeedsFolders)
        }
        let outputs = try CheckOutputs(arguments, context: context)
        guard outputs.report != nil || outputs.junit != nil || outputs.summary != nil || outputs.stepSummary != nil
        else {
            throw CommandError.check(.mergeNeedsOutput)
        }
        var results: [GoldenCaseResult] = []
        var orphans: [String] = []
        for folder in arguments.positionals {
            do {
                let read = try ReportResults.read(URL(fileURLWithPath: folder, isDirectory: true))
                results += read.results
                orphans += read.orphans
            } catch {
                throw CommandError.check(.unreadableReport(folder: folder, reason: "\(error)"))
            }
        }
        try outputs.write(results, orphans: Array(Set(orphans)).sorted(), context: context)
        let failed = results.filter(\.isFailure).count
        context.print(
            context.labelled("merged \(arguments.positionals.count) reports, \(results.count) cases: \(failed) failing")
        )
        return failed > 0 ? 1 : 0
    }
}
