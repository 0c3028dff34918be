import FlowSim
import FlowSimScene
import FlowSimTestSupport
import XCTest

/// Seeded property tests of interactive movement (SplitMix64 through `SeededRandom`): random
/// sections (some empty), a random item, random finger positions over the content, a drop or a
/// cancel. Invariants: the presented data is always the stored data with the one item moved to
/// the target; the two index-path translations invert each other; the moving cell is at the
/// finger on top; a drop stores exactly that move and a cancel stores nothing; no update fails.
final class InteractiveMovementPropertyTests: XCTestCase {
    func testRandomDragsKeepTheDataConsistent() {
        for seed in 0..<150 {
            var random = SeededRandom(seed: UInt64(seed))
            let sizes = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...6, using: &random) }
            guard sizes.contains(where: { $0 > 0 }) else { continue }
            let sections = sizes.enumerated().map { s, count in
                SectionData(id: "s\(s)", items: items(count, prefix: "s\(s)-"))
            }
            let layout = FlowLayout()
            layout.itemSize = CGSize(width: CGFloat(Int.random(in: 40...120, using: &random)), height: 60)
            layout.headerReferenceSize = CGSize(width: 0, height: CGFloat(Int.random(in: 0...1, using: &random) * 30))
            let (view, dataSource) = Fixture.collectionView(sections, layout: layout, width: 320, height: 400)
            let original = dataSource.sections.map { $0.items.map(\.id) }
            let candidates = sizes.enumerated().flatMap { s, n in (0..<n).map { IndexPath(item: $0, section: s) } }
            let source = candidates[Int.random(in: 0..<candidates.count, using: &random)]
            let id = original[source.section][source.item]
            XCTAssertTrue(view.beginInteractiveMovementForItem(at: source), "seed \(seed)")
            let content = layout.collectionViewContentSize
            for step in 0..<Int.random(in: 1...8, using: &random) {
                view.currentTime = Double(step + 1) * 0.1
                let finger = CGPoint(
                    x: CGFloat.random(in: 0...320, using: &random),
                    y: CGFloat.random(in: 0...max(1, content.height), using: &random))
                view.updateInteractiveMovementTargetPosition(finger)
                guard let target = view.interactiveMovementTargetIndexPath else {
                    return XCTFail("seed \(seed): the movement ended by itself")
                }
                var expected = original
                expected[source.section].remove(at: source.item)
                expected[target.section].insert(id, at: target.item)
                XCTAssertEqual(presented(view), expected, "seed \(seed) step \(step)")
                XCTAssertEqual(dataSource.sections.map { $0.items.map(\.id) }, original, "seed \(seed)")
                for (s, row) in expected.enumerated() {
                    for item in row.indices {
                        let path = IndexPath(item: item, section: s)
                        let stored = view.dataSourceIndexPath(forPresentationIndexPath: path)
                        XCTAssertEqual(view.presentationIndexPath(forDataSourceIndexPath: stored), path, "seed \(seed)")
                        XCTAssertEqual(stored.map { original[$0.section][$0.item] }, row[item], "seed \(seed)")
                    }
                }
                let moving = view.validatedLayoutAttributes(in: CGRect(x: finger.x, y: finger.y, width: 1, height: 1))
                    .first { $0.representedElementCategory == .cell && $0.indexPath == target }
                // Within rounding: attributes keep a frame, so a centre set reads back to an ulp.
                XCTAssertEqual(moving?.center.x ?? .nan, finger.x, accuracy: 1e-9, "seed \(seed)")
                XCTAssertEqual(moving?.center.y ?? .nan, finger.y, accuracy: 1e-9, "seed \(seed)")
                XCTAssertEqual(moving?.zIndex, Int.max, "seed \(seed)")
            }
            let target = view.interactiveMovementTargetIndexPath
            view.currentTime = 2
            if Bool.random(using: &random), let target {
                view.endInteractiveMovement()
                var expected = original
                expected[source.section].remove(at: source.item)
                expected[target.section].insert(id, at: target.item)
                XCTAssertEqual(dataSource.sections.map { $0.items.map(\.id) }, expected, "seed \(seed) drop")
            } else {
                view.cancelInteractiveMovement()
                XCTAssertEqual(dataSource.sections.map { $0.items.map(\.id) }, original, "seed \(seed) cancel")
            }
            XCTAssertEqual(presented(view), dataSource.sections.map { $0.items.map(\.id) }, "seed \(seed)")
            XCTAssertTrue(view.updateErrors.isEmpty, "seed \(seed): \(view.updateErrors)")
            XCTAssertFalse(view.isInteractivelyMoving)
            // After the animation the item rests in its slot at zIndex 0.
            let rest = view.presentation(at: 3).first { $0.id == id }
            XCTAssertEqual(rest?.zIndex ?? 0, 0, "seed \(seed)")
        }
    }

    private func presented(_ view: CollectionView) -> [[String]] {
        (0..<view.numberOfSections).map { s in
            (0..<view.numberOfItems(inSection: s)).map { view.itemID(at: IndexPath(item: $0, section: s)) ?? "?" }
        }
    }
}
