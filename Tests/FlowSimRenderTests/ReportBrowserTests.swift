import FlowSim
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimOutput
@testable import FlowSimRender

/// The HTML report, checked in a real headless browser (Debian's `chromium`, or the browser in
/// `FLOWSIM_BROWSER`): the DOM after scripts ran and images loaded must show every failing case
/// with its images decoded, and the passing ones collapsed.
final class ReportBrowserTests: XCTestCase {
    static func findBrowser() -> String? { HeadlessBrowser.find() }

    func writeReport() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flowsim-report-tests-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return try HTMLReport.write(sampleGoldenResults(), to: dir.appendingPathComponent("report"))
    }

    func testReportFolderHoldsImagesAndNoExternalAssets() throws {
        let index = try writeReport()
        let folder = index.deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertTrue(files.contains("index.html"))
        XCTAssertTrue(files.contains("cards____stuff_--frame_0030-expected.png"), "\(files)")
        XCTAssertTrue(files.contains("cards____stuff_--frame_0030-actual.png"))
        XCTAssertTrue(files.contains("cards____stuff_--frame_0030-diff.png"))
        XCTAssertTrue(files.contains("cards____stuff_--frame_0030-side-by-side.png"))
        XCTAssertFalse(
            files.contains { $0.hasPrefix(".") && $0 != AtomicOutput.markerFileName },
            "no temporary files: \(files)")
        let html = try String(contentsOf: index)
        XCTAssertFalse(
            html.contains("http://") || html.contains("https://") || html.contains("//cdn"), "offline report")
        XCTAssertTrue(html.contains("cards &amp; &lt;stuff&gt;/frame_0030"))
        // Every referenced image exists in the folder.
        let sources = html.components(separatedBy: "src=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
        XCTAssertFalse(sources.isEmpty)
        for source in sources { XCTAssertTrue(files.contains(source), source) }
    }

    func testReportInHeadlessBrowser() throws {
        guard Self.findBrowser() != nil else {
            throw XCTSkip(
                "no headless browser found (install Debian's chromium package or set FLOWSIM_BROWSER); the HTML report was not checked in a browser"
            )
        }
        let index = try writeReport()
        let profile = index.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("profile")
        let dom = try HeadlessBrowser.run(index.absoluteString, arguments: ["--dump-dom"], profile: profile)
        XCTAssertTrue(dom.contains("<section class=\"case failed\""), String(dom.prefix(2000)))
        // The failing cases, by name, in sections; the passing one collapsed in <details>.
        for name in ["cards &amp; &lt;stuff&gt;/frame_0030", "grid/frame_0000", "grid/frame_0010"] {
            XCTAssertTrue(dom.contains("<section class=\"case failed\" data-case=\"\(name)\""), name)
        }
        let details = try XCTUnwrap(dom.range(of: "<details class=\"passing\">"))
        XCTAssertTrue(dom[details.lowerBound...].contains("cards &amp; &lt;stuff&gt;/frame_0000"))
        XCTAssertFalse(dom.contains("<details class=\"passing\" open"))
        // Scripts ran and every image of the failing cases decoded in the browser.
        let total = try XCTUnwrap(attribute("data-images-total", in: dom))
        let loaded = try XCTUnwrap(attribute("data-images-loaded", in: dom), "the load handler did not run")
        XCTAssertGreaterThanOrEqual(
            Int(total) ?? 0, 9,
            "expected + actual + diff + side-by-side + slider pair for the mismatch, actual for the missing one, …")
        XCTAssertEqual(loaded, total, "images failed to load in the browser")
        // The slider's script set the clip of the actual image.
        XCTAssertTrue(
            dom.contains("clip-path: inset(0px 50% 0px 0px)") || dom.contains("clip-path: inset(0 50% 0 0)")
                || dom.contains("clip-path: inset(0px 50%"), "slider script did not run")
    }

    func attribute(_ name: String, in dom: String) -> String? {
        guard let range = dom.range(of: "\(name)=\"") else { return nil }
        return dom[range.upperBound...].split(separator: "\"").first.map(String.init)
    }
}
