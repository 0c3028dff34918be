import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// Seeded random batch updates applied through a collection view: section and item edits
/// (`RandomBatch`), interleaved with scrolls, some mid-flight, some on a view never laid out.
/// The planner's invariants hold for every batch, nothing traps, and the presentation ends at the
/// fresh layout. Regressions for the traps these tests found are at the end.
final class UpdateBatchPropertyTests: XCTestCase {
    private func fresh(_ sections: [SectionData], layout: FlowLayout = FlowLayout(), height: CGFloat = 667)
        -> [PresentedElement]
    {
        let (cv, _) = Fixture.collectionView(sections, layout: layout, height: height)
        return cv.presentation(at: 0)
    }

    private func sectionData(_ sections: [RandomBatch.Section]) -> [SectionData] {
        sections.map { SectionData(id: $0.id, items: $0.items.map { ItemData(id: $0) }) }
    }

    private func headedLayout() -> FlowLayout {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 60, height: 40)
        layout.headerReferenceSize = CGSize(width: 30, height: 24)
        layout.footerReferenceSize = CGSize(width: 30, height: 8)
        layout.sectionInset = EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        return layout
    }

    /// The new layout's attributes of `key` (nil: the layout has no such element).
    private func attributes(_ layout: CollectionViewLayout, _ key: ElementKey) -> LayoutAttributes? {
        guard key.kind != .cell else { return layout.layoutAttributesForItem(at: key.indexPath) }
        return layout.layoutAttributesForSupplementaryView(ofKind: key.kind.supplementaryKind!, at: key.indexPath)
    }

    /// Random section and item batches with scrolls in between; the planner's invariants after
    /// each: one plan per element on each side, every element visible afterwards planned, every
    /// plan ending at the new layout.
    func testRandomSectionAndItemBatchesWithScrolls() {
        var random = PlannerRandom(seed: 7_202_512)
        var counter = 0
        for trial in 0..<120 {
            var model = RandomBatch.sections(random: &random, counter: &counter, maxItems: 30)
            let layout = headedLayout()
            let data = SectionedDataSource(sections: sectionData(model))
            let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 240), collectionViewLayout: layout)
            cv.scale = 1
            // Some views start scrolled beyond their content; some are never laid out before
            // their first update.
            cv.contentOffset = CGPoint(x: 0, y: [0, 0, 120, 2000].randomElement(using: &random)!)
            cv.dataSource = data
            cv.delegate = data
            if trial % 4 != 0 { cv.layoutIfNeeded() }
            var time = 0.0
            for step in 0..<4 {
                let context = "trial \(trial) step \(step)"
                let generated = RandomBatch(old: model, random: &random, counter: &counter)
                if Int.random(in: 0..<3, using: &random) == 0 {
                    cv.currentTime = time
                    cv.contentOffset = CGPoint(x: 0, y: CGFloat(Int.random(in: 0...600, using: &random)))
                    time += 0.05
                }
                model = generated.new
                data.sections = sectionData(model)
                cv.currentTime = time
                let batch = generated.batch
                cv.performBatchUpdates {
                    for section in batch.deletedSections { cv.deleteSections(IndexSet(integer: section)) }
                    for section in batch.insertedSections { cv.insertSections(IndexSet(integer: section)) }
                    for move in batch.movedSections { cv.moveSection(move.from, toSection: move.to) }
                    cv.deleteItems(at: batch.deletedItems)
                    cv.insertItems(at: batch.insertedItems)
                    cv.reloadItems(at: batch.reloadedItems)
                    for move in batch.movedItems { cv.moveItem(at: move.from, to: move.to) }
                }
                XCTAssertEqual(cv.updateErrors, [], context)
                guard cv.updateErrors.isEmpty else { return }
                XCTAssertEqual(cv.itemCounts, generated.newCounts, context)
                assertPlanInvariants(cv, context)
                time += Bool.random(using: &random) ? 0.1 : 1
            }
            // At rest: what a view laid out from scratch at the same offset shows.
            let check = CollectionView(
                frame: CGRect(x: 0, y: 0, width: 200, height: 240), collectionViewLayout: headedLayout())
            let checkData = SectionedDataSource(sections: sectionData(model))
            check.scale = 1
            check.contentOffset = cv.contentOffset
            check.dataSource = checkData
            check.delegate = checkData
            assertSameGeometry(cv.presentation(at: 1e6), check.presentation(at: 0), "trial \(trial)")
        }
    }

    private func assertPlanInvariants(_ cv: CollectionView, _ context: String, line: UInt = #line) {
        let plans = cv.lastUpdatePlans
        let newKeys = plans.compactMap(\.newKey)
        let oldKeys = plans.compactMap(\.oldKey)
        XCTAssertEqual(Set(newKeys).count, newKeys.count, "\(context): an element planned twice", line: line)
        XCTAssertEqual(Set(oldKeys).count, oldKeys.count, "\(context): an old element planned twice", line: line)
        let planned = Set(newKeys)
        for attributes in cv.visibleLayoutAttributes() {
            XCTAssertTrue(
                planned.contains(ElementKey(attributes)), "\(context): \(ElementKey(attributes)) has no plan",
                line: line)
        }
        for plan in plans {
            guard let newKey = plan.newKey else {
                XCTAssertEqual(plan.motion, .disappearing, context, line: line)
                continue
            }
            XCTAssertEqual(
                plan.to.frame, attributes(cv.collectionViewLayout, newKey)?.frame,
                "\(context): \(plan.id) does not end at the new layout", line: line)
            XCTAssertEqual(plan.id, cv.identity(of: newKey), context, line: line)
        }
    }

    // MARK: Seeded random item batches ending at the fresh layout

    /// Random deletes, inserts and moves (across sections too) on a SectionedDataSource, built in
    /// UIKit's index spaces: deletes and move sources picked in the old data, then every new
    /// section is filled by putting moved-in and inserted items at random new slots and the
    /// untouched survivors in their old order in the remaining slots. After the animation the
    /// presentation must equal laying the edited data out from scratch. Several batches in a
    /// row, some mid-flight (a later batch starts before the earlier one ends).
    func testRandomBatchesEndAtTheFreshLayout() {
        var random = SeededRandom(seed: 20_251_130)
        var counter = 0
        for trial in 0..<40 {
            let sectionCount = Int.random(in: 1...3, using: &random)
            var sections = (0..<sectionCount).map { s in
                SectionData(
                    id: "S\(s)",
                    items: (0..<Int.random(in: 0...25, using: &random)).map { _ -> ItemData in
                        counter += 1
                        let sized = trial % 2 == 0
                        return ItemData(
                            id: "x\(counter)",
                            size: sized
                                ? CGSize(
                                    width: CGFloat(Int.random(in: 20...160, using: &random)),
                                    height: CGFloat(Int.random(in: 20...70, using: &random))) : nil)
                    })
            }
            let layout = trial % 3 == 0 ? Fixture.parksLayout() : FlowLayout()
            let (cv, data) = Fixture.collectionView(sections, layout: layout, height: 300)
            var time = 0.0
            for batchIndex in 0..<3 {
                var batch: (deletes: [IndexPath], inserts: [IndexPath], moves: [(IndexPath, IndexPath)]) = ([], [], [])
                var survivors: [[ItemData]] = []
                var incoming: [[(ItemData, IndexPath?)]] = Array(repeating: [], count: sectionCount)
                for (s, section) in sections.enumerated() {
                    var kept: [ItemData] = []
                    for (i, item) in section.items.enumerated() {
                        let roll = Int.random(in: 0..<10, using: &random)
                        if roll == 0 {
                            batch.deletes.append(IndexPath(item: i, section: s))
                        } else if roll == 1 {
                            incoming[Int.random(in: 0..<sectionCount, using: &random)].append(
                                (item, IndexPath(item: i, section: s)))
                        } else {
                            kept.append(item)
                        }
                    }
                    survivors.append(kept)
                }
                for s in 0..<sectionCount {
                    for _ in 0..<Int.random(in: 0...3, using: &random) {
                        counter += 1
                        let sized = trial % 2 == 0
                        incoming[s].append(
                            (ItemData(id: "x\(counter)", size: sized ? CGSize(width: 60, height: 30) : nil), nil))
                    }
                }
                for s in 0..<sectionCount {
                    let total = survivors[s].count + incoming[s].count
                    var slots = Array(0..<total)
                    slots.shuffle(using: &random)
                    let claimed = Array(slots.prefix(incoming[s].count))
                    var items = [ItemData?](repeating: nil, count: total)
                    for ((item, from), slot) in zip(incoming[s], claimed) {
                        items[slot] = item
                        let to = IndexPath(item: slot, section: s)
                        if let from { batch.moves.append((from, to)) } else { batch.inserts.append(to) }
                    }
                    var rest = survivors[s].makeIterator()
                    for slot in 0..<total where items[slot] == nil { items[slot] = rest.next() }
                    sections[s].items = items.map { $0! }
                }
                data.sections = sections
                cv.currentTime = time
                cv.performBatchUpdates {
                    cv.deleteItems(at: batch.deletes)
                    cv.insertItems(at: batch.inserts)
                    for (from, to) in batch.moves { cv.moveItem(at: from, to: to) }
                }
                XCTAssertTrue(cv.updateErrors.isEmpty, "trial \(trial) batch \(batchIndex): \(cv.updateErrors)")
                // Next batch: sometimes mid-flight (0.1 s later), sometimes after the end.
                time += Bool.random(using: &random) ? 0.1 : 1
            }
            let freshLayout: FlowLayout = trial % 3 == 0 ? Fixture.parksLayout() : FlowLayout()
            assertSameGeometry(
                cv.presentation(at: 1e6), fresh(sections, layout: freshLayout, height: 300), "trial \(trial)")
        }
    }

    private func assertSameGeometry(
        _ a: [PresentedElement], _ b: [PresentedElement], _ context: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        // Compared to 1e-9: a mid-flight restart interpolates from a presentation value.
        func key(_ e: PresentedElement) -> String {
            "\(e.kind) \(e.id) \(e.section) \(e.item ?? -1) snap=\(e.isSnapshot) z=\(e.zIndex)"
        }
        XCTAssertEqual(a.map(key).sorted(), b.map(key).sorted(), context, file: file, line: line)
        let bByKey = Dictionary(b.map { (key($0), $0) }, uniquingKeysWith: { x, _ in x })
        for e in a {
            guard let f = bByKey[key(e)] else { continue }
            XCTAssertRectEqual(e.frame, f.frame, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(e.alpha, f.alpha, "\(context) \(e.id)", file: file, line: line)
            XCTAssertEqual(e.transform, f.transform, "\(context) \(e.id)", file: file, line: line)
        }
    }

    // MARK: Regressions

    // The scene-driven regression (a scroll from beyond the content, then moveSections) is in
    // SceneUpdateRegressionTests (scene tests).

    /// An update on a view never laid out, with the data already changed (UIKit's order): the
    /// first presentation is recorded from the layout of the cached counts, whose last items the
    /// data source no longer has; they show no content instead of trapping.
    func testUpdateOnAViewNeverLaidOutWithTheDataAlreadyChanged() {
        let data = SectionedDataSource(sections: [SectionData(id: "s", items: Fixture.items(3))])
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: FlowLayout())
        cv.dataSource = data
        cv.delegate = data
        data.sections[0].items.removeLast()
        cv.deleteItems(at: [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(cv.updateErrors, [])
        XCTAssertEqual(cv.lastUpdatePlans.filter { $0.motion == .disappearing }.count, 1)
        assertSameGeometry(
            cv.presentation(at: 10), fresh([SectionData(id: "s", items: Fixture.items(2))]), "never laid out")
    }
}
