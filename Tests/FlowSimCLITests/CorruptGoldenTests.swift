import FlowSimTestSupport
import Foundation
import XCTest

/// Golden folders and shard reports edited by hand or damaged: each is an error naming the file
/// and the key (exit 2, nothing recorded), never a trap or a silently wrong comparison.
final class CorruptGoldenTests: XCTestCase {
    /// `flowsim init`'s starter suite in a fresh folder: (scenes, goldens, the starter's golden folder).
    private func starterSuite() throws -> (scenes: String, goldens: String, folder: URL) {
        let root = try makeTemporaryFolder(self)
        XCTAssertEqual(CLI.run(["init", root.path]).status, 0)
        let goldens = root.appendingPathComponent("Goldens")
        return (root.appendingPathComponent("Scenes").path, goldens.path, goldens.appendingPathComponent("starter"))
    }

    /// Replaces the first `target` in `file` with `replacement`.
    private func edit(_ file: URL, _ target: String, _ replacement: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let range = try XCTUnwrap(text.range(of: target), "\(target) not in \(file.path)")
        try text.replacingCharacters(in: range, with: replacement).write(to: file, atomically: true, encoding: .utf8)
    }

    private func check(_ suite: (scenes: String, goldens: String, folder: URL)) -> CLIResult {
        CLI.run(["check", suite.scenes, "--goldens", suite.goldens, "--record", "never"])
    }

    /// Before: `Int(1e300)` trapped reading the manifest, taking the whole suite down (SIGILL).
    func testAManifestWithAHugeFrameCountIsAnErrorNotATrap() throws {
        let suite = try starterSuite()
        let manifest = suite.folder.appendingPathComponent("manifest.json")
        try edit(manifest, #""frameCount": 37"#, #""frameCount": 1e300"#)
        let result = check(suite)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(
                "flowsim check: starter/manifest: \(manifest.path): \"frameCount\" is 1e+300, expected a whole number in 0…10^15\n"
            ), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing recorded"), result.stderr)

        try edit(manifest, #""frameCount": 1e300"#, #""frameCount": 37"#)
        try edit(manifest, #""frame": 36"#, #""frame": 1e19"#)
        let frame = check(suite)
        XCTAssertEqual(frame.status, 2)
        XCTAssertTrue(
            frame.stderr.contains("\"goldens[2].frame\" is 1e+19, expected a whole number in 0…10^15"), frame.stderr)
    }

    /// A key given twice, and JSON nested past the parser's limit, are named as such (the
    /// latter printed Swift's dump of the parser's error: `Failure(line: 1, column: 513, …)`).
    func testAManifestWithADuplicateKeyOrDeepNestingSaysSo() throws {
        let suite = try starterSuite()
        let manifest = suite.folder.appendingPathComponent("manifest.json")
        try edit(manifest, #""fps": 60"#, #""fps": 60, "fps": 30"#)
        let duplicate = check(suite)
        XCTAssertEqual(duplicate.status, 2)
        XCTAssertTrue(duplicate.stderr.contains("\(manifest.path): duplicate key \"fps\"\n"), duplicate.stderr)

        try Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8).write(to: manifest)
        let deep = check(suite)
        XCTAssertEqual(deep.status, 2)
        XCTAssertTrue(
            deep.stderr.contains(
                "\(manifest.path): malformed JSON at line 1, column 513: nesting deeper than 512 levels\n"),
            deep.stderr)
    }

    /// A recorded duration of 1e308 s is told in its shortest form, not as 309 digits.
    func testAnAbsurdRecordedDurationIsPrintedShort() throws {
        let suite = try starterSuite()
        let manifest = suite.folder.appendingPathComponent("manifest.json")
        try edit(manifest, #""duration": 0.6"#, #""duration": 1e308"#)
        let result = check(suite)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("duration 1e+308 s → 0.6 s"), result.stdout)
    }

    /// A truncated layout golden was a layout "difference" (exit 1) reading
    /// `unreadable layout golden: Failure(…)`; it is an unreadable golden, as a bad PNG is.
    func testATruncatedLayoutGoldenIsAnError() throws {
        let suite = try starterSuite()
        let layout = suite.folder.appendingPathComponent("time_end.json")
        let text = try Data(contentsOf: layout)
        try text.prefix(100).write(to: layout)
        let result = check(suite)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(
                "flowsim check: starter/time_end: \(layout.path): malformed JSON at line 1, column 101: unterminated string\n"
            ), result.stderr)
    }

    /// `--merge-reports` reads shard reports: a case frame of 1e300 trapped converting to Int,
    /// and an image name could point outside the report folder.
    func testAMergedReportWithHugeCountsOrForeignPathsIsRefused() throws {
        let suite = try starterSuite()
        let root = try makeTemporaryFolder(self)
        let report = root.appendingPathComponent("shard")
        XCTAssertEqual(
            CLI.run(["check", suite.scenes, "--goldens", suite.goldens, "--report", report.path]).status, 0)
        let results = report.appendingPathComponent("results.json")
        let original = try String(contentsOf: results, encoding: .utf8)
        try edit(results, #""frame": 0,"#, #""frame": 1e300,"#)
        let merged = root.appendingPathComponent("merged").path
        let huge = CLI.run(["check", "--merge-reports", report.path, "--report", merged])
        XCTAssertEqual(huge.status, 2)
        XCTAssertEqual(
            huge.stderr,
            "flowsim check: --merge-reports: \(results.path): cases[1].frame is 1e+300, expected a whole number in 0…10^15\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: merged))

        try original.write(to: results, atomically: true, encoding: .utf8)
        try edit(results, #""expected": "starter--time_end-expected.png""#, #""expected": "../../etc/passwd""#)
        let foreign = CLI.run(["check", "--merge-reports", report.path, "--report", merged])
        XCTAssertEqual(foreign.status, 2)
        XCTAssertEqual(
            foreign.stderr,
            "flowsim check: --merge-reports: \(results.path): expected \"../../etc/passwd\" is not a file name in the report folder\n"
        )
    }
}
