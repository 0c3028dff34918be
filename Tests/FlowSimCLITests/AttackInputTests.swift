import FlowSimCLI
import FlowSimTestSupport
import Foundation
import XCTest

/// Hostile inputs found by attacking the CLI by hand: each is refused with exit 2 and a message
/// naming the file, the place and what is wrong, and nothing is written.
final class AttackInputTests: XCTestCase {
    /// A scene of `bytes` in a fresh folder.
    private func file(_ bytes: [UInt8], name: String = "scene.json") throws -> String {
        let url = try makeTemporaryFolder(self).appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private let scenePrefix = #"{"viewport": {"width": 100, "height": 100}, "sections": [{"items": [{"title": "A"#

    /// Before: bytes that are not UTF-8 inside a string were read as U+FFFD and the scene ran
    /// with a mangled title or id, without a word.
    func testInvalidUTF8InASceneStringIsRefusedWithItsPosition() throws {
        let path = try file(Array(scenePrefix.utf8) + [0xFF, 0xFE] + Array(#""}]}]}"#.utf8))
        let result = CLI.run(["layout", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "\(path): malformed JSON at line 1, column 81: invalid UTF-8 (byte 0xFF) in a string: save the file as UTF-8\n"
        )
        XCTAssertEqual(result.stdout, "")
    }

    /// An overlong encoding of "/" (C0 AF) and a UTF-16 surrogate encoded as UTF-8 (ED A0 80)
    /// are not UTF-8 either (RFC 3629).
    func testOverlongAndSurrogateEncodingsAreRefused() throws {
        for (bytes, shown) in [([UInt8]([0xC0, 0xAF]), "0xC0"), ([0xED, 0xA0, 0x80], "0xED")] {
            let path = try file(Array(scenePrefix.utf8) + bytes + Array(#""}]}]}"#.utf8))
            let result = CLI.run(["layout", path])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(
                result.stderr.contains("invalid UTF-8 (byte \(shown)) in a string: save the file as UTF-8"),
                result.stderr)
        }
    }

    /// Items of a long uniform array are read by a shortcut straight from the bytes; a title that
    /// is not UTF-8 there is refused too, at its own position.
    func testInvalidUTF8InALongItemArrayIsRefused() throws {
        let items = (0..<100).map { #"{"id": "i\#($0)", "title": "T\#($0)"}"# }.joined(separator: ",")
        let text = #"{"viewport": {"width": 100, "height": 100}, "sections": [{"items": ["# + items + "]}]}"
        var bytes = Array(text.utf8)
        let marker = Array("T50\"".utf8)
        let at = try XCTUnwrap(
            (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        bytes.replaceSubrange(at + 1..<at + 3, with: [0xE2, 0x82])  // a three-byte sequence cut short
        let result = CLI.run(["layout", try file(bytes)])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("invalid UTF-8 (byte 0xE2) in a string"), result.stderr)
    }

    /// Well-formed UTF-8 of every length still reads: é (2 bytes), € (3), 𝄞 (4).
    func testWellFormedMultibyteTitlesStillRead() throws {
        let path = try file(Array((scenePrefix + "é€𝄞\"}]}]}").utf8))
        let result = CLI.run(["layout", path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// A scene saved as UTF-16 (Windows editors' "Unicode") said "unexpected byte 0xFF".
    func testAUTF16SceneSaysWhatItIs() throws {
        let path = try file([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let result = CLI.run(["layout", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "\(path): malformed JSON at line 1, column 1: the file is UTF-16 or UTF-32 (it starts with a byte-order mark): save it as UTF-8\n"
        )
    }

    /// `diff` of two layout documents: a key given twice was read as the first of the two (the
    /// other silently dropped from the comparison); scenes already refuse that.
    func testALayoutDocumentWithADuplicateKeyIsRefused() throws {
        let folder = try makeTemporaryFolder(self)
        let good = folder.appendingPathComponent("a.json").path
        let bad = folder.appendingPathComponent("b.json").path
        try Data(#"{"elements": [{"kind": "cell", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: good))
        try Data(#"{"elements": [{"kind": "cell", "frame": {"x": 1, "x": 9, "width": 3, "height": 4}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let result = CLI.run(["diff", good, bad])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "flowsim diff: \(bad): elements[0].frame: duplicate key \"x\"\n")

        try Data(#"{"elements": [], "elements": []}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let top = CLI.run(["diff", good, bad])
        XCTAssertEqual(top.status, 2)
        XCTAssertEqual(top.stderr, "flowsim diff: \(bad): duplicate key \"elements\"\n")
    }

    /// A golden that is not a PNG (truncated, empty, a folder) is an error naming its path once;
    /// the path was printed twice (`…/time_end.png: …/time_end.png: corrupt or truncated PNG`).
    func testAnUnreadableGoldenIsNamedOnce() throws {
        let folder = try makeTemporaryFolder(self)
        XCTAssertEqual(CLI.run(["init", folder.path]).status, 0)
        let golden = folder.appendingPathComponent("Goldens/starter/time_end.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: golden)  // the signature alone
        let scenes = folder.appendingPathComponent("Scenes").path
        let goldens = folder.appendingPathComponent("Goldens").path
        let result = CLI.run(["check", scenes, "--goldens", goldens, "--record", "never"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(
                "flowsim check: starter/time_end: \(golden.path): corrupt or truncated PNG: read beyond end of data\n"),
            result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: golden.path).count, 2, result.stderr)
    }

    /// A whole number too large to count with was told "expected a whole number", which it is.
    func testAWholeNumberBeyondTheLimitSaysSo() throws {
        let path = CLI.sceneFile(
            #"{"viewport": {"width": 100, "height": 100}, "sections": [{"items": [{}]}], "pagination": {"total": 1e15}}"#
        )
        let result = CLI.run(["paginate", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr, "\(path): pagination.total: expected a whole number below 10^15, got 1000000000000000.0\n")
    }
}
