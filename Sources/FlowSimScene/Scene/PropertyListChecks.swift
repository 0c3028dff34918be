import FlowSim
import Foundation

/// Finds a repeated `<key>` within one `<dict>` of an XML property list (Foundation keeps the
/// last silently; FlowSim refuses them as it refuses duplicate JSON keys). A plain scan of the
/// tags (`<dict>`, `</dict>`, `<dict/>`, `<key>…</key>`, comments skipped): property lists
/// have no other way to open a dictionary. Keys are compared as written (entities unexpanded).
enum PropertyListDuplicateKeys {
    static func first(in data: Data) -> (key: String, path: String)? {
        let bytes = [UInt8](data)
        var stack: [Set<String>] = []
        var i = 0
        func starts(_ text: String, at index: Int) -> Bool {
            let t = Array(text.utf8)
            return index + t.count <= bytes.count && Array(bytes[index..<(index + t.count)]) == t
        }
        func find(_ text: String, from index: Int) -> Int? {
            let t = Array(text.utf8)
            var j = index
            while j + t.count <= bytes.count {
                if bytes[j] == t[0] && Array(bytes[j..<(j + t.count)]) == t { return j }
                j += 1
            }
            return nil
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { return nil }
                i = end + 3
            } else if starts("<dict/>", at: i) {
                i += 7
            } else if starts("<dict>", at: i) {
                stack.append([])
                i += 6
            } else if starts("</dict>", at: i) {
                if !stack.isEmpty { stack.removeLast() }
                i += 7
            } else if starts("<key>", at: i) {
                guard let end = find("</key>", from: i + 5) else { return nil }
                let key = String(decoding: bytes[(i + 5)..<end], as: UTF8.self)
                if !stack.isEmpty, !stack[stack.count - 1].insert(key).inserted { return (key, key) }
                i = end + 6
            } else {
                i += 1
            }
        }
        return nil
    }
}

/// A binary property list's object table, read in place: the trailer's sizes, each object's
/// offset, and the length and first element of arrays, sets, dictionaries and strings. Every
/// read is bounds-checked; nil means a damaged table.
struct BinaryPropertyListTable {
    let b: [UInt8]
    let offsetSize: Int
    let refSize: Int
    let count: Int
    let top: Int
    let table: Int

    init?(_ data: Data) {
        b = [UInt8](data)
        guard b.count >= 40 else { return nil }
        let t = b.count - 32
        offsetSize = Int(b[t + 6])
        refSize = Int(b[t + 7])
        var count = 0
        var top = 0
        var table = 0
        for (field, at) in [(0, t + 8), (1, t + 16), (2, t + 24)] {
            var v = 0
            for k in 0..<8 { v = v << 8 | Int(b[at + k]) }
            guard v >= 0 else { return nil }
            if field == 0 { count = v } else if field == 1 { top = v } else { table = v }
        }
        guard count >= 1, count <= b.count, top < count else { return nil }
        self.count = count
        self.top = top
        self.table = table
    }

    /// A big-endian unsigned integer of `size` bytes at `at`.
    func int(_ at: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 8, at >= 0, at + size <= b.count else { return nil }
        var v = 0
        for k in 0..<size { v = v << 8 | Int(b[at + k]) }
        return v >= 0 ? v : nil
    }

    /// Where object `object` starts.
    func offset(_ object: Int) -> Int? {
        guard object < count, let offset = int(table + object * offsetSize, offsetSize), offset < b.count else {
            return nil
        }
        return offset
    }

    /// The element count after the marker at `offset` and where the elements start.
    func lengthAndStart(_ offset: Int) -> (count: Int, start: Int)? {
        var n = Int(b[offset] & 0xF)
        var start = offset + 1
        if n == 0xF {
            guard start < b.count, b[start] >> 4 == 1 else { return nil }
            let width = 1 << Int(b[start] & 0xF)
            guard let value = int(start + 1, width) else { return nil }
            n = value
            start += 1 + width
        }
        guard n <= b.count else { return nil }
        return (n, start)
    }

    /// Object `object` as a string, when it is an ASCII or UTF-16 string.
    func string(_ object: Int) -> String? {
        guard let offset = offset(object), let (n, start) = lengthAndStart(offset) else { return nil }
        switch b[offset] >> 4 {
        case 0x5:
            guard start + n <= b.count else { return nil }
            return String(decoding: b[start..<start + n], as: UTF8.self)
        case 0x6:
            guard start + 2 * n <= b.count else { return nil }
            let units = (0..<n).map { UInt16(b[start + 2 * $0]) << 8 | UInt16(b[start + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }
}

/// What FlowSim checks in a binary property list before Foundation parses it.
enum BinaryPropertyListSize {
    /// The number of values the list expands to (each reference counted as a copy of its
    /// object), computed on the object table without building anything; nil above `limit`, for
    /// a reference cycle, or for a damaged table.
    static func expandedCount(_ data: Data, limit: Int) -> Int? {
        guard let list = BinaryPropertyListTable(data) else { return nil }
        var memo = [Int?](repeating: nil, count: list.count)
        var visiting = Set<Int>()
        func size(_ object: Int) -> Int? {
            guard object < list.count else { return nil }
            if let known = memo[object] { return known }
            guard visiting.insert(object).inserted, let offset = list.offset(object) else { return nil }
            defer { visiting.remove(object) }
            var total = 1
            let kind = list.b[offset] >> 4
            if kind == 0xA || kind == 0xC || kind == 0xD {
                guard let (n, start) = list.lengthAndStart(offset) else { return nil }
                let refs = kind == 0xD ? 2 * n : n
                guard refs <= list.b.count else { return nil }
                for r in 0..<refs {
                    guard let child = list.int(start + r * list.refSize, list.refSize), let sub = size(child) else {
                        return nil
                    }
                    total += sub
                    if total > limit { return nil }
                }
            }
            memo[object] = total
            return total
        }
        return size(list.top)
    }

    /// The first key a dictionary of the list holds twice (Foundation keeps the last silently);
    /// nil when every dictionary's keys are unique or the table is damaged (`expandedCount`
    /// refuses a damaged table).
    static func firstDuplicateKey(_ data: Data) -> String? {
        guard let list = BinaryPropertyListTable(data) else { return nil }
        for object in 0..<list.count {
            guard let offset = list.offset(object), list.b[offset] >> 4 == 0xD,
                let (n, start) = list.lengthAndStart(offset)
            else { continue }
            var seen = Set<String>()
            for k in 0..<n {
                guard let ref = list.int(start + k * list.refSize, list.refSize), let key = list.string(ref) else {
                    continue
                }
                if !seen.insert(key).inserted { return key }
            }
        }
        return nil
    }
}
