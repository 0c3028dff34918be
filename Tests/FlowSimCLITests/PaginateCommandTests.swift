import FlowSim
import FlowSimScene
import XCTest

@testable import FlowSimCLI

final class PaginateCommandTests: XCTestCase {
    func invoke(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        var output = ""
        var error = ""
        let context = CommandContext(standardOutput: { output += $0 }, standardError: { error += $0 })
        let status = FlowSimCommand.run(["paginate"] + arguments, context: context)
        return (status, output, error)
    }

    func testDefaultJSONLog() throws {
        let result = invoke(["--json"])
        XCTAssertEqual(result.status, 0, result.error)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        XCTAssertEqual(root?["finalState"] as? String, "noMoreData")
        XCTAssertEqual(root?["itemCount"] as? Int, 45)
        let events = try XCTUnwrap(root?["events"] as? [[String: Any]])
        let requests = events.filter { $0["event"] as? String == "request" }
        XCTAssertEqual(requests.compactMap { $0["startIndex"] as? Int }, [0, 20, 20, 40])
        XCTAssertTrue(requests.allSatisfy { $0["limit"] as? Int == 20 })
        let failed = events.first { $0["error"] != nil }
        XCTAssertEqual(failed?["startIndex"] as? Int, 20)
        XCTAssertNil(failed?["count"])
        XCTAssertEqual(events.first?.keys.sorted(), ["event", "limit", "startIndex", "time"])
    }

    func testTextLogAndOptions() {
        let result = invoke(["--total", "30", "--fail-pages", "none", "--speed", "800"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasSuffix("final state noMoreData, 30 items\n"), result.output)
        XCTAssertFalse(result.output.contains("error"))
    }

    func testBadInputExitsWithTwo() {
        let cases: [([String], String)] = [
            (["--limit", "0"], "--limit"),
            (["--total", "x"], "--total"),
            (["--fail-pages", "1,a"], "--fail-pages"),
            (["--rate", "2"], "--rate"),
            (["--append", "fade"], "--append"),
            (["--fling", "100", "--speed", "10"], "not both"),
            (["--latency", "-1"], "--latency"),
            (["--bogus"], "unknown option"),
            (["/nonexistent/scene.json"], "no such file"),
        ]
        for (arguments, expected) in cases {
            let result = invoke(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.error.contains(expected), "\(arguments): \(result.error)")
        }
    }

    func testSceneGivesViewportAndLayout() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let scene =
            #"{"viewport": {"width": 320, "height": 480}, "layout": {"itemSize": {"width": 300, "height": 100}}, "sections": []}"#
        try Data(scene.utf8).write(to: url)
        let result = invoke([url.path, "--json", "--fail-pages", "none", "--duration", "3"])
        XCTAssertEqual(result.status, 0, result.error)
        // One 300 × 100 column: item 15 (top y = 1650) needs an offset past 1170, later than the
        // default grid's 603.
        XCTAssertTrue(result.output.contains(#"{"time": 1.883, "event": "request", "startIndex": 20"#), result.output)
        XCTAssertTrue(result.output.hasSuffix(#""finalState": "normal", "itemCount": 40}"# + "\n"), result.output)
    }

    func testRenderWritesFrames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = invoke(["--duration", "0.5", "--fps", "10", "--render", dir.path, "--append", "insert"])
        XCTAssertEqual(result.status, 0, result.error)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(files.filter { $0.hasPrefix("frame_") }.count, 6)
        XCTAssertTrue(files.contains("contact-sheet.png"))
        XCTAssertTrue(files.contains("animation.png"))
    }

    func testListedInHelp() {
        var output = ""
        let context = CommandContext(standardOutput: { output += $0 }, standardError: { _ in })
        XCTAssertEqual(FlowSimCommand.run(["help", "paginate"], context: context), 0)
        XCTAssertTrue(output.contains("--fail-pages"))
    }

    func testSceneCarriesPaginationSettingsAndOptionsOverrideThem() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let layout =
            #""layout": {"itemSize": {"width": 170, "height": 170}, "minimumLineSpacing": 10, "minimumInteritemSpacing": 10, "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}}"#
        let scene =
            #"{"viewport": {"width": 375, "height": 667}, "#
            + layout
            + #", "sections": [], "pagination": {"total": 14, "limit": 6, "failPages": [], "appendAnimation": "insert", "timing": {"spring": {"duration": 0.5, "damping": 0.7}}}}"#
        try Data(scene.utf8).write(to: url)
        let fromScene = invoke([url.path])
        XCTAssertEqual(fromScene.status, 0, fromScene.error)
        XCTAssertTrue(fromScene.output.contains("startIndex 12, limit 6"), fromScene.output)
        XCTAssertTrue(fromScene.output.hasSuffix("final state noMoreData, 14 items\n"), fromScene.output)
        XCTAssertFalse(fromScene.output.contains("error"))
        let overridden = invoke([url.path, "--total", "30", "--fail-pages", "0", "--duration", "10"])
        XCTAssertEqual(overridden.status, 0, overridden.error)
        XCTAssertTrue(overridden.output.contains("startIndex 0: error"), overridden.output)
        XCTAssertTrue(overridden.output.hasSuffix("final state noMoreData, 30 items\n"), overridden.output)

        let bad = url.deletingLastPathComponent().appendingPathComponent("paginate-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data(#"{"viewport": {"width": 375, "height": 667}, "sections": [], "pagination": {"limit": 0}}"#.utf8)
            .write(to: bad)
        let rejected = invoke([bad.path])
        XCTAssertEqual(rejected.status, 2)
        XCTAssertEqual(rejected.output, "")
        XCTAssertTrue(rejected.error.contains("pagination.limit"), rejected.error)
    }

    func testAppendTimingTakesAnyTiming() throws {
        func animation(_ arguments: [String]) throws -> AppendAnimation {
            let parsed = try ParsedArguments(arguments, spec: PaginateCommand.spec)
            return try PaginateCommand.configuration(parsed).appendAnimation
        }
        XCTAssertEqual(try animation([]), .reload)
        let bouncy = try XCTUnwrap(SpringPreset.named("swiftui-bouncy"))
        guard case .insert(let preset) = try animation(["--append-timing", "preset=swiftui-bouncy"]),
            case .physicalSpring(let spring) = preset.curve
        else { return XCTFail() }
        XCTAssertEqual(spring.parameters, try bouncy.form.parameters())
        guard case .insert(let uikit) = try animation(["--append-timing", "duration=0.5,damping=0.8"]),
            case .uikitSpring(let u) = uikit.curve
        else { return XCTFail() }
        XCTAssertEqual(u.duration, 0.5)
        XCTAssertEqual(u.dampingRatio, 0.8)
        XCTAssertEqual(
            try animation(["--append-timing", "curve=linear,duration=0.2,delay=0.1"]),
            .insert(AnimationTiming(curve: .linear(duration: 0.2), delay: 0.1)))
        XCTAssertEqual(
            try animation(["--append-duration", "0.5"]), .insert(AnimationTiming(curve: .easeInEaseOut(duration: 0.5))))
        for (arguments, expected) in [
            (["--append-timing", "preset=nope"], "--append-timing 'preset=nope': preset"),
            (["--append-timing", "response=0.4"], "also needs --damping-fraction"),
            (["--append-timing", "damping=x"], "expects a finite number"),
            (["--append-timing", "damping=0.5,damping=0.6"], "given twice"),
            (["--append", "reload", "--append-timing", "damping=0.5"], "not with --append reload"),
            (["--append-duration", "0.3", "--append-timing", "damping=0.5"], "not both"),
        ] {
            let result = invoke(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.output, "", "\(arguments)")
            XCTAssertTrue(result.error.contains(expected), "\(arguments): \(result.error)")
        }
        let session = invoke(["--append-timing", "preset=swiftui-bouncy"])
        XCTAssertEqual(session.status, 0, session.error)
        XCTAssertTrue(session.output.hasSuffix("final state noMoreData, 45 items\n"), session.output)
    }
}
