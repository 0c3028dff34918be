import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The UIKit members a reviewer found missing when compiling real layout files, used as UIKit
/// code uses them.
final class UIKitCallsTests: XCTestCase {
    // MARK: Custom attributes (ParallaxFlowLayout, compiled unchanged)

    /// 10 items 100 × 100, inset 10, width 320: two per line at x = 10 and 210; line k at
    /// y = 10 + 110k. Scrolled to 200 (bounds 200…600, centre 400) lines 1–4 are visible; the
    /// parallax offset is round(2 · 0.13 · (60 + 110k − 400)) / 2: −30, −15.5, −1.5, 13.
    func testLayoutAttributesClassReachesEveryElement() throws {
        let layout = ParallaxFlowLayout()
        let harness = Harness(
            width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(10, prefix: "i"))])
        let collectionView = harness.collectionView
        collectionView.contentOffset = CGPoint(x: 0, y: 200)
        let visible = harness.visible()
        XCTAssertEqual(visible.map(\.indexPath.item), Array(2...9))
        let expected: [CGFloat] = [-30, -15.5, -1.5, 13]
        for attributes in visible {
            let parallax = try XCTUnwrap(attributes as? ParallaxLayoutAttributes, "\(type(of: attributes))")
            XCTAssertEqual(parallax.parallaxOffset.y, expected[attributes.indexPath.item / 2 - 1], accuracy: 1e-9)
            XCTAssertEqual(attributes.frame.minX, attributes.indexPath.item % 2 == 0 ? 10 : 210)
        }
        let item4 = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
        XCTAssertTrue(item4 is ParallaxLayoutAttributes)
        // copy(with:) keeps the extra property; isEqual compares it.
        let original = try XCTUnwrap(item4 as? ParallaxLayoutAttributes)
        let copy = try XCTUnwrap(original.copy() as? ParallaxLayoutAttributes)
        XCTAssertEqual(copy.parallaxOffset, original.parallaxOffset)
        XCTAssertTrue(copy.isEqual(original))
        copy.parallaxOffset.y += 1
        XCTAssertFalse(copy.isEqual(original))
        // The plain flow layout still makes plain attributes.
        let plain = UICollectionViewFlowLayout().attributes(forFirstItemIn: collectionView)
        XCTAssertTrue(ObjectIdentifier(type(of: plain)) == ObjectIdentifier(UICollectionViewLayoutAttributes.self))
    }

    func testAcceptedFlowSettingsAndHooks() {
        let layout = ParallaxFlowLayout()
        let harness = Harness(
            width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(4, prefix: "i"))])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.sectionInsetReference, .fromSafeArea)
        XCTAssertEqual(layout.estimatedItemSize, .zero)
        XCTAssertFalse(layout.sectionFootersPinToVisibleBounds)
        XCTAssertEqual(collectionView.decelerationRate, .fast, "set in prepare()")
        XCTAssertEqual(collectionView.decelerationRate.rawValue, 0.99)
        XCTAssertEqual(UIScrollView.DecelerationRate.normal.rawValue, 0.998)
        XCTAssertTrue(layout.flipsHorizontallyInOppositeLayoutDirection)
        XCTAssertEqual(collectionView.effectiveUserInterfaceLayoutDirection, .leftToRight)
        // estimatedItemSize does not change frames: self-sizing is not simulated.
        let before = harness.visible().map(\.frame)
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        layout.invalidateLayout()
        XCTAssertEqual(harness.visible().map(\.frame), before)
        // `.fromLayoutMargins` measures the section inset from UIView's default 8 pt margins (no
        // safe area here): the columns move 8 pt in from each side.
        layout.sectionInsetReference = .fromLayoutMargins
        XCTAssertEqual(
            harness.visible().map(\.frame.origin.x),
            before.map { $0.origin.x < 160 ? $0.origin.x + 8 : $0.origin.x - 8 })
        XCTAssertEqual(layout.estimatedItemSize, UICollectionViewFlowLayout.automaticSize)
        // The hooks have UIKit's base answers.
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        let b = a.copy() as! UICollectionViewLayoutAttributes
        XCTAssertFalse(
            UICollectionViewLayout().shouldInvalidateLayout(forPreferredLayoutAttributes: a, withOriginalAttributes: b))
        b.size = CGSize(width: 1, height: 1)
        XCTAssertTrue(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: b, withOriginalAttributes: a))
        XCTAssertEqual(
            layout.indexPathsToInsertForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader), [])
        XCTAssertEqual(
            layout.indexPathsToDeleteForSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter), [])
        layout.prepare(forAnimatedBoundsChange: collectionView.bounds)
        layout.finalizeAnimatedBoundsChange()
        XCTAssertEqual(layout.animatedBoundsChanges, 1)
        // Scroll-view settings are stored per collection view.
        collectionView.isPagingEnabled = true
        XCTAssertTrue(collectionView.isPagingEnabled)
        let other = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        XCTAssertFalse(other.isPagingEnabled)
        XCTAssertEqual(other.decelerationRate, .normal)
        XCTAssertEqual(UIScreen.main.scale, 2)
    }

    func testGeometryHelpers() {
        XCTAssertTrue(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
        XCTAssertFalse(CGPoint(x: 1, y: 2).equalTo(.zero))
        XCTAssertTrue(CGRect(x: 10, y: 10, width: -5, height: 5).equalTo(CGRect(x: 5, y: 10, width: 5, height: 5)))
        let directional = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        XCTAssertEqual(UIEdgeInsets(directional), UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(NSDirectionalEdgeInsets.zero, NSDirectionalEdgeInsets())
    }

    func testEveryAnimationOptionIsAccepted() {
        let harness = Harness(
            width: 375, height: 400, layout: UICollectionViewFlowLayout(),
            sections: [SectionData(id: "s", items: items(3, prefix: "i"))])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        harness.dataSource.sections[0].items.append(ItemData(id: "n1"))
        // The curve still comes from the curve bits: linear, so alpha 0.5 half-way.
        UIView.animate(
            withDuration: 0.5, delay: 0,
            options: [.allowUserInteraction, .beginFromCurrentState, .layoutSubviews, .curveLinear],
            animations: {
                collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
            }, completion: nil)
        XCTAssertEqual(collectionView.presentation(at: 0.25).first { $0.id == "n1" }?.alpha ?? -1, 0.5, accuracy: 1e-12)
        let options: UIView.AnimationOptions = [.curveEaseIn, .transitionCrossDissolve, .repeat, .autoreverse]
        XCTAssertTrue(options.contains(.curveEaseIn))
    }

    // MARK: Collection view calls

    func testReloadSectionsIsADeleteAndInsert() {
        let harness = Harness(
            width: 375, height: 400, layout: UICollectionViewFlowLayout(),
            sections: [
                SectionData(id: "s0", items: items(2, prefix: "a")),
                SectionData(id: "s1", items: items(2, prefix: "b")),
            ])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        harness.dataSource.sections[0] = SectionData(id: "s0", items: items(3, prefix: "c"))
        collectionView.reloadSections(IndexSet(integer: 0))
        XCTAssertEqual(collectionView.updateErrors.map(\.message), [])
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 3)
        let plans = collectionView.lastUpdatePlans.filter { $0.kind == .cell }
        XCTAssertEqual(Set(plans.filter { $0.newKey == nil }.map(\.id)), ["a0", "a1"], "old section's items leave")
        XCTAssertEqual(Set(plans.filter { $0.oldKey == nil }.map(\.id)), ["c0", "c1", "c2"], "new ones arrive")
        XCTAssertEqual(Set(plans.filter { $0.oldKey != nil && $0.newKey != nil }.map(\.id)), ["b0", "b1"])
        // Inside an open batch it joins that batch (one batch, one set of plans).
        harness.dataSource.sections[1] = SectionData(id: "s1", items: items(1, prefix: "d"))
        harness.dataSource.sections[0].items.removeLast()
        collectionView.performBatchUpdates({
            collectionView.reloadSections(IndexSet(integer: 1))
            collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
        })
        XCTAssertEqual(collectionView.updateErrors.map(\.message), [])
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 1)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 2)
    }

    /// Flow defaults with 100 × 100 items, inset 10, width 320: two per line at x = 10 and 210,
    /// lines at y = 10 + 110k, 10 items → content 560. Height 400, content inset top 20: offsets
    /// run from −20 to 560 − 400 = 160; the visible height is 380.
    func scrollHarness() -> Harness {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let harness = Harness(
            width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(10, prefix: "i"))])
        harness.collectionView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        return harness
    }

    func testScrollToItem() {
        let harness = scrollHarness()
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        let item4 = IndexPath(item: 4, section: 0)  // line 2: y 230…330
        // Centred: 280 − 20 − 380/2 = 70.
        collectionView.scrollToItem(at: item4, at: .centeredVertically, animated: false)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 70))
        // Top: 230 − 20 = 210, clamped to 160.
        collectionView.scrollToItem(at: item4, at: .top, animated: false)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 160))
        // Bottom: 330 − 400 = −70, clamped to −20.
        collectionView.scrollToItem(at: item4, at: .bottom, animated: false)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: -20))
        // A horizontal position on a vertical layout: content is as wide as the bounds, x stays 0.
        collectionView.scrollToItem(
            at: IndexPath(item: 2, section: 0), at: [.centeredHorizontally, .top], animated: false)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: 100))
        // Animated: UIKit's 0.3 s ease-in-out from the current offset.
        collectionView.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: true)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: -10))
        XCTAssertEqual(collectionView.contentOffset(at: 0).y, 100)
        let halfway = collectionView.contentOffset(at: 0.15).y
        XCTAssertTrue(halfway > -10 && halfway < 100, "\(halfway)")
        XCTAssertEqual(collectionView.contentOffset(at: 0.3).y, -10)
        // An unknown item leaves the offset alone.
        collectionView.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        XCTAssertEqual(collectionView.contentOffset, CGPoint(x: 0, y: -10))
    }

    func testScrollToItemHorizontally() {
        // The carousel: 4 items 200 wide, inset 87.5 on each side, spacing 20: item 2 at 527.5.
        let harness = Harness(
            width: 375, height: 400, layout: CarouselFlowLayout(),
            sections: [SectionData(id: "s", items: items(4, prefix: "i"))])
        let collectionView = harness.collectionView
        collectionView.scrollToItem(at: IndexPath(item: 2, section: 0), at: .centeredHorizontally, animated: false)
        XCTAssertEqual(collectionView.contentOffset.x, 527.5 + 100 - 187.5, accuracy: 1e-9)
        collectionView.scrollToItem(at: IndexPath(item: 3, section: 0), at: .left, animated: false)
        XCTAssertEqual(collectionView.contentOffset.x, 1035 - 375, accuracy: 1e-9, "clamped to the content")
        collectionView.scrollToItem(at: IndexPath(item: 1, section: 0), at: .right, animated: false)
        XCTAssertEqual(collectionView.contentOffset.x, 307.5 + 200 - 375, accuracy: 1e-9)
    }

    func testIndexPathForItemAt() {
        let harness = scrollHarness()
        let collectionView = harness.collectionView
        XCTAssertEqual(collectionView.indexPathForItem(at: CGPoint(x: 215, y: 125)), IndexPath(item: 3, section: 0))
        XCTAssertEqual(collectionView.indexPathForItem(at: CGPoint(x: 20, y: 20)), IndexPath(item: 0, section: 0))
        XCTAssertNil(collectionView.indexPathForItem(at: CGPoint(x: 150, y: 50)), "between items")
        XCTAssertNil(collectionView.indexPathForItem(at: CGPoint(x: 20, y: 5)), "in the section inset")
    }

    func testSetCollectionViewLayout() {
        let harness = scrollHarness()
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        let old = collectionView.collectionViewLayout
        let grid = UICollectionViewFlowLayout()
        grid.itemSize = CGSize(width: 60, height: 60)
        var completions: [Bool] = []
        collectionView.setCollectionViewLayout(grid, animated: false) { completions.append($0) }
        XCTAssertTrue(collectionView.collectionViewLayout === grid)
        XCTAssertNil(old.collectionView)
        XCTAssertTrue(grid.collectionView === collectionView)
        XCTAssertEqual(completions, [true])
        XCTAssertEqual(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size,
            CGSize(width: 60, height: 60))
        // The new layout is what the collection view shows from now on.
        let shown = collectionView.presentation(at: 0).first { $0.id == "i0" }
        XCTAssertEqual(shown?.size, CGSize(width: 60, height: 60))
        collectionView.setCollectionViewLayout(old, animated: false)
        XCTAssertTrue(collectionView.collectionViewLayout === old)
    }

    func testSetCollectionViewLayoutAnimated() {
        let harness = scrollHarness()
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        let grid = UICollectionViewFlowLayout()
        grid.itemSize = CGSize(width: 60, height: 60)
        var completions: [Bool] = []
        collectionView.setCollectionViewLayout(grid, animated: true) { completions.append($0) }
        XCTAssertEqual(collectionView.updateErrors.map(\.message), [])
        XCTAssertTrue(collectionView.collectionViewLayout === grid)
        // Item 0 goes from the old layout's 100 × 100 at (10, 10) to the grid's 60 × 60 at (0, 0)
        // over UIKit's default 0.3 s ease-in-out (half-way at 0.15 s by symmetry).
        func item0(_ time: Double) -> PresentedElement? {
            collectionView.presentation(at: time).first { $0.id == "i0" }
        }
        XCTAssertEqual(item0(0)?.frame, CGRect(x: 10, y: 10, width: 100, height: 100))
        let halfway = item0(0.15)?.frame ?? .null
        XCTAssertEqual(halfway.width, 80, accuracy: 1e-6)
        XCTAssertEqual(halfway.minX, 5, accuracy: 1e-6)
        XCTAssertEqual(completions, [], "runs when the animation ends")
        XCTAssertEqual(item0(0.3)?.frame, CGRect(x: 0, y: 0, width: 60, height: 60))
        XCTAssertEqual(completions, [true])
    }
}

extension UICollectionViewFlowLayout {
    /// The attributes this layout makes for item 0 of `collectionView`'s data (a fresh layout).
    fileprivate func attributes(forFirstItemIn collectionView: UICollectionView) -> UICollectionViewLayoutAttributes {
        let probe = UICollectionView(frame: collectionView.frame, collectionViewLayout: self)
        probe.dataSource = collectionView.dataSource
        return probe.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    }
}
