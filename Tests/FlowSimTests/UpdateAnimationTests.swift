import Foundation
import XCTest

@testable import FlowSim
import FlowSimCoreTestSupport

/// Start and end attributes of every update kind (docs/uikit-rules.md §2), against hand-computed
/// layouts. Grid of the default layout in 375 at scale 2: item k sits in column k % 6 and row
/// k / 6, so its center is (25 + 65·(k % 6), 25 + 60·(k / 6)).
final class UpdateAnimationTests: XCTestCase {
    static func center(_ k: Int, yOffset: CGFloat = 0) -> CGPoint {
        CGPoint(x: 25 + 65 * CGFloat(k % 6), y: 25 + 60 * CGFloat(k / 6) + yOffset)
    }

    private func ids(_ names: [String]) -> [ItemData] { names.map { ItemData(id: $0) } }
    private func names(_ count: Int, _ prefix: String = "i") -> [String] { (0..<count).map { "\(prefix)\($0)" } }

    private func live(_ elements: [PresentedElement], _ id: String) -> PresentedElement? {
        let matches = elements.filter { $0.id == id && !$0.isSnapshot }
        XCTAssertLessThanOrEqual(matches.count, 1, "several live elements with id \(id)")
        return matches.first
    }

    private func snapshot(_ elements: [PresentedElement], _ id: String) -> PresentedElement? {
        elements.first { $0.id == id && $0.isSnapshot }
    }

    /// The layout of `sections` from scratch, as presented by a fresh collection view.
    private func fresh(_ sections: [SectionData], layout: FlowLayout = FlowLayout(), height: CGFloat = 667)
        -> [PresentedElement]
    {
        let (cv, _) = Fixture.collectionView(sections, layout: layout, height: height)
        return cv.presentation(at: 0)
    }

    private func assertSame(
        _ a: [PresentedElement], _ b: [PresentedElement], file: StaticString = #filePath, line: UInt = #line
    ) {
        func key(_ e: PresentedElement) -> String {
            "\(e.kind) \(e.id) \(e.section) \(e.item ?? -1) c=\(e.center) s=\(e.size) t=\(e.transform) a=\(e.alpha) z=\(e.zIndex) snap=\(e.isSnapshot)"
        }
        XCTAssertEqual(a.map(key).sorted(), b.map(key).sorted(), file: file, line: line)
    }

    // MARK: Items

    /// Insert at 2 with UIKit's default animation (0.3 s ease-in-out, symmetric so p(0.15) = ½):
    /// the new item fades in where it lands (base I = E with alpha 0); i2 slides from slot 2
    /// (155, 25) to slot 3 (220, 25); i5 from (350, 25) to slot 6 (25, 85); i0 and i1 stay.
    func testInsertFadesInAndShiftsSlide() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(10)))])
        data.sections[0].items.insert(ItemData(id: "n"), at: 2)
        cv.insertItems(at: [IndexPath(item: 2, section: 0)])
        XCTAssertTrue(cv.updateErrors.isEmpty, "\(cv.updateErrors)")

        let start = cv.presentation(at: 0)
        XCTAssertPointEqual(live(start, "n")?.center, Self.center(2))
        XCTAssertEqual(live(start, "n")?.alpha, 0)
        XCTAssertEqual(live(start, "n")?.state, .appearing)
        XCTAssertPointEqual(live(start, "i2")?.center, Self.center(2))
        XCTAssertEqual(live(start, "i2")?.state, .moving)
        XCTAssertPointEqual(live(start, "i5")?.center, Self.center(5))
        XCTAssertEqual(live(start, "i0")?.state, .static)

        let middle = cv.presentation(at: 0.15)
        XCTAssertEqual(Double(live(middle, "n")?.alpha ?? -1), 0.5, accuracy: 1e-4)
        XCTAssertEqual(Double(live(middle, "i2")?.center.x ?? -1), (155 + 220) / 2, accuracy: 1e-2)
        XCTAssertEqual(Double(live(middle, "i5")?.center.x ?? -1), (350 + 25) / 2, accuracy: 1e-2)
        XCTAssertEqual(Double(live(middle, "i5")?.center.y ?? -1), (25 + 85) / 2, accuracy: 1e-2)
        XCTAssertPointEqual(live(middle, "i0")?.center, Self.center(0))

        let end = cv.presentation(at: 0.3)
        XCTAssertEqual(end.count, 11)
        XCTAssertPointEqual(live(end, "i2")?.center, Self.center(3))
        XCTAssertPointEqual(live(end, "i9")?.center, Self.center(10))
        XCTAssertEqual(live(end, "n")?.alpha, 1)
        XCTAssertEqual(live(end, "i9")?.item, 10)
        XCTAssertTrue(end.allSatisfy { $0.state == .static })
        assertSame(end, fresh(data.sections))
    }

    /// Delete item 0: it fades out in place (base F = S with alpha 0) and is gone at the end;
    /// i1 slides from (90, 25) to (25, 25); i6 from the second row (25, 85) to (350, 25).
    func testDeleteFadesOutInPlace() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(10)))])
        data.sections[0].items.removeFirst()
        cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
        let start = cv.presentation(at: 0)
        XCTAssertEqual(live(start, "i0")?.alpha, 1)
        XCTAssertEqual(live(start, "i0")?.state, .disappearing)
        XCTAssertEqual(live(start, "i0")?.item, 0, "a disappearing cell keeps its old path")
        let middle = cv.presentation(at: 0.15)
        XCTAssertPointEqual(live(middle, "i0")?.center, Self.center(0))
        XCTAssertEqual(Double(live(middle, "i0")?.alpha ?? -1), 0.5, accuracy: 1e-4)
        XCTAssertEqual(Double(live(middle, "i1")?.center.x ?? -1), (90 + 25) / 2, accuracy: 1e-2)
        let end = cv.presentation(at: 0.3)
        XCTAssertNil(live(end, "i0"))
        XCTAssertPointEqual(live(end, "i6")?.center, Self.center(5))
        assertSame(end, fresh(data.sections))
    }

    /// Move 0 → 9: i0 slides from (25, 25) to slot 9 (220, 85); i9 from slot 9 to slot 8 (155, 85).
    func testMoveSlides() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(10)))])
        let moved = data.sections[0].items.removeFirst()
        data.sections[0].items.append(moved)
        cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 9, section: 0))
        let start = cv.presentation(at: 0)
        XCTAssertPointEqual(live(start, "i0")?.center, Self.center(0))
        XCTAssertPointEqual(live(start, "i9")?.center, Self.center(9))
        let end = cv.presentation(at: 1)
        XCTAssertPointEqual(live(end, "i0")?.center, Self.center(9))
        XCTAssertPointEqual(live(end, "i9")?.center, Self.center(8))
        XCTAssertEqual(end.count, 10)
        assertSame(end, fresh(data.sections))
    }

    /// Reload = delete + insert of the same path: the old cell fades out while the new one fades
    /// in at the same place; afterwards exactly one i3 remains, fully opaque.
    func testReloadCrossFadesAndKeepsTheItem() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(6)))])
        cv.reloadItems(at: [IndexPath(item: 3, section: 0)])
        XCTAssertTrue(cv.updateErrors.isEmpty, "\(cv.updateErrors)")
        let middle = cv.presentation(at: 0.15).filter { $0.id == "i3" }
        XCTAssertEqual(middle.count, 2, "\(middle)")
        XCTAssertEqual(middle.map(\.state).sorted { $0.rawValue < $1.rawValue }, [.appearing, .disappearing])
        for element in middle {
            XCTAssertPointEqual(element.center, Self.center(3))
            XCTAssertEqual(Double(element.alpha), 0.5, accuracy: 1e-4)
        }
        let end = cv.presentation(at: 0.3)
        XCTAssertEqual(end.filter { $0.id == "i3" }.count, 1)
        XCTAssertEqual(live(end, "i3")?.alpha, 1)
        assertSame(end, fresh(data.sections))
    }

    // MARK: Sections

    private func sectionsWithHeaders(_ layout: FlowLayout) -> FlowLayout {
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        return layout
    }

    /// Sections A (3 items) and B (2 items) with 30 pt headers: A's header y 0, items y 30;
    /// B's header y 80, items y 110. Insert section N (2 items) at 0: N takes y 0…80, A moves
    /// to 80 (items y 110, centers y 135), B to 160 (items y 190).
    func testInsertSection() {
        let layout = sectionsWithHeaders(FlowLayout())
        let (cv, data) = Fixture.collectionView(
            [SectionData(id: "A", items: ids(names(3, "a"))), SectionData(id: "B", items: ids(names(2, "b")))],
            layout: layout)
        data.sections.insert(SectionData(id: "N", items: ids(names(2, "n"))), at: 0)
        cv.insertSections(IndexSet(integer: 0))
        XCTAssertTrue(cv.updateErrors.isEmpty, "\(cv.updateErrors)")
        let start = cv.presentation(at: 0)
        XCTAssertEqual(live(start, "header-N")?.alpha, 0)
        XCTAssertEqual(live(start, "n0")?.alpha, 0)
        XCTAssertPointEqual(live(start, "n0")?.center, CGPoint(x: 25, y: 55))
        XCTAssertPointEqual(live(start, "a0")?.center, CGPoint(x: 25, y: 55))
        XCTAssertPointEqual(live(start, "header-A")?.center, CGPoint(x: 187.5, y: 15))
        let end = cv.presentation(at: 0.3)
        XCTAssertPointEqual(live(end, "a0")?.center, CGPoint(x: 25, y: 135))
        XCTAssertPointEqual(live(end, "header-A")?.center, CGPoint(x: 187.5, y: 95))
        XCTAssertPointEqual(live(end, "b1")?.center, CGPoint(x: 90, y: 215))
        XCTAssertEqual(live(end, "a0")?.section, 1)
        assertSame(end, fresh(data.sections, layout: sectionsWithHeaders(FlowLayout())))
    }

    /// Delete section A: its header and cells fade out in place; B's header slides from y 80 to 0.
    func testDeleteSection() {
        let layout = sectionsWithHeaders(FlowLayout())
        let (cv, data) = Fixture.collectionView(
            [SectionData(id: "A", items: ids(names(3, "a"))), SectionData(id: "B", items: ids(names(2, "b")))],
            layout: layout)
        data.sections.removeFirst()
        cv.deleteSections(IndexSet(integer: 0))
        let middle = cv.presentation(at: 0.15)
        XCTAssertEqual(live(middle, "header-A")?.state, .disappearing)
        XCTAssertEqual(Double(live(middle, "a2")?.alpha ?? -1), 0.5, accuracy: 1e-4)
        XCTAssertPointEqual(live(middle, "a2")?.center, CGPoint(x: 155, y: 55))
        XCTAssertEqual(Double(live(middle, "header-B")?.center.y ?? -1), (95 + 15) / 2, accuracy: 1e-2)
        let end = cv.presentation(at: 0.3)
        XCTAssertNil(live(end, "a0"))
        XCTAssertNil(live(end, "header-A"))
        XCTAssertPointEqual(live(end, "b0")?.center, CGPoint(x: 25, y: 55))
        assertSame(end, fresh(data.sections, layout: sectionsWithHeaders(FlowLayout())))
    }

    /// Move section 0 → 1: B (header y 80 → 0) and A (header y 0 → 50, items y 30 → 80, since
    /// B's extent is 30 + 50 = 80) swap places by sliding.
    func testMoveSection() {
        let layout = sectionsWithHeaders(FlowLayout())
        let (cv, data) = Fixture.collectionView(
            [SectionData(id: "A", items: ids(names(3, "a"))), SectionData(id: "B", items: ids(names(2, "b")))],
            layout: layout)
        data.sections.swapAt(0, 1)
        cv.moveSection(0, toSection: 1)
        XCTAssertTrue(cv.updateErrors.isEmpty, "\(cv.updateErrors)")
        let start = cv.presentation(at: 0)
        XCTAssertPointEqual(live(start, "a1")?.center, CGPoint(x: 90, y: 55))
        XCTAssertPointEqual(live(start, "header-B")?.center, CGPoint(x: 187.5, y: 95))
        let end = cv.presentation(at: 0.3)
        XCTAssertPointEqual(live(end, "a1")?.center, CGPoint(x: 90, y: 135))
        XCTAssertPointEqual(live(end, "header-A")?.center, CGPoint(x: 187.5, y: 95))
        XCTAssertPointEqual(live(end, "header-B")?.center, CGPoint(x: 187.5, y: 15))
        XCTAssertEqual(live(end, "a1")?.section, 1)
        assertSame(end, fresh(data.sections, layout: sectionsWithHeaders(FlowLayout())))
    }

    // MARK: A mixture

    /// One batch: delete old 1, move old 5 → new 0, insert X at new 3. UIKit's index spaces give
    /// the new order [a5, a0, a2, X, a3, a4, a6, a7, a8, a9]: the move and the insert claim new
    /// slots 0 and 3, the untouched survivors fill the others in order. So a0 slides from slot 0
    /// to slot 1, a5 from slot 5 to slot 0, a3 from 3 to 4, a6 stays at 6.
    func testMixedBatch() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(10, "a")))])
        data.sections[0].items = ids(["a5", "a0", "a2", "X", "a3", "a4", "a6", "a7", "a8", "a9"])
        cv.performBatchUpdates {
            cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
            cv.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 0))
            cv.insertItems(at: [IndexPath(item: 3, section: 0)])
        }
        XCTAssertTrue(cv.updateErrors.isEmpty, "\(cv.updateErrors)")
        let start = cv.presentation(at: 0)
        XCTAssertPointEqual(live(start, "a0")?.center, Self.center(0))
        XCTAssertPointEqual(live(start, "a5")?.center, Self.center(5))
        XCTAssertEqual(live(start, "a1")?.state, .disappearing)
        XCTAssertEqual(live(start, "X")?.alpha, 0)
        XCTAssertPointEqual(live(start, "X")?.center, Self.center(3))
        XCTAssertEqual(live(start, "a6")?.state, .static)
        let end = cv.presentation(at: 0.3)
        XCTAssertPointEqual(live(end, "a0")?.center, Self.center(1))
        XCTAssertPointEqual(live(end, "a5")?.center, Self.center(0))
        XCTAssertPointEqual(live(end, "a3")?.center, Self.center(4))
        XCTAssertNil(live(end, "a1"))
        assertSame(end, fresh(data.sections))
    }

    // MARK: Ghosting: the two-part animation

    /// A layout answering nil for every element that is neither inserted nor deleted (a common
    /// way to write it, here `InsetFlowLayout.shiftedCells = .literalNil` without effects and without
    /// inset). A shifted cell: nil F → (I is nil, not ≡ S) S with alpha 0; nil I → (F is nil)
    /// E with alpha 0; S ≢ E, so a snapshot goes S → S(alpha 0) while the cell goes E(alpha 0) → E.
    func testNilAnswersCrossFadeShiftedCells() {
        let layout = InsetFlowLayout()
        layout.cellInset = 0
        layout.shiftedCells = .literalNil
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(8)))], layout: layout)
        data.sections[0].items.insert(ItemData(id: "n"), at: 0)
        cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        let middle = cv.presentation(at: 0.15)
        // i0 moved from slot 0 to slot 1.
        let ghost = snapshot(middle, "i0")
        XCTAssertNotNil(ghost)
        XCTAssertEqual(ghost?.state, .disappearing)
        XCTAssertPointEqual(ghost?.center, Self.center(0))
        XCTAssertEqual(Double(ghost?.alpha ?? -1), 0.5, accuracy: 1e-4)
        XCTAssertEqual(ghost?.item, 0)
        let cell = live(middle, "i0")
        XCTAssertPointEqual(cell?.center, Self.center(1))
        XCTAssertEqual(Double(cell?.alpha ?? -1), 0.5, accuracy: 1e-4)
        XCTAssertEqual(cell?.state, .appearing)
        // Snapshot paints below its live element at equal zIndex.
        let order = middle.filter { $0.id == "i0" }.map(\.isSnapshot)
        XCTAssertEqual(order, [true, false])
        // At the end: no snapshots, everything in place.
        let end = cv.presentation(at: 0.3)
        XCTAssertTrue(end.allSatisfy { !$0.isSnapshot })
        let plain = FlowLayout()
        assertSame(end, fresh(data.sections, layout: plain))
    }

    /// The same insert with the default `.slide`: shifted cells slide, no snapshots.
    func testSlideModeHasNoSnapshots() {
        let layout = InsetFlowLayout()
        layout.cellInset = 0
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(8)))], layout: layout)
        data.sections[0].items.insert(ItemData(id: "n"), at: 0)
        cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        let middle = cv.presentation(at: 0.15)
        XCTAssertNil(snapshot(middle, "i0"))
        XCTAssertEqual(Double(live(middle, "i0")?.center.x ?? -1), (25 + 90) / 2, accuracy: 1e-2)
        XCTAssertEqual(live(middle, "i0")?.alpha, 1)
    }

    /// Custom answers for shifted cells, checking each branch of the nil rules.
    final class RuleLayout: FlowLayout {
        enum Mode { case baseInitialNilFinal, nilInitialBaseFinal, halfAlphaInitialNilFinal }
        var mode = Mode.baseInitialNilFinal
        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            let base = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
            switch mode {
            case .baseInitialNilFinal: return base
            case .nilInitialBaseFinal: return nil
            case .halfAlphaInitialNilFinal:
                base?.alpha = 0.5
                return base
            }
        }
        override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            mode == .nilInitialBaseFinal ? super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath) : nil
        }
    }

    private func runRule(_ mode: RuleLayout.Mode) -> [PresentedElement] {
        let layout = RuleLayout()
        layout.mode = mode
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(4)))], layout: layout)
        // Delete item 0 (not a survivor) so i1…i3 shift left.
        data.sections[0].items.removeFirst()
        cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
        return cv.presentation(at: 0.15)
    }

    /// I = S (base), F nil → F becomes E because I ≡ S → one slide.
    func testNilFinalWithInitialEqualToStartSlides() {
        let middle = runRule(.baseInitialNilFinal)
        XCTAssertNil(snapshot(middle, "i1"))
        XCTAssertEqual(Double(live(middle, "i1")?.center.x ?? -1), (90 + 25) / 2, accuracy: 1e-2)
        XCTAssertEqual(live(middle, "i1")?.alpha, 1)
    }

    /// I nil, F = E (base) → I becomes S because F ≡ E → one slide.
    func testNilInitialWithFinalEqualToEndSlides() {
        let middle = runRule(.nilInitialBaseFinal)
        XCTAssertNil(snapshot(middle, "i2"))
        XCTAssertEqual(Double(live(middle, "i2")?.center.x ?? -1), (155 + 90) / 2, accuracy: 1e-2)
    }

    /// I = S with alpha 0.5 (≢ S), F nil → F = S with alpha 0: a snapshot S → S(α 0) and the cell
    /// I → E: at p = ½ the cell is halfway with alpha 0.75, the ghost in place with alpha 0.5.
    func testCustomInitialWithNilFinalIsTwoPart() {
        let middle = runRule(.halfAlphaInitialNilFinal)
        let ghost = snapshot(middle, "i1")
        XCTAssertPointEqual(ghost?.center, Self.center(1))
        XCTAssertEqual(Double(ghost?.alpha ?? -1), 0.5, accuracy: 1e-4)
        XCTAssertEqual(Double(live(middle, "i1")?.center.x ?? -1), (90 + 25) / 2, accuracy: 1e-2)
        XCTAssertEqual(Double(live(middle, "i1")?.alpha ?? -1), 0.75, accuracy: 1e-4)
    }

    // MARK: Only elements meeting the visible bounds animate

    /// Viewport 375×100 over 60 items: rows 0 (y 0–50) and 1 (y 60–110) meet the bounds. Insert
    /// at 0: i0…i11 start visible (i11 ends in row 2, off screen), n lands in slot 0. i12 and
    /// beyond neither start nor end visible: not animated, not presented. At the end only slots
    /// 0…11 remain: n, i0…i10.
    func testOnlyVisibleElementsAnimate() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(60)))], height: 100)
        data.sections[0].items.insert(ItemData(id: "n"), at: 0)
        cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        let middle = Set(cv.presentation(at: 0.15).map(\.id))
        XCTAssertEqual(middle, Set(["n"] + names(12)))
        let end = Set(cv.presentation(at: 0.3).map(\.id))
        XCTAssertEqual(end, Set(["n"] + names(11)))
        XCTAssertTrue(cv.lastUpdatePlans.allSatisfy { $0.id != "i12" })
    }

    // MARK: Completions

    /// UIKit calls an animation block's completion when its animation ends; sampling the
    /// presentation past that time runs it (CollectionView.presentation(at:) documents this),
    /// not before. A 1 s linear block: not at 0.5, yes at 1.0.
    func testCompletionRunsWhenThePresentationReachesTheEnd() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(3)))])
        data.sections[0].items.append(ItemData(id: "n"))
        var finished: [Bool] = []
        ViewAnimation.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                cv.insertItems(at: [IndexPath(item: 3, section: 0)])
            }, completion: { finished.append($0) })
        XCTAssertEqual(finished, [])
        // Linear: the new item's alpha is exactly t.
        XCTAssertEqual(live(cv.presentation(at: 0.5), "n")?.alpha, 0.5)
        XCTAssertEqual(finished, [])
        _ = cv.presentation(at: 1.0)
        XCTAssertEqual(finished, [true])
        _ = cv.presentation(at: 2.0)
        XCTAssertEqual(finished, [true], "a completion runs once")
    }

    /// performBatchUpdates' completion likewise, with UIKit's default 0.3 s.
    func testBatchCompletionRunsAtTheEnd() {
        let (cv, data) = Fixture.collectionView([SectionData(id: "s", items: ids(names(3)))])
        data.sections[0].items.removeLast()
        var count = 0
        cv.performBatchUpdates(
            { cv.deleteItems(at: [IndexPath(item: 2, section: 0)]) }, completion: { _ in count += 1 })
        _ = cv.presentation(at: 0.29)
        XCTAssertEqual(count, 0)
        _ = cv.presentation(at: 0.3)
        XCTAssertEqual(count, 1)
    }
}
