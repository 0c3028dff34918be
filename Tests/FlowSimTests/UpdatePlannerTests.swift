import FlowSimCoreTestSupport
import Foundation
import XCTest

@testable import FlowSim

/// `UpdatePlanner` on its own: snapshots built by hand (a list layout: a 10 pt header, then
/// 20 pt rows), no collection view.
final class UpdatePlannerTests: XCTestCase {
    /// Every element of a list layout of `sections`, by key.
    private func listLayout(_ sections: [RandomBatch.Section]) -> [ElementKey: AttributesValue] {
        var result: [ElementKey: AttributesValue] = [:]
        var y: CGFloat = 0
        for (s, section) in sections.enumerated() {
            result[ElementKey(kind: .header, section: s, item: 0)] = AttributesValue(
                center: CGPoint(x: 50, y: y + 5), size: CGSize(width: 100, height: 10))
            y += 10
            for item in section.items.indices {
                result[ElementKey(kind: .cell, section: s, item: item)] = AttributesValue(
                    center: CGPoint(x: 50, y: y + 10), size: CGSize(width: 100, height: 20))
                y += 20
            }
        }
        return result
    }

    private func snapshot(
        _ sections: [RandomBatch.Section], visible: CGRect, region: CGRect? = nil
    ) -> (snapshot: LayoutSnapshot, all: [ElementKey: AttributesValue]) {
        let all = listLayout(sections)
        let recorded = region.map { rect in all.filter { $0.value.frame.meets(rect) } } ?? all
        return (
            LayoutSnapshot(
                visible: visible, attributes: recorded, itemIDs: sections.map(\.items), sectionIDs: sections.map(\.id)),
            all
        )
    }

    private let screen = CGRect(x: 0, y: 0, width: 100, height: 100)

    /// The base layout's answers (docs/uikit-rules.md §2): a survivor's I is its S, its F its E;
    /// inserted and deleted elements answer nil (faded by the planner). E and S from beyond the
    /// recorded region come from the whole layouts.
    private func baseHooks(
        _ mapping: UpdateMapping, old: [ElementKey: AttributesValue], new: [ElementKey: AttributesValue],
        log: ((String) -> Void)? = nil
    ) -> UpdatePlanner.Hooks {
        UpdatePlanner.Hooks(
            attributesAfterUpdate: { key in
                log?("E\(key.item)")
                return new[key]
            },
            attributesBeforeUpdate: { key in
                log?("S\(key.item)")
                return old[key]
            },
            initialAttributes: { key in
                log?("I\(key.item)")
                return mapping.oldKey(forNew: key).flatMap { old[$0] }
            },
            finalAttributes: { key in
                log?("F\(key.item)")
                return mapping.newKey(forOld: key).flatMap { new[$0] }
            })
    }

    func testInsertDeleteMoveAndStill() throws {
        let old = [RandomBatch.Section(id: "s", items: ["a", "b", "c", "d"])]
        let new = [RandomBatch.Section(id: "s", items: ["n", "a", "c", "d"])]  // b deleted, n inserted
        var batch = BatchUpdate()
        batch.deletedItems = [IndexPath(item: 1, section: 0)]
        batch.insertedItems = [IndexPath(item: 0, section: 0)]
        let validated = try batch.validated(old: [4], new: [4])
        let (oldSnapshot, oldAll) = snapshot(old, visible: screen)
        let (newSnapshot, newAll) = snapshot(new, visible: screen)
        let plans = UpdatePlanner.plan(
            old: oldSnapshot, new: newSnapshot, batch: validated,
            hooks: baseHooks(validated.mapping, old: oldAll, new: newAll))
        let byID = Dictionary(plans.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(plans.map(\.id), ["header-s", "n", "a", "c", "d", "b"])
        XCTAssertEqual(byID["header-s"]?.motion, .still)
        XCTAssertEqual(byID["n"]?.state, .appearing)
        XCTAssertEqual(byID["n"]?.from.alpha, 0, "nil I: E faded")
        XCTAssertEqual(byID["a"]?.motion, .single)
        XCTAssertEqual(byID["a"]?.state, .moving)
        XCTAssertEqual(byID["a"]?.from.frame.minY, 10)
        XCTAssertEqual(byID["a"]?.to.frame.minY, 30)
        XCTAssertEqual(byID["c"]?.motion, .still)
        XCTAssertEqual(byID["b"]?.motion, .disappearing)
        XCTAssertEqual(byID["b"]?.to.alpha, 0, "nil F: S faded")
    }

    /// The hooks are asked in the documented order, and their answers are used: E and S from
    /// beyond the recorded region, then I (and F for survivors) in plan order, then F of deletes.
    func testHooksOrderAndAnswers() throws {
        let old = [RandomBatch.Section(id: "s", items: (0..<12).map { "i\($0)" })]
        var newItems = old[0].items
        newItems.removeFirst(6)  // six deleted: i6 … slide up into view from beyond the region
        let new = [RandomBatch.Section(id: "s", items: newItems)]
        var batch = BatchUpdate()
        batch.deletedItems = (0..<6).map { IndexPath(item: $0, section: 0) }
        let validated = try batch.validated(old: [12], new: [6])
        let region = CGRect(x: 0, y: 0, width: 100, height: 100)  // records only what is on screen
        let (oldSnapshot, oldAll) = snapshot(old, visible: screen, region: region)
        let (newSnapshot, newAll) = snapshot(new, visible: screen, region: region)
        var log: [String] = []
        var shrunk = AttributesValue(center: .zero, size: CGSize(width: 1, height: 1))
        shrunk.alpha = 0.5
        var hooks = baseHooks(validated.mapping, old: oldAll, new: newAll) { log.append($0) }
        let base = hooks.finalAttributes
        hooks.finalAttributes = { key in key.kind == .cell && key.item == 0 ? shrunk : base(key) }
        let plans = UpdatePlanner.plan(old: oldSnapshot, new: newSnapshot, batch: validated, hooks: hooks)
        // i6, i7 (new items 0, 1) were outside the old region (y 130…170): S asked for old 6, 7.
        XCTAssertEqual(Array(log.prefix(5)), ["S6", "S7", "S8", "S9", "S10"])
        XCTAssertEqual(log[5...].filter { !$0.hasPrefix("I") && !$0.hasPrefix("F") }, [])
        XCTAssertEqual(log.filter { $0.hasPrefix("E") }, [], "the new snapshot recorded every visible element")
        XCTAssertEqual(log.last, "F4")
        XCTAssertEqual(plans.first { $0.id == "i0" }?.to, shrunk)
        XCTAssertEqual(plans.first { $0.id == "i6" }?.from.frame.minY, 130)
        XCTAssertEqual(plans.first { $0.id == "i6" }?.to.frame.minY, 10)
    }

    /// Seeded random batches (section deletes, inserts and moves, into and out of empty
    /// sections; item deletes, inserts, moves across sections and reloads) on random list
    /// layouts, with the visible bounds moved between the two sides (a scroll in between) and the
    /// snapshots recording only a region around them. Invariants: the batch validates and
    /// `expectedCounts` predicts the new counts; one plan per element per side; every element
    /// that meets the visible bounds on either side has its plan; survivors keep their identity;
    /// every plan ends at the new layout (or, deleted, starts at the old one).
    func testRandomBatchesPlanEveryElementOnce() throws {
        var random = PlannerRandom(seed: 2_025_12_01)
        var counter = 0
        for trial in 0..<400 {
            let old = RandomBatch.sections(random: &random, counter: &counter)
            let generated = RandomBatch(old: old, random: &random, counter: &counter)
            let context = "trial \(trial)"
            let validated: ValidatedBatch
            do {
                validated = try generated.batch.validated(old: generated.oldCounts, new: generated.newCounts)
            } catch {
                XCTFail("\(context): \(error)")
                continue
            }
            let inserted = Dictionary(
                generated.batch.insertedSections.map { ($0, generated.new[$0].items.count) },
                uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(
                generated.batch.expectedCounts(old: generated.oldCounts, insertedSectionCounts: inserted),
                generated.newCounts, context)
            let oldVisible = screen.offsetBy(dx: 0, dy: CGFloat(Int.random(in: 0...300, using: &random)))
            let newVisible = screen.offsetBy(dx: 0, dy: CGFloat(Int.random(in: 0...300, using: &random)))
            let (oldSnapshot, oldAll) = snapshot(old, visible: oldVisible, region: oldVisible.insetBy(dx: 0, dy: -100))
            let (newSnapshot, newAll) = snapshot(
                generated.new, visible: newVisible, region: newVisible.insetBy(dx: 0, dy: -100))
            let hooks = baseHooks(validated.mapping, old: oldAll, new: newAll)
            let plans = UpdatePlanner.plan(old: oldSnapshot, new: newSnapshot, batch: validated, hooks: hooks)
            assertInvariants(
                plans, mapping: validated.mapping, old: (oldSnapshot, oldAll), new: (newSnapshot, newAll), context)
        }
    }

    private func assertInvariants(
        _ plans: [ElementAnimationPlan], mapping: UpdateMapping,
        old: (snapshot: LayoutSnapshot, all: [ElementKey: AttributesValue]),
        new: (snapshot: LayoutSnapshot, all: [ElementKey: AttributesValue]), _ context: String,
        line: UInt = #line
    ) {
        let newKeys = plans.compactMap(\.newKey)
        let oldKeys = plans.compactMap(\.oldKey)
        XCTAssertEqual(Set(newKeys).count, newKeys.count, "\(context): a new element planned twice", line: line)
        XCTAssertEqual(Set(oldKeys).count, oldKeys.count, "\(context): an old element planned twice", line: line)
        for (key, end) in new.all where end.frame.meets(new.snapshot.visible) {
            XCTAssertTrue(newKeys.contains(key), "\(context): \(key) ends visible without a plan", line: line)
        }
        for (key, start) in old.all where start.frame.meets(old.snapshot.visible) {
            XCTAssertTrue(oldKeys.contains(key), "\(context): \(key) starts visible without a plan", line: line)
        }
        for plan in plans {
            if let newKey = plan.newKey {
                XCTAssertEqual(plan.to, new.all[newKey], "\(context): \(plan.id) ends off the new layout", line: line)
                XCTAssertEqual(plan.id, new.snapshot.identity(of: newKey), context, line: line)
                XCTAssertEqual(plan.oldKey, mapping.oldKey(forNew: newKey), context, line: line)
            } else {
                XCTAssertEqual(plan.motion, .disappearing, context, line: line)
            }
            if let oldKey = plan.oldKey {
                XCTAssertEqual(plan.id, old.snapshot.identity(of: oldKey), "\(context): identity changed", line: line)
                if plan.motion == .disappearing || plan.motion == .snapshotAndElement {
                    XCTAssertEqual(plan.snapshotFrom ?? plan.from, old.all[oldKey], context, line: line)
                } else if plan.motion == .single {
                    XCTAssertEqual(plan.from, old.all[oldKey], "\(context): \(plan.id) starts off S", line: line)
                }
            } else {
                XCTAssertEqual(plan.state, .appearing, context, line: line)
            }
        }
    }
}
