import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// Seeded properties of element identity with any kind and index path length: the key order and
/// the paint order are strict weak orders, and a supplementary or decoration view's mapping across
/// an update follows its section, keeps the rest of its index path and runs back to where it was.
final class ElementKeyPropertyTests: XCTestCase {
    private static let kinds: [ElementKind] = [
        .cell, .header, .footer, .supplementary("badge"), .supplementary("ribbon"), .decoration("background"),
        .decoration("badge"),
    ]

    private func key(_ random: inout PlannerRandom) -> ElementKey {
        let kind = Self.kinds.randomElement(using: &random)!
        let length = kind == .cell ? 2 : Int.random(in: 0...3, using: &random)
        return ElementKey(
            kind: kind, indexPath: IndexPath(indexes: (0..<length).map { _ in Int.random(in: 0...2, using: &random) }))
    }

    func testKeyOrderIsAStrictWeakOrderAndEqualityIsIdentity() {
        var random = PlannerRandom(seed: 2201)
        let keys = (0..<80).map { _ in key(&random) }
        for a in keys {
            XCTAssertFalse(a < a)
            for b in keys {
                XCTAssertFalse(a < b && b < a, "\(a) \(b)")
                // Keys that neither orders before the other are the same element.
                XCTAssertEqual(!(a < b) && !(b < a), a == b, "\(a) \(b)")
                for c in keys.prefix(25) where a < b && b < c { XCTAssertTrue(a < c) }
            }
        }
    }

    func testPaintOrderStaysAStrictWeakOrderWithAnyKind() {
        var random = PlannerRandom(seed: 2202)
        let orders = (0..<60).map { _ -> PaintOrder in
            let k = key(&random)
            return PresentedElement(
                kind: k.kind, indexPath: k.indexPath, id: "e", center: .zero, size: CGSize(width: 1, height: 1),
                zIndex: Int.random(in: -1...1, using: &random), isSnapshot: Bool.random(using: &random)
            ).paintOrder
        }
        for a in orders {
            XCTAssertFalse(a < a)
            for b in orders {
                XCTAssertFalse(a < b && b < a)
                for c in orders.prefix(20) where a < b && b < c { XCTAssertTrue(a < c) }
            }
        }
    }

    /// Random section and item batches: every auxiliary element of a surviving section maps to its
    /// section's new index with the rest of its index path unchanged, and back; one of a deleted
    /// section maps to nothing; one with an empty index path stays.
    func testAuxiliaryElementsFollowTheirSection() throws {
        var random = PlannerRandom(seed: 2203)
        var counter = 0
        for _ in 0..<60 {
            let old = RandomBatch.sections(random: &random, counter: &counter)
            let batch = RandomBatch(old: old, random: &random, counter: &counter)
            let mapping = try batch.batch.validate(old: batch.old.map(\.items.count), new: batch.new.map(\.items.count))
            for section in old.indices {
                for kind in Self.kinds where kind != .cell {
                    let rest = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                        Int.random(in: 0...5, using: &random)
                    }
                    let oldKey = ElementKey(kind: kind, indexPath: IndexPath(indexes: [section] + rest))
                    guard let newSection = mapping.newSectionForOld[section] else {
                        XCTAssertNil(mapping.newKey(forOld: oldKey))
                        continue
                    }
                    let newKey = mapping.newKey(forOld: oldKey)
                    XCTAssertEqual(newKey, ElementKey(kind: kind, indexPath: IndexPath(indexes: [newSection] + rest)))
                    XCTAssertEqual(newKey.flatMap(mapping.oldKey(forNew:)), oldKey)
                }
            }
            let global = ElementKey(kind: .decoration("background"), indexPath: IndexPath())
            XCTAssertEqual(mapping.newKey(forOld: global), global)
        }
    }

    /// A kind the layout anchors to items follows its item (an insert at the front moves badge
    /// [0, 1] to [0, 2]); other kinds keep their index path; a deleted item's badge maps to nothing.
    func testItemAnchoredKindsFollowTheirItem() throws {
        var batch = BatchUpdate()
        batch.insertedItems = [IndexPath(item: 0, section: 0)]
        batch.deletedItems = [IndexPath(item: 2, section: 0)]
        var mapping = try batch.validate(old: [3], new: [3])
        mapping.itemAnchoredKinds = ["badge"]
        let badge = ElementKey(kind: .supplementary("badge"), indexPath: [0, 1])
        XCTAssertEqual(mapping.newKey(forOld: badge), ElementKey(kind: .supplementary("badge"), indexPath: [0, 2]))
        XCTAssertEqual(mapping.oldKey(forNew: ElementKey(kind: .supplementary("badge"), indexPath: [0, 2])), badge)
        XCTAssertNil(mapping.newKey(forOld: ElementKey(kind: .supplementary("badge"), indexPath: [0, 2])))
        XCTAssertNil(mapping.oldKey(forNew: ElementKey(kind: .supplementary("badge"), indexPath: [0, 0])))
        let ribbon = ElementKey(kind: .supplementary("ribbon"), indexPath: [0, 1])
        XCTAssertEqual(mapping.newKey(forOld: ribbon), ribbon)
        // A decoration of the same kind string is not a supplementary view: it follows its section.
        let decoration = ElementKey(kind: .decoration("badge"), indexPath: [0, 1])
        XCTAssertEqual(mapping.newKey(forOld: decoration), decoration)
    }
}
