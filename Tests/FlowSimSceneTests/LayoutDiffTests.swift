import FlowSimSupport
import XCTest

@testable import FlowSim
@testable import FlowSimScene

final class LayoutDiffTests: XCTestCase {
    func cell(
        _ section: Int, _ item: Int, _ id: String, x: Double, y: Double, w: Double = 50, h: Double = 50,
        alpha: Double = 1, extra: String = ""
    ) -> String {
        "{\"kind\": \"cell\", \"section\": \(section), \"item\": \(item), \"id\": \"\(id)\", \"center\": {\"x\": \(x), \"y\": \(y)}, \"size\": {\"width\": \(w), \"height\": \(h)}, \"alpha\": \(alpha), \"zIndex\": 0\(extra)}"
    }

    func layout(_ elements: [String]) throws -> JSONValue {
        try JSONParser.parse(
            "{\"contentSize\": {\"width\": 100, \"height\": 100}, \"elements\": [\(elements.joined(separator: ","))]}")
    }

    func testIdenticalLayoutsHaveNoChanges() throws {
        let a = try layout([
            cell(0, 0, "a", x: 25, y: 25),
            "{\"kind\": \"header\", \"section\": 0, \"center\": {\"x\": 50, \"y\": 5}, \"size\": {\"width\": 100, \"height\": 10}}",
        ])
        XCTAssertEqual(try LayoutDiff.compare(a, a), [])
    }

    func testMovedResizedChangedAppearedVanished() throws {
        let a = try layout([
            cell(0, 0, "a", x: 25, y: 25), cell(0, 1, "b", x: 80, y: 25), cell(0, 2, "c", x: 25, y: 80),
            cell(0, 3, "e", x: 80, y: 80),
        ])
        let b = try layout([
            cell(0, 0, "b", x: 25, y: 25), cell(0, 1, "a", x: 25.4, y: 25, w: 60), cell(0, 2, "d", x: 25, y: 80),
            cell(0, 3, "e", x: 80, y: 80, alpha: 0.5),
        ])
        let changes = try LayoutDiff.compare(a, b, tolerance: 0.5)
        let text = changes.map(\.description)
        XCTAssertEqual(changes.map(\.kind), [.resized, .moved, .vanished, .changed, .appeared], "\(text)")
        XCTAssertEqual(text[0], "cell 0.0 id=a → 0.1 resized: 50.0×50.0 → 60.0×50.0")
        XCTAssertEqual(text[1], "cell 0.1 id=b → 0.0 moved: center (80.0, 25.0) → (25.0, 25.0), by (-55.0, +0.0)")
        XCTAssertTrue(text[2].hasPrefix("cell 0.2 id=c vanished"))
        XCTAssertEqual(text[3], "cell 0.3 id=e changed: alpha 1 → 0.5")
        XCTAssertTrue(text[4].hasPrefix("cell 0.2 id=d appeared"))
        // A tighter tolerance reports a's 0.4 pt move too.
        XCTAssertTrue(
            try LayoutDiff.compare(a, b, tolerance: 0.1).contains { $0.kind == .moved && $0.element.contains("id=a") })
    }

    /// An id spelled like the label's repeat suffix is its own element: before, "x #2" and the
    /// second "x" shared the key "cell id=x #2", so "x #2" was compared with the second "x".
    func testAnIDLookingLikeARepeatSuffixIsMatchedWithItself() throws {
        let a = try layout([
            cell(0, 0, "x", x: 25, y: 25), cell(0, 1, "x", x: 80, y: 25), cell(0, 2, "x #2", x: 25, y: 80),
        ])
        let b = try layout([
            cell(0, 0, "x", x: 25, y: 25), cell(0, 1, "x", x: 80, y: 25), cell(0, 2, "x #2", x: 30, y: 80),
        ])
        XCTAssertEqual(
            try LayoutDiff.compare(a, b).map(\.description),
            ["cell 0.2 id=x #2 moved: center (25.0, 80.0) → (30.0, 80.0), by (+5.0, +0.0)"])
        // True repeats still pair by order and keep their " #n" labels.
        let c = try layout([
            cell(0, 0, "x", x: 25, y: 25), cell(0, 1, "x", x: 80, y: 40), cell(0, 2, "x #2", x: 25, y: 80),
        ])
        XCTAssertEqual(
            try LayoutDiff.compare(a, c).map(\.description),
            ["cell 0.1 id=x #2 moved: center (80.0, 25.0) → (80.0, 40.0), by (+0.0, +15.0)"])
        // A section spelled "id=y" is not an element with id y (both were keyed "cell id=y").
        let d = try layout([
            "{\"kind\": \"cell\", \"section\": \"id=y\", \"center\": {\"x\": 1, \"y\": 1}, \"size\": {\"width\": 2, \"height\": 2}}"
        ])
        let e = try layout([cell(0, 0, "y", x: 1, y: 1, w: 2, h: 2)])
        XCTAssertEqual(
            try LayoutDiff.compare(d, e).map(\.kind), [.vanished, .appeared])
    }

    func testFramesDocumentsAreComparedFrameByFrame() throws {
        func frames(_ list: [(Int, [String])]) throws -> JSONValue {
            try JSONParser.parse(
                "{\"fps\": 60, \"duration\": 1, \"frames\": ["
                    + list.map { "{\"index\": \($0.0), \"time\": 0, \"elements\": [\($0.1.joined(separator: ","))]}" }
                    .joined(separator: ",") + "]}")
        }
        let a = try frames([(0, [cell(0, 0, "a", x: 10, y: 10)]), (1, [cell(0, 0, "a", x: 10, y: 10)])])
        let b = try frames([(0, [cell(0, 0, "a", x: 10, y: 10)]), (1, [cell(0, 0, "a", x: 10, y: 20)]), (2, [])])
        let changes = try LayoutDiff.compare(a, b)
        XCTAssertEqual(
            changes.map(\.description),
            [
                "frame 1: cell 0.0 id=a moved: center (10.0, 10.0) → (10.0, 20.0), by (+0.0, +10.0)",
                "frame 2: frame appeared",
            ])
        // Snapshot ghosts are distinct elements.
        let ghost = try frames([
            (0, [cell(0, 0, "a", x: 10, y: 10), cell(0, 0, "a", x: 10, y: 10, extra: ", \"snapshot\": true")])
        ])
        let plain = try frames([(0, [cell(0, 0, "a", x: 10, y: 10)])])
        XCTAssertEqual(try LayoutDiff.compare(ghost, plain).map(\.kind), [.vanished])
    }

    func testMalformedDocumentsThrowNamingTheFile() throws {
        XCTAssertThrowsError(try LayoutDiff.compare(.object([]), .object([]), names: ("x.json", "y.json"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.json:"), "\(error)")
        }
        let layoutDoc = try layout([])
        let framesDoc = try JSONParser.parse("{\"frames\": []}")
        XCTAssertThrowsError(try LayoutDiff.compare(layoutDoc, framesDoc, names: ("a", "b")))
        XCTAssertThrowsError(try LayoutDiff.compare(layoutDoc, try JSONParser.parse("{\"elements\": [3]}")))
        XCTAssertThrowsError(
            try LayoutDiff.compareFiles(expected: "/nonexistent/a.json", actual: "/nonexistent/b.json")
        ) { error in
            XCTAssertEqual("\(error)", "/nonexistent/a.json: no such file")
        }
    }
}
