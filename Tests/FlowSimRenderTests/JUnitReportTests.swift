import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimImage
@testable import FlowSimRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Golden results shared by the JUnit and HTML report tests: one pass, one mismatch, one
/// missing golden, one error, one recording, across two scenes with awkward names.
func sampleGoldenResults() -> [GoldenCaseResult] {
    let options = ImageComparisonOptions()
    var expected = RGBAImage(width: 20, height: 12, fill: (230, 230, 240, 255))
    var actual = expected
    for x in 3..<9 {
        let i = (5 * 20 + x) * 4
        actual.pixels[i] = 200
        actual.pixels[i + 1] = 0
        actual.pixels[i + 2] = 0
        expected.pixels[i + 3] = 255
    }
    let comparison = ImageComparator.compareWithDiff(expected, actual, options: options)
    func make(_ scene: String, _ frame: Int, _ status: GoldenStatus, _ message: String?) -> GoldenCaseResult {
        GoldenCaseResult(
            scene: scene, frame: frame, time: Double(frame) / 60, goldenPath: "/goldens/\(scene)/frame_\(frame).png",
            status: status,
            comparison: status == .failed || status == .passed ? comparison.result : nil, previousComparison: nil,
            message: message,
            seconds: 0.01, expected: status == .missing ? nil : expected, actual: actual,
            diff: status == .failed ? comparison.diffImage : nil)
    }
    return [
        make("cards & <stuff>", 0, .passed, nil),
        make("cards & <stuff>", 30, .failed, "6 of 240 pixels differ \"quoted\" 'single' \u{1}control"),
        make("grid", 0, .missing, "missing golden /goldens/grid/frame_0000.png"),
        make("grid", 10, .error, "corrupt or truncated PNG"),
        make("grid", 20, .recorded, "recorded /goldens/grid/frame_0020.png"),
    ]
}

final class JUnitReportTests: XCTestCase {
    func testJUnitXMLIsWellFormedWithOneTestcasePerFrame() throws {
        let xml = JUnitReport.xml(sampleGoldenResults(), suiteName: "flowsim check")
        #if canImport(FoundationXML) || canImport(Darwin)
            let document = try XMLDocument(xmlString: xml, options: [])
            let root = try XCTUnwrap(document.rootElement())
            XCTAssertEqual(root.name, "testsuites")
            XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "5")
            XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2")
            XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
            let suites = root.elements(forName: "testsuite")
            XCTAssertEqual(suites.map { $0.attribute(forName: "name")?.stringValue }, ["cards & <stuff>", "grid"])
            let cases = suites.flatMap { $0.elements(forName: "testcase") }
            XCTAssertEqual(cases.count, 5)
            XCTAssertEqual(
                cases.map { $0.attribute(forName: "name")?.stringValue ?? "" },
                ["frame_0000", "frame_0030", "frame_0000", "frame_0010", "frame_0020"])
            XCTAssertEqual(cases[0].attribute(forName: "classname")?.stringValue, "cards & <stuff>")
            XCTAssertEqual(cases[0].childCount, 0)
            let failure = try XCTUnwrap(cases[1].elements(forName: "failure").first)
            XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "mismatch")
            XCTAssertEqual(
                failure.attribute(forName: "message")?.stringValue, "6 of 240 pixels differ \"quoted\" 'single' control"
            )
            XCTAssertTrue(failure.stringValue?.contains("diffPixels: 6") ?? false, failure.stringValue ?? "")
            XCTAssertEqual(
                cases[2].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue, "missing")
            XCTAssertEqual(cases[3].elements(forName: "error").count, 1)
            XCTAssertEqual(
                cases[4].elements(forName: "system-out").first?.stringValue, "recorded /goldens/grid/frame_0020.png")
        #else
            throw XCTSkip("XMLDocument is not available on this platform")
        #endif
    }

    func testEscapeDropsCharactersXMLCannotHold() {
        XCTAssertEqual(JUnitReport.escape("a<b>&\"'\u{0}\u{1B}c\u{FFFE}"), "a&lt;b&gt;&amp;&quot;&apos;c")
    }
}
