import FlowSim
import FlowSimSupport
import Foundation

/// Decodes an array of scene items (`[{"id": "p1", "title": "Yosemite", "size": {…}, "image": "…",
/// "selected": true}, …]`) straight from the file's bytes into `CompactItems` records (where the
/// id and title lie in the file, the size), without a `JSONValue`, a dictionary, a key path or a
/// string per item: what makes a scene of a million named items load at the speed it parses.
///
/// It takes only what it can decode exactly as `SceneDecoder.item` does and is certain is valid:
/// the keys `id`, `title`, `size`, `image` and `selected`, each at most once, strings without
/// escapes, sizes of two plain non-negative numbers. Anything else (an escape, `null`, a negative
/// or huge number, `fittingSize`, an unknown or repeated key, a syntax error) gives nil and the
/// parser reads the array as it always did, so the decoder reports every problem as before.
struct ItemRunScanner {
    /// The items' records and image paths (by item index), the indices of the selected ones,
    /// each id's `RunIDCheck.hash` (taken while its bytes are in the cache, so the id check
    /// reads no string again), and the index just after the array's `]`.
    struct Run {
        /// `CompactItems`' ranges and sizes (titles and sizes empty when no item has one).
        var ids: [CompactItems.Span]
        var titles: [CompactItems.Span]
        var sizes: [CGSize]
        var images: [Int: String]
        var selected: [Int]
        var hashes: [UInt64]
        var end: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int

    /// Scans the array whose `[` is at `start`; nil when it is not such an array of at least
    /// `minimumCount` items.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, minimumCount: Int) -> Run? {
        // Records hold 32-bit offsets (`UInt32.max` marks "no title").
        guard bytes.count < Int(UInt32.max) else { return nil }
        var scanner = ItemRunScanner(bytes: bytes, index: start + 1)
        return scanner.scanArray(minimumCount: minimumCount)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func scanArray(minimumCount: Int) -> Run? {
        var ids: [CompactItems.Span] = []
        // Titles and sizes are kept only from the first item that has one (the earlier ones
        // filled in as "none"): a million `{"id": …}` items cost their 8-byte id ranges alone.
        var titles: [CompactItems.Span] = []
        var sizes: [CGSize] = []
        var images: [Int: String] = [:]
        var selected: [Int] = []
        var hashes: [UInt64] = []
        let noTitle = CompactItems.Span(start: 0, count: CompactItems.noTitle)
        // Arrays that are not items (updates, scrolls, sections) stop at their first object's first key.
        while true {
            guard expect(UInt8(ascii: "{")) else { return nil }
            // Taken apart at once: kept whole, the tuple (with its optional string) was destroyed
            // item by item through the runtime's generic tuple functions, 10 % of loading 10⁶ ids.
            guard let (id, title, size, image, hash, isSelected) = object() else { return nil }
            if isSelected { selected.append(ids.count) }
            if let image { images[ids.count] = image }
            if ids.count == 1 << 16, let count = objectCount() {
                // A long array of items: its arrays are made their size at once. Grown by
                // doubling, a million items (then 96 bytes each) were copied about twice and their
                // pages zeroed twice: a third of loading 10⁶ ids, by `perf`. Shorter arrays
                // grow (the count costs a skim of the rest of the array's bytes).
                ids.reserveCapacity(count + ids.count + 1)
                hashes.reserveCapacity(count + ids.count + 1)
                if !titles.isEmpty { titles.reserveCapacity(count + ids.count + 1) }
                if !sizes.isEmpty { sizes.reserveCapacity(count + ids.count + 1) }
            }
            if let title {
                if titles.isEmpty {
                    titles.reserveCapacity(ids.capacity)
                    titles.append(contentsOf: repeatElement(noTitle, count: ids.count))
                }
                titles.append(title)
            } else if !titles.isEmpty {
                titles.append(noTitle)
            }
            if let size {
                if sizes.isEmpty {
                    sizes.reserveCapacity(ids.capacity)
                    sizes.append(contentsOf: repeatElement(CompactItems.noSize, count: ids.count))
                }
                sizes.append(size)
            } else if !sizes.isEmpty {
                sizes.append(CompactItems.noSize)
            }
            ids.append(id)
            hashes.append(hash)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                guard ids.count >= minimumCount else { return nil }
                return Run(
                    ids: ids, titles: titles, sizes: sizes, images: images, selected: selected, hashes: hashes,
                    end: index)
            default: return nil
            }
        }
    }

    /// The number of objects in the rest of the array (from the cursor to its `]`), counted by a
    /// skim that follows only strings and nesting; nil when the array does not end. Decodes
    /// nothing: the scan that follows finds every problem, so a wrong count only sizes an array.
    private func objectCount() -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = base + bytes.count
        var cursor = base + index
        var count = 0
        var depth = 0
        return Self.structural.withUnsafeBufferPointer { structural in
            while cursor < end {
                let byte = cursor.pointee
                cursor += 1
                // One table look-up passes every byte but `"`, `{`, `}`, `[` and `]`.
                guard structural[Int(byte)] else { continue }
                switch byte {
                case UInt8(ascii: "\""):
                    while cursor < end, cursor.pointee != UInt8(ascii: "\"") {
                        cursor += cursor.pointee == UInt8(ascii: "\\") ? 2 : 1
                    }
                    cursor += 1
                case UInt8(ascii: "{"):
                    if depth == 0 { count += 1 }
                    depth += 1
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]") where depth == 0: return count
                default: depth -= 1  // `}` or a nested `]`
                }
            }
            return nil
        }
    }

    /// The bytes `objectCount` stops at.
    private static let structural: [Bool] = (0...255).map { byte in
        [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]")]
            .contains(UInt8(byte))
    }

    private enum Key: UInt8 {
        case id = 1
        case title = 2
        case size = 4
        case image = 8
        case selected = 16
    }

    /// The key at the cursor (after whitespace) and its `:`; nil for any other key.
    private mutating func key() -> Key? {
        guard let range = plainString() else { return nil }
        let key: Key?
        switch range.count {
        case 2: key = matches(range, "id") ? .id : nil
        case 4: key = matches(range, "size") ? .size : nil
        case 5: key = matches(range, "title") ? .title : matches(range, "image") ? .image : nil
        case 8: key = matches(range, "selected") ? .selected : nil
        default: key = nil
        }
        guard key != nil, expect(UInt8(ascii: ":")) else { return nil }
        return key
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        let pointer = word.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != pointer[offset] { return false }
        return true
    }

    /// After the object's `{`: its id's and title's ranges, size, image, id's hash, and whether
    /// it is selected.
    private mutating func object() -> (
        id: CompactItems.Span, title: CompactItems.Span?, size: CGSize?, image: String?, hash: UInt64,
        isSelected: Bool
    )? {
        var seen: UInt8 = 0
        var id: Range<Int>?
        var hash: UInt64 = 0
        var title: Range<Int>?
        var size: CGSize?
        var image: String?
        var isSelected = false
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            return nil  // `{}` items are the parser's uniform runs (or the decoder's default ids)
        }
        while true {
            guard let key = key(), seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            skipWhitespace()
            switch key {
            case .id:
                guard let range = plainString() else { return nil }
                id = range
                hash = RunIDCheck.hash(UnsafeBufferPointer(rebasing: bytes[range]))
            case .title:
                guard let range = plainString() else { return nil }
                title = range
            case .image:
                guard let range = plainString() else { return nil }
                image = text(range)
            case .size:
                guard let value = sizeObject() else { return nil }
                size = value
            case .selected:
                guard let flag = literal() else { return nil }
                isSelected = flag
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                // Without an id the decoder makes one from the item's index: left to it.
                guard let id else { return nil }
                return (
                    CompactItems.Span(start: UInt32(id.lowerBound), count: UInt32(id.count)),
                    title.map { CompactItems.Span(start: UInt32($0.lowerBound), count: UInt32($0.count)) }, size,
                    image, hash, isSelected
                )
            default: return nil
            }
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A string without escapes or control characters (after whitespace): the range of its contents.
    private mutating func plainString() -> Range<Int>? {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 {
                // Not UTF-8: the full parser reports where.
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else { return nil }
                index += length
                continue
            }
            index += 1
        }
        return nil
    }

    private mutating func literal() -> Bool? {
        if bytes.count - index >= 4, matches(index..<index + 4, "true") {
            index += 4
            return true
        }
        if bytes.count - index >= 5, matches(index..<index + 5, "false") {
            index += 5
            return false
        }
        return nil
    }

    /// `{"width": W, "height": H}`, both plain non-negative numbers.
    private mutating func sizeObject() -> CGSize? {
        guard current == UInt8(ascii: "{") else { return nil }
        index += 1
        var width: Double?
        var height: Double?
        while true {
            guard let range = plainString(), expect(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            if range.count == 5, matches(range, "width"), width == nil {
                width = number()
                if width == nil { return nil }
            } else if range.count == 6, matches(range, "height"), height == nil {
                height = number()
                if height == nil { return nil }
            } else {
                return nil
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                guard let width, let height else { return nil }
                return CGSize(width: width, height: height)
            default: return nil
            }
        }
    }

    /// A JSON number that is not negative (RFC 8259's grammar, as `JSONParser` reads it), as
    /// the same `Double`: up to 15 significant digits and a short fraction exactly in
    /// integer arithmetic (both the digits and the power of ten are exact doubles, so the one
    /// division rounds correctly), anything longer through `Double(String)` as the parser does.
    private mutating func number() -> Double? {
        let start = index
        var mantissa: UInt64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        var fraction = 0
        if current == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                fraction += 1
                digits += 1
                index += 1
            }
            guard fraction > 0 else { return nil }
        }
        let value: Double
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") || digits > 15 || fraction > 22 {
            guard current != UInt8(ascii: "e"), current != UInt8(ascii: "E") else { return nil }
            guard
                let parsed = Double(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            else { return nil }
            value = parsed
        } else {
            value = fraction == 0 ? Double(mantissa) : Double(mantissa) / Self.powersOfTen[fraction]
        }
        guard value.isFinite else { return nil }
        return value
    }

    /// 10⁰ … 10²², every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

/// The item arrays one parse decoded with `ItemRunScanner`, and the key of the objects that
/// stand in the document where they were (`{key: [n]}`; `{key: count}` stands for a run of `{}`).
final class ParsedItemRuns {
    let key: String
    /// The parsed file: the runs' records point into it.
    let bytes: Data
    var lists: [(items: CompactItems, selected: [Int], hashes: [UInt64])?] = []
    /// How many runs the decoder has taken.
    private(set) var taken = 0
    /// The id hashes of each run taken, in the order taken (`RunIDCheck.unique`); kept apart,
    /// as they were read, rather than joined into one more array of a million.
    private(set) var takenHashes: [[UInt64]] = []

    /// `takenHashes`, handed over (the id check sorts them in place).
    func takeHashes() -> [[UInt64]] {
        defer { takenHashes = [] }
        return takenHashes
    }

    init(key: String, bytes: Data) {
        self.key = key
        self.bytes = bytes
    }

    /// The parser's shortcut (`JSONParser.ArrayShortcut`): an array of 64 or more items
    /// `ItemRunScanner` decodes is kept here and stands as `{key: [n]}` in the document.
    func scan(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (value: JSONValue, end: Int)? {
        // `bytes` are `self.bytes`'s (the parser reads that `Data`): offsets from its start.
        guard let run = ItemRunScanner.scan(bytes, at: start, minimumCount: 64),
            let items = CompactItems(
                bytes: self.bytes, ids: run.ids, titles: run.titles, sizes: run.sizes, imagePaths: run.images)
        else { return nil }
        lists.append((items, run.selected, run.hashes))
        return (.object([(key, .array([.number(Double(lists.count - 1))]))]), run.end)
    }

    /// The n-th run, handed over (the decoded section then holds its only copy); nil when `value`
    /// does not stand for one.
    func take(_ value: JSONValue) -> (items: CompactItems, selected: [Int])? {
        guard case .object(let members) = value, members.count == 1, members[0].key == key,
            case .array(let marker) = members[0].value, marker.count == 1, case .number(let number) = marker[0],
            let n = Int(exactly: number), lists.indices.contains(n), let run = lists[n]
        else { return nil }
        lists[n] = nil
        taken += 1
        takenHashes.append(run.hashes)
        return (run.items, run.selected)
    }

    /// The count of the run of `{}` items `value` stands for.
    func uniformCount(_ value: JSONValue) -> Int? {
        guard case .object(let members) = value, members.count == 1, members[0].key == key,
            case .number(let count) = members[0].value
        else { return nil }
        return Int(exactly: count)
    }
}

/// Whether the ids of items taken from runs are unique among themselves, differ from every other
/// id of the scene (`others`: data sets, listed sections, updates) and from the made ids of
/// uniform runs (`patterns`), without a set of a million strings: their 64-bit FNV-1a hashes
/// (`hashes`, taken by the scanner as it read each id) are looked for repeats (`hasRepeat`).
/// Two different ids with one hash (about one chance in 10¹⁰ at a million ids) answer "not
/// unique" too: the decoder then decodes the file item by item, which tells exactly, so the
/// answer is never wrong, only slower.
enum RunIDCheck {
    static func hash(_ id: String) -> UInt64 {
        id.utf8.withContiguousStorageIfAvailable(hash) ?? hash(id.utf8)
    }

    /// The same hash of an id's UTF-8 bytes (the scanner hashes them in the file).
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `lists` are the runs' items (read only for `patterns`), `hashes` their ids' hashes (handed
    /// over: one run's are sorted in place, not copied).
    static func unique(
        hashes: consuming [[UInt64]], lists: [SectionItems], others: Set<String>, patterns: [ItemIDPattern]
    ) -> Bool {
        // `others` are distinct among themselves (a set), so any repeat among all the hashes is
        // an id of a run repeated, or one of a run that is also another id.
        if !others.isEmpty { hashes.append(others.map(hash)) }
        if hasRepeat(consume hashes) { return false }
        if !patterns.isEmpty {
            for list in lists where list.contains(where: { item in patterns.contains { $0.matches(item.id) } }) {
                return false
            }
        }
        return true
    }

    /// Whether two of the lists' values are equal. One list is sorted where it is (a million ids'
    /// hashes are 8 MB, not copied beside the items); several are joined first, each freed once
    /// copied.
    static func hasRepeat(_ lists: consuming [[UInt64]]) -> Bool {
        var values: [UInt64]
        if lists.count == 1 {
            values = lists.removeLast()
        } else {
            values = []
            values.reserveCapacity(lists.reduce(0) { $0 + $1.count })
            for i in lists.indices {
                values.append(contentsOf: lists[i])
                lists[i] = []
            }
        }
        return hasRepeat(sorting: &values)
    }

    /// Whether two of the values are equal, in three reads: each value is mixed (multiplied by an
    /// odd constant, so equal values stay equal and no others become so: FNV-1a's low bits
    /// follow the bytes' low bits), counted and moved by its top 11 bits into 2048 buckets in
    /// place (cycles of swaps, as an American flag sort does: no second array of a million),
    /// and each bucket (a few hundred values at a million) goes into a small open-addressing
    /// table that stays in the cache. A full sort (radix passes of 11 or 16 bits) cost more.
    static func hasRepeat(sorting values: inout [UInt64]) -> Bool {
        guard values.count > 1 else { return false }
        let bucketBits: UInt64 = 11
        let bucketCount = 1 << bucketBits
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15  // 2⁶⁴ / φ, odd
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        var largest = 0
        values.withUnsafeMutableBufferPointer { values in
            starts.withUnsafeMutableBufferPointer { starts in
                for i in values.indices {
                    let mixed = values[i] &* multiplier
                    values[i] = mixed
                    starts[Int(mixed >> (64 - bucketBits)) + 1] += 1
                }
                for bucket in 0..<bucketCount {
                    largest = max(largest, starts[bucket + 1])
                    starts[bucket + 1] += starts[bucket]
                }
                var next = Array(starts[0..<bucketCount])
                next.withUnsafeMutableBufferPointer { next in
                    for bucket in 0..<bucketCount {
                        let end = starts[bucket + 1]
                        while next[bucket] < end {
                            // Carry the value at the bucket's next free place to its own bucket,
                            // taking the one there, until one that belongs here comes back.
                            var value = values[next[bucket]]
                            var target = Int(value >> (64 - bucketBits))
                            while target != bucket {
                                swap(&value, &values[next[target]])
                                next[target] += 1
                                target = Int(value >> (64 - bucketBits))
                            }
                            values[next[bucket]] = value
                            next[bucket] += 1
                        }
                    }
                }
            }
        }
        // At most half full: each slot holds a value when its stamp is the bucket's number + 1.
        var size = 16
        var sizeBits: UInt64 = 4
        while size < 2 * largest {
            size *= 2
            sizeBits += 1
        }
        let mask = size - 1
        let slotShift = 64 - bucketBits - sizeBits  // the bits below the bucket's
        var table = [UInt64](repeating: 0, count: size)
        var stamps = [UInt32](repeating: 0, count: size)
        return values.withUnsafeBufferPointer { sorted in
            table.withUnsafeMutableBufferPointer { table in
                stamps.withUnsafeMutableBufferPointer { stamps in
                    for bucket in 0..<bucketCount {
                        let stamp = UInt32(bucket + 1)
                        for value in sorted[starts[bucket]..<starts[bucket + 1]] {
                            var slot = Int(truncatingIfNeeded: value >> slotShift) & mask
                            while stamps[slot] == stamp {
                                if table[slot] == value { return true }
                                slot = (slot + 1) & mask
                            }
                            stamps[slot] = stamp
                            table[slot] = value
                        }
                    }
                    return false
                }
            }
        }
    }
}
