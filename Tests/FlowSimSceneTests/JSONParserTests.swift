import FlowSimCoreTestSupport
import FlowSimSupport
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

    /// Seeded: the validator agrees with Swift's own UTF-8 validation on random byte strings
    /// biased toward lead and continuation bytes (where overlong forms and surrogates live).
    func testUTF8ValidationAgreesWithTheStandardLibrary() {
        var generator = SeededRandom(seed: 0x5EED_07F8)
        let interesting: [UInt8] = [
            0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F,
            0x90,
        ]
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 7)
            let bytes = (0..<count).map { _ -> UInt8 in
                generator.next() % 2 == 0
                    ? interesting[Int(generator.next() % UInt64(interesting.count))]
                    : UInt8(truncatingIfNeeded: generator.next())
            }
            let ours = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidByte(in: $0) == nil }
            XCTAssertEqual(ours, String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }

    func testDeepNestingFailsWithoutCrashing() {
        XCTAssertThrowsError(
            try JSONParser.parse(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)))
    }
}
