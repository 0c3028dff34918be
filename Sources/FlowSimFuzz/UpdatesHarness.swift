import FlowSim
import FlowSimScene
import Foundation

/// The `updates` target: the input bytes are a recipe, not a file. They pick
/// a starting data set (sections, some empty), a start offset, then a run of batches (inserts,
/// deletes, moves and reloads of items; inserts, deletes and moves of sections, into and out of
/// empty ones) interleaved with scrolls, mostly valid for the data as it stands after the
/// previous batches (a model is kept) and sometimes deliberately not. The scene is built as
/// JSON and goes through the same path as a scene file: decode, simulate, frames. Invalid
/// batches must end in FlowSim's own error; nothing may trap.
enum UpdatesHarness {
    /// Reads the recipe; past the end of the input every read is 0.
    struct Recipe {
        var bytes: [UInt8]
        var position = 0
        mutating func next(_ bound: Int) -> Int {
            guard bound > 1 else { return 0 }
            guard position < bytes.count else { return 0 }
            defer { position += 1 }
            return Int(bytes[position]) % bound
        }
        var exhausted: Bool { position >= bytes.count }
    }

    static func scene(from data: Data) -> String {
        var recipe = Recipe(bytes: Array(data))
        var counter = 0
        func fresh() -> String {
            counter += 1
            return "i\(counter)"
        }
        var sections: [[String]] = (0..<(1 + recipe.next(5))).map { _ in (0..<recipe.next(7)).map { _ in fresh() } }
        let initialSections =
            "["
            + sections.map { "{\"items\": [" + $0.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ") + "]}" }
            .joined(separator: ", ") + "]"
        let horizontal = recipe.next(4) == 0
        let startOffset = recipe.next(8) * 25
        var updates: [String] = []
        var scrolls: [String] = []
        var time = 0.0
        func path(_ s: Int, _ i: Int) -> String { "{\"section\": \(s), \"item\": \(i)}" }
        while !recipe.exhausted && updates.count < 24 {
            time += Double(recipe.next(4)) * 0.1
            if recipe.next(4) == 0 {
                let offset = recipe.next(12) * 20
                let to = horizontal ? "{\"x\": \(offset), \"y\": 0}" : "{\"x\": 0, \"y\": \(offset)}"
                let timing =
                    recipe.next(2) == 0
                    ? "" : ", \"timing\": {\"spring\": {\"duration\": 0.2, \"damping\": 0.7, \"velocity\": 0}}"
                scrolls.append("{\"at\": \(time), \"to\": \(to)\(timing)}")
                continue
            }
            var ops: [String: [String]] = [:]
            let honest = recipe.next(8) != 0  // mostly batches valid for the model
            let count = 1 + recipe.next(3)
            var touchedSections = Set<Int>()
            var touchedItems = Set<String>()
            var newSections = sections
            var sectionEdit = false
            for _ in 0..<count {
                let kind = recipe.next(8)
                // An honest batch with a section edit has nothing else (indices stay simple).
                if honest && sectionEdit { break }
                let s = recipe.next(max(1, sections.count + (honest ? 0 : 2)))
                switch kind {
                case 0:  // insert item (at the end of the new section: valid alone)
                    guard s < newSections.count, !touchedSections.contains(s) || !honest else { continue }
                    let id = fresh()
                    let item = honest ? newSections[s].count : recipe.next(10)
                    ops["insert", default: []].append("{\"section\": \(s), \"item\": \(item), \"id\": \"\(id)\"}")
                    if s < newSections.count { newSections[s].append(id) }
                    touchedSections.insert(s)
                case 1:  // delete item
                    guard s < sections.count, !sections[s].isEmpty || !honest, !touchedSections.contains(s) || !honest
                    else { continue }
                    let i = recipe.next(max(1, sections[s].count + (honest ? 0 : 2)))
                    ops["delete", default: []].append(path(s, i))
                    if i < sections[s].count, s < newSections.count {
                        let id = sections[s][i]
                        newSections[s].removeAll { $0 == id }
                    }
                    touchedSections.insert(s)
                case 2:  // move item, possibly across sections, into an empty one
                    let t = recipe.next(max(1, sections.count))
                    guard s < sections.count, !sections[s].isEmpty || !honest,
                        (!touchedSections.contains(s) && !touchedSections.contains(t)) || !honest
                    else { continue }
                    let i = recipe.next(max(1, sections[s].count))
                    if honest && s != t && t < newSections.count && s < newSections.count {
                        ops["move", default: []].append(
                            "{\"from\": \(path(s, i)), \"to\": \(path(t, newSections[t].count))}")
                        let id = sections[s][i]
                        newSections[s].removeAll { $0 == id }
                        newSections[t].append(id)
                    } else {
                        ops["move", default: []].append("{\"from\": \(path(s, i)), \"to\": \(path(t, recipe.next(4)))}")
                    }
                    touchedSections.formUnion([s, t])
                case 3:  // reload
                    guard s < sections.count, !sections[s].isEmpty || !honest else { continue }
                    let i = recipe.next(max(1, sections[s].count))
                    if i < sections[s].count, !touchedItems.insert(sections[s][i]).inserted && honest { continue }
                    if touchedSections.contains(s) && honest { continue }
                    ops["reload", default: []].append(path(s, i))
                case 4:  // insert a section (maybe empty) at the end
                    guard ops["insertSections"] == nil || !honest, ops["deleteSections"] == nil || !honest,
                        ops["moveSections"] == nil || !honest, touchedSections.isEmpty || !honest
                    else { continue }
                    let items = (0..<recipe.next(3)).map { _ in fresh() }
                    let at = honest ? newSections.count : recipe.next(sections.count + 2)
                    let list = items.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ")
                    ops["insertSections", default: []].append("{\"section\": \(at), \"items\": [\(list)]}")
                    newSections.append(items)
                    touchedSections.insert(at)
                    sectionEdit = true
                case 5:  // delete a section
                    guard s < sections.count || !honest, sections.count > 1 || !honest,
                        ops.isEmpty || !honest
                    else { continue }
                    ops["deleteSections", default: []].append("\(s)")
                    if honest { newSections.remove(at: s) }
                    touchedSections.insert(s)
                    sectionEdit = true
                default:  // move a section (into and out of empty ones, the item 1 crash)
                    let t = recipe.next(max(1, sections.count))
                    guard s < sections.count || !honest, ops.isEmpty || !honest else { continue }
                    ops["moveSections", default: []].append("{\"from\": \(s), \"to\": \(t)}")
                    if honest {
                        let moved = newSections.remove(at: s)
                        newSections.insert(moved, at: t)
                    }
                    sectionEdit = true
                    touchedSections.formUnion([s, t])
                }
            }
            guard !ops.isEmpty else { continue }
            let members = ops.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.joined(separator: ", "))]" }
            let timing =
                recipe.next(3) == 0
                ? ", \"timing\": {\"spring\": {\"duration\": 0.15, \"damping\": 1, \"velocity\": 0}}" : ""
            updates.append("{\"at\": \(time), \(members.joined(separator: ", "))\(timing)}")
            if honest { sections = newSections }
            time += 0.2
        }
        let start = horizontal ? "{\"x\": \(startOffset), \"y\": 0}" : "{\"x\": 0, \"y\": \(startOffset)}"
        return """
            {"name": "fuzz", "viewport": {"width": 120, "height": 160, "scale": 1, "contentOffset": \(start)},
             "layout": {"itemSize": {"width": 50, "height": 40}, "scrollDirection": "\(horizontal ? "horizontal" : "vertical")",
                        "headerReferenceSize": {"width": 20, "height": 10}},
             "sections": \(initialSections),
             "updates": [\(updates.joined(separator: ",\n"))],
             "scroll": [\(scrolls.joined(separator: ",\n"))]}
            """
    }
}
