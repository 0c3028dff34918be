import FlowSimCoreTestSupport
import Foundation

@testable import FlowSim

/// The planner's property tests use FlowSim's one seeded generator (SplitMix64).
typealias PlannerRandom = SeededRandom

/// A random valid batch over sections of item ids, built in UIKit's index spaces the way UIKit
/// maps them: deleted sections and items picked in the old data; inserted sections, section
/// move targets, item move targets and inserts at random new slots; every other survivor keeps
/// its order and fills the remaining slots. Items that stay at the same path in a section that
/// stays put may become reloads. Sections may be empty before and after.
struct RandomBatch {
    struct Section: Equatable {
        var id: String
        var items: [String]
    }

    var old: [Section]
    var new: [Section]
    var batch = BatchUpdate()

    /// Fresh ids come from `counter`.
    init(old: [Section], random: inout PlannerRandom, counter: inout Int) {
        self.old = old
        func fresh(_ prefix: String) -> String {
            counter += 1
            return "\(prefix)\(counter)"
        }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        // Sections: deletes, inserts, moves; the rest fill the free slots in order.
        var deletedSections = Set<Int>()
        for s in old.indices where chance(12) { deletedSections.insert(s) }
        let insertCount = chance(30) ? Int.random(in: 1...2, using: &random) : 0
        let newCount = old.count - deletedSections.count + insertCount
        var slots = Array(0..<newCount)
        slots.shuffle(using: &random)
        let insertedSlots = Set(slots.prefix(insertCount))
        var free = Array(slots.dropFirst(insertCount))
        let survivors = old.indices.filter { !deletedSections.contains($0) }
        var newForOld: [Int: Int] = [:]
        var moved = Set<Int>()
        for s in survivors where chance(20) && !free.isEmpty {
            newForOld[s] = free.removeLast()
            moved.insert(s)
            batch.movedSections.append((s, newForOld[s]!))
        }
        free.sort()
        var fill = free.makeIterator()
        for s in survivors where !moved.contains(s) { newForOld[s] = fill.next()! }
        batch.deletedSections = Array(deletedSections).shuffled(using: &random)
        batch.insertedSections = Array(insertedSlots).shuffled(using: &random)
        var oldForNew = [Int?](repeating: nil, count: newCount)
        for (o, n) in newForOld { oldForNew[n] = o }

        // Items of surviving sections: deletes and moves out in the old data.
        var kept: [Int: [(item: String, oldItem: Int)]] = [:]
        var incoming = [[(item: String, from: IndexPath?)]](repeating: [], count: newCount)
        let survivingNew = (0..<newCount).filter { oldForNew[$0] != nil }
        for s in survivors {
            for (i, item) in old[s].items.enumerated() {
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < 12 {
                    batch.deletedItems.append(IndexPath(item: i, section: s))
                } else if roll < 22 {
                    incoming[survivingNew.randomElement(using: &random)!].append((item, IndexPath(item: i, section: s)))
                } else {
                    kept[s, default: []].append((item, i))
                }
            }
        }
        new = []
        for n in 0..<newCount {
            guard let o = oldForNew[n] else {
                let count = Int.random(in: 0...4, using: &random)
                new.append(Section(id: fresh("S"), items: (0..<count).map { _ in fresh("x") }))
                continue
            }
            for _ in 0..<(chance(40) ? Int.random(in: 1...3, using: &random) : 0) {
                incoming[n].append((fresh("x"), nil))
            }
            let stay = kept[o] ?? []
            let total = stay.count + incoming[n].count
            var order = Array(0..<total)
            order.shuffle(using: &random)
            var items = [String?](repeating: nil, count: total)
            for ((item, from), slot) in zip(incoming[n], order.prefix(incoming[n].count)) {
                items[slot] = item
                let to = IndexPath(item: slot, section: n)
                if let from { batch.movedItems.append((from, to)) } else { batch.insertedItems.append(to) }
            }
            var rest = stay.makeIterator()
            for slot in 0..<total where items[slot] == nil {
                let next = rest.next()!
                // A survivor at the same path in a section that stays put may be reloaded: the
                // same path in both spaces, a fresh id (the reloaded cell shows new data).
                if n == o && next.oldItem == slot && chance(15) {
                    batch.reloadedItems.append(IndexPath(item: slot, section: n))
                    items[slot] = fresh("r")
                } else {
                    items[slot] = next.item
                }
            }
            new.append(Section(id: old[o].id, items: items.map { $0! }))
        }
        batch.deletedItems.shuffle(using: &random)
        batch.insertedItems.shuffle(using: &random)
    }

    var oldCounts: [Int] { old.map(\.items.count) }
    var newCounts: [Int] { new.map(\.items.count) }

    /// Random sections of random sizes (some empty).
    static func sections(random: inout PlannerRandom, counter: inout Int, maxItems: Int = 14) -> [Section] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
            counter += 1
            let id = "S\(counter)"
            let count = Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 1...maxItems, using: &random)
            return Section(
                id: id,
                items: (0..<count).map { _ in
                    counter += 1
                    return "x\(counter)"
                })
        }
    }
}
