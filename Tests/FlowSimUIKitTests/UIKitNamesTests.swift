import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// The UIKit names FlowSimUIKit gives, used as UIKit code uses them.
final class UIKitNamesTests: XCTestCase {
    func testGeometryNames() {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        XCTAssertEqual(
            CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: insets), CGRect(x: 2, y: 1, width: 94, height: 46))
        XCTAssertEqual(UIEdgeInsets.zero, UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(IndexPath(item: 3, section: 1), IndexPath(row: 3, section: 1))
        XCTAssertEqual(IndexPath(item: 3, section: 1).section, 1)
        // CGAffineTransform: identity, scale, rotation, translation, concatenation, inverse.
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let moved = scale.concatenating(CGAffineTransform(translationX: 10, y: 20))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(moved), CGPoint(x: 12, y: 23))
        XCTAssertTrue(moved.concatenating(moved.inverted()).isIdentity)
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        let turned = CGPoint(x: 1, y: 0).applying(quarter)
        XCTAssertEqual(turned.x, 0, accuracy: 1e-15)
        XCTAssertEqual(turned.y, 1, accuracy: 1e-15)
    }

    func testKindsAndCategories() {
        XCTAssertEqual(UICollectionView.elementKindSectionHeader, "UICollectionElementKindSectionHeader")
        XCTAssertEqual(UICollectionView.elementKindSectionFooter, UICollectionElementKindSectionFooter)
        let header = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: UICollectionElementKindSectionHeader, with: IndexPath(item: 0, section: 0))
        XCTAssertEqual(header.representedElementCategory, UICollectionView.ElementCategory.supplementaryView)
        let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        XCTAssertNil(cell.representedElementKind)
        let copy = cell.copy() as! UICollectionViewLayoutAttributes
        copy.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertNotEqual(copy.frame, cell.frame)
        let direction: UICollectionView.ScrollDirection = .horizontal
        XCTAssertEqual(direction, ScrollDirection.horizontal)
    }

    func testCollectionViewMembers() {
        let layout = UICollectionViewFlowLayout()
        let harness = Harness(
            width: 375, height: 100, layout: layout, sections: [SectionData(id: "s", items: items(10, prefix: "i"))])
        let collectionView = harness.collectionView
        XCTAssertEqual(collectionView.numberOfSections, 1)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 10)
        XCTAssertTrue(collectionView.collectionViewLayout === layout)
        // docs/uikit-rules.md §1 example: defaults, 10 items, width 375: rows at 0 and 60, content 110.
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 375, height: 110))
        XCTAssertEqual(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))?.frame,
            CGRect(x: 65, y: 60, width: 50, height: 50))
        collectionView.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        XCTAssertEqual(collectionView.adjustedContentInset, collectionView.contentInset)
        XCTAssertEqual(collectionView.indexPathsForVisibleItems.count, 10)
        XCTAssertNil(collectionView.indexPathsForSelectedItems)
        collectionView.selectItem(at: IndexPath(item: 2, section: 0))
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 2, section: 0)])
    }

    /// A UIKit-style delegate implementing two methods; the others fall back to the layout.
    final class Controller: UICollectionViewDelegateFlowLayout {
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            indexPath.item == 0 ? CGSize(width: 100, height: 100) : CGSize(width: 50, height: 50)
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            insetForSectionAt section: Int
        ) -> UIEdgeInsets {
            UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        }
    }

    func testDelegateBridge() {
        let layout = UICollectionViewFlowLayout()
        let harness = Harness(
            width: 320, height: 400, layout: layout, sections: [SectionData(id: "s", items: items(3, prefix: "i"))])
        let collectionView = harness.collectionView
        var controller: Controller? = Controller()
        collectionView.delegate = controller
        XCTAssertTrue(collectionView.delegate === controller)
        // Sizes 100, 50, 50 in 320 (non-uniform, docs/uikit-rules.md §1): one line of 100+10+50+10+50 = 220,
        // the last line, left-aligned: x = 0, 110, 170; line height 100, the 50s centred (+25);
        // the delegate's top inset 10.
        let cells = harness.visibleCells()
        XCTAssertEqual(cells[IndexPath(item: 0, section: 0)]?.frame, CGRect(x: 0, y: 10, width: 100, height: 100))
        XCTAssertEqual(cells[IndexPath(item: 2, section: 0)]?.frame, CGRect(x: 170, y: 35, width: 50, height: 50))
        // Unimplemented methods answer the layout's own values, as UIKit's unimplemented
        // optional methods leave the layout's properties in force.
        layout.minimumLineSpacing = 7
        do {
            let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
            XCTAssertEqual(
                delegate?.collectionView(collectionView, layout: layout, minimumLineSpacingForSectionAt: 0), 7)
            XCTAssertEqual(
                delegate?.collectionView(collectionView, layout: layout, referenceSizeForHeaderInSection: 0), .zero)
        }
        // The delegate is weak, as in UIKit.
        controller = nil
        XCTAssertNil(collectionView.delegate)
    }

    func testUIViewAnimateForms() {
        let harness = Harness(
            width: 375, height: 400, layout: UICollectionViewFlowLayout(),
            sections: [SectionData(id: "s", items: items(3, prefix: "i"))])
        let collectionView = harness.collectionView
        collectionView.layoutIfNeeded()
        var finished: [Bool] = []
        // Curve from the options: linear over 0.5 s → the inserted cell's alpha is 0.5 at 0.25 s.
        harness.dataSource.sections[0].items.append(ItemData(id: "n1"))
        UIView.animate(
            withDuration: 0.5, delay: 0, options: [.curveLinear],
            animations: {
                collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
            }
        ) { done in finished.append(done) }
        let inserted = collectionView.presentation(at: 0.25).first { $0.id == "n1" }
        XCTAssertEqual(inserted?.alpha ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(finished, [], "the completion waits for the animation's end")
        collectionView.timeline.fireCompletions(through: 0.5)
        XCTAssertEqual(finished, [true])
        // Trailing-closure form with nothing animated: the completion runs at once.
        UIView.animate(withDuration: 0.3) {}
        UIView.animate(withDuration: 0.3, animations: {}) { done in finished.append(done) }
        XCTAssertEqual(finished, [true, true])
        // The spring form (docs/uikit-rules.md §3) ends exactly at its duration.
        collectionView.currentTime = 1
        harness.dataSource.sections[0].items.append(ItemData(id: "n2"))
        UIView.animate(
            withDuration: 1.0, delay: 0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0, options: [],
            animations: {
                collectionView.insertItems(at: [IndexPath(item: 4, section: 0)])
            })
        XCTAssertEqual(collectionView.presentation(at: 2).first { $0.id == "n2" }?.alpha, 1)
        XCTAssertEqual(collectionView.updateErrors.map(\.message), [])
    }
}
