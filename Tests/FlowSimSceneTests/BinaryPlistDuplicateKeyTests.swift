import Foundation
import XCTest

@testable import FlowSimScene

/// A binary property list whose dictionary holds a key twice is refused like JSON's duplicate
/// keys (Foundation keeps the last one silently).
final class BinaryPlistDuplicateKeyTests: XCTestCase {
    /// `{"name": "a", "name": "b"}` by hand: a dictionary object whose two key references point
    /// at the same string.
    static let duplicate: [UInt8] = {
        var bytes = Array("bplist00".utf8)
        bytes += [0xD2, 1, 1, 2, 3]  // 8: dict of 2, keys → 1, 1; values → 2, 3
        bytes += [0x54] + Array("name".utf8)  // 13
        bytes += [0x51] + Array("a".utf8)  // 18
        bytes += [0x51] + Array("b".utf8)  // 20
        bytes += [8, 13, 18, 20]  // 22: offset table
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]  // trailer: offset and reference sizes
        bytes += [0, 0, 0, 0, 0, 0, 0, 4]  // 4 objects
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]  // top object 0
        bytes += [0, 0, 0, 0, 0, 0, 0, 22]  // offset table at 22
        return bytes
    }()

    func testDuplicateKeysAreFound() {
        XCTAssertEqual(BinaryPropertyListSize.firstDuplicateKey(Data(Self.duplicate)), "name")
        var unique = Self.duplicate
        unique[10] = 2  // keys → 1, 2 ("name", "a")
        XCTAssertNil(BinaryPropertyListSize.firstDuplicateKey(Data(unique)))
    }

    func testTheDecoderRefusesThem() {
        XCTAssertThrowsError(
            try SceneDecoder.decode(Data(Self.duplicate), source: "dup.plist", defaultName: "dup", isPropertyList: true)
        ) { error in
            XCTAssertTrue("\(error)".contains("duplicate key \"name\""), "\(error)")
        }
    }
}
