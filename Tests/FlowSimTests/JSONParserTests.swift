import FlowSimSupport
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

final class JSONParserTests: XCTestCase {
    func testValuesAndKeyOrder() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.5e1, true, null], "a": "x\u00e9\n"}"#)
        XCTAssertEqual(
            value, .object([("b", .array([.number(1), .number(-25), .bool(true), .null])), ("a", .string("xé\n"))]))
    }

    /// RFC 8259 strictness, with the position of the first error (1-based line and column).
    func testRejectsNonJSONWithPosition() {
        let cases: [(String, Int, Int)] = [
            ("{\"a\": 01}", 1, 7),  // leading zero
            ("[1,]", 1, 4),  // trailing comma
            ("{'a': 1}", 1, 2),  // single quotes
            ("[1]\n x", 2, 2),  // trailing garbage
            ("", 1, 1),
        ]
        for (text, line, column) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                guard let failure = error as? JSONParser.Failure else { return XCTFail("\(error)") }
                XCTAssertEqual(failure.line, line, text)
                XCTAssertEqual(failure.column, column, text)
            }
        }
    }

    func testDeepNestingFailsWithoutCrashing() {
        XCTAssertThrowsError(
            try JSONParser.parse(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)))
    }
}
