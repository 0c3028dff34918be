/// A lookup of a few ids (the selected items') made for one pass over many more (every item of
/// a section): each item's id is hashed with FNV-1a over its UTF-8 bytes instead of Swift's
/// seeded SipHash, and compared as a string only when its hash matches one of the few. Hashing
/// each of 10⁶ item ids twice through `Set<String>` was a tenth of loading such a scene.
struct ItemIDTable {
    /// The distinct ids, first occurrence first.
    private(set) var keys: [String] = []
    /// For each id given, the index in `keys` of its (first) occurrence.
    private(set) var keyOfID: [Int] = []
    private var hashes: [UInt64] = []
    /// Open addressing: index + 1 into `keys`, 0 for an empty slot.
    private var slots: [Int32]
    private let mask: Int

    init(_ ids: [String]) {
        var size = 16
        while size < ids.count * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        keyOfID.reserveCapacity(ids.count)
        for id in ids {
            let hash = ItemIDTable.hash(id)
            if let key = index(of: id, hash: hash) {
                keyOfID.append(key)
                continue
            }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            keys.append(id)
            hashes.append(hash)
            slots[slot] = Int32(keys.count)
            keyOfID.append(keys.count - 1)
        }
    }

    /// The index in `keys` of `id`, or nil.
    func index(of id: String) -> Int? { index(of: id, hash: ItemIDTable.hash(id)) }

    /// The index in `keys` of the id whose UTF-8 bytes are `bytes`, or nil: ASCII ids are looked
    /// up by their bytes (no string made); others as the string they decode to (invalid UTF-8
    /// repaired, as the item's id is).
    func index(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // FNV-1a as `fnv` (with its mix) and whether any byte is not ASCII, in one read.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt8 = 0
        for byte in bytes {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            high |= byte
        }
        guard high < 0x80 else { return index(of: String(decoding: bytes, as: UTF8.self)) }
        let hash = (h ^ (h >> 29)) &* 0xbf58_476d_1ce4_e5b9
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if hashes[entry - 1] == hash, keys[entry - 1].utf8.elementsEqual(bytes) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    private func index(of id: String, hash: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if hashes[entry - 1] == hash, keys[entry - 1] == id { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes, mixed so the low bits a slot takes depend on all of them.
    static func hash(_ id: String) -> UInt64 {
        id.utf8.withContiguousStorageIfAvailable { fnv($0) } ?? fnv(id.utf8)
    }

    private static func fnv<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return (h ^ (h >> 29)) &* 0xbf58_476d_1ce4_e5b9
    }
}
