import FlowSimTestSupport
import Foundation
import XCTest

/// A team's layout that traps, hangs, recurses without end or allocates without bound fails its
/// own scene, not the suite (docs/reliability.md, "A layout is the team's code"). The layouts
/// live in a `flowsim` of their own (Tests/AttackFixtures), run as a process, as a team runs its
/// own executable.
final class SceneIsolationTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder(self)
    }

    /// `.build/debug/flowsim-attack-fixtures`, built by `swift build --build-tests` (Scripts/test).
    func fixtureExecutable() throws -> URL {
        let url = packageRoot.appendingPathComponent(".build/debug/flowsim-attack-fixtures")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            XCTFail("no build of flowsim-attack-fixtures at \(url.path): run `swift build --build-tests`")
            throw XCTSkip("fixture missing")
        }
        return url
    }

    func writeScene(_ layoutClass: String, timeout: Double? = nil) throws -> String {
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let timeoutKey = timeout.map { "\"timeout\": \($0), " } ?? ""
        let json = """
            {"name": "\(layoutClass)", \(timeoutKey)"viewport": {"width": 200, "height": 200},
             "layout": {"class": "\(layoutClass)"}, "sections": [{"items": [{}, {}, {}]}]}
            """
        let url = scenes.appendingPathComponent("\(layoutClass).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try fixtureExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // Both streams to files: nothing to drain while the process runs.
        let outURL = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        XCTAssertTrue(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: errURL.path, contents: nil))
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    func testCrashingAndHangingLayoutsFailTheirOwnScenesAndTheSuiteGoesOn() throws {
        _ = try writeScene("trapping")
        _ = try writeScene("recursing")
        _ = try writeScene("hungry", timeout: 60)
        _ = try writeScene("hanging", timeout: 1)
        _ = try writeScene("plain")
        let junit = folder.appendingPathComponent("junit.xml").path
        let summary = folder.appendingPathComponent("summary.md").path
        let result = try run([
            "check", "scenes", "--goldens", "goldens", "--record", "missing", "--junit", junit, "--summary", summary,
        ])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func line(_ scene: String) -> String { lines.first { $0.hasPrefix("FAIL scenes/\(scene).json") } ?? "" }
        XCTAssertTrue(
            line("trapping").contains(
                "the layout class \"trapping\" crashed its worker (signal 4, SIGILL: a Swift trap): "
                    + "Swift/ContiguousArrayBuffer.swift"),
            line("trapping"))
        XCTAssertTrue(line("trapping").hasSuffix("Fatal error: Index out of range"), line("trapping"))
        XCTAssertTrue(line("recursing").contains("crashed its worker (signal 11, SIGSEGV"), line("recursing"))
        XCTAssertTrue(
            line("hungry").contains(
                "crashed its worker (signal 6, SIGABRT: an abort, such as a failed allocation): "
                    + "Fatal error: failed to allocate"), line("hungry"))
        XCTAssertEqual(
            line("hanging"),
            "FAIL scenes/hanging.json  the layout class \"hanging\" did not finish within 1 s (--scene-timeout); its worker was stopped"
        )
        // The other scene was checked (its goldens recorded), and every report was written.
        XCTAssertTrue(lines.contains { $0.hasPrefix("REC  plain/time_end") }, result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("4 scenes failed in a worker\n"), result.stdout)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("did not finish within 1 s"), xml)
        XCTAssertTrue(xml.contains("Fatal error: Index out of range"), xml)
        XCTAssertTrue(FileManager.default.fileExists(atPath: summary))
    }

    func testAHangingLayoutStopsLayoutAndRenderAtTheTimeoutWithNothingWritten() throws {
        let scene = try writeScene("hanging")
        let layout = try run(["layout", scene, "--scene-timeout", "0.5"])
        XCTAssertEqual(layout.status, 2)
        XCTAssertEqual(layout.stdout, "")
        XCTAssertEqual(
            layout.stderr,
            "flowsim layout: \(scene): the layout class \"hanging\" did not finish within 0.5 s (--scene-timeout); stopped, nothing written\n"
        )
        let out = folder.appendingPathComponent("out")
        let render = try run(["render", scene, "--out", out.path, "--scene-timeout", "0.5"])
        XCTAssertEqual(render.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        // The scene's own "timeout" wins over the option.
        let own = try writeScene("hanging", timeout: 0.3)
        let frames = try run(["frames", own, "--scene-timeout", "100"])
        XCTAssertEqual(frames.status, 2)
        XCTAssertTrue(frames.stderr.contains("did not finish within 0.3 s"), frames.stderr)
    }

    func testAFinishingLayoutIsNotDisturbed() throws {
        let scene = try writeScene("plain")
        let layout = try run(["layout", scene, "--scene-timeout", "30"])
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertTrue(layout.stdout.hasPrefix("{"), layout.stdout)
    }
}
