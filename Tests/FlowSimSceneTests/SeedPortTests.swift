import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene
import FlowSimCoreTestSupport

/// The parks collection view's `FlowLayout` subclass as written for iOS (cells inset by 2 pt,
/// inserts flying in, deletes shrinking, plus the `addedItem` / `deletedItems` properties its view
/// controller sets), ported with the fewest edits the Swift API allows:
/// `UICollectionViewFlowLayout` → `FlowSim.FlowLayout`, `UICollectionViewLayoutAttributes` →
/// `LayoutAttributes`. Everything else is the iOS code as written.
enum Article {
    class FlowLayout: FlowSim.FlowLayout {
        var addedItem: IndexPath?
        var deletedItems: [IndexPath]?

        override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
            var result = [LayoutAttributes]()
            if let attributes = super.layoutAttributesForElements(in: rect) {
                for item in attributes {
                    let cellAttributes = item.copy() as! LayoutAttributes
                    if item.representedElementKind == nil {
                        let frame = cellAttributes.frame
                        cellAttributes.frame = frame.insetBy(dx: 2.0, dy: 2.0)
                    }
                    result.append(cellAttributes)
                }
            }

            return result
        }

        override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            guard let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath),
                let deleted = deletedItems,
                deleted.contains(itemIndexPath)
            else {
                return nil
            }
            attributes.alpha = 1.0
            attributes.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            attributes.zIndex = -1
            return attributes
        }

        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            guard let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath),
                let added = addedItem,
                added == itemIndexPath
            else {
                return nil
            }
            // set new attributes
            attributes.center = CGPoint(x: collectionView!.frame.width - 23.5, y: -24.5)
            attributes.alpha = 1.0
            attributes.transform = CGAffineTransform(scaleX: 0.15, y: 0.15)
            attributes.zIndex = 50
            return attributes
        }
    }
}

final class SeedPortTests: XCTestCase {
    /// The original sample's parks (a subset), sections by state.
    static let parks: [(String, [String])] = [
        ("Alaska", ["Denali", "Glacier Bay", "Katmai", "Kenai Fjords", "Lake Clark"]),
        ("California", ["Yosemite", "Sequoia", "Joshua Tree", "Death Valley", "Redwood", "Channel Islands"]),
        ("Utah", ["Zion", "Arches", "Bryce Canyon"]),
    ]

    static func sections() -> [SectionData] {
        parks.map { state, names in SectionData(id: state, items: names.map { ItemData(id: $0) }) }
    }

    static func configure(_ layout: FlowSim.FlowLayout) {
        layout.itemSize = CGSize(width: 110, height: 110)
        layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        layout.headerReferenceSize = CGSize(width: 375, height: 44)
    }

    /// The original sample's story on a layout: `addItem()` at a seeded-random index of section 0 with the
    /// spring block, its completion clearing `addedItem`; at t = 2 `deleteSelected()` (no
    /// animation block: UIKit's default) of two selected parks. `hooks` sets the original sample's
    /// properties for the port and nothing for the ready layout (it records paths itself).
    struct Story {
        var insertIndex: IndexPath
        var cv: CollectionView
        var data: SectionedDataSource
    }

    static func runStory(
        _ layout: FlowSim.FlowLayout, setAdded: @escaping (IndexPath?) -> Void, setDeleted: ([IndexPath]) -> Void
    ) -> Story {
        configure(layout)
        let (cv, data) = Fixture.collectionView(sections(), layout: layout)
        cv.selectItem(at: IndexPath(item: 0, section: 0))  // Denali
        cv.selectItem(at: IndexPath(item: 1, section: 1))  // Sequoia

        // addItem(): the original sample's random index, from the first seed that puts it at 2…4, so
        // that deleting Denali later shifts the park that then holds the index the original sample's
        // `addedItem` names (the port must have cleared it in the insert's completion by then).
        var seed: UInt64 = 0
        var item = 0
        repeat {
            seed += 1
            var random = SeededRandom(seed: seed)
            item = Int.random(in: 0...data.sections[0].items.count, using: &random)
        } while !(2...4).contains(item)
        let index = IndexPath(item: item, section: 0)
        data.sections[0].items.insert(ItemData(id: "New Park"), at: index.item)
        setAdded(index)
        ViewAnimation.animate(
            withDuration: 1.0, delay: 0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0.0, options: [],
            animations: {
                cv.insertItems(at: [index])
            }
        ) { _ in
            setAdded(nil)
        }

        // deleteSelected() at t = 2, after the insert's animation ended at t = 1 (UIKit has run
        // its completion by then, whether or not anything was drawn in between).
        cv.currentTime = 2
        if let selected = cv.indexPathsForSelectedItems {
            setDeleted(selected)
            for path in selected.sorted(by: >) { data.sections[path.section].items.remove(at: path.item) }
            cv.deleteItems(at: selected)
        }
        return Story(insertIndex: index, cv: cv, data: data)
    }

    static var sampleTimes: [Double] { (0...150).map { Double($0) / 60 } }

    private func port() -> Story {
        let layout = Article.FlowLayout()
        return Self.runStory(layout, setAdded: { layout.addedItem = $0 }, setDeleted: { layout.deletedItems = $0 })
    }

    private func ready(_ mode: InsetFlowLayout.ShiftedCells) -> Story {
        let layout = InsetFlowLayout.parks()
        layout.shiftedCells = mode
        return Self.runStory(layout, setAdded: { _ in }, setDeleted: { _ in })
    }

    func testPortMatchesReadyLayoutInLiteralNilMode() {
        let article = port()
        let seed = ready(.literalNil)
        XCTAssertTrue(article.cv.updateErrors.isEmpty && seed.cv.updateErrors.isEmpty)
        XCTAssertEqual(article.insertIndex, seed.insertIndex)
        var snapshots = 0
        for time in Self.sampleTimes {
            let a = article.cv.presentation(at: time)
            let b = seed.cv.presentation(at: time)
            XCTAssertEqual(a, b, "t = \(time)")
            snapshots += a.filter(\.isSnapshot).count
        }
        // The comparison is not vacuous: the literal nil answers do produce ghosts.
        XCTAssertGreaterThan(snapshots, 0)
    }

    /// The seed insert flies in from (375 − 23.5, −24.5) = (351.5, −24.5) at scale 0.15, alpha 1,
    /// zIndex 50; the deletes shrink in place to scale 0.1 at zIndex −1 with alpha 1.
    func testSeedEffects() {
        let story = ready(.slide)
        let start = story.cv.presentation(at: 0)
        let inserted = start.first { $0.id == "New Park" }
        XCTAssertPointEqual(inserted?.center, CGPoint(x: 351.5, y: -24.5))
        XCTAssertEqual(inserted?.transform, CGAffineTransform(scaleX: 0.15, y: 0.15))
        XCTAssertEqual(inserted?.alpha, 1)
        XCTAssertEqual(inserted?.zIndex, 50)
        // Its size is the inset cell's 106×106 throughout.
        XCTAssertEqual(inserted?.size, CGSize(width: 106, height: 106))
        let landed = story.cv.presentation(at: 1).first { $0.id == "New Park" }
        XCTAssertEqual(landed?.transform, .identity)
        XCTAssertEqual(landed?.zIndex, 0)

        // Delete at t = 2 with UIKit's default 0.3 s ease-in-out; at its end scale 0.1.
        let deleting = story.cv.presentation(at: 2.15).filter { $0.id == "Denali" || $0.id == "Sequoia" }
        XCTAssertEqual(deleting.count, 2)
        for element in deleting {
            XCTAssertEqual(element.state, .disappearing)
            XCTAssertEqual(element.alpha, 1)
            XCTAssertEqual(element.zIndex, -1)
            XCTAssertEqual(Double(element.transform.a), 0.55, accuracy: 1e-3)  // 1 + (0.1 − 1)·½
        }
        XCTAssertTrue(story.cv.presentation(at: 2.3).allSatisfy { $0.id != "Denali" && $0.id != "Sequoia" })
    }

    /// docs/uikit-rules.md §2's prediction: with the literal nil answers every shifted on-screen cell
    /// cross-fades (a snapshot at its old place fading out, the cell fading in at the new place);
    /// in the default `.slide` mode the same cells slide with alpha 1 and there are no snapshots.
    func testLiteralNilCrossFadesWhereSlideSlides() {
        let nilStory = ready(.literalNil)
        let slideStory = ready(.slide)
        let index = nilStory.insertIndex.item
        // Section 0 has 5 parks; the one after the insert point shifts one slot.
        XCTAssertLessThan(index, 5, "the seeded index should leave a shifted park in section 0")
        let shifted = Self.parks[0].1[index]
        let t = 0.3
        let crossFade = nilStory.cv.presentation(at: t).filter { $0.id == shifted }
        XCTAssertEqual(crossFade.count, 2)
        XCTAssertEqual(crossFade.filter(\.isSnapshot).count, 1)
        let ghost = crossFade.first { $0.isSnapshot }!
        let cell = crossFade.first { !$0.isSnapshot }!
        XCTAssertEqual(ghost.state, .disappearing)
        XCTAssertEqual(cell.state, .appearing)
        // Alphas complement each other (both driven by the same progress p): ghost 1 − p, cell p.
        XCTAssertEqual(Double(ghost.alpha + cell.alpha), 1, accuracy: 1e-9)
        XCTAssertGreaterThan(cell.alpha, 0)
        XCTAssertLessThan(cell.alpha, 1.2)

        let slide = slideStory.cv.presentation(at: t).filter { $0.id == shifted }
        XCTAssertEqual(slide.count, 1)
        XCTAssertFalse(slide[0].isSnapshot)
        XCTAssertEqual(slide[0].alpha, 1)
        XCTAssertEqual(slide[0].state, .moving)
        // The ghost stays at the old place, the cross-faded cell sits at the new place, the
        // sliding cell is in between (or overshooting): three different centers.
        XCTAssertNotEqual(ghost.center, cell.center)
        XCTAssertNotEqual(slide[0].center, cell.center)
        XCTAssertNotEqual(slide[0].center, ghost.center)
        XCTAssertTrue(slideStory.cv.presentation(at: t).allSatisfy { !$0.isSnapshot })
        // Both end identically.
        XCTAssertEqual(nilStory.cv.presentation(at: 5), slideStory.cv.presentation(at: 5))
    }

    /// The seed insert's spring: duration 1.0, damping 0.65, velocity 0 → k ≈ 107.888,
    /// c ≈ 13.503, and the timeline follows that spring: with λ = c/2, ω₀ = √k,
    /// ω_d = ω₀√(1 − ζ²), x = e^(−λt)(cos ω_d t + (λ/ω_d) sin ω_d t), the sliding cell's
    /// progress at t is 1 − x (docs/uikit-rules.md §3).
    func testSeedSpringParameters() {
        guard
            case .uikitSpring(let spring) = AnimationTiming.spring(
                duration: 1.0, dampingRatio: 0.65, initialVelocity: 0
            ).curve
        else {
            return XCTFail("not a UIKit spring")
        }
        XCTAssertEqual(spring.parameters.stiffness, 107.888, accuracy: 1e-3)
        XCTAssertEqual(spring.parameters.damping, 13.503, accuracy: 1e-3)
        XCTAssertEqual(spring.parameters.mass, 1)

        let story = ready(.slide)
        let shifted = Self.parks[0].1[story.insertIndex.item]
        let start = story.cv.presentation(at: 0).first { $0.id == shifted }!.center
        let end = story.cv.presentation(at: 1).first { $0.id == shifted }!.center
        XCTAssertNotEqual(start, end)
        let k = 107.888
        let c = 13.503
        let lambda = c / 2
        let omega0 = k.squareRoot()
        let omegaD = (k - lambda * lambda).squareRoot()
        for t in [0.1, 0.25, 0.5, 0.75] {
            let x = exp(-lambda * t) * (cos(omegaD * t) + lambda / omegaD * sin(omegaD * t))
            let p = 1 - x
            let center = story.cv.presentation(at: t).first { $0.id == shifted && !$0.isSnapshot }!.center
            let axis = abs(end.x - start.x) > abs(end.y - start.y)
            let observed =
                axis
                ? Double((center.x - start.x) / (end.x - start.x)) : Double((center.y - start.y) / (end.y - start.y))
            XCTAssertEqual(observed, p, accuracy: 2e-4, "t = \(t), ω₀ = \(omega0)")
        }
    }
}
