import FlowSim
import FlowSimScene
import FlowSimSupport
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// Elements are identified as UIKit identifies them: category, kind string and full index path
/// (any length for supplementary and decoration views). Our own layouts in Layouts/: a header, a
/// footer and a background decoration in one section (`DecoratedListLayout`), two custom
/// supplementary kinds in one section, one at one-index index paths (`BadgedGridLayout`), and a
/// layout that resolves every query through its delegate (`LazyHeightsLayout`).
final class ElementKindsTests: XCTestCase {
    private func titled(_ count: Int, prefix: String) -> [ItemData] {
        (0..<count).map { ItemData(id: "\(prefix)\($0)", title: "\(prefix.uppercased())\($0)") }
    }

    private func decoratedList() -> (Harness, DecoratedListLayout) {
        let layout = DecoratedListLayout()
        let harness = Harness(
            width: 320, height: 480, layout: layout, sections: [SectionData(id: "A", items: titled(3, prefix: "a"))],
            scale: 1)
        harness.collectionView.layoutIfNeeded()
        return (harness, layout)
    }

    // MARK: Header, footer and decoration in one section

    /// Six elements, each with its own frame: before, the footer printed as a header and shared
    /// its identity, and the decoration was read as a header too. Frames by hand: header 44 tall;
    /// rows 60 tall, 8 apart, inset 16 from the sides and 8 below the header; the background from
    /// the header's bottom to 8 below the last row, inset 8; the footer 30 tall under it.
    func testHeaderFooterAndDecorationAreDistinctElements() {
        let (harness, layout) = decoratedList()
        let presented = harness.collectionView.presentation(at: 0)
        // Paint order: the background's zIndex −1 first, then section 0's header, cells, footer.
        XCTAssertEqual(
            presented.map(\.id), ["section-background-A-0", "header-A", "a0", "a1", "a2", "footer-A"])
        XCTAssertEqual(
            presented.map(\.kind),
            [.decoration(DecoratedListLayout.backgroundKind), .header, .cell, .cell, .cell, .footer])
        XCTAssertEqual(
            presented.map(\.frame),
            [
                CGRect(x: 8, y: 44, width: 304, height: 212), CGRect(x: 0, y: 0, width: 320, height: 44),
                CGRect(x: 16, y: 52, width: 288, height: 60), CGRect(x: 16, y: 120, width: 288, height: 60),
                CGRect(x: 16, y: 188, width: 288, height: 60), CGRect(x: 0, y: 256, width: 320, height: 30),
            ])
        XCTAssertEqual(
            presented.map(\.indexPath), [[0, 0], [0, 0], [0, 0], [0, 1], [0, 2], [0, 0]] as [IndexPath])
        XCTAssertEqual(
            layout.registeredDecorationViewClasses.keys.sorted(), [DecoratedListLayout.backgroundKind])
        XCTAssertEqual(layout.rejectedKinds, [])
    }

    /// JSON: `header` and `footer` read as before (no `elementKind`, no `indexPath`); a
    /// decoration is `"decoration"` with its kind string and index path.
    func testJSONNamesTheCategoryKindAndIndexPath() {
        let (harness, _) = decoratedList()
        let json = harness.collectionView.presentation(at: 0).map { LayoutExport.element($0).serialized() }
        XCTAssertTrue(
            json[0].hasPrefix(
                #"{"kind": "decoration", "elementKind": "section-background", "section": 0, "indexPath": [0,0], "frame": {"x": 8, "y": 44, "width": 304, "height": 212}"#
            ), json[0])
        XCTAssertTrue(json[1].hasPrefix(#"{"kind": "header", "section": 0, "frame": {"x": 0, "y": 0,"#), json[1])
        XCTAssertTrue(json[5].hasPrefix(#"{"kind": "footer", "section": 0, "frame": {"x": 0, "y": 256,"#), json[5])
        // The streamed writer writes the same bytes.
        var bytes: [UInt8] = []
        var writer = JSONStreamWriter(pretty: false, chunkSize: .max) { bytes += $0 }
        LayoutExport.writeElement(harness.collectionView.presentation(at: 0)[0], depth: 0, to: &writer)
        writer.flush()
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), json[0])
    }

    /// Deleting the middle row: the background shrinks and the footer slides up, each asked about
    /// with its own category and kind (the decoration through the decoration variants), none with
    /// a kind the layout does not make. Default timing 0.3 s ease-in-out, so at 0.15 s (half the
    /// curve, which is symmetric) the background is 178 tall: halfway from 212 to 144.
    func testDeleteAsksEachElementWithItsOwnKind() {
        let (harness, layout) = decoratedList()
        harness.dataSource.sections[0].items.remove(at: 1)
        harness.collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(harness.collectionView.updateErrors.map(\.message), [])
        XCTAssertEqual(layout.rejectedKinds, [])
        XCTAssertEqual(
            layout.decorationQuestions, [DecoratedListLayout.backgroundKind, DecoratedListLayout.backgroundKind])
        let plans = harness.collectionView.lastUpdatePlans
        let background = plans.first { $0.kind == .decoration(DecoratedListLayout.backgroundKind) }
        XCTAssertEqual(background?.motion, .single)
        XCTAssertEqual(background?.from.frame, CGRect(x: 8, y: 44, width: 304, height: 212))
        XCTAssertEqual(background?.to.frame, CGRect(x: 8, y: 44, width: 304, height: 144))
        let footer = plans.first { $0.kind == .footer }
        XCTAssertEqual(footer?.from.frame, CGRect(x: 0, y: 256, width: 320, height: 30))
        XCTAssertEqual(footer?.to.frame, CGRect(x: 0, y: 188, width: 320, height: 30))
        let mid = harness.collectionView.presentation(at: 0.15).first { $0.id == "section-background-A-0" }
        XCTAssertEqual(mid?.size.height ?? 0, 178, accuracy: 1e-9)
        XCTAssertEqual(mid?.center.y ?? 0, 44 + 89, accuracy: 1e-9)
        XCTAssertEqual(mid?.state, .moving)
    }

    // MARK: Two custom supplementary kinds in one section

    private func badgedGrid() -> (Harness, BadgedGridLayout) {
        let layout = BadgedGridLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let harness = Harness(
            width: 320, height: 480, layout: layout, sections: [SectionData(id: "S", items: titled(4, prefix: "s"))],
            scale: 1)
        harness.collectionView.layoutIfNeeded()
        return (harness, layout)
    }

    /// Four cells (3 per 320 pt row: x 0, 110, 220; rows at y 20 and 130), four badges 20 × 20
    /// centred on each cell's top-right corner, one ribbon 6 wide down the rows (y 20 to 230).
    /// Each badge is its own element (they shared one "header" before); the ribbon lives at the
    /// one-index index path [0].
    func testBadgesAndRibbonAreSeparateElements() {
        let (harness, _) = badgedGrid()
        let presented = harness.collectionView.presentation(at: 0)
        // zIndex 0: the cells, then the ribbon (other supplementary kinds come after cells); then
        // the badges (zIndex 1) in index-path order.
        XCTAssertEqual(
            presented.map(\.id),
            ["s0", "s1", "s2", "s3", "ribbon-S", "badge-S-0", "badge-S-1", "badge-S-2", "badge-S-3"])
        XCTAssertEqual(presented[4].kind, .supplementary(BadgedGridLayout.ribbonKind))
        XCTAssertEqual(presented[4].indexPath, IndexPath(index: 0))
        XCTAssertEqual(presented[4].frame, CGRect(x: 0, y: 20, width: 6, height: 210))
        XCTAssertEqual(
            presented[5...].map(\.frame),
            [
                CGRect(x: 90, y: 10, width: 20, height: 20), CGRect(x: 200, y: 10, width: 20, height: 20),
                CGRect(x: 310, y: 10, width: 20, height: 20), CGRect(x: 90, y: 120, width: 20, height: 20),
            ])
        XCTAssertEqual(presented[5...].map(\.indexPath), [[0, 0], [0, 1], [0, 2], [0, 3]] as [IndexPath])
        // The layout document writes the same identity for the layout's own attributes.
        let attributes = harness.collectionView.collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: BadgedGridLayout.badgeKind, at: [0, 3])
        XCTAssertEqual(
            attributes.map { LayoutExport.element($0, id: nil).serialized() },
            #"{"kind": "supplementary", "elementKind": "badge", "section": 0, "indexPath": [0,3], "frame": {"x": 90, "y": 120, "width": 20, "height": 20}, "center": {"x": 100, "y": 130}, "size": {"width": 20, "height": 20}, "transform": {"a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0}, "alpha": 1, "zIndex": 1}"#
        )
        let ribbon = LayoutExport.element(presented[4]).serialized()
        XCTAssertTrue(
            ribbon.hasPrefix(
                #"{"kind": "supplementary", "elementKind": "ribbon", "section": 0, "indexPath": [0], "frame""#),
            ribbon)
    }

    /// An insert at the front: UIKit asks the initial and final supplementary attributes with the
    /// kinds the layout returned (here "badge" and "ribbon"), never the header kind the grid does
    /// not make (FlowSim asked every supplementary view with it before, and a layout that checks
    /// its kinds stopped). The fifth badge, [0, 4] on the second row's middle cell, fades in.
    func testInsertAsksWithTheLayoutsKinds() {
        let (harness, layout) = badgedGrid()
        harness.dataSource.sections[0].items.insert(ItemData(id: "new", title: "NEW"), at: 0)
        harness.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(harness.collectionView.updateErrors.map(\.message), [])
        XCTAssertEqual(layout.rejectedKinds, [])
        XCTAssertEqual(layout.askedKinds, [BadgedGridLayout.badgeKind, BadgedGridLayout.ribbonKind])
        let fifth = harness.collectionView.lastUpdatePlans.first {
            $0.kind == .supplementary(BadgedGridLayout.badgeKind) && $0.newKey?.indexPath == [0, 4]
        }
        XCTAssertEqual(fifth?.oldKey, nil)
        XCTAssertEqual(fifth?.state, .appearing)
        XCTAssertEqual(fifth?.from.alpha, 0)
        XCTAssertEqual(fifth?.to.frame, CGRect(x: 200, y: 120, width: 20, height: 20))
    }

    /// `flowsim diff` matches elements by category, kind string and index path: moving badge
    /// [0, 1] is reported as that badge, not as a header or another badge.
    func testDiffMatchesByKindAndIndexPath() throws {
        let (harness, _) = badgedGrid()
        let before = JSONValue.object([
            ("elements", .array(harness.collectionView.presentation(at: 0).map { LayoutExport.element($0) }))
        ])
        var moved = harness.collectionView.presentation(at: 0)
        moved[6].center.x += 5
        moved[6].frame.origin.x += 5
        let after = JSONValue.object([("elements", .array(moved.map { LayoutExport.element($0) }))])
        let changes = try LayoutDiff.compare(before, after)
        XCTAssertEqual(
            changes.map(\.description),
            ["supplementary(badge) 0.1 moved: center (210.0, 20.0) → (215.0, 20.0), by (+5.0, +0.0)"])
    }

    // MARK: Pre-update attributes (issue 22, part 3, item 1)

    /// Row heights kept by a view model; a request for a row the model no longer has is what
    /// crashes such an app (index out of range), recorded here instead.
    final class HeightsModel: LazyHeightsLayoutDelegate {
        var heights: [CGFloat]
        private(set) var missing: [IndexPath] = []
        init(_ heights: [CGFloat]) { self.heights = heights }

        func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat {
            guard heights.indices.contains(indexPath.item) else {
                missing.append(indexPath)
                return 44
            }
            return heights[indexPath.item]
        }
    }

    /// The update's "before" is what was laid out at the last layout pass, as UIKit's old
    /// collection view data holds it; FlowSim asked the layout again after the data source had
    /// changed, and a delegate-backed layout asked for row 3 of a model holding three rows.
    /// Rows 50, 60, 70, 80 tall, 10 apart (y 0, 60, 130, 210); deleting row 1 slides c from 130
    /// to 60 and d from 210 to 140, and b fades out in place.
    func testDeleteUsesTheAttributesLaidOutBeforeTheUpdate() {
        let layout = LazyHeightsLayout()
        let model = HeightsModel([50, 60, 70, 80])
        layout.delegate = model
        let items = ["a", "b", "c", "d"].map { ItemData(id: $0, title: $0) }
        let harness = Harness(
            width: 320, height: 480, layout: layout, sections: [SectionData(id: "L", items: items)], scale: 1)
        harness.collectionView.layoutIfNeeded()
        model.heights.remove(at: 1)
        harness.dataSource.sections[0].items.remove(at: 1)
        harness.collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(harness.collectionView.updateErrors.map(\.message), [])
        XCTAssertEqual(model.missing, [], "the layout was asked about rows the model no longer has")
        let plans = Dictionary(uniqueKeysWithValues: harness.collectionView.lastUpdatePlans.map { ($0.id, $0) })
        XCTAssertEqual(plans["c"]?.from.frame, CGRect(x: 0, y: 130, width: 320, height: 70))
        XCTAssertEqual(plans["c"]?.to.frame, CGRect(x: 0, y: 60, width: 320, height: 70))
        XCTAssertEqual(plans["d"]?.from.frame, CGRect(x: 0, y: 210, width: 320, height: 80))
        XCTAssertEqual(plans["d"]?.to.frame, CGRect(x: 0, y: 140, width: 320, height: 80))
        XCTAssertEqual(plans["b"]?.motion, .disappearing)
        XCTAssertEqual(plans["b"]?.to.frame, CGRect(x: 0, y: 60, width: 320, height: 60))
        XCTAssertEqual(plans["b"]?.to.alpha, 0)
    }
}

/// A compositional layout's badges sit at their item's index path and follow their item across
/// an update (UIKit maps the kinds its layout anchors to items with the item map), not their
/// section like other supplementary views.
final class CompositionalBadgeUpdateTests: XCTestCase {
    /// `ModernLayouts.badgesOnBackground()` in 400 pt at @2x: items 90 wide (inset frames 80 ×
    /// 62), badges 20 × 20 at the top-right corner (item 1's at 181, 19). An item inserted at the
    /// front moves item s0-0 and its badge one slot right: the badge at [0, 0] before is the one
    /// at [0, 1] after, sliding from (91, 19) to (181, 19); the new item's badge fades in at (91, 19).
    func testBadgeFollowsItsItem() {
        let layout = ModernLayouts.badgesOnBackground()
        let items = (0..<3).map { ItemData(id: "s0-\($0)", title: "\($0)") }
        let harness = Harness(
            width: 400, height: 844, layout: layout, sections: [SectionData(id: "s0", items: items)], scale: 2)
        harness.collectionView.layoutIfNeeded()
        harness.dataSource.sections[0].items.insert(ItemData(id: "new", title: "new"), at: 0)
        harness.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        XCTAssertEqual(harness.collectionView.updateErrors.map(\.message), [])
        let badges = harness.collectionView.lastUpdatePlans.filter {
            $0.kind == .supplementary(ModernLayouts.badgeKind)
        }
        let moved = badges.first { $0.oldKey?.indexPath == [0, 0] }
        XCTAssertEqual(moved?.newKey?.indexPath, [0, 1])
        XCTAssertEqual(moved?.motion, .single)
        XCTAssertEqual(moved?.from.frame, CGRect(x: 91, y: 19, width: 20, height: 20))
        XCTAssertEqual(moved?.to.frame, CGRect(x: 181, y: 19, width: 20, height: 20))
        let appearing = badges.first { $0.newKey?.indexPath == [0, 0] }
        XCTAssertNil(appearing?.oldKey)
        XCTAssertEqual(appearing?.state, .appearing)
        XCTAssertEqual(appearing?.to.frame, CGRect(x: 91, y: 19, width: 20, height: 20))
    }
}
