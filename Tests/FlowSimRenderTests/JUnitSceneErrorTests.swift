import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Scenes that could not be loaded, simulated or rendered are error cases of the report model.
final class JUnitSceneErrorTests: XCTestCase {
    func testSceneErrorIsOneErrorTestcase() throws {
        let results =
            sampleGoldenResults() + [
                .sceneError("scenes/broken.json", message: "scenes/broken.json: line 1: unexpected end")
            ]
        let xml = JUnitReport.xml(results, suiteName: "flowsim check")
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "6")
        XCTAssertEqual(
            root.attribute(forName: "failures")?.stringValue, "2", "mismatch + missing; errors counted apart")
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "2", "corrupt golden + broken scene")
        let suite = try XCTUnwrap(
            (root.elements(forName: "testsuite")).first {
                $0.attribute(forName: "name")?.stringValue == "scenes/broken.json"
            })
        XCTAssertEqual(suite.attribute(forName: "errors")?.stringValue, "1")
        let testcase = try XCTUnwrap(suite.elements(forName: "testcase").first)
        XCTAssertEqual(testcase.attribute(forName: "name")?.stringValue, "scene")
        let error = try XCTUnwrap(testcase.elements(forName: "error").first)
        XCTAssertEqual(error.attribute(forName: "message")?.stringValue, "scenes/broken.json: line 1: unexpected end")
    }

    func testSceneErrorModel() {
        let result = GoldenCaseResult.sceneError("x.json", message: "bad")
        XCTAssertEqual(result.status, .error)
        XCTAssertTrue(result.isFailure)
        XCTAssertTrue(result.isSceneError)
        XCTAssertEqual(result.caseName, "x.json")
    }

    func testHTMLSummaryCountsErrorsApartFromFailures() {
        let results = sampleGoldenResults() + [.sceneError("broken.json", message: "bad")]
        let html = HTMLReport.html(results, files: results.map { _ in HTMLReport.CaseFiles() }, title: "t")
        XCTAssertTrue(
            html.contains("6 cases: <span class=\"bad\">2 failing</span>, 2 errors, 1 passed, 1 recorded."), html)
        XCTAssertTrue(html.contains("data-case=\"broken.json\""))
    }
}
