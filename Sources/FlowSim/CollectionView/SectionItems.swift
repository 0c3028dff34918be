import Foundation

/// A section's items: a list, `count` items with nothing of their own (a scene's
/// `"items": [{}, {}, …]`), made on demand with the ids `idPrefix + index`, so a million of them
/// cost a count, or items the scene parser decoded in place (`CompactItems`: byte ranges into
/// the file, made into `ItemData` when read). Reads the same either way; any change turns a
/// uniform run or compact items into a list (but `setImagePath`).
public struct SectionItems: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Equatable, Sendable
{
    enum Storage: Sendable {
        case list([ItemData])
        case uniform(idPrefix: String, count: Int)
        case compact(CompactItems)
    }
    private(set) var storage: Storage

    public init() { storage = .list([]) }
    public init(_ items: [ItemData]) { storage = .list(items) }
    public init<S: Sequence>(_ items: S) where S.Element == ItemData { storage = .list(Array(items)) }
    public init(arrayLiteral elements: ItemData...) { storage = .list(elements) }

    /// `count` items whose ids are `idPrefix` followed by their index, titles their ids.
    public static func uniform(idPrefix: String, count: Int) -> SectionItems {
        var items = SectionItems()
        items.storage = .uniform(idPrefix: idPrefix, count: count)
        return items
    }

    /// Items decoded in place, kept as they are.
    public static func compact(_ items: CompactItems) -> SectionItems {
        var list = SectionItems()
        list.storage = .compact(items)
        return list
    }

    /// The compact items (nil for a list or a uniform run).
    public var compactItems: CompactItems? {
        if case .compact(let items) = storage { return items }
        return nil
    }

    /// The item's `size`, read without making its `ItemData` (nil for every item of a uniform run).
    public func itemSize(at index: Int) -> CGSize? {
        switch storage {
        case .list(let items): return items[index].size
        case .uniform: return nil
        case .compact(let items): return items.size(at: index)
        }
    }

    /// Sets an item's image path; compact items stay compact (the paths are kept apart).
    public mutating func setImagePath(_ path: String?, at index: Int) {
        if case .compact(var items) = storage {
            precondition(index >= 0 && index < items.count, "Index out of range")
            storage = .list([])
            items.imagePaths[index] = path
            storage = .compact(items)
            return
        }
        self[index].imagePath = path
    }

    /// The id prefix of a uniform run (nil for a list).
    public var uniformIDPrefix: String? {
        if case .uniform(let prefix, _) = storage { return prefix }
        return nil
    }

    /// The items of a list (nil for a uniform run), without copying them: a pass over 10⁶ items
    /// in another module reads each item's fields from the array instead of copying every
    /// `ItemData` (and retaining its strings) through this collection's subscript.
    public var listedItems: [ItemData]? {
        if case .list(let items) = storage { return items }
        return nil
    }

    /// The items as an array (made for a uniform run).
    public var array: [ItemData] {
        switch storage {
        case .list(let items): return items
        case .uniform, .compact: return Array(self)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .list(let items): return items.count
        case .uniform(_, let count): return count
        case .compact(let items): return items.count
        }
    }

    public subscript(position: Int) -> ItemData {
        get {
            switch storage {
            case .list(let items): return items[position]
            case .uniform(let prefix, let count):
                precondition(position >= 0 && position < count, "Index out of range")
                return ItemData(id: prefix + String(position))
            case .compact(let items): return items.item(at: position)
            }
        }
        set {
            var items = array
            storage = .list([])
            items[position] = newValue
            storage = .list(items)
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == ItemData {
        var items = array
        storage = .list([])
        items.replaceSubrange(subrange, with: newElements)
        storage = .list(items)
    }

    public static func == (lhs: SectionItems, rhs: SectionItems) -> Bool {
        if case .uniform(let a, let m) = lhs.storage, case .uniform(let b, let n) = rhs.storage, a == b, m == n {
            return true
        }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

/// A section's item ids as the collection view keeps them: a list, the data source's items
/// (their ids read in place), or `idPrefix + index` for a uniform run of `count` items (see
/// `SectionItems`).
struct ItemIDList: RandomAccessCollection {
    enum Storage {
        case list([String])
        case items([ItemData])
        case uniform(idPrefix: String, count: Int)
        case compact(CompactItems)
    }
    let storage: Storage

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .list(let ids): return ids.count
        case .items(let items): return items.count
        case .uniform(_, let count): return count
        case .compact(let items): return items.count
        }
    }

    subscript(position: Int) -> String {
        switch storage {
        case .list(let ids): return ids[position]
        case .items(let items): return items[position].id
        case .uniform(let prefix, _): return prefix + String(position)
        case .compact(let items): return items.id(at: position)
        }
    }

    var array: [String] {
        switch storage {
        case .list(let ids): return ids
        case .items, .uniform, .compact: return Array(self)
        }
    }

    /// The index of `id` in a uniform run (`idPrefix` then a canonical whole number below `count`).
    func uniformIndex(of id: String) -> Int? {
        guard case .uniform(let prefix, let count) = storage, id.hasPrefix(prefix) else { return nil }
        let digits = id.utf8.dropFirst(prefix.utf8.count)
        guard !digits.isEmpty, digits.count <= 18, digits.first != UInt8(ascii: "0") || digits.count == 1,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let index = Int(Substring(digits)), index < count
        else { return nil }
        return index
    }
}
