import FlowSim
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimImage
@testable import FlowSimRender

/// The HTML report's interactions in headless Chromium: the filter from the URL
/// (`?filter=failing&scene=…`), the page's own scripted check (`?test=1`: filter, onion skin,
/// blink, slider, ←/→ frame stepping, APNG playback, layout differences) read back with
/// `--dump-dom`, and a screenshot compared with `Goldens/tests/report/report.png` within
/// pixelmatch limits (record it with `FLOWSIM_RECORD_GOLDENS=1 swift test --filter ReportInteraction`).
final class ReportInteractionTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = packageRoot.appendingPathComponent("Goldens/tests/report/report.png")

    /// The shared sample plus a second failing frame of the first scene, layout differences
    /// and larger images, so every part of the page has something to show.
    static func results() -> [GoldenCaseResult] {
        var results = sampleGoldenResults()
        func scaled(_ image: RGBAImage?) -> RGBAImage? {
            guard let image else { return nil }
            var out = RGBAImage(width: image.width * 8, height: image.height * 8)
            for y in 0..<out.height {
                for x in 0..<out.width {
                    let from = ((y / 8) * image.width + x / 8) * 4
                    let to = (y * out.width + x) * 4
                    for c in 0..<4 { out.pixels[to + c] = image.pixels[from + c] }
                }
            }
            return out
        }
        for i in results.indices {
            results[i].expected = scaled(results[i].expected)
            results[i].actual = scaled(results[i].actual)
            results[i].diff = scaled(results[i].diff)
        }
        results[1].layoutChanges = [
            "cell 0.3 id=a moved: (10.0, 20.0) → (10.5, 20.0) by (+0.5, +0.0)",
            "contentSize changed: 375.0×900.0 → 375.0×960.0",
        ]
        var later = results[1]
        later.frame = 60
        later.time = 1
        later.layoutChanges = ["cell 0.4 id=b resized: 100.0×40.0 → 100.0×44.0"]
        results.insert(later, at: 2)
        return results
    }

    func writeReport() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flowsim-report-ui-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return try HTMLReport.write(Self.results(), to: dir.appendingPathComponent("report"))
    }

    /// Runs the browser on `url` with `arguments`; returns its standard output.
    func browse(_ url: String, _ arguments: [String], profile: URL) throws -> String {
        try HeadlessBrowser.run(
            url, arguments: arguments, profile: profile,
            extra: ["--hide-scrollbars", "--force-device-scale-factor=1"])
    }

    func profile(_ index: URL) -> URL {
        index.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("profile")
    }

    func testReportFolderHoldsTheScenesAnimations() throws {
        let index = try writeReport()
        let folder = index.deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for name in ["cards____stuff_--animation-expected.png", "cards____stuff_--animation-actual.png"] {
            XCTAssertTrue(files.contains(name), "\(files.sorted())")
            let chunks = try PNGChunk.parse(Data(contentsOf: folder.appendingPathComponent(name)))
            XCTAssertTrue(chunks.contains { $0.type == "acTL" }, "\(name) is an APNG")
            XCTAssertEqual(chunks.filter { $0.type == "fcTL" }.count, 3, "three golden frames")
        }
        let html = try String(contentsOf: index)
        XCTAssertTrue(html.contains("data-apng=\"cards____stuff_--animation-expected.png\""))
        XCTAssertTrue(html.contains("<div class=\"layout-changes\" data-count=\"2\">"))
        XCTAssertTrue(html.contains("by (+0.5, +0.0)"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "offline report")
    }

    func testFilterFromTheURL() throws {
        let index = try writeReport()
        let dom = try browse(
            index.absoluteString + "?filter=failing&scene=grid", ["--dump-dom"], profile: profile(index))
        XCTAssertTrue(dom.contains("data-filter=\"failing grid\""), String(dom.prefix(1500)))
        XCTAssertTrue(
            dom.contains(
                "<article class=\"scene\" data-scene=\"cards &amp; &lt;stuff&gt;\" data-failing=\"true\" hidden=\"\">"),
            "the other scene is hidden")
        XCTAssertTrue(dom.contains("<article class=\"scene\" data-scene=\"grid\" data-failing=\"true\">"), "grid shown")
        XCTAssertTrue(dom.contains("<details class=\"passing\" hidden=\"\">"), "passing cases hidden")
        XCTAssertTrue(
            dom.contains("id=\"failing-only\" checked")
                || dom.contains("<span id=\"shown\" aria-live=\"polite\">2 cases shown"))
        XCTAssertTrue(dom.contains("2 cases shown"), "grid's missing and error cases")
    }

    func testScriptedInteractions() throws {
        let index = try writeReport()
        let dom = try browse(index.absoluteString + "?test=1", ["--dump-dom"], profile: profile(index))
        let start = try XCTUnwrap(dom.range(of: "<pre id=\"test-results\" hidden=\"\">"), String(dom.suffix(1500)))
        let end = try XCTUnwrap(dom[start.upperBound...].range(of: "</pre>"))
        let text = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "tests did not run: \(text)")
        XCTAssertEqual(json["initialFilter"] as? String, "all")
        XCTAssertEqual(json["casesShown"] as? Int, 4, "4 failing sections")
        let failing = try XCTUnwrap(json["failingOnly"] as? [String: Any])
        XCTAssertEqual(failing["cases"] as? Int, 4)
        XCTAssertEqual(failing["passingHidden"] as? Bool, true)
        XCTAssertEqual(failing["url"] as? String, "?test=1&filter=failing")
        let byScene = try XCTUnwrap(json["byScene"] as? [String: Any])
        XCTAssertEqual(byScene["scene"] as? String, "cards & <stuff>")
        XCTAssertEqual(byScene["scenes"] as? Int, 1)
        XCTAssertEqual(byScene["passingItems"] as? Int, 1)
        let onion = try XCTUnwrap(json["onion"] as? [String: Any])
        XCTAssertEqual(onion["mode"] as? String, "onion")
        XCTAssertEqual(onion["opacity"] as? String, "0.3")
        XCTAssertEqual(onion["clip"] as? String, "none")
        let blink = try XCTUnwrap(json["blink"] as? [String: Any])
        XCTAssertEqual(blink["mode"] as? String, "blink")
        XCTAssertEqual(blink["sequence"] as? [String], ["1", "0", "1"], "actual, expected, actual")
        let slider = try XCTUnwrap(json["slider"] as? [String: Any])
        XCTAssertEqual(slider["pressed"] as? String, "slider")
        XCTAssertTrue((slider["clip"] as? String ?? "").contains("50%"), "\(slider)")
        let player = try XCTUnwrap(json["player"] as? [String: Any])
        XCTAssertEqual(player["frames"] as? Int, 3)
        let before = try XCTUnwrap(player["before"] as? [String: Any])
        let right = try XCTUnwrap(player["right"] as? [String: Any])
        XCTAssertEqual(before["index"] as? String, "0")
        XCTAssertEqual(right["index"] as? String, "1", "→ steps to the next frame")
        XCTAssertEqual(
            right["srcs"] as? [String],
            ["cards____stuff_--frame_0030-expected.png", "cards____stuff_--frame_0030-actual.png"])
        XCTAssertTrue((right["label"] as? String ?? "").contains("2 layout differences"), "\(right)")
        XCTAssertEqual(player["wrapped"] as? String, "2", "← twice from frame 1 wraps to the last")
        let playing = try XCTUnwrap(player["playing"] as? [String: Any])
        XCTAssertEqual(playing["playing"] as? String, "true")
        XCTAssertEqual(
            playing["srcs"] as? [String],
            ["cards____stuff_--animation-expected.png", "cards____stuff_--animation-actual.png"])
        XCTAssertEqual(player["active"] as? Bool, true)
        let layout = try XCTUnwrap(json["layout"] as? [String: Any])
        XCTAssertEqual(layout["count"] as? Int, 2)
        XCTAssertEqual(
            (layout["items"] as? [String])?.first, "cell 0.3 id=a moved: (10.0, 20.0) → (10.5, 20.0) by (+0.5, +0.0)")
    }

    func testScreenshotMatchesItsGolden() throws {
        let index = try writeReport()
        // The same glyphs whatever fonts the machine has (see ReportFontPinning).
        try ReportFontPinning.pin(index)
        let shot = index.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shot.png")
        _ = try browse(
            index.absoluteString + "?filter=failing", ["--screenshot=\(shot.path)", "--window-size=1000,1300"],
            profile: profile(index))
        let actual = try PNGDecoder.decode(contentsOfFile: shot.path)
        XCTAssertEqual(actual.width, 1000)
        let fm = FileManager.default
        if ProcessInfo.processInfo.environment["FLOWSIM_RECORD_GOLDENS"] == "1"
            || !fm.fileExists(atPath: Self.golden.path)
        {
            guard ProcessInfo.processInfo.environment["FLOWSIM_RECORD_GOLDENS"] == "1" else {
                XCTFail(
                    "missing \(Self.golden.path); record it with FLOWSIM_RECORD_GOLDENS=1 swift test --filter ReportInteraction"
                )
                return
            }
            try fm.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGEncoder(compression: .standard, colorMode: .automatic).encode(actual).write(to: Self.golden)
            return
        }
        let expected = try PNGDecoder.decode(contentsOfFile: Self.golden.path)
        let options = ImageComparisonOptions(metric: .pixelmatch, threshold: 0.1, maxDiffPixelRatio: 0.01)
        let result = ImageComparator.compareWithDiff(expected, actual, options: options)
        if !result.result.match, let diff = result.diffImage,
            let folder = ProcessInfo.processInfo.environment["FLOWSIM_ARTIFACTS"]
        {
            try? PNGEncoder().encode(diff).write(
                to: URL(fileURLWithPath: folder).appendingPathComponent("report-diff.png"))
        }
        XCTAssertTrue(
            result.result.match,
            "report screenshot differs from Goldens/tests/report/report.png: \(GoldenCaseResult.describe(result.result, options: options)); re-record with FLOWSIM_RECORD_GOLDENS=1 swift test --filter ReportInteraction"
        )
    }
}
