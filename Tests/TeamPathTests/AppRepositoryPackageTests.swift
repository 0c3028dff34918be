import FlowSimCoreTestSupport
import Foundation
import XCTest

/// The guide's set-up, end to end: the test package at the root of an app repository
/// (Tests/Fixtures/TeamApp) compiles the app's layout folder where it is, builds the team's own
/// `flowsim`, renders with it and runs its tests. It builds FlowSim a second time, so it runs only
/// with `FLOWSIM_DOC_SNIPPETS=1` (which `Scripts/test` sets), like the documentation's snippets.
final class AppRepositoryPackageTests: XCTestCase {
    static let repositoryRoot = packageRoot
    static let package = repositoryRoot.appendingPathComponent("Tests/Fixtures/TeamApp")
    static let scratch = repositoryRoot.appendingPathComponent(".build/team-app")

    func testTheAppRepositoryPackageBuildsRendersAndTests() throws {
        guard ProcessInfo.processInfo.environment["FLOWSIM_DOC_SNIPPETS"] == "1" else {
            throw XCTSkip("set FLOWSIM_DOC_SNIPPETS=1 (Scripts/test does) to build the app repository's package")
        }
        let common = ["--package-path", Self.package.path, "--scratch-path", Self.scratch.path]
        let build = try Self.run("/usr/bin/env", ["swift", "build"] + common)
        XCTAssertEqual(build.status, 0, build.output.suffix(4000).description)
        // The app's files build without a warning, as they do in Xcode.
        let appWarnings = build.output.split(separator: "\n").filter {
            $0.contains("App/Layout/") && $0.contains("warning:")
        }
        XCTAssertEqual(appWarnings, [])

        let flowsim = Self.scratch.appendingPathComponent("debug/app-flowsim").path
        let scene = Self.package.appendingPathComponent("LayoutTests/AppLayoutTests/Scenes/insert.json").path
        let layout = try Self.run(flowsim, ["layout", scene])
        XCTAssertEqual(layout.status, 0, layout.output)
        // The app's FlowLayout (106 pt squares inset 12 / 10), registered by the team's main.swift.
        XCTAssertTrue(
            layout.output.contains(#""frame": {"x": 12, "y": 10, "width": 106, "height": 106}"#), layout.output)
        let frames = try Self.run(flowsim, ["frames", scene, "--times", "0"])
        XCTAssertTrue(
            frames.output.contains(#""id": "new", "frame": {"x": 302, "y": -73, "width": 106, "height": 106}"#),
            frames.output)

        let test = try Self.run("/usr/bin/env", ["swift", "test"] + common)
        XCTAssertEqual(test.status, 0, test.output.suffix(4000).description)
        XCTAssertTrue(test.output.contains("Executed 3 tests, with 0 failures"), test.output.suffix(2000).description)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
