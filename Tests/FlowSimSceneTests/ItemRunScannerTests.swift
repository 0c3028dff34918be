import FlowSim
import FlowSimSupport
import Foundation
import XCTest

@testable import FlowSimScene

/// Arrays of items decoded as the parser reads them (`ItemRunScanner`) give the scene the
/// decoder gives item by item, and every error is the decoder's, word for word.
final class ItemRunScannerTests: XCTestCase {
    private func fast(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), source: "test.json", defaultName: "test")
    }

    /// The item-by-item decoder alone (what `decode` falls back to).
    private func slow(_ json: String) throws -> Scene {
        try SceneDecoder.scene(
            ValueReader(try JSONParser.parse(Data(json.utf8))), defaultName: "test", runs: nil)
    }

    /// Every stored value of the two scenes (their reflected descriptions, the items of each
    /// section as a list: the scanner keeps them compact) is the same.
    private func assertSame(_ a: Scene, _ b: Scene, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(a.sections, b.sections, message, line: line)
        XCTAssertEqual(a.selectedItemIDs, b.selectedItemIDs, message, line: line)
        XCTAssertEqual(a.imageKeys, b.imageKeys, message, line: line)
        func listed(_ scene: Scene) -> Scene {
            var scene = scene
            // Compared above: a dictionary's printed order follows how it grew, not its contents.
            scene.imageKeys = [:]
            for s in scene.sections.indices {
                scene.sections[s].itemList = SectionItems(scene.sections[s].itemList.array)
            }
            return scene
        }
        XCTAssertEqual(String(describing: listed(a)), String(describing: listed(b)), message, line: line)
    }

    private func scene(sections: [String], layout: String = "{}") -> String {
        #"{"viewport": {"width": 375, "height": 667, "scale": 2}, "layout": \#(layout), "sections": ["#
            + sections.joined(separator: ", ") + "]}"
    }

    /// One random item: keys in a random order, numbers written as integers, short and long
    /// decimals and exponents, strings with and without non-ASCII text, sometimes a key the
    /// scanner leaves to the decoder (an escape, `null`, `fittingSize`).
    private func randomItem(_ n: Int, using random: inout SeededRandom, plainOnly: Bool) -> String {
        var members = [#""id": "p\#(n)""#]
        if Bool.random(using: &random) { members.append(#""title": "Park \#(n) é 🌲""#) }
        if Bool.random(using: &random) {
            let numbers = ["50", "0", "12.5", "33.333333333333336", "2.50", "0.1", "100.0000000000000001"]
            let width = numbers[Int.random(in: 0..<numbers.count, using: &random)]
            let height = numbers[Int.random(in: 0..<numbers.count, using: &random)]
            members.append(#""size": {"height": \#(height), "width": \#(width)}"#)
        }
        if Int.random(in: 0..<5, using: &random) == 0 { members.append(#""image": "images/p\#(n % 3).png""#) }
        if Int.random(in: 0..<4, using: &random) == 0 {
            members.append(#""selected": \#(Bool.random(using: &random))"#)
        }
        if !plainOnly && Int.random(in: 0..<40, using: &random) == 0 {
            let others = [
                #""title": "tab\there""#, #""image": null"#, #""fittingSize": {"width": 10, "height": 10}"#,
            ]
            members.append(others[Int.random(in: 0..<others.count, using: &random)])
        }
        members.shuffle(using: &random)
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// Seeded: scenes of 64 to 300 items per section, same scene either way.
    func testScannedItemsDecodeAsTheDecoderDecodesThem() throws {
        var random = SeededRandom(seed: 28)
        var scanned = 0
        for round in 0..<16 {
            var sections: [String] = []
            var n = 0
            for s in 0..<Int.random(in: 1...3, using: &random) {
                let count = Int.random(in: 64...300, using: &random)
                let items = (0..<count).map { _ in
                    defer { n += 1 }
                    return randomItem(n, using: &random, plainOnly: round % 2 == 0)
                }
                sections.append(#"{"id": "sec\#(s)", "items": [\#(items.joined(separator: ",\n "))]}"#)
            }
            let json = scene(sections: sections)
            let data = Data(json.utf8)
            let runs = ParsedItemRuns(key: "\u{0}test", bytes: data)
            _ = try JSONParser.parse(data, emptyObjectRunKey: runs.key, arrayShortcut: runs.scan)
            scanned += runs.lists.count
            // The same scene, or the same error (a repeated key among the odd ones is one).
            switch (Result { try slow(json) }, Result { try fast(json) }) {
            case (.success(let expected), .success(let actual)): assertSame(actual, expected, "round \(round)")
            case (.failure(let expected), .failure(let actual)):
                XCTAssertEqual((actual as? SceneError)?.path, (expected as? SceneError)?.path, "round \(round)")
                XCTAssertEqual((actual as? SceneError)?.message, (expected as? SceneError)?.message, "round \(round)")
            case (let expected, let actual): XCTFail("round \(round): \(expected) but \(actual)")
            }
        }
        XCTAssertGreaterThan(scanned, 8, "the plain rounds' arrays are scanned")
    }

    func testNumbersReadAsDoubleReadsThem() throws {
        let texts = [
            "0", "7", "12.5", "0.1", "0.3", "123456789012345", "1234567890123456", "98765.4321", "0.000001",
            "33.333333333333336", "2.5000000000000000000001", "9007199254740993", "1.7976931348623157",
        ]
        for text in texts {
            let items = (0..<64).map { #"{"id": "i\#($0)", "size": {"width": \#(text), "height": 1}}"# }
            let json = scene(sections: [#"{"items": [\#(items.joined(separator: ", "))]}"#])
            let decoded = try fast(json)
            XCTAssertEqual(decoded.sections[0].items[5].size?.width, CGFloat(Double(text)!), text)
        }
    }

    func testSelectionAndImagesKeepTheirOrder() throws {
        let items = (0..<70).map { n in
            #"{"id": "i\#(n)", "selected": \#(n % 3 == 0), "image": "p\#(n).png"}"#
        }
        let json = scene(sections: [#"{"items": [\#(items.joined(separator: ", "))]}"#])
        let decoded = try fast(json)
        XCTAssertEqual(decoded.selectedItemIDs, stride(from: 0, to: 70, by: 3).map { "i\($0)" })
        XCTAssertEqual(decoded.sections[0].items[69].imagePath, "p69.png")
        assertSame(decoded, try slow(json))
    }

    /// Errors in long arrays of items are the decoder's own, with their key paths.
    func testErrorsAreTheDecodersWordForWord() {
        func items(_ bad: String, at index: Int) -> String {
            let list = (0..<100).map { $0 == index ? bad : #"{"id": "i\#($0)", "size": {"width": 40, "height": 40}}"# }
            return scene(sections: [#"{"items": [\#(list.joined(separator: ", "))]}"#], layout: #"{"cellInset": 2}"#)
        }
        let cases: [(String, String)] = [
            (
                items(#"{"id": "i3"}"#, at: 70),
                "test.json: sections[0].items[70].id: duplicate item id \"i3\": ids identify items across updates and must be unique"
            ),
            (
                items(#"{"id": "x", "size": {"width": -4, "height": 40}}"#, at: 80),
                "test.json: sections[0].items[80].size.width: expected a finite number ≥ 0, got -4"
            ),
            (
                items(#"{"id": "x", "size": {"width": 3, "height": 40}}"#, at: 99),
                "test.json: layout.cellInset: an inset of 2 pt on each side leaves nothing of a 3×40 cell; use less than half its smaller side"
            ),
            (
                items(#"{"id": "x", "titel": "t"}"#, at: 64),
                "test.json: sections[0].items[64].titel: unknown key \"titel\"; did you mean \"title\"? (cell text) Known keys here: id, title, size, image, selected, fittingSize."
            ),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try fast(json)) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    /// Seeded: the id check finds a repeat exactly when a set of the values does, for values
    /// spread like hashes, values that differ only in their low or high bits, and lone repeats.
    func testRepeatsAreFoundAsASetFindsThem() {
        var random = SeededRandom(seed: 2806)
        for count in [0, 1, 2, 3, 100, 2049, 5000, 40000] {
            for shape in 0..<3 {
                var values = (0..<count).map { index -> UInt64 in
                    switch shape {
                    case 0: return random.next()
                    case 1: return UInt64(index) * 7  // only low bits differ
                    default: return UInt64(index) << 40 | 0xFFFF  // only high bits differ
                    }
                }
                XCTAssertEqual(RunIDCheck.hasRepeat([values]), Set(values).count < count, "\(count), shape \(shape)")
                guard count > 1 else { continue }
                values[Int.random(in: 1..<count, using: &random)] = values[Int.random(in: 0..<count, using: &random)]
                XCTAssertEqual(RunIDCheck.hasRepeat([values]), Set(values).count < count, "\(count), shape \(shape)")
            }
        }
        XCTAssertTrue(RunIDCheck.hasRepeat([[1, 2], [UInt64](repeating: 5, count: 3000)]), "one bucket, all repeats")
        XCTAssertTrue(RunIDCheck.hasRepeat([[1, 2, 3], [], [4, 2]]), "a repeat across lists")
        XCTAssertFalse(RunIDCheck.hasRepeat([[1, 2, 3], [], [4, 5]]))
    }

    /// The scanner hashes an id's bytes as it reads them; the hash is the one of the id's string
    /// (what the check compares the scene's other ids with).
    func testIDHashOfBytesIsTheHashOfItsString() {
        XCTAssertEqual(RunIDCheck.hash(""), 0xcbf2_9ce4_8422_2325, "FNV-1a's offset basis")
        for id in ["", "p1", "s0-i17", "Park 12 é 🌲", String(repeating: "x", count: 300)] {
            let fromBytes = Array(id.utf8).withUnsafeBufferPointer { RunIDCheck.hash($0) }
            XCTAssertEqual(fromBytes, RunIDCheck.hash(id), id)
        }
    }

    /// An id repeated in a later scanned section, or one a listed section also has, is reported
    /// where the item-by-item decoder reports it.
    func testRepeatsAcrossScannedSectionsAreTheDecodersErrors() throws {
        func section(_ name: String, _ ids: [String]) -> String {
            #"{"id": "\#(name)", "items": [\#(ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", "))]}"#
        }
        let first = (0..<100).map { "a\($0)" }
        let second = (0..<100).map { $0 == 77 ? "a5" : "b\($0)" }
        let cases = [
            scene(sections: [section("one", first), section("two", second)]),
            scene(sections: [section("one", first), section("two", ["c0", "a99"])]),
            scene(sections: [section("one", ["c0", "b3"]), section("two", first), section("three", second)]),
        ]
        for json in cases {
            let data = Data(json.utf8)
            let runs = ParsedItemRuns(key: "\u{0}test", bytes: data)
            _ = try JSONParser.parse(data, emptyObjectRunKey: runs.key, arrayShortcut: runs.scan)
            XCTAssertGreaterThanOrEqual(runs.lists.count, 1, "a section is scanned")
            guard case .failure(let expected) = Result(catching: { try slow(json) }),
                case .failure(let actual) = Result(catching: { try fast(json) })
            else {
                XCTFail("both decoders report the repeat")
                continue
            }
            XCTAssertEqual((actual as? SceneError)?.path, (expected as? SceneError)?.path)
            XCTAssertEqual((actual as? SceneError)?.message, (expected as? SceneError)?.message)
            XCTAssertEqual((actual as? SceneError)?.message.contains("duplicate item id"), true)
        }
        // Without the repeat the scanned scene is the decoder's.
        let json = scene(sections: [section("one", first), section("two", (0..<100).map { "b\($0)" })])
        try assertSame(fast(json), slow(json))
    }

    /// An array longer than 2¹⁶ items is sized by a skim of its remaining bytes: brackets and
    /// braces inside strings, an escaped quote (the scan then leaves the array to the decoder)
    /// and nested sizes are skimmed over, and the scene is the decoder's either way.
    func testLongArraysSizedBySkimmingDecodeAsTheDecoderDoes() throws {
        func items(_ count: Int, escapeAt: Int? = nil) -> String {
            (0..<count).map { n in
                let title = n == escapeAt ? #"a \"quoted\" ]}"# : "t]{[}\(n % 10)"
                return n % 3 == 0
                    ? #"{"id": "i\#(n)", "title": "\#(title)", "size": {"width": 40, "height": 40}}"#
                    : #"{"id": "i\#(n)"}"#
            }.joined(separator: ",")
        }
        let plain = scene(sections: [#"{"items": [\#(items(70_000))]}"#, #"{"items": [{"id": "x"}]}"#])
        let data = Data(plain.utf8)
        let runs = ParsedItemRuns(key: "\u{0}test", bytes: data)
        _ = try JSONParser.parse(data, emptyObjectRunKey: runs.key, arrayShortcut: runs.scan)
        XCTAssertEqual(runs.lists.compactMap { $0?.items.count }, [70_000], "the long array is scanned whole")
        // The sections alone (a scene's description of 70,000 items is slow to compare in a debug build).
        XCTAssertEqual(try fast(plain).sections, try slow(plain).sections)
        let escaped = scene(sections: [#"{"items": [\#(items(70_000, escapeAt: 69_000))]}"#])
        let decoded = try fast(escaped)
        XCTAssertEqual(decoded.sections[0].items[69_000].title, #"a "quoted" ]}"#)
        XCTAssertEqual(decoded.sections, try slow(escaped).sections)
    }

    /// Titles and sizes are kept only when some item of the array has one: ids alone keep no
    /// title or size array; a first title or size late in a long array (before and after the
    /// arrays are sized at 2¹⁶ items) fills the earlier items in as none, and the sections are
    /// the decoder's.
    func testTitlesAndSizesAreKeptOnlyWhenAnItemHasOne() throws {
        let ids = (0..<100).map { #"{"id": "a\#($0)"}"# }.joined(separator: ", ")
        let late = (0..<70_000).map { n in
            switch n {
            case 60_000: return #"{"id": "b\#(n)", "title": "First title"}"#
            case 69_998: return #"{"id": "b\#(n)", "size": {"width": 70, "height": 20}}"#
            default: return #"{"id": "b\#(n)"}"#
            }
        }.joined(separator: ", ")
        let json = scene(sections: ["{\"items\": [\(ids)]}", "{\"items\": [\(late)]}"])
        let loaded = try fast(json)
        let plain = try XCTUnwrap(loaded.sections[0].itemList.compactItems)
        XCTAssertEqual(plain.ids.count, 100)
        XCTAssertTrue(plain.titles.isEmpty)
        XCTAssertTrue(plain.sizes.isEmpty)
        XCTAssertFalse(plain.hasSizes)
        let long = try XCTUnwrap(loaded.sections[1].itemList.compactItems)
        XCTAssertEqual(long.titles.count, 70_000)
        XCTAssertEqual(long.sizes.count, 70_000)
        XCTAssertEqual(long.title(at: 60_000), "First title")
        XCTAssertEqual(long.title(at: 59_999), "b59999")
        XCTAssertEqual(long.size(at: 69_998), CGSize(width: 70, height: 20))
        XCTAssertNil(long.size(at: 69_999))
        XCTAssertNil(long.size(at: 0))
        XCTAssertEqual(loaded.sections, try slow(json).sections)
    }

    /// Scanned items stay compact (byte ranges into the file) through loading: image paths are
    /// resolved against the scene's folder without making the items a list, and the scene is
    /// the one the item-by-item decoder gives with its paths resolved.
    func testScannedItemsStayCompactAndTheirImagePathsResolve() throws {
        let items = (0..<70).map { n in
            let image = [#", "image": "images/p\#(n).png""#, #", "image": "/abs/p.png""#, #", "image": """#, ""][n % 4]
            return #"{"id": "p\#(n)", "title": "Park \#(n) é"\#(image), "size": {"width": \#(n), "height": 50}}"#
        }
        let json = scene(sections: ["{\"items\": [" + items.joined(separator: ", ") + "]}"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scanner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only paths that exist beside the scene are made absolute: p0.png exists, p4.png not.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data([0]).write(to: folder.appendingPathComponent("images/p0.png"))
        let file = folder.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: file)
        let loaded = try SceneDecoder.load(path: file.path)
        var expected = try slow(json)
        expected.resolveImagePaths(relativeTo: folder)
        XCTAssertNotNil(loaded.sections[0].itemList.compactItems, "kept compact")
        XCTAssertNil(expected.sections[0].itemList.compactItems)
        XCTAssertEqual(loaded.sections, expected.sections)
        XCTAssertEqual(
            loaded.sections[0].items[0].imagePath,
            folder.appendingPathComponent("images/p0.png").standardizedFileURL.path)
        XCTAssertEqual(loaded.sections[0].items[4].imagePath, "images/p4.png")
        XCTAssertEqual(loaded.sections[0].items[1].imagePath, "/abs/p.png")
        XCTAssertEqual(loaded.sections[0].items[2].imagePath, "")
        XCTAssertNil(loaded.sections[0].items[3].imagePath)
    }
}
