import Foundation
import XCTest

@testable import FlowSimScene

/// The shape of a binary property list is measured on its object table before Foundation parses
/// it, without recursion: depth, reference cycles, expansion and damage each get their message.
final class BinaryPlistShapeTests: XCTestCase {
    /// A chain of one-element arrays `depth` deep ending in an empty dictionary; 4-byte offsets
    /// and references.
    static func chain(depth: Int) -> Data {
        var objects: [[UInt8]] = (0..<depth).map { i in
            [0xA1] + withUnsafeBytes(of: UInt32(i + 1).bigEndian, Array.init)
        }
        objects.append([0xD0])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += withUnsafeBytes(of: UInt32(offset).bigEndian, Array.init) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        bytes += withUnsafeBytes(of: UInt64(objects.count).bigEndian, Array.init)
        bytes += [UInt8](repeating: 0, count: 8)
        bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        return Data(bytes)
    }

    func decodingError(_ data: Data) -> String {
        do {
            _ = try SceneDecoder.decode(data, source: "s.plist", defaultName: "s", isPropertyList: true)
            return "decoded"
        } catch {
            return "\(error)"
        }
    }

    /// 70,000 levels overflowed the thread's stack in the recursive measure (signal 11); the
    /// iterative one refuses at the JSON parser's depth.
    func testDeepNestingIsRefusedNotACrash() {
        for depth in [513, 70_000] {
            XCTAssertEqual(
                BinaryPropertyListSize.problem(Self.chain(depth: depth), limit: 1_000_000, maxDepth: 512), .tooDeep)
            XCTAssertEqual(
                decodingError(Self.chain(depth: depth)), "s.plist: the property list nests deeper than 512 levels")
        }
        XCTAssertNil(BinaryPropertyListSize.problem(Self.chain(depth: 500), limit: 1_000_000, maxDepth: 512))
    }

    func testACycleAndADamagedTableAreNamed() {
        var cycle = [UInt8](Self.chain(depth: 3))
        cycle[8 + 5 * 2 + 4] = 0  // the third array's element → object 0
        XCTAssertEqual(BinaryPropertyListSize.problem(Data(cycle), limit: 100, maxDepth: 512), .cycle)
        XCTAssertEqual(
            decodingError(Data(cycle)), "s.plist: the property list's objects refer to themselves (a reference cycle)")
        var damaged = [UInt8](Self.chain(depth: 3))
        damaged[8 + 4] = 200  // the first array's element → object 200 of 4
        XCTAssertEqual(BinaryPropertyListSize.problem(Data(damaged), limit: 100, maxDepth: 512), .damaged)
    }

    func testExpansionCountsSharedObjectsAsCopies() {
        // 3 arrays and a dictionary: 4 values.
        XCTAssertNil(BinaryPropertyListSize.problem(Self.chain(depth: 3), limit: 4, maxDepth: 512))
        XCTAssertEqual(BinaryPropertyListSize.problem(Self.chain(depth: 3), limit: 3, maxDepth: 512), .tooManyValues)
    }
}
