import FlowSimCLI
import FlowSimRender
import FlowSimTestSupport
import Foundation
import XCTest

/// `flowsim init [DIR]`: the starter suite passes its own check, its workflow is the one in
/// docs/goldens.md, and it never overwrites (exit 2, nothing written).
final class InitCommandTests: XCTestCase {
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

    func testTheWorkflowsAreTheOnesInTheDocumentation() throws {
        let docs = try String(contentsOf: packageRoot.appendingPathComponent("docs/goldens.md"))
        let checkout = try makeTemporaryFolder(self).appendingPathComponent("checkout")
        XCTAssertEqual(CLI.run(["init", checkout.path, "--quiet", "--checkout"]).status, 0)
        let checkoutWorkflow = try String(contentsOf: checkout.appendingPathComponent(".github/workflows/flowsim.yml"))
        XCTAssertTrue(
            docs.contains("```yaml\n" + checkoutWorkflow + "```"), "docs/goldens.md's checkout workflow differs")
        XCTAssertTrue(checkoutWorkflow.contains("Scripts/flowsim check Scenes --goldens Goldens"))

        let app = try makeTemporaryFolder(self).appendingPathComponent("app")
        XCTAssertEqual(CLI.run(["init", app.path, "--quiet"]).status, 0)
        let appWorkflow = try String(contentsOf: app.appendingPathComponent(".github/workflows/flowsim.yml"))
        XCTAssertTrue(docs.contains("```yaml\n" + appWorkflow + "```"), "docs/goldens.md's app workflow differs")
        XCTAssertFalse(appWorkflow.contains("Scripts/flowsim"), "an app repository has no Scripts/flowsim")
    }

    /// The app workflow's steps, run in the fresh folder `init` wrote: its package list is the one
    /// FlowSim's own set-up installs, it builds and runs the executable named, and its check step
    /// passes there (run in-process: FlowSim's flowsim stands in for the team's, which adds only
    /// layouts the starter scene does not use; building a team's package is AppRepositoryPackageTests').
    func testTheAppWorkflowsStepsPassInAFreshFolder() throws {
        let root = try makeTemporaryFolder(self).appendingPathComponent("app")
        XCTAssertEqual(CLI.run(["init", root.path, "--quiet", "--executable", "photos-flowsim"]).status, 0)
        let workflow = try String(contentsOf: root.appendingPathComponent(".github/workflows/flowsim.yml"))
        let runs = workflow.components(separatedBy: "run: ").dropFirst().map { step in
            step.replacingOccurrences(of: "\\\n", with: " ").components(separatedBy: "\n").prefix { !$0.contains("- ") }
                .joined(separator: " ").replacingOccurrences(of: "|", with: "").trimmingCharacters(in: .whitespaces)
        }
        let install = try XCTUnwrap(runs.first)
        let setup = try String(
            contentsOf: packageRoot.appendingPathComponent("Scripts/setup-system"), encoding: .utf8)
        let setupLine = try XCTUnwrap(setup.components(separatedBy: "\n").first { $0.contains("for package in") })
        for package in [
            "libcairo2-dev", "libfreetype-dev", "libpng-dev", "libdeflate-dev", "libgif-dev", "fonts-dejavu-core",
        ] {
            XCTAssertTrue(install.contains(" \(package)"), "the workflow installs \(package)")
            XCTAssertTrue(setupLine.contains(" \(package)"), "Scripts/setup-system installs \(package)")
        }
        XCTAssertEqual(runs[1], "swift build --product photos-flowsim")
        let check = try XCTUnwrap(runs.first { $0.contains(" check Scenes") })
        let prefix = "swift run --skip-build photos-flowsim "
        XCTAssertTrue(check.hasPrefix(prefix), check)
        let arguments = check.dropFirst(prefix.count).replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
            .split(separator: " ").map(String.init)
            // The step runs in the repository's root: its relative paths are the fresh folder's.
            .map { $0.hasPrefix("-") || $0 == "check" || $0 == "1/2" ? $0 : root.appendingPathComponent($0).path }
        let result = CLI.run(arguments, environment: ["CI": "true"])
        XCTAssertEqual(result.status, 0, arguments.joined(separator: " ") + "\n" + result.stdout + result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("junit-1.xml").path))
    }

    func testTheExecutableNameIsChecked() throws {
        let root = try makeTemporaryFolder(self).appendingPathComponent("app")
        let result = CLI.run(["init", root.path, "--executable", "my flowsim; rm -rf /"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("is not an executable target's name"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path), "nothing written")
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
