import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// `PaintOrder` is the one ordering of presented elements: a strict weak order whose equality
/// is "neither painted before the other", used by the timeline's presentation and drawing.
final class PaintOrderTests: XCTestCase {
    private func element(_ random: inout PlannerRandom) -> PresentedElement {
        let kind = ElementKind.allCases.randomElement(using: &random)!
        var transform = CATransform3DIdentity
        if Bool.random(using: &random) { transform.m43 = CGFloat(Int.random(in: -2...2, using: &random)) / 2 }
        return PresentedElement(
            kind: kind, section: Int.random(in: 0...2, using: &random),
            item: kind == .cell ? Int.random(in: 0...3, using: &random) : nil, id: "e\(random.next() % 1000)",
            center: .zero, size: CGSize(width: 10, height: 10), zIndex: Int.random(in: -1...1, using: &random),
            isSnapshot: Bool.random(using: &random), transform3D: transform)
    }

    func testStrictWeakOrderAndEquality() {
        var random = PlannerRandom(seed: 43)
        let elements = (0..<60).map { _ in element(&random) }
        let orders = elements.map(\.paintOrder)
        for a in orders {
            XCTAssertFalse(a < a)
            XCTAssertEqual(a, a)
            for b in orders {
                XCTAssertFalse(a < b && b < a)
                XCTAssertEqual(a == b, !(a < b) && !(b < a))
                for c in orders.prefix(20) where a < b && b < c { XCTAssertTrue(a < c) }
            }
        }
    }

    /// `paintOrder(_:)` sorts by `PaintOrder`, keeping the input order of equal orders.
    func testPaintOrderSortsStablyByTheKey() {
        var random = PlannerRandom(seed: 44)
        let elements = (0..<200).map { _ in element(&random) }
        let sorted = PresentedElement.paintOrder(elements)
        for (a, b) in zip(sorted, sorted.dropFirst()) { XCTAssertFalse(b.paintOrder < a.paintOrder) }
        // Equal orders keep their input order.
        let indexed = PresentedElement.paintOrder(
            elements.enumerated().map { offset, element in
                var copy = element
                copy.id = "\(offset)"
                return copy
            })
        for (a, b) in zip(indexed, indexed.dropFirst()) where a.paintOrder == b.paintOrder {
            XCTAssertLessThan(Int(a.id)!, Int(b.id)!)
        }
    }
}
