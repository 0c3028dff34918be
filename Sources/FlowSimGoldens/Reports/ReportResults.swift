import FlowSim
import FlowSimImage
import FlowSimScene
import FlowSimSupport
import Foundation

/// `results.json` in a `--report` folder: every case with its numbers and the report's image
/// files, so the reports of sharded runs can be merged into one (`--merge-reports`).
public enum ReportResults {
    public static let fileName = "results.json"

    public static func json(_ results: [GoldenCaseResult], files: [HTMLReport.CaseFiles], orphans: [String]) -> String {
        func text(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        let cases: [JSONValue] = zip(results, files).map { result, file in
            var members: [(key: String, value: JSONValue)] = [
                ("scene", .string(result.scene)), ("stem", .string(result.fileStem)),
                ("frame", .number(Double(result.frame))), ("time", .number(result.time)),
                ("status", .string(result.status.rawValue)), ("message", text(result.message)),
                ("goldenPath", .string(result.goldenPath)), ("layoutPath", text(result.layoutPath)),
                ("layoutChanges", .array(result.layoutChanges.map { .string($0) })),
                ("notes", .array(result.notes.map { .string($0) })), ("acceptCommand", text(result.acceptCommand)),
                ("isManifest", .bool(result.isManifest)), ("isSceneError", .bool(result.isSceneError)),
                ("seconds", .number(result.seconds)),
                ("expected", text(file.expected)), ("actual", text(file.actual)), ("diff", text(file.diff)),
            ]
            if let c = result.comparison {
                members.append(
                    (
                        "comparison",
                        .object(
                            [
                                ("width", .number(Double(c.width))), ("height", .number(Double(c.height))),
                                ("totalPixels", .number(Double(c.totalPixels))),
                                ("diffPixels", .number(Double(c.diffPixels))),
                                ("antiAliasedPixels", .number(Double(c.antiAliasedPixels))),
                                ("ratio", .number(c.ratio)),
                                ("match", .bool(c.match)),
                            ] + ReportResults.criteriaMembers(c))
                    ))
            }
            return .object(members)
        }
        let document: JSONValue = .object([
            ("format", .number(1)), ("cases", .array(cases)), ("orphans", .array(orphans.map { .string($0) })),
        ])
        return document.serialized(pretty: true) + "\n"
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a report folder's cases (images decoded from its PNGs) and orphans.
    public static func read(_ folder: URL) throws -> (results: [GoldenCaseResult], orphans: [String]) {
        let url = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else {
            throw Failure(
                description: "\(url.path): no such file (was the folder written by `flowsim check --report`?)")
        }
        let document: JSONValue
        do { document = try JSONParser.parse(data) } catch let failure as JSONParser.Failure {
            throw Failure(
                description:
                    "\(url.path): malformed JSON at line \(failure.line), column \(failure.column): \(failure.message)")
        }
        func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
            guard case .object(let members)? = value else { return nil }
            return members.first { $0.key == key }?.value
        }
        func string(_ value: JSONValue?, _ key: String) -> String? {
            if case .string(let s)? = member(value, key) { return s }
            return nil
        }
        func number(_ value: JSONValue?, _ key: String) -> Double {
            if case .number(let n)? = member(value, key) { return n }
            return 0
        }
        /// A count (frame, pixels): a whole number in 0…10¹⁵, 0 when absent; a larger one trapped
        /// converting to Int before, so it is an error naming the case and the key.
        func whole(_ value: JSONValue?, _ key: String, case index: Int) throws -> Int {
            let n = number(value, key)
            guard n >= (key == "frame" ? -1 : 0), n <= 1e15, n == n.rounded() else {
                throw Failure(
                    description:
                        "\(url.path): cases[\(index)].\(key) is \(formatNumber(n)), expected a whole number in 0…10^15")
            }
            return Int(n)
        }
        func bool(_ value: JSONValue?, _ key: String) -> Bool {
            if case .bool(let b)? = member(value, key) { return b }
            return false
        }
        func strings(_ value: JSONValue?, _ key: String) -> [String] {
            guard case .array(let list)? = member(value, key) else { return [] }
            return list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        guard case .array(let cases)? = member(document, "cases") else {
            throw Failure(description: "\(url.path): \"cases\" is not an array")
        }
        func image(_ item: JSONValue, _ key: String) throws -> RGBAImage? {
            guard let name = string(item, key) else { return nil }
            // The report's own images, by the names it gave them: nothing outside its folder.
            guard !name.contains("/"), name != "..", name != "." else {
                throw Failure(
                    description: "\(url.path): \(key) \(SafeText.quoted(name)) is not a file name in the report folder")
            }
            return try PNGDecoder.decode(contentsOfFile: folder.appendingPathComponent(name).path)
        }
        var results: [GoldenCaseResult] = []
        for (index, item) in cases.enumerated() {
            guard let status = GoldenStatus(rawValue: string(item, "status") ?? "") else {
                throw Failure(description: "\(url.path): a case has no valid \"status\"")
            }
            var result = GoldenCaseResult(
                scene: string(item, "scene") ?? "", frame: try whole(item, "frame", case: index),
                time: number(item, "time"),
                goldenPath: string(item, "goldenPath") ?? "", status: status, comparison: nil, previousComparison: nil,
                message: string(item, "message"), seconds: number(item, "seconds"),
                expected: try image(item, "expected"),
                actual: try image(item, "actual"), diff: try image(item, "diff"))
            result.stem = string(item, "stem") ?? ""
            result.layoutPath = string(item, "layoutPath")
            result.layoutChanges = strings(item, "layoutChanges")
            result.notes = strings(item, "notes")
            result.acceptCommand = string(item, "acceptCommand")
            result.isManifest = bool(item, "isManifest")
            result.isSceneError = bool(item, "isSceneError")
            if let c = member(item, "comparison") {
                result.comparison = ImageComparisonResult(
                    width: try whole(c, "width", case: index), height: try whole(c, "height", case: index),
                    totalPixels: try whole(c, "totalPixels", case: index),
                    diffPixels: try whole(c, "diffPixels", case: index),
                    antiAliasedPixels: try whole(c, "antiAliasedPixels", case: index), ratio: number(c, "ratio"),
                    match: bool(c, "match"), sizeMismatch: nil)
                ReportResults.readCriteria(c, into: &result.comparison!)
            }
            results.append(result)
        }
        return (results, strings(document, "orphans"))
    }
}

/// The Markdown summary (`--summary FILE.md`, `$GITHUB_STEP_SUMMARY`): one line of totals and a
/// table of the cases that need a look (failures, missing goldens, errors, then recordings),
/// with links to the report's images; passing cases are only counted, so it fits a PR comment.
public enum MarkdownSummary {
    /// `reportLink`: how the summary reaches the report folder (a relative path or a URL; nil:
    /// file names without links).
    public static func markdown(
        _ results: [GoldenCaseResult], files: [HTMLReport.CaseFiles]?, orphans: [String], reportLink: String?,
        title: String = "FlowSim golden check", limit: Int = 50
    ) -> String {
        let failing = results.filter(\.isFailure)
        let recorded = results.filter { $0.status == .recorded }
        let passed = results.filter { $0.status == .passed && !$0.isManifest }.count
        let icon = failing.isEmpty ? "✅" : "❌"
        var lines = ["## \(icon) \(title)", ""]
        lines.append(
            "\(failing.count) failing, \(passed) passed, \(recorded.count) recorded"
                + (orphans.isEmpty ? "" : ", \(orphans.count) orphaned") + ".")
        let rows = Array((failing + recorded).prefix(limit))
        if !rows.isEmpty {
            lines += [
                "", "| Case | Status | Pixels differing | Judged by | Layout | Images |", "|---|---|---|---|---|---|",
            ]
            for result in rows {
                let index = results.firstIndex { $0.caseName == result.caseName && $0.status == result.status }
                let file = index.flatMap { files?[$0] }
                var pixels = "–"
                var judged = "–"
                if let c = result.comparison {
                    pixels = "\(c.diffPixels) (\(String(format: "%.3f", c.ratio * 100)) %)"
                    if let ssim = c.ssim { pixels += String(format: ", SSIM %.4f", ssim) }
                    if c.maskedPixels > 0 { pixels += ", \(c.maskedPixels) masked" }
                    if !c.criteria.isEmpty { judged = cell(c.criteria) }
                }
                let layout =
                    result.layoutChanges.isEmpty
                    ? (result.isManifest ? cell(result.message ?? "") : "–")
                    : cell(result.layoutChanges.prefix(2).joined(separator: "; "))
                        + (result.layoutChanges.count > 2 ? " (+\(result.layoutChanges.count - 2))" : "")
                var images: [String] = []
                for (label, name) in [("expected", file?.expected), ("actual", file?.actual), ("diff", file?.diff)] {
                    guard let name else { continue }
                    images.append(reportLink.map { "[\(label)](\(join($0, name)))" } ?? "`\(name)`")
                }
                lines.append(
                    "| `\(cell(result.caseName))` | \(result.status.rawValue) | \(pixels) | \(judged) | \(layout) | \(images.joined(separator: " · ")) |"
                )
            }
            if failing.count + recorded.count > limit {
                lines += ["", "… and \(failing.count + recorded.count - limit) more in the report."]
            }
        }
        let commands = Array(Set(failing.compactMap(\.acceptCommand))).sorted()
        if !commands.isEmpty {
            lines += ["", "To accept the changes:", "", "```sh"] + commands.prefix(10) + ["```"]
        }
        if !orphans.isEmpty {
            lines += ["", "Orphaned goldens (no scene produces them; `--prune` deletes them when recording):"]
            lines += orphans.prefix(20).map { "- `\($0)`" }
        }
        if let reportLink { lines += ["", "Full report: [\(reportLink)](\(join(reportLink, "index.html")))"] }
        return lines.joined(separator: "\n") + "\n"
    }

    static func join(_ base: String, _ name: String) -> String {
        base.isEmpty ? name : (base.hasSuffix("/") ? base + name : base + "/" + name)
    }

    /// Text safe in a table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
