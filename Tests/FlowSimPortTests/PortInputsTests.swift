import FlowSimPort
import XCTest

/// The input rules `flowsim port` and `flowsim-port` share.
final class PortInputsTests: XCTestCase {
    struct Refused: Error, Equatable {
        var message: String
    }

    func testOutputNameIsTheLastPathComponent() {
        XCTAssertEqual(PortInputs.outputName(of: "Sources/App/ObjC/Layout.swift"), "Layout.swift")
        XCTAssertEqual(PortInputs.outputName(of: "Layout.swift"), "Layout.swift")
        XCTAssertEqual(PortInputs.outputName(of: "ObjC/Layout.swift/"), "Layout.swift")
    }

    /// Inputs are read in order; the second input with a name already taken is refused before it
    /// is read, naming both.
    func testASecondInputWithTheSameNameIsRefusedBeforeItIsRead() {
        var read: [String] = []
        XCTAssertThrowsError(
            try PortInputs.collect(
                ["a/Layout.swift", "a/Cell.swift", "b/Layout.swift", "c/Other.swift"],
                read: { (path: String) throws(Refused) -> String in
                    read.append(path)
                    return "// \(path)"
                },
                clash: { Refused(message: $0.description) })
        ) { error in
            XCTAssertEqual(
                error as? Refused,
                Refused(message: "a/Layout.swift and b/Layout.swift would both be written as Layout.swift."))
        }
        XCTAssertEqual(read, ["a/Layout.swift", "a/Cell.swift"])
    }

    func testEveryInputIsReadInOrder() throws {
        let inputs = try PortInputs.collect(
            ["x/A.swift", "y/B.swift"], read: { (path: String) throws(Refused) -> String in "// \(path)" },
            clash: { Refused(message: $0.description) })
        XCTAssertEqual(inputs.map(\.path), ["x/A.swift", "y/B.swift"])
        XCTAssertEqual(inputs.map(\.text), ["// x/A.swift", "// y/B.swift"])
    }

    /// A read failure stops the collection with the reader's own error.
    func testAReadFailureIsTheReadersError() {
        XCTAssertThrowsError(
            try PortInputs.collect(
                ["A.swift", "B.swift"],
                read: { (path: String) throws(Refused) -> String in
                    if path == "B.swift" { throw Refused(message: "B.swift: cannot read") }
                    return ""
                },
                clash: { Refused(message: $0.description) })
        ) { error in
            XCTAssertEqual(error as? Refused, Refused(message: "B.swift: cannot read"))
        }
    }
}
