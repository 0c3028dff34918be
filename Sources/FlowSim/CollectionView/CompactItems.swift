import Foundation

/// Items a scene file's parser decoded in place: the file's bytes, kept, and per item where its id
/// and title lie in them and its size, so a million items cost a 32-byte record each instead
/// of an `ItemData` (96 bytes, two strings) each. `ItemData` is made only when an item is read
/// through `SectionItems`'s subscript; the passes over every item (ids, sizes, id look-ups)
/// read the records (`SectionItems.Storage.compact`).
public struct CompactItems: Sendable {
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

    /// `Record.titleCount` of an item without a title.
    public static let noTitle = UInt32.max

    /// The bytes the records point into (the whole scene file, shared, not copied).
    public let bytes: Data
    public let records: [Record]
    /// Image paths by item index: most items have none, and resolving them against the scene's
    /// folder changes only these (`SectionItems.setImagePath`), not the rest of the items.
    public internal(set) var imagePaths: [Int: String]
    /// Whether any item has a size of its own (none: every item has the layout's).
    public let hasSizes: Bool

    /// nil when a range does not lie in `bytes`.
    public init?(bytes: Data, records: [Record], imagePaths: [Int: String] = [:]) {
        let size = UInt64(bytes.count)
        var hasSizes = false
        for record in records {
            hasSizes = hasSizes || record.width >= 0
            guard UInt64(record.idStart) + UInt64(record.idCount) <= size,
                record.titleCount == Self.noTitle || UInt64(record.titleStart) + UInt64(record.titleCount) <= size
            else { return nil }
        }
        self.bytes = bytes
        self.records = records
        self.imagePaths = imagePaths
        self.hasSizes = hasSizes
    }

    public var count: Int { records.count }

    /// Calls `body` with each item's index and id bytes in order until it answers false, the
    /// bytes opened once (not once per item: a pass over a million ids).
    func forEachID(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            records.withUnsafeBufferPointer { records in
                for index in records.indices {
                    let record = records[index]
                    let start = record.idCount == 0 ? nil : base.map { $0 + Int(record.idStart) }
                    if !body(index, UnsafeBufferPointer(start: start, count: Int(record.idCount))) { return }
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
        text(start: records[index].idStart, count: records[index].idCount)
    }

    public func title(at index: Int) -> String {
        let record = records[index]
        return record.titleCount == Self.noTitle
            ? text(start: record.idStart, count: record.idCount)
            : text(start: record.titleStart, count: record.titleCount)
    }

    /// The UTF-8 length of the item's title, without making it.
    public func titleUTF8Count(at index: Int) -> Int {
        let record = records[index]
        return Int(record.titleCount == Self.noTitle ? record.idCount : record.titleCount)
    }

    public func size(at index: Int) -> CGSize? {
        let record = records[index]
        return record.width < 0 ? nil : CGSize(width: record.width, height: record.height)
    }

    public func item(at index: Int) -> ItemData {
        let titled = records[index].titleCount != Self.noTitle
        return ItemData(
            id: id(at: index), title: titled ? title(at: index) : nil, size: size(at: index),
            imagePath: imagePaths[index])
    }
}
