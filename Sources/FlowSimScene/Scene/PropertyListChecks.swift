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
    /// Why a binary list is refused before Foundation parses it.
    enum Problem: Error, Equatable {
        /// It expands to more than the limit's values (objects shared by many references).
        case tooManyValues
        /// Containers nested deeper than the limit (Foundation, and this measure, recurse).
        case tooDeep
        /// An object refers to itself through its children.
        case cycle
        /// The trailer, offset table or an object's length points outside the file.
        case damaged
    }

    /// Measures the values the list expands to (each reference counted as a copy of its
    /// object) and its nesting depth, on the object table without building anything; nil when
    /// it is within `limit` values and `maxDepth` levels. The walk keeps its own stack, so a
    /// list nested 70,000 deep is refused rather than overflowing the thread's stack.
    static func problem(_ data: Data, limit: Int, maxDepth: Int) -> Problem? {
        guard let list = BinaryPropertyListTable(data) else { return .damaged }
        var memo = [Int?](repeating: nil, count: list.count)
        var visiting = [Bool](repeating: false, count: list.count)
        // Each frame: an object, its running total and its children still to visit.
        struct Frame {
            var object: Int
            var total = 1
            var next = 0
            var refs = 0
            var start = 0
        }
        func open(_ object: Int) -> Result<Frame?, Problem> {
            guard object < list.count, let offset = list.offset(object) else { return .failure(.damaged) }
            if memo[object] != nil { return .success(nil) }
            if visiting[object] { return .failure(.cycle) }
            var frame = Frame(object: object)
            let kind = list.b[offset] >> 4
            if kind == 0xA || kind == 0xC || kind == 0xD {
                guard let (n, start) = list.lengthAndStart(offset) else { return .failure(.damaged) }
                frame.refs = kind == 0xD ? 2 * n : n
                guard frame.refs <= list.b.count else { return .failure(.damaged) }
                frame.start = start
            }
            visiting[object] = true
            return .success(frame)
        }
        guard list.top < list.count else { return .damaged }
        var stack: [Frame] = []
        switch open(list.top) {
        case .failure(let problem): return problem
        case .success(let frame): stack.append(frame!)
        }
        while var frame = stack.popLast() {
            if frame.next == frame.refs {
                memo[frame.object] = frame.total
                visiting[frame.object] = false
                if var parent = stack.popLast() {
                    parent.total += frame.total
                    if parent.total > limit { return .tooManyValues }
                    stack.append(parent)
                }
                continue
            }
            guard let child = list.int(frame.start + frame.next * list.refSize, list.refSize) else { return .damaged }
            frame.next += 1
            switch open(child) {
            case .failure(let problem): return problem
            case .success(nil):
                frame.total += memo[child]!
                if frame.total > limit { return .tooManyValues }
                stack.append(frame)
            case .success(let childFrame?):
                stack.append(frame)
                guard stack.count < maxDepth else { return .tooDeep }
                stack.append(childFrame)
            }
        }
        return (memo[list.top] ?? 0) > limit ? .tooManyValues : nil
    }

    /// The first key a dictionary of the list holds twice (Foundation keeps the last silently);
    /// nil when every dictionary's keys are unique or the table is damaged (`problem` refuses a
    /// damaged table).
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
