import FlowSimCoreTestSupport
import XCTest

@testable import FlowSim

/// Items kept as byte ranges into a file (`SectionItems.compact`) read as the list of the same
/// `ItemData` reads: element by element, in the collection view's ids and id look-ups, in the
/// flow layout's sizes; any change makes them that list changed alike.
final class CompactItemsTests: XCTestCase {
    /// Writes the items' ids and titles into one buffer (with bytes between them, as a file has)
    /// and records where each lies: the compact form of `items` (which have no image paths of
    /// their own here unless `images`).
    private func compact(_ items: [ItemData], images: Bool = true) -> SectionItems {
        var bytes: [UInt8] = Array("[{\"id\": ".utf8)
        var records: [CompactItems.Record] = []
        var paths: [Int: String] = [:]
        for (index, item) in items.enumerated() {
            let idStart = bytes.count
            bytes += Array(item.id.utf8)
            bytes += Array("\", \"title\": \"".utf8)
            let hasTitle = item.title != item.id || index % 2 == 0
            let titleStart = bytes.count
            if hasTitle { bytes += Array(item.title.utf8) }
            records.append(
                CompactItems.Record(
                    idStart: UInt32(idStart), idCount: UInt32(item.id.utf8.count), titleStart: UInt32(titleStart),
                    titleCount: hasTitle ? UInt32(item.title.utf8.count) : CompactItems.noTitle, size: item.size))
            if images, let path = item.imagePath { paths[index] = path }
            bytes += Array("\"}, {\"id\": \"".utf8)
        }
        return .compact(CompactItems(bytes: Data(bytes), records: records, imagePaths: paths)!)
    }

    private func randomItems(_ count: Int, using random: inout SeededRandom) -> [ItemData] {
        (0..<count).map { n in
            let id =
                ["p", "é", "a long prefix of more than fifteen bytes-", "🌲"][Int.random(in: 0..<4, using: &random)]
                + "\(Int.random(in: 0..<(count * 2 + 1), using: &random))"
            let title: String? = Bool.random(using: &random) ? "Park \(n) ü" : nil
            let size: CGSize? =
                Bool.random(using: &random)
                ? CGSize(width: [0, 12.5, 40, 80][Int.random(in: 0..<4, using: &random)], height: 50) : nil
            let image: String? = Int.random(in: 0..<5, using: &random) == 0 ? "images/p\(n % 3).png" : nil
            return ItemData(id: id, title: title, size: size, imagePath: image)
        }
    }

    func testCompactItemsReadAsTheirList() {
        let items = [
            ItemData(id: "a"), ItemData(id: "b", title: "Bee", size: CGSize(width: 10, height: 20)),
            ItemData(id: "ü-long-id-of-more-than-15-bytes", imagePath: "images/x.png"), ItemData(id: "", title: ""),
        ]
        let list = compact(items)
        XCTAssertNotNil(list.compactItems)
        XCTAssertEqual(list.count, 4)
        XCTAssertEqual(list, SectionItems(items))
        XCTAssertEqual(list.array, items)
        XCTAssertEqual(list[1], ItemData(id: "b", title: "Bee", size: CGSize(width: 10, height: 20)))
        // No title of its own: the id (as `ItemData(id:)` makes it).
        XCTAssertEqual(list[0].title, "a")
        XCTAssertEqual(list[2].imagePath, "images/x.png")
        XCTAssertEqual(list.itemSize(at: 1), CGSize(width: 10, height: 20))
        XCTAssertNil(list.itemSize(at: 0))
        XCTAssertEqual(list.compactItems?.titleUTF8Count(at: 2), "ü-long-id-of-more-than-15-bytes".utf8.count)
        XCTAssertNil(list.listedItems)
        XCTAssertNil(list.uniformIDPrefix)
    }

    func testRangesOutsideTheBytesAreRefused() {
        let bytes = Data("abc".utf8)
        XCTAssertNil(
            CompactItems(
                bytes: bytes,
                records: [
                    CompactItems.Record(
                        idStart: 2, idCount: 2, titleStart: 0, titleCount: CompactItems.noTitle, size: nil)
                ]))
        XCTAssertNil(
            CompactItems(
                bytes: bytes,
                records: [CompactItems.Record(idStart: 0, idCount: 1, titleStart: 3, titleCount: 1, size: nil)]))
        XCTAssertEqual(
            CompactItems(
                bytes: bytes,
                records: [CompactItems.Record(idStart: 0, idCount: 3, titleStart: 3, titleCount: 0, size: nil)])?
                .item(at: 0), ItemData(id: "abc", title: ""))
    }

    /// Titles and sizes that are all "none" are not kept; title or size arrays of another count
    /// than the ids' are refused. An item's record reads back what was given.
    func testTitlesAndSizesAreKeptOnlyWhenOneIsGiven() throws {
        let bytes = Data("abcdef".utf8)
        let ids = [CompactItems.Span(start: 0, count: 1), CompactItems.Span(start: 1, count: 2)]
        let none = CompactItems.Span(start: 0, count: CompactItems.noTitle)
        let bare = try XCTUnwrap(
            CompactItems(
                bytes: bytes, ids: ids, titles: [none, none], sizes: [CompactItems.noSize, CompactItems.noSize]))
        XCTAssertTrue(bare.titles.isEmpty)
        XCTAssertTrue(bare.sizes.isEmpty)
        XCTAssertEqual(bare.item(at: 1), ItemData(id: "bc"))
        XCTAssertEqual(
            bare.record(at: 1),
            CompactItems.Record(idStart: 1, idCount: 2, titleStart: 0, titleCount: CompactItems.noTitle, size: nil))
        XCTAssertNil(CompactItems(bytes: bytes, ids: ids, titles: [none]))
        XCTAssertNil(CompactItems(bytes: bytes, ids: ids, sizes: [CompactItems.noSize]))
        let given = try XCTUnwrap(
            CompactItems(
                bytes: bytes, ids: ids, titles: [none, CompactItems.Span(start: 3, count: 3)],
                sizes: [CGSize(width: 0, height: 5), CompactItems.noSize]))
        XCTAssertEqual(given.item(at: 0), ItemData(id: "a", size: CGSize(width: 0, height: 5)))
        XCTAssertEqual(given.item(at: 1), ItemData(id: "bc", title: "def"))
        XCTAssertEqual(given.titleUTF8Count(at: 0), 1)
        XCTAssertTrue(given.hasSizes)
    }

    /// Appending, replacing, removing and setting an item make the compact items a list changed
    /// alike; setting an image path keeps them compact.
    func testChangesMakeAListChangedAlike() {
        var random = SeededRandom(seed: 0xC0_4BAC7)
        let items = randomItems(20, using: &random)
        var compactItems = compact(items)
        var list = SectionItems(items)
        compactItems.setImagePath("/abs/p.png", at: 3)
        list.setImagePath("/abs/p.png", at: 3)
        XCTAssertNotNil(compactItems.compactItems)
        XCTAssertEqual(compactItems, list)
        compactItems.append(ItemData(id: "new"))
        list.append(ItemData(id: "new"))
        XCTAssertNil(compactItems.compactItems)
        XCTAssertEqual(compactItems, list)
        XCTAssertEqual(compactItems.listedItems, list.listedItems)

        for change in 0..<3 {
            var a = compact(items)
            var b = SectionItems(items)
            switch change {
            case 0:
                a[5].title = "changed"
                b[5].title = "changed"
            case 1:
                a.removeSubrange(2..<7)
                b.removeSubrange(2..<7)
            default:
                a.insert(ItemData(id: "x"), at: 0)
                b.insert(ItemData(id: "x"), at: 0)
            }
            XCTAssertNil(a.compactItems, "change \(change)")
            XCTAssertEqual(a.listedItems, b.listedItems, "change \(change)")
        }
    }

    /// Seeded: random sections, compact and listed, give the same ids, id look-ups, selection
    /// look-ups and flow layout frames.
    func testCompactAndListedSectionsLayOutAlike() {
        var random = SeededRandom(seed: 0x5EC7_1045)
        for round in 0..<40 {
            let sections = (0..<Int.random(in: 1...3, using: &random)).map { s in
                SectionData(id: "s\(s)", items: randomItems(Int.random(in: 0...60, using: &random), using: &random))
            }
            var compacted = sections
            for s in compacted.indices where Bool.random(using: &random) || round == 0 {
                compacted[s].itemList = compact(sections[s].items)
            }
            XCTAssertEqual(compacted, sections, "round \(round)")
            let views = [sections, compacted].map { sections -> (CollectionView, SectionedDataSource) in
                let source = SectionedDataSource(sections: sections)
                let layout = FlowLayout()
                layout.itemSize = CGSize(width: 30, height: 30)
                let view = CollectionView(
                    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
                view.dataSource = source
                view.delegate = source
                view.layoutIfNeeded()
                return (view, source)
            }
            let (listed, compact) = (views[0].0, views[1].0)
            XCTAssertEqual(listed.itemIDs.map(\.array), compact.itemIDs.map(\.array), "round \(round)")
            let asked = sections.flatMap { $0.items.map(\.id) }.shuffled(using: &random).prefix(10) + ["missing", "p1"]
            XCTAssertEqual(compact.indexPaths(forItemIDs: Array(asked)), listed.indexPaths(forItemIDs: Array(asked)))
            XCTAssertEqual(compact.indexPath(forItemID: asked.first!), listed.indexPath(forItemID: asked.first!))
            let everything = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
            let frames = [listed, compact].map { view in
                (view.collectionViewLayout.layoutAttributesForElements(in: everything) ?? []).map {
                    "\($0.indexPath) \($0.frame)"
                }
            }
            XCTAssertEqual(frames[0], frames[1], "round \(round)")
            XCTAssertFalse(frames[0].isEmpty && !sections.allSatisfy(\.items.isEmpty), "round \(round)")
        }
    }

    /// Compact items none of which has a size answer the layout's size once for the section, as a
    /// uniform run does; one item with a size makes the section answer item by item. Frames are
    /// those of the same items listed either way.
    func testCompactItemsWithoutSizesAnswerOneSize() {
        let plain = (0..<100).map { ItemData(id: "p\($0)", title: $0 % 3 == 0 ? "Park \($0)" : nil) }
        var sized = plain
        sized[57].size = CGSize(width: 80, height: 20)
        for items in [plain, sized] {
            var frames: [[String]] = []
            for itemList in [SectionItems(items), compact(items)] {
                let layout = FlowLayout()
                layout.itemSize = CGSize(width: 40, height: 30)
                var section = SectionData(id: "s")
                section.itemList = itemList
                let source = SectionedDataSource(sections: [section])
                let view = CollectionView(
                    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
                view.dataSource = source
                view.delegate = source
                view.layoutIfNeeded()
                let expected: CGSize? =
                    itemList.compactItems != nil && items == plain ? CGSize(width: 40, height: 30) : nil
                XCTAssertEqual(source.uniformItemSize(inSection: 0, layout: layout), expected)
                let everything = CGRect(x: 0, y: 0, width: 320, height: 1e6)
                frames.append(
                    (layout.layoutAttributesForElements(in: everything) ?? []).map { "\($0.indexPath) \($0.frame)" })
            }
            XCTAssertEqual(frames[0].count, 100)
            XCTAssertEqual(frames[0], frames[1])
        }
        XCTAssertEqual(compact(plain).compactItems?.hasSizes, false)
        XCTAssertEqual(compact(sized).compactItems?.hasSizes, true)
    }
}
