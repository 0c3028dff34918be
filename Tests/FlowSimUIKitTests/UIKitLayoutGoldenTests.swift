import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import FlowSimTesting
import FlowSimUIKit
import XCTest

/// One golden render of each real-world layout in Layouts/, driven as an app drives
/// it (UIKit calls on a UICollectionView, the parks view controller's own code for the insert) and
/// rendered from `presentation(at:)` at 60 fps, at scale 1, into `Goldens/tests/uikit-<layout>/`.
/// A missing golden fails and says how to record it:
/// `FLOWSIM_RECORD=missing swift test --filter UIKitLayoutGoldenTests`.
final class UIKitLayoutGoldenTests: XCTestCase {
    static let goldens = packageRoot.appendingPathComponent("Goldens/tests", isDirectory: true)

    /// The frames at `indices` (1/60 s apart) of a collection view's timeline.
    func frames(_ collectionView: UICollectionView, _ indices: [Int]) -> [PresentedFrame] {
        indices.map { index in
            let time = Double(index) / 60
            return PresentedFrame(
                index: index, time: time, contentOffset: collectionView.contentOffset(at: time),
                elements: collectionView.presentation(at: time))
        }
    }

    func check(
        _ name: String, _ collectionView: UICollectionView, frames indices: [Int],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let bounds = collectionView.bounds
        assertGolden(
            frames(collectionView, indices),
            viewport: RenderViewport(width: Double(bounds.width), height: Double(bounds.height), scale: 1),
            named: name, goldens: Self.goldens, file: file, line: line)
        let folder = Self.goldens.appendingPathComponent(name, isDirectory: true)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".png")
        }.sorted()
        XCTAssertEqual(
            files, indices.map { RenderPipeline.frameFileName($0) },
            "Goldens/\(name) holds exactly the checked frames (record with FLOWSIM_RECORD=missing swift test)",
            file: file, line: line)
        for file in files {
            let size =
                (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size]
                    as? Int) ?? 0
            XCTAssertLessThan(size, 60_000, "\(name)/\(file) is \(size) bytes")
        }
    }

    func titled(_ count: Int, prefix: String) -> [ItemData] {
        (0..<count).map { ItemData(id: "\(prefix)\($0)", title: "\(prefix.uppercased())\($0)") }
    }

    /// The parks `FlowLayout` as written for iOS, with its view controller's `addItem()` (SeedFlowLayoutTests): 375 × 400,
    /// items 100 × 100 inset by 2, headers 40. The new park (item 2 of Alaska) flies in on a
    /// 1 s spring (damping 0.65) from (375 − 23.5, −24.5) at scale 0.15 above everything:
    /// frame 0 the moment of the insert (the park still above the top edge, the header already
    /// counts 6, ak2 not yet moved); 12 (0.2 s) the park flying in over the header's right end,
    /// growing, while ak2, ak3 and ak4 cross-fade to their new slots (the layout's nil answers);
    /// 30 (0.5 s) the park overshooting its slot, larger than 96 × 96; 60 (1 s) settled, ak2–ak4
    /// one slot along.
    func testSeedFlowLayoutInsert() {
        let layout = FlowLayout()
        SeedFlowLayoutTests.configure(layout)
        let sections = [
            SectionData(id: "Alaska", items: titled(5, prefix: "ak")),
            SectionData(id: "Utah", items: titled(4, prefix: "ut")),
        ]
        let harness = Harness(width: 375, height: 400, layout: layout, sections: sections, scale: 1)
        harness.collectionView.layoutIfNeeded()
        let controller = SeedFlowLayoutTests.ParksViewController(
            collectionView: harness.collectionView, dataSource: SeedFlowLayoutTests.ParksDataSource(harness.dataSource))
        controller.addItem()
        XCTAssertEqual(harness.collectionView.updateErrors.map(\.message), [])
        let start = harness.collectionView.presentation(at: 0).first { $0.id == "new0" }
        XCTAssertEqual(start?.center, CGPoint(x: 351.5, y: -24.5))
        let end = harness.collectionView.presentation(at: 1).first { $0.id == "new0" }
        XCTAssertEqual(end?.center, CGPoint(x: 325, y: 90), "item 2 of the first row: x 275…375, y 40…140")
        check("uikit-seed-insert", harness.collectionView, frames: [0, 12, 30, 60])
    }

    /// `LeftAlignedFlowLayout` with mixed widths (a tag cloud), 320 × 200, section inset 10:
    /// every line starts at x = 10 and its items follow 10 pt apart, the right ends ragged
    /// (the plain flow layout would spread full lines to both edges).
    func testLeftAlignedFlowLayout() {
        final class Sizes: UICollectionViewDelegateFlowLayout {
            let widths: [CGFloat] = [100, 120, 90, 60, 130, 80, 150, 70, 110, 50]
            func collectionView(
                _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                sizeForItemAt indexPath: IndexPath
            ) -> CGSize {
                CGSize(width: widths[indexPath.item], height: 40)
            }
        }
        let layout = LeftAlignedFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let harness = Harness(
            width: 320, height: 200, layout: layout,
            sections: [SectionData(id: "tags", items: titled(10, prefix: "t"))], scale: 1)
        let sizes = Sizes()
        harness.collectionView.delegate = sizes
        // Lines (avail 300): [100, 120] · [90, 60, 130] · [80, 150] · [70, 110, 50].
        let cells = harness.visibleCells()
        XCTAssertEqual(cells.count, 10)
        for item in [0, 2, 5, 7] {
            XCTAssertEqual(cells[IndexPath(item: item, section: 0)]?.frame.minX, 10, "item \(item) starts its line")
        }
        XCTAssertEqual(cells[IndexPath(item: 4, section: 0)]?.frame.minX, 180, "10 + 90 + 10 + 60 + 10")
        check("uikit-left-aligned", harness.collectionView, frames: [0])
        withExtendedLifetime(sizes) {}
    }

    /// `CarouselFlowLayout`, 375 × 400, five 200 × 300 cards, scrolled linearly from x = 0 to
    /// x = 220 (card 1 centred) in 1 s. Frame 0: card 0 centred at full size, card 1 at 0.824;
    /// 30 (x = 110): cards 0 and 1 about equally off centre, both at about 0.912; 60: card 1
    /// centred at full size, cards 0 and 2 at 0.824 on each side.
    func testCarouselFlowLayout() {
        let harness = Harness(
            width: 375, height: 400, layout: CarouselFlowLayout(),
            sections: [SectionData(id: "cards", items: titled(5, prefix: "c"))], scale: 1)
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        collectionView.scroll(to: CGPoint(x: 220, y: 0), timing: AnimationTiming(curve: .linear(duration: 1)))
        func scale(_ id: String, at time: Double) -> CGFloat? {
            collectionView.presentation(at: time).first { $0.id == id }?.transform.a
        }
        // At scale 1 the flow layout puts card i at x = round(87.5) + 220·i = 88 + 220·i (centre
        // 188 + 220·i); the visible centre is x + 187.5: scale = 1 − 0.3·|distance|/375.
        func expected(_ item: Int, x: CGFloat) -> CGFloat {
            1 - 0.3 * min(abs(188 + 220 * CGFloat(item) - (x + 187.5)) / 375, 1)
        }
        XCTAssertEqual(scale("c0", at: 0) ?? 0, expected(0, x: 0), accuracy: 1e-9)
        XCTAssertEqual(scale("c1", at: 0) ?? 0, expected(1, x: 0), accuracy: 1e-9)
        XCTAssertEqual(scale("c0", at: 0.5) ?? 0, expected(0, x: 110), accuracy: 1e-9)
        XCTAssertEqual(scale("c1", at: 0.5) ?? 0, expected(1, x: 110), accuracy: 1e-9)
        XCTAssertEqual(scale("c1", at: 1) ?? 0, expected(1, x: 220), accuracy: 1e-9)
        XCTAssertEqual(scale("c2", at: 1) ?? 0, expected(2, x: 220), accuracy: 1e-9)
        XCTAssertEqual(expected(1, x: 220), 0.9996, accuracy: 1e-9, "centred but for the half-point snap")
        check("uikit-carousel", collectionView, frames: [0, 30, 60])
    }

    /// `makeStickyHeadersLayout()` (sectionHeadersPinToVisibleBounds), 240 × 300: two columns of
    /// 100 × 100; section A: header 0…40, rows at 40, 150, 260, end 360; section B: header
    /// 360…400, rows to 720. Scrolled linearly from y = 0 to 420 in 1 s (7 pt a frame).
    /// Frame 0: header A at its place; 20 (y = 140): A pinned at the top over A's rows;
    /// 48 (y = 336): A pushed up by its section's end (at 320, 16 pt above the top), B below it
    /// at 360; 60 (y = 420): B pinned at the top over B's last rows.
    func testStickyHeaders() {
        let harness = Harness(
            width: 240, height: 300, layout: makeStickyHeadersLayout(),
            sections: [
                SectionData(id: "A", items: titled(6, prefix: "a")),
                SectionData(id: "B", items: titled(6, prefix: "b")),
            ], scale: 1)
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 240, height: 720))
        collectionView.scroll(to: CGPoint(x: 0, y: 420), timing: AnimationTiming(curve: .linear(duration: 1)))
        func headerY(_ section: String, frame: Int) -> CGFloat? {
            collectionView.presentation(at: Double(frame) / 60).first { $0.kind == .header && $0.id.hasSuffix(section) }
                .map { $0.center.y - 20 }
        }
        XCTAssertEqual(headerY("A", frame: 0) ?? -1, 0, accuracy: 1e-6)
        XCTAssertEqual(headerY("A", frame: 20) ?? -1, 140, accuracy: 1e-6)
        XCTAssertEqual(headerY("A", frame: 48) ?? -1, 320, accuracy: 1e-6)
        XCTAssertEqual(headerY("B", frame: 48) ?? -1, 360, accuracy: 1e-6)
        XCTAssertEqual(headerY("B", frame: 60) ?? -1, 420, accuracy: 1e-6)
        check("uikit-sticky-headers", collectionView, frames: [0, 20, 48, 60])
    }
    /// `SpringyFlowLayout` (UIKit Dynamics: a spring per visible row) in a scene, 320 × 400: 20
    /// rows of 300 × 44 scrolled from y = 0 to 300 in 0.5 s (ease in-out), the finger at the
    /// viewport's centre. Frame 0 at rest; 15 (0.25 s) mid-drag, rows away from the touch lagging
    /// behind the content (gaps open below the touch, rows bunch above it); 30 (0.5 s) the drag
    /// over, rows still displaced; 45 and 60 springing back, the gaps closing; 143
    /// (the scene's end, when the animator rests) every row at its flow frame.
    func testSpringyFlowLayoutScroll() throws {
        let simulation = try SpringyFlowLayoutTests.simulate(SpringyFlowLayoutTests.scene())
        XCTAssertEqual(simulation.duration * 60, 143, accuracy: 1e-6, "comes to rest 2.383 s in")
        check("uikit-springy-scroll", simulation.collectionView, frames: [0, 15, 30, 45, 60, 143])
    }
}
