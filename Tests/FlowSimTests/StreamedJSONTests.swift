import FlowSim
import FlowSimSupport
import Foundation
import XCTest

@testable import FlowSimScene

/// FlowSim's own number printer and the streamed `layout` / `frames` documents are byte for
/// byte what Swift's `description` and the document trees give.
final class StreamedJSONTests: XCTestCase {
    private func reference(_ value: Double) -> String {
        if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private func printed(_ value: Double) -> String {
        var bytes: [UInt8] = []
        ShortestDecimal.append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Random bit patterns, layout-like values, values near the switches between the exact path,
    /// the fallback and exponential notation, and every power of two with its neighbours.
    /// (`Scripts/bench numbers` runs the same check on millions of doubles in a release build.)
    func testShortestDecimalMatchesSwiftsDescription() {
        var random = SeededRandom(seed: 16)
        var values: [Double] = [
            0, -0.0, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e-4, 9.999999999999999e-5, 1e15, 1e16, 123456789012345.67,
            0.5, .nan, -.nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            0x1.0p53, 0x1.0p53.nextUp, 0x1.0p53.nextDown, 0x1.0p54, 118.33333333333333, 187.5, -2.5e-7,
        ]
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: random.next()))
            values.append(Double(random.next() % 4_000_000) / 1000 - 2000)
            values.append(
                Double(Int(random.next() % 200_001) - 100_000) / [3, 6, 7, 9, 12, 1024][Int(random.next() % 6)])
            values.append(Double(random.next() % 1_000_000_000) * 1e-13)
            values.append(1e14 + Double(random.next() % 1_000_000_000_000_000) / 10)
        }
        for exponent in -1022...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, -power]
        }
        for value in values {
            let expected = reference(value)
            XCTAssertEqual(printed(value), expected, "\(value.bitPattern)")
            XCTAssertEqual(formatNumber(value), expected)
        }
    }

    func testStreamedLayoutAndFramesEqualTheDocumentTrees() throws {
        for pretty in [false, true] {
            let simulation = try SceneSimulation(scene: DefaultScene.load())
            try simulation.run()
            for query in [SceneSimulation.LayoutQuery.content, .visible] {
                var bytes: [UInt8] = []
                var writer = JSONStreamWriter(pretty: pretty, chunkSize: 100) { bytes += $0 }
                LayoutExport.writeLayout(simulation, query: query, to: &writer)
                writer.flush()
                XCTAssertEqual(
                    String(decoding: bytes, as: UTF8.self),
                    LayoutExport.layout(simulation, query: query).serialized(pretty: pretty))
            }
            let times = SceneSimulation.frameTimes(duration: simulation.duration, fps: 30)
            var bytes: [UInt8] = []
            var writer = JSONStreamWriter(pretty: pretty, chunkSize: 1000) { bytes += $0 }
            LayoutExport.writeFrames(
                count: times.count, frame: { simulation.frame(index: $0, time: times[$0]) }, fps: 30,
                duration: simulation.duration, to: &writer)
            writer.flush()
            XCTAssertEqual(
                String(decoding: bytes, as: UTF8.self),
                LayoutExport.frames(simulation.frames(times: times), fps: 30, duration: simulation.duration)
                    .serialized(pretty: pretty))
        }
    }

    func testStringsAreEscapedAsBefore() {
        let value = JSONValue.object([("k\"\\\n\r\t\u{01}é", .string("a\u{1F}b\"ü😀"))])
        XCTAssertEqual(value.serialized(), #"{"k\"\\\n\r\t\u0001é": "a\u001fb\"ü😀"}"#)
    }
}

/// Sections of `{}` items are kept as counts and read exactly as the items would be.
final class UniformItemsTests: XCTestCase {
    private func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), source: "test.json", defaultName: "test")
    }

    func testEmptyItemsAreACountWithTheSameIDsLayoutAndOutput() throws {
        let uniform = try decode(
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{}, {}, {}, {}, {}]}, {"items": [{"id": "x"}, {}]}]}"#
        )
        XCTAssertEqual(uniform.sections[0].itemList.uniformIDPrefix, "s0-i")
        XCTAssertEqual(uniform.sections[0].items.map(\.id), ["s0-i0", "s0-i1", "s0-i2", "s0-i3", "s0-i4"])
        XCTAssertNil(uniform.sections[1].itemList.uniformIDPrefix)
        XCTAssertEqual(uniform.sections[1].items.map(\.id), ["x", "s1-i1"])
        var listed = uniform
        listed.sections[0].items = uniform.sections[0].items  // the same items as a list
        XCTAssertNil(listed.sections[0].itemList.uniformIDPrefix)
        XCTAssertEqual(listed.sections[0].itemList, uniform.sections[0].itemList)
        let a = try SceneSimulation(scene: uniform)
        let b = try SceneSimulation(scene: listed)
        XCTAssertEqual(a.collectionView.indexPath(forItemID: "s0-i3"), IndexPath(item: 3, section: 0))
        XCTAssertNil(a.collectionView.indexPath(forItemID: "s0-i03"))
        XCTAssertNil(a.collectionView.indexPath(forItemID: "s0-i5"))
        XCTAssertEqual(
            LayoutExport.layout(a).serialized(), LayoutExport.layout(b).serialized())
    }

    func testAnIDDuplicatingAMadeIDIsReportedWhereItIs() {
        let json =
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{}, {}, {}]}, {"items": [{"id": "s0-i2"}]}]}"#
        XCTAssertThrowsError(try decode(json)) { error in
            let error = error as? SceneError
            XCTAssertEqual(error?.path, "sections[1].items[0].id")
            XCTAssertTrue(
                error?.message.contains("duplicate item id \"s0-i2\"") ?? false, "\(String(describing: error))")
        }
    }

    func testItemsThatAreNotAllEmptyStayAList() throws {
        let scene = try decode(
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [{}, {"title": "t"}]}]}"#)
        XCTAssertNil(scene.sections[0].itemList.uniformIDPrefix)
        XCTAssertEqual(scene.sections[0].items.map(\.title), ["s0-i0", "t"])
    }

    func testLongRunsAreCountedByTheParserAndOtherArraysOfEmptyObjectsReadAsEver() throws {
        let items = Array(repeating: "{}", count: 100).joined(separator: ", ")
        let scene = try decode(
            #"{"viewport": {"width": 375, "height": 667}, "sections": [{"items": [\#(items)]}]}"#)
        XCTAssertEqual(scene.sections[0].itemList.uniformIDPrefix, "s0-i")
        XCTAssertEqual(scene.sections[0].itemList.count, 100)
        XCTAssertEqual(scene.sections[0].itemList[99].id, "s0-i99")
        // An array of 100 `{}` elsewhere (empty updates) reads as ever: the run is only for items.
        let updates = #"{"viewport": {"width": 375, "height": 667}, "sections": [], "updates": [\#(items)]}"#
        XCTAssertEqual(try decode(updates).updates.count, 100)
    }

    /// `items` is changed in place: appending through it is not a copy each time.
    func testItemsChangeInPlace() {
        var section = SectionData(id: "s")
        let start = Date()
        for index in 0..<100_000 { section.items.append(ItemData(id: "i\(index)")) }
        XCTAssertEqual(section.itemList.count, 100_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        section.itemList = .uniform(idPrefix: "u", count: 3)
        section.items.append(ItemData(id: "x"))
        XCTAssertEqual(section.items.map(\.id), ["u0", "u1", "u2", "x"])
    }
}
