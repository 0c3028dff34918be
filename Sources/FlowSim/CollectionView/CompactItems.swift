import Foundation

/// Items a scene file's parser decoded in place: the file's bytes, kept, and per item where its id
/// lies in them (8 bytes), where its title lies (8 bytes, only when some item has a title) and its
/// size (16 bytes, only when some item has a size of its own), so a million `{"id": …}` items cost
/// 8 MB instead of an `ItemData` (96 bytes, two strings) each. `ItemData` is made only when an item
/// is read through `SectionItems`'s subscript; the passes over every item (ids, sizes, id
/// look-ups) read the ranges (`SectionItems.Storage.compact`).
public struct CompactItems: Sendable {
    /// Where a string lies in `bytes`: the offset of its first byte and its UTF-8 length.
    public struct Span: Equatable, Sendable {
        public var start: UInt32
        public var count: UInt32

        public init(start: UInt32, count: UInt32) {
            self.start = start
            self.count = count
        }
    }

    /// One item: byte ranges into `bytes` (offsets from its first byte) and its size.
    public struct Record: Equatable, Sendable {
        public var idStart: UInt32
        public var idCount: UInt32
        /// `CompactItems.noTitle` when the item has no title (its title is its id).
        public var titleStart: UInt32
        public var titleCount: UInt32
        /// Negative when the item has no size of its own (sizes in a scene are never negative).
        public var width: Double
        public var height: Double

        public init(idStart: UInt32, idCount: UInt32, titleStart: UInt32, titleCount: UInt32, size: CGSize?) {
            self.idStart = idStart
            self.idCount = idCount
            self.titleStart = titleStart
            self.titleCount = titleCount
            width = size.map { Double($0.width) } ?? -1
            height = size.map { Double($0.height) } ?? -1
        }
    }

    /// `Record.titleCount` (and `Span.count` in `titles`) of an item without a title.
    public static let noTitle = UInt32.max
    /// The size in `sizes` of an item without a size of its own (sizes in a scene are never negative).
    public static let noSize = CGSize(width: -1, height: -1)

    /// The bytes the ranges point into (the whole scene file, shared, not copied).
    public let bytes: Data
    /// Each item's id.
    public let ids: [Span]
    /// Each item's title (`noTitle` count: none); empty when no item has one.
    public let titles: [Span]
    /// Each item's size (`noSize`: none); empty when no item has one.
    public let sizes: [CGSize]
    /// Image paths by item index: most items have none, and resolving them against the scene's
    /// folder changes only these (`SectionItems.setImagePath`), not the rest of the items.
    public internal(set) var imagePaths: [Int: String]
    /// Whether any item has a size of its own (none: every item has the layout's).
    public var hasSizes: Bool { !sizes.isEmpty }

    /// nil when a range does not lie in `bytes`, or `titles` or `sizes` is neither empty nor one
    /// per item. Titles and sizes that are all "none" are dropped.
    public init?(bytes: Data, ids: [Span], titles: [Span] = [], sizes: [CGSize] = [], imagePaths: [Int: String] = [:]) {
        let size = UInt64(bytes.count)
        guard titles.isEmpty || titles.count == ids.count, sizes.isEmpty || sizes.count == ids.count else {
            return nil
        }
        for id in ids where UInt64(id.start) + UInt64(id.count) > size { return nil }
        for title in titles where title.count != Self.noTitle && UInt64(title.start) + UInt64(title.count) > size {
            return nil
        }
        self.bytes = bytes
        self.ids = ids
        self.titles = titles.contains { $0.count != Self.noTitle } ? titles : []
        self.sizes = sizes.contains { $0.width >= 0 } ? sizes : []
        self.imagePaths = imagePaths
    }

    /// nil when a range does not lie in `bytes`.
    public init?(bytes: Data, records: [Record], imagePaths: [Int: String] = [:]) {
        self.init(
            bytes: bytes, ids: records.map { Span(start: $0.idStart, count: $0.idCount) },
            titles: records.map { Span(start: $0.titleStart, count: $0.titleCount) },
            sizes: records.map { $0.width < 0 ? Self.noSize : CGSize(width: $0.width, height: $0.height) },
            imagePaths: imagePaths)
    }

    /// The item's ranges and size as one record.
    public func record(at index: Int) -> Record {
        let title = titles.isEmpty ? Span(start: 0, count: Self.noTitle) : titles[index]
        return Record(
            idStart: ids[index].start, idCount: ids[index].count, titleStart: title.start, titleCount: title.count,
            size: size(at: index))
    }

    public var count: Int { ids.count }

    /// Calls `body` with each item's index and id bytes in order until it answers false, the
    /// bytes opened once (not once per item: a pass over a million ids).
    func forEachID(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            ids.withUnsafeBufferPointer { ids in
                for index in ids.indices {
                    let id = ids[index]
                    let start = id.count == 0 ? nil : base.map { $0 + Int(id.start) }
                    if !body(index, UnsafeBufferPointer(start: start, count: Int(id.count))) { return }
                }
            }
        }
    }

    private func text(start: UInt32, count: UInt32) -> String {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, count > 0 else { return "" }
            let start = base.assumingMemoryBound(to: UInt8.self) + Int(start)
            // As the scanner made it before: invalid UTF-8 repaired the same way.
            return String(decoding: UnsafeBufferPointer(start: start, count: Int(count)), as: UTF8.self)
        }
    }

    public func id(at index: Int) -> String {
        text(start: ids[index].start, count: ids[index].count)
    }

    /// The item's title range; nil when it has none (its title is its id).
    private func titleSpan(at index: Int) -> Span? {
        guard !titles.isEmpty, titles[index].count != Self.noTitle else { return nil }
        return titles[index]
    }

    public func title(at index: Int) -> String {
        let span = titleSpan(at: index) ?? ids[index]
        return text(start: span.start, count: span.count)
    }

    /// The UTF-8 length of the item's title, without making it.
    public func titleUTF8Count(at index: Int) -> Int {
        Int((titleSpan(at: index) ?? ids[index]).count)
    }

    public func size(at index: Int) -> CGSize? {
        guard !sizes.isEmpty, sizes[index].width >= 0 else { return nil }
        return sizes[index]
    }

    public func item(at index: Int) -> ItemData {
        let titled = titleSpan(at: index) != nil
        return ItemData(
            id: id(at: index), title: titled ? title(at: index) : nil, size: size(at: index),
            imagePath: imagePaths[index])
    }
}
