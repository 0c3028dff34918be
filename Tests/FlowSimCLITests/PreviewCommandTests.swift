import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimCLI
import FlowSimTestSupport

/// `flowsim preview`: one round with --once, re-rendering on a change, errors kept on the page,
/// SIGINT, and the page itself in a headless browser when one is installed.
final class PreviewCommandTests: XCTestCase {
    let scene = """
        {"name": "preview-test", "viewport": {"width": 200, "height": 300, "scale": 1},
         "layout": {"itemSize": {"width": 90, "height": 60}},
         "sections": [{"items": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}],
         "updates": [{"at": 0, "delete": [{"section": 0, "item": 0}], "timing": {"spring": {"duration": 0.4, "damping": 0.7}}}]}
        """

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// version.js's object.
    func version(_ folder: URL) -> [String: Any]? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("version.js"), encoding: .utf8),
            text.hasPrefix("flowsimVersion("), text.hasSuffix(");\n")
        else { return nil }
        let json = text.dropFirst("flowsimVersion(".count).dropLast(3)
        return try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    }

    func testOnceRendersThePageDataAndEveryFrame() throws {
        let folder = try temporaryFolder()
        let path = CLI.sceneFile(scene)
        let result = CLI.run(["preview", path, "--out", folder.path, "--once", "--fps", "30"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("version.js?t="), "the page polls version.js")
        XCTAssertFalse(index.contains("http://") && index.contains("<link"), "no external assets")
        XCTAssertFalse(index.contains("fetch("), "file:// pages cannot fetch")
        let frameCount = try XCTUnwrap(
            (CLI.run(["frames", path, "--fps", "30"]).json()["frames"] as? [Any])?.count)
        let info = try XCTUnwrap(version(folder))
        XCTAssertEqual(number(info["version"]), 1)
        XCTAssertEqual(number(info["frames"]), Double(frameCount))
        XCTAssertEqual(number(info["total"]), Double(frameCount))
        XCTAssertTrue(info["error"] is NSNull)
        for index in 0..<frameCount {
            let frame = folder.appendingPathComponent("r1/frame_\(String(format: "%04d", index)).png")
            XCTAssertTrue(FileManager.default.fileExists(atPath: frame.path), frame.path)
        }
        let dataText = try String(contentsOf: folder.appendingPathComponent("data.js"), encoding: .utf8)
        XCTAssertTrue(dataText.hasPrefix("window.flowsimData = "))
        let data = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(dataText.dropFirst("window.flowsimData = ".count).dropLast(2).utf8))
                as? [String: Any])
        XCTAssertEqual((data["times"] as? [Any])?.count, frameCount)
        let elements = try XCTUnwrap(data["elements"] as? [[String: Any]])
        XCTAssertEqual(elements.count, 3)  // the deleted item is in the timeline until it goes
        for element in elements {
            XCTAssertEqual((element["y"] as? [Any])?.count, frameCount)
            XCTAssertEqual((element["alpha"] as? [Any])?.count, frameCount)
        }
        let curves = try XCTUnwrap(data["curves"] as? [[String: Any]])
        XCTAssertEqual(curves.count, 1)
        let samples = try XCTUnwrap(curves[0]["samples"] as? [[Double]])
        XCTAssertEqual(samples.first?[1], 0)
        XCTAssertEqual(samples.last?[1], 1)
    }

    func testOnceWithABadSceneIsExitTwo() throws {
        let folder = try temporaryFolder()
        let result = CLI.run(["preview", CLI.sceneFile("{\"viewport\": 3}"), "--out", folder.path, "--once"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("viewport: expected an object"), result.stderr)
    }

    func testWithoutASceneItWritesTheDefaultSceneToEdit() throws {
        let folder = try temporaryFolder()
        let result = CLI.run(["preview", "--out", folder.path, "--once"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let scene = try String(contentsOf: folder.appendingPathComponent("scene.json"), encoding: .utf8)
        XCTAssertEqual(scene, DefaultScene.json)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r1/frame_0000.png").path))
        // An edited scene.json is kept, not overwritten.
        try Data(self.scene.utf8).write(to: folder.appendingPathComponent("scene.json"))
        XCTAssertEqual(CLI.run(["preview", "--out", folder.path, "--once"]).status, 0)
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("data.js"), encoding: .utf8).contains("preview-test"))
    }

    func testWatchRendersAgainOnChangeKeepsErrorsOnThePageAndStops() throws {
        let folder = try temporaryFolder()
        let path = CLI.sceneFile(scene)
        final class Box: @unchecked Sendable { var result: CLIResult? }
        let box = Box()
        let done = expectation(description: "preview stopped")
        Thread.detachNewThread {
            box.result = CLI.run(["preview", path, "--out", folder.path, "--interval", "20", "--quiet"])
            done.fulfill()
        }
        func waitFor(_ what: String, _ condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(30)
            while !condition() && Date() < deadline { usleep(10_000) }
            XCTAssertTrue(condition(), "timed out waiting for \(what)")
        }
        func complete(_ n: Double) -> Bool {
            guard let info = version(folder) else { return false }
            return number(info["version"]) == n && number(info["frames"]) == number(info["total"])
        }
        waitFor("the first render") { complete(1) }
        // A change to the scene: a second render, in its own folder.
        try Data(scene.replacingOccurrences(of: "\"width\": 90", with: "\"width\": 80").utf8)
            .write(to: URL(fileURLWithPath: path))
        waitFor("the second render") { complete(2) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r2/frame_0000.png").path))
        // A broken scene: the error is on the page, the last render stays.
        try Data("{\"viewport\": {}}".utf8).write(to: URL(fileURLWithPath: path))
        waitFor("the error") { (version(folder)?["error"] as? String)?.contains("missing required key") == true }
        XCTAssertEqual(number(version(folder)?["version"]), 2)
        PreviewCommand.requestStop()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(box.result?.status, 0)
        XCTAssertTrue(box.result?.stderr.contains("missing required key") == true)
    }

    func testPageShowsFramesTimelinesAndCurvesInAHeadlessBrowser() throws {
        let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let browser else {
            throw XCTSkip("no headless browser found (Scripts/test installs chromium); the preview page was not loaded")
        }
        let folder = try temporaryFolder()
        XCTAssertEqual(CLI.run(["preview", CLI.sceneFile(scene), "--out", folder.path, "--once"]).status, 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--virtual-time-budget=3000",
            "--dump-dom", folder.appendingPathComponent("index.html").absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(dom.contains("FlowSim preview: preview-test"), String(dom.prefix(2000)))
        XCTAssertTrue(dom.contains(#"src="r1/frame_0"#), "the player shows a frame")
        XCTAssertTrue(dom.contains("render 1: "), "the status line is filled in")
        XCTAssertEqual(dom.components(separatedBy: "class=\"chart\"").count - 1, 3 + 1, "3 timelines, 1 curve")
    }

    func testSigintStopsTheBuiltExecutableCleanly() throws {
        let executable = packageRoot.appendingPathComponent(".build/debug/flowsim")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("no debug build of flowsim at \(executable.path); SIGINT was not checked")
        }
        let folder = try temporaryFolder()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["preview", CLI.sceneFile(scene), "--out", folder.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while version(folder).map({ number($0["frames"]) != number($0["total"]) }) ?? true, Date() < deadline {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(text.contains("flowsim preview: stopped"), text)
    }
}
