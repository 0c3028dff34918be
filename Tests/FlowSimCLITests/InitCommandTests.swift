import FlowSimCLI
import FlowSimRender
import FlowSimTestSupport
import Foundation
import XCTest

/// `flowsim init [DIR]`: the starter suite passes its own check, its workflow is the one in
/// docs/goldens.md, and it never overwrites (exit 2, nothing written).
final class InitCommandTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func files(under folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var names: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { names.append(String(url.standardizedFileURL.path.dropFirst(base.count))) }
        }
        return names.sorted()
    }

    func testWritesASuiteThatPassesItsOwnCheck() throws {
        let root = try makeTemporaryFolder(self).appendingPathComponent("suite")
        let result = CLI.run(["init", root.path], environment: ["CI": "true"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            files(under: root),
            [
                ".github/workflows/flowsim.yml", "Goldens/starter/manifest.json", "Goldens/starter/time_0.000s.json",
                "Goldens/starter/time_0.000s.png", "Goldens/starter/time_0.500s.json",
                "Goldens/starter/time_0.500s.png",
                "Goldens/starter/time_end.json", "Goldens/starter/time_end.png", "Scenes/starter.json",
            ])
        XCTAssertTrue(result.stdout.contains("flowsim check Scenes --goldens Goldens"), result.stdout)
        // As CI checks it: nothing recorded, every golden passes.
        let check = CLI.run(
            [
                "check", root.appendingPathComponent("Scenes").path, "--goldens",
                root.appendingPathComponent("Goldens").path,
            ],
            environment: ["CI": "true"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("3 passed, 0 failed, 0 recorded"), check.stdout)
        XCTAssertFalse(check.stdout.contains("ORPH"), check.stdout)
    }

    func testTheWorkflowIsTheOneInTheDocumentation() throws {
        let root = try makeTemporaryFolder(self)
        XCTAssertEqual(CLI.run(["init", root.path, "--quiet"]).status, 0)
        let workflow = try String(contentsOf: root.appendingPathComponent(".github/workflows/flowsim.yml"))
        let docs = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/goldens.md"))
        XCTAssertTrue(
            docs.contains("```yaml\n" + workflow + "```"), "docs/goldens.md's GitHub Actions workflow differs")
        XCTAssertTrue(workflow.contains("Scripts/flowsim check Scenes --goldens Goldens"))
    }

    func testRefusesToOverwriteAndWritesNothing() throws {
        let root = try makeTemporaryFolder(self)
        let workflow = root.appendingPathComponent(".github/workflows/flowsim.yml")
        try FileManager.default.createDirectory(
            at: workflow.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: workflow)
        let result = CLI.run(["init", root.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains(".github/workflows/flowsim.yml"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was written"), result.stderr)
        XCTAssertEqual(files(under: root), [".github/workflows/flowsim.yml"], "nothing else written")
        XCTAssertEqual(try String(contentsOf: workflow), "mine\n")
        // A second init over a complete suite is refused too.
        let other = root.appendingPathComponent("second")
        XCTAssertEqual(CLI.run(["init", other.path, "--quiet"]).status, 0)
        let before = files(under: other)
        let again = CLI.run(["init", other.path])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("Scenes/starter.json"), again.stderr)
        XCTAssertEqual(files(under: other), before)
        XCTAssertFalse(before.contains { $0.contains(".flowsim-tmp") }, "no temporary files left")
    }

    func testAFileInsteadOfAFolderIsAnError() throws {
        let file = try makeTemporaryFolder(self).appendingPathComponent("file")
        try Data().write(to: file)
        let result = CLI.run(["init", file.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("is a file, not a folder"), result.stderr)
    }
}

/// `flowsim render --gif` and `--video`.
final class RenderGIFCommandTests: XCTestCase {
    func testGIFBesideTheAPNGWithItsSizeInTheSummary() throws {
        let root = try makeTemporaryFolder(self)
        let gif = root.appendingPathComponent("anim/parks.gif")
        let result = CLI.run([
            "render", "--out", root.appendingPathComponent("out").path, "--fps", "20", "--scale", "0.5", "--gif",
            gif.path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: gif)
        XCTAssertEqual(Array(data.prefix(6)), Array("GIF89a".utf8))
        XCTAssertTrue(result.stderr.contains("APNG "), result.stderr)
        XCTAssertTrue(result.stderr.contains("GIF "), result.stderr)
        XCTAssertTrue(result.stderr.contains("colours) → \(gif.path)"), result.stderr)
    }

    func testBadGIFAndVideoArgumentsFailBeforeRendering() throws {
        let root = try makeTemporaryFolder(self)
        let out = root.appendingPathComponent("out")
        let bad = CLI.run(["render", "--out", out.path, "--gif", root.appendingPathComponent("x.png").path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("must end in .gif"), bad.stderr)
        let avi = CLI.run(["render", "--out", out.path, "--video", root.appendingPathComponent("x.avi").path])
        XCTAssertEqual(avi.status, 2)
        XCTAssertTrue(avi.stderr.contains(".mp4 or .webm"), avi.stderr)
        // No ffmpeg on this PATH: a clear error, nothing rendered.
        let none = CLI.run(
            ["render", "--out", out.path, "--video", root.appendingPathComponent("x.mp4").path],
            environment: ["PATH": root.path])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("--video needs ffmpeg on PATH"), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing rendered")
    }

    func testVideoWithFFmpegWhenInstalled() throws {
        let environment = ProcessInfo.processInfo.environment
        guard
            let ffmpeg = (environment["PATH"] ?? "").split(separator: ":").map({ "\($0)/ffmpeg" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw XCTSkip("ffmpeg is not on PATH: --video is optional and was not exercised") }
        let root = try makeTemporaryFolder(self)
        let video = root.appendingPathComponent("parks.mp4")
        let result = CLI.run(
            ["render", "--out", root.appendingPathComponent("out").path, "--scale", "0.5", "--video", video.path],
            environment: environment)
        XCTAssertEqual(result.status, 0, "\(ffmpeg): \(result.stderr)")
        let data = try Data(contentsOf: video)
        XCTAssertEqual(String(decoding: data[4..<8], as: UTF8.self), "ftyp")
    }
}
