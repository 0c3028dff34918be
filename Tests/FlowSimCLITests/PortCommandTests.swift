import FlowSimCLI
import Foundation
import XCTest
import FlowSimTestSupport

final class PortCommandTests: XCTestCase {
    private let delegate = """
        @objc protocol Delegate: AnyObject {
            @objc optional func height(at index: Int) -> CGFloat
        }

        """

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testPortWritesEveryFileAndPrintsEachEdit() throws {
        let dir = try folder()
        let a = try write(delegate, "Delegate.swift", in: dir)
        let b = try write(
            "final class C: Delegate {\n    func height(at index: Int) -> CGFloat { 1 }\n}\n", "C.swift", in: dir)
        let out = dir.appendingPathComponent("out/ported")
        let run = CLI.run(["port", a, b, "--output", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            \(a):1:1: removed @objc
            \(a):2:5: removed @objc
            \(a):2:20: optional requirement height(at:) of Delegate → protocol Delegate_height_at
            \(b):1:7: C implements height(at:): added conformance to Delegate_height_at
            Ported 2 file(s) into \(out.path): 4 edit(s).

            """)
        let ported = try String(contentsOf: out.appendingPathComponent("C.swift"), encoding: .utf8)
        XCTAssertEqual(
            ported,
            "final class C: Delegate, Delegate_height_at {\n    func height(at index: Int) -> CGFloat { 1 }\n}\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("Delegate.swift").path))
        let quiet = CLI.run(["port", a, "--output", out.path, "--quiet"])
        XCTAssertEqual(quiet.stdout, "Ported 1 file(s) into \(out.path): 3 edit(s).\n")
    }

    func testRefusalExitsTwoNamesThePositionAndWritesNothing() throws {
        let dir = try folder()
        let good = try write(delegate, "Good.swift", in: dir)
        let bad = try write("let a = 1\n  let s = #selector(tap)\n", "Bad.swift", in: dir)
        let out = dir.appendingPathComponent("out")
        let run = CLI.run(["port", good, bad, "--output", out.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            "flowsim port: \(bad):2:11: error: cannot port #selector outside 'responds(to: #selector(…))' (needs the Objective-C runtime)\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written when any file fails")
    }

    func testExistingOutputIsReplacedWholeOrNotAtAll() throws {
        let dir = try folder()
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let keep = try write("old", "Delegate.swift", in: out)
        let input = try write(delegate, "Delegate.swift", in: dir)
        let bad = try write("let s = \"open\n", "Bad.swift", in: dir)
        XCTAssertEqual(CLI.run(["port", input, bad, "--output", out.path]).status, 2)
        XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "old")
        XCTAssertEqual(CLI.run(["port", input, "--output", out.path]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: keep, encoding: .utf8).hasPrefix("protocol Delegate: AnyObject {"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary files are left behind")
    }

    func testUsageErrorsExitTwo() throws {
        let dir = try folder()
        let input = try write(delegate, "Delegate.swift", in: dir)
        let missing = CLI.run(["port", input])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("flowsim port: missing --output DIR."), missing.stderr)
        XCTAssertEqual(CLI.run(["port", "--output", dir.path]).status, 2)
        let unreadable = CLI.run(["port", dir.appendingPathComponent("nope.swift").path, "--output", dir.path + "/o"])
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertTrue(unreadable.stderr.contains("nope.swift: cannot read file."), unreadable.stderr)
        let fileAsFolder = CLI.run(["port", input, "--output", input])
        XCTAssertEqual(fileAsFolder.status, 2)
        XCTAssertTrue(fileAsFolder.stderr.contains("is a file, not a folder"), fileAsFolder.stderr)
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let twin = try write(delegate, "Delegate.swift", in: sub)
        let duplicate = CLI.run(["port", input, twin, "--output", dir.path + "/o"])
        XCTAssertEqual(duplicate.status, 2)
        XCTAssertTrue(duplicate.stderr.contains("would both be written as Delegate.swift"), duplicate.stderr)
        XCTAssertTrue(CLI.run(["help", "port"]).stdout.contains("USAGE: flowsim port FILE ..."))
    }
}
