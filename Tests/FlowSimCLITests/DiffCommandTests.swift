import FlowSim
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

final class DiffCommandTests: XCTestCase {
    func testIdenticalImagesExitZeroWithOneLine() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(10, 8), dir.appendingPathComponent("a.png"))
        let b = try writePNG(solidImage(10, 8), dir.appendingPathComponent("b.png"))
        let run = runFlowSim(["diff", a.path, b.path])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.out.split(separator: "\n").count, 1)
        XCTAssertTrue(run.out.contains("0 of 80 pixels differ"), run.out)
        XCTAssertTrue(run.out.hasPrefix("OK"), run.out)
    }

    func testDifferencesExitOneAndLimitsDecide() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(10, 10), dir.appendingPathComponent("a.png"))
        let b = try writePNG(
            solidImage(10, 10, changed: [(1, 1), (5, 5), (8, 2)]), dir.appendingPathComponent("b.png"))
        let fail = runFlowSim(["diff", a.path, b.path])
        XCTAssertEqual(fail.status, 1)
        XCTAssertTrue(fail.out.contains("3 of 100 pixels differ"), fail.out)
        XCTAssertTrue(fail.out.hasPrefix("FAIL"), fail.out)
        XCTAssertEqual(runFlowSim(["diff", a.path, b.path, "--max-diff-pixels", "3"]).status, 0)
        XCTAssertEqual(runFlowSim(["diff", a.path, b.path, "--max-diff-pixels", "2"]).status, 1)
        XCTAssertEqual(runFlowSim(["diff", a.path, b.path, "--max-diff-ratio", "0.03"]).status, 0)
        // Both limits: the stricter wins.
        XCTAssertEqual(
            runFlowSim(["diff", a.path, b.path, "--max-diff-ratio", "0.5", "--max-diff-pixels", "1"]).status, 1)
        XCTAssertEqual(runFlowSim(["diff", a.path, b.path, "--metric", "exact"]).status, 1)
    }

    func testJSONShapeIsExactlyTheDocumentedObject() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(4, 5), dir.appendingPathComponent("a.png"))
        let b = try writePNG(solidImage(4, 5, changed: [(0, 0)]), dir.appendingPathComponent("b.png"))
        let run = runFlowSim(["diff", a.path, b.path, "--json"])
        XCTAssertEqual(run.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["diffPixels", "totalPixels", "ratio", "width", "height", "match"])
        XCTAssertEqual(object["diffPixels"] as? Int, 1)
        XCTAssertEqual(object["totalPixels"] as? Int, 20)
        XCTAssertEqual(object["ratio"] as? Double, 0.05)
        XCTAssertEqual(object["width"] as? Int, 4)
        XCTAssertEqual(object["height"] as? Int, 5)
        XCTAssertEqual(object["match"] as? Bool, false)
        // Key order as documented.
        let order = ["diffPixels", "totalPixels", "ratio", "width", "height", "match"].compactMap {
            run.out.range(of: "\"\($0)\"")?.lowerBound
        }
        XCTAssertEqual(order, order.sorted())
        XCTAssertEqual(order.count, 6)
    }

    func testErrorsExitTwoAndNameTheFile() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(4, 4), dir.appendingPathComponent("a.png"))
        let corrupt = dir.appendingPathComponent("corrupt.png")
        var bytes = try Data(contentsOf: a)
        bytes = bytes.prefix(bytes.count / 2)
        try bytes.write(to: corrupt)
        let notPNG = dir.appendingPathComponent("text.png")
        try Data("hello".utf8).write(to: notPNG)
        let missing = dir.appendingPathComponent("missing.png").path

        for other in [corrupt.path, notPNG.path, missing] {
            let run = runFlowSim(["diff", a.path, other])
            XCTAssertEqual(run.status, 2, "\(other): \(run.out)")
            XCTAssertTrue(run.err.contains(other), run.err)
            XCTAssertTrue(run.out.isEmpty)
        }
        let reversed = runFlowSim(["diff", corrupt.path, a.path, "--json"])
        XCTAssertEqual(reversed.status, 2)
        XCTAssertTrue(reversed.err.contains("corrupt.png"), reversed.err)

        for bad in [
            ["--threshold", "2"], ["--threshold", "x"], ["--max-diff-pixels", "-1"], ["--max-diff-ratio", "1.5"],
            ["--metric", "fuzzy"], ["--bogus"],
        ] {
            let run = runFlowSim(["diff", a.path, a.path] + bad)
            XCTAssertEqual(run.status, 2, "\(bad)")
            XCTAssertFalse(run.err.isEmpty)
        }
        XCTAssertEqual(runFlowSim(["diff", a.path]).status, 2)
        XCTAssertEqual(runFlowSim(["diff", a.path, dir.path]).status, 2)
    }

    func testSizeMismatchFailsAndNamesBothSizes() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(10, 5), dir.appendingPathComponent("a.png"))
        let b = try writePNG(solidImage(5, 10), dir.appendingPathComponent("b.png"))
        let run = runFlowSim(["diff", a.path, b.path, "--max-diff-ratio", "1"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.out.contains("10x5") && run.out.contains("5x10"), run.out)
    }

    func testDiffOutWritesDiffAndSideBySideWithoutTemporaryFiles() throws {
        let dir = try makeTemporaryFolder(self)
        let a = try writePNG(solidImage(6, 4), dir.appendingPathComponent("a.png"))
        let b = try writePNG(solidImage(6, 4, changed: [(2, 2)]), dir.appendingPathComponent("b.png"))
        let out = dir.appendingPathComponent("out/diff.png")
        XCTAssertEqual(runFlowSim(["diff", a.path, b.path, "--diff-out", out.path]).status, 1)
        let diff = try PNGDecoder.decode(contentsOfFile: out.path)
        XCTAssertEqual(diff.width, 6)
        XCTAssertEqual(diff[2, 2].r, 255)
        XCTAssertEqual(diff[2, 2].g, 0)
        let side = try PNGDecoder.decode(contentsOfFile: dir.appendingPathComponent("out/diff-side-by-side.png").path)
        XCTAssertEqual(side.width, 6 * 3 + 2 * 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        XCTAssertEqual(files, ["diff-side-by-side.png", "diff.png"])
    }

    func testFoldersArePairedByNameAndOneSidedFilesFail() throws {
        let dir = try makeTemporaryFolder(self)
        let left = dir.appendingPathComponent("expected")
        let right = dir.appendingPathComponent("actual")
        try writePNG(solidImage(4, 4), left.appendingPathComponent("same.png"))
        try writePNG(solidImage(4, 4), right.appendingPathComponent("same.png"))
        try writePNG(solidImage(4, 4), left.appendingPathComponent("sub/changed.png"))
        try writePNG(solidImage(4, 4, changed: [(1, 1)]), right.appendingPathComponent("sub/changed.png"))

        let passing = runFlowSim(["diff", left.path, right.path, "--max-diff-pixels", "1"])
        XCTAssertEqual(passing.status, 0, passing.out + passing.err)
        XCTAssertTrue(passing.out.contains("2 files"), passing.out)

        try writePNG(solidImage(4, 4), left.appendingPathComponent("only-expected.png"))
        let oneSided = runFlowSim(["diff", left.path, right.path, "--max-diff-pixels", "1"])
        XCTAssertEqual(oneSided.status, 1)
        XCTAssertTrue(oneSided.out.contains("only-expected.png"), oneSided.out)

        let json = runFlowSim(["diff", left.path, right.path, "--json"])
        XCTAssertEqual(json.status, 1)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.map { $0["file"] as? String }, ["only-expected.png", "same.png", "sub/changed.png"])
        XCTAssertEqual(list.map { $0["match"] as? Bool }, [false, true, false])
        XCTAssertEqual(list[0]["missing"] as? String, "actual")
        XCTAssertEqual(list[2]["diffPixels"] as? Int, 1)
        XCTAssertEqual(list[2]["totalPixels"] as? Int, 16)

        // A corrupt file in a folder is an error (2) naming it.
        try Data("junk".utf8).write(to: right.appendingPathComponent("same.png"))
        let broken = runFlowSim(["diff", left.path, right.path])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.err.contains("same.png"), broken.err)
    }

    func testLayoutJSONDiffReportsMovedResizedAppearedVanished() throws {
        let dir = try makeTemporaryFolder(self)
        func element(_ item: Int, _ id: String, x: Double, y: Double, w: Double = 50) -> String {
            "{\"kind\": \"cell\", \"section\": 0, \"item\": \(item), \"id\": \"\(id)\", \"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(w), \"height\": 50}, \"center\": {\"x\": \(x + w / 2), \"y\": \(y + 25)}, \"size\": {\"width\": \(w), \"height\": 50}, \"alpha\": 1, \"zIndex\": 0}"
        }
        let a = dir.appendingPathComponent("a.json")
        let b = dir.appendingPathComponent("b.json")
        try
            "{\"contentSize\": {\"width\": 200, \"height\": 100}, \"elements\": [\(element(0, "a", x: 0, y: 0)), \(element(1, "b", x: 60, y: 0)), \(element(2, "c", x: 120, y: 0))]}"
            .write(to: a, atomically: true, encoding: .utf8)
        try
            "{\"contentSize\": {\"width\": 200, \"height\": 100}, \"elements\": [\(element(0, "a", x: 0.3, y: 0)), \(element(1, "b", x: 60, y: 60)), \(element(2, "d", x: 120, y: 0, w: 80))]}"
            .write(to: b, atomically: true, encoding: .utf8)
        let run = runFlowSim(["diff", a.path, b.path])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.out.contains("cell 0.1 id=b moved"), run.out)
        XCTAssertTrue(run.out.contains("cell 0.2 id=c vanished"), run.out)
        XCTAssertTrue(run.out.contains("cell 0.2 id=d appeared"), run.out)
        XCTAssertFalse(run.out.contains("id=a"), "0.3 pt is within the default 0.5 pt tolerance: \(run.out)")
        XCTAssertTrue(runFlowSim(["diff", a.path, b.path, "--tolerance", "0.1"]).out.contains("id=a moved"))
        XCTAssertEqual(runFlowSim(["diff", a.path, a.path]).status, 0)
        let json = runFlowSim(["diff", a.path, b.path, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["match"] as? Bool, false)
        XCTAssertEqual((object["changes"] as? [Any])?.count, 3)

        let bad = dir.appendingPathComponent("bad.json")
        try "{\"elements\": [".write(to: bad, atomically: true, encoding: .utf8)
        let error = runFlowSim(["diff", a.path, bad.path])
        XCTAssertEqual(error.status, 2)
        XCTAssertTrue(error.err.contains("bad.json"), error.err)
    }

    func testLayoutAndFramesOutputOfRealScenesDiff() throws {
        let dir = try makeTemporaryFolder(self)
        let before = runFlowSim(["layout"])
        let after = runFlowSim(["layout", "--after", "all"])
        XCTAssertEqual(before.status, 0)
        let a = dir.appendingPathComponent("before.json")
        let b = dir.appendingPathComponent("after.json")
        try before.out.write(to: a, atomically: true, encoding: .utf8)
        try after.out.write(to: b, atomically: true, encoding: .utf8)
        let run = runFlowSim(["diff", a.path, b.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.out.contains("id=new-park appeared"), run.out)
        XCTAssertTrue(run.out.contains("id=glacier-bay vanished"), run.out)
        XCTAssertTrue(run.out.contains("moved"), run.out)

        let frames = runFlowSim(["frames", "--times", "0,0.5"])
        let f = dir.appendingPathComponent("frames.json")
        try frames.out.write(to: f, atomically: true, encoding: .utf8)
        XCTAssertEqual(runFlowSim(["diff", f.path, f.path]).status, 0)
        let mixed = runFlowSim(["diff", a.path, f.path])
        XCTAssertEqual(mixed.status, 2, mixed.out)
    }

    func testHelpListsDiffAndCheck() {
        let run = runFlowSim(["--help"])
        XCTAssertTrue(run.out.contains("diff"))
        XCTAssertTrue(run.out.contains("check"))
        XCTAssertEqual(runFlowSim(["help", "diff"]).status, 0)
    }
}
