import FlowSim
import FlowSimUIKit
import XCTest

/// UIKit names around a layout (colours, paths, shape layers, Auto Layout fitting, gesture
/// recognizers, overridable update calls), used as TintedCardLayout.swift uses them.
final class OffDeviceNamesTests: XCTestCase {
    func makeCollectionView(items: Int) -> (CountingCollectionView, SectionedDataSource) {
        let data = SectionedDataSource(sections: [
            SectionData(id: "s", items: (0..<items).map { ItemData(id: "i\($0)") })
        ])
        let collectionView = CountingCollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 400), collectionViewLayout: TintedCardLayout())
        collectionView.dataSource = data
        collectionView.delegate = data
        return (collectionView, data)
    }

    func testAttributesCarryTintAndMaskAsValues() throws {
        let (collectionView, data) = makeCollectionView(items: 2)
        withExtendedLifetime(data) {
            let cards = collectionView.visibleLayoutAttributes().compactMap { $0 as? TintedCardAttributes }
            XCTAssertEqual(cards.count, 2)
            XCTAssertEqual(cards[0].tint.cgColor.components, [0, 122.0 / 255, 1, 1])
            XCTAssertEqual(cards[1].tint.cgColor.alpha, 0.5)
            XCTAssertEqual(cards[0].maskPath?.bounds, CGRect(x: 0, y: 0, width: 100, height: 80))
            // A copy is equal; a different tint is not.
            let copy = cards[0].copy() as! TintedCardAttributes
            XCTAssertTrue(copy.isEqual(cards[0]))
            copy.tint = .red
            XCTAssertFalse(copy.isEqual(cards[0]))
        }
    }

    func testACellAppliesThemAndMeasuresItselfWithTheFittingSize() {
        let cell = SelfMeasuringCell(frame: .zero)
        let card = TintedCardAttributes(forCellWith: IndexPath(item: 0, section: 0))
        card.size = CGSize(width: 100, height: 80)
        card.maskPath = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 80), cornerRadius: 12)
        cell.apply(card)
        XCTAssertEqual(cell.backgroundColor, UIColor.systemBlue)
        XCTAssertTrue(cell.layer.mask === cell.mask)
        XCTAssertEqual(cell.mask.path?.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 80))
        XCTAssertEqual(cell.layer.shadowColor, UIColor.black.cgColor)
        // Auto Layout's answer is the cell's fitting size (what a scene's item gives), keeping the
        // width the layout requires.
        cell.fittingSize = CGSize(width: 140, height: 55)
        XCTAssertEqual(cell.preferredLayoutAttributesFitting(card).size, CGSize(width: 100, height: 55))
        XCTAssertEqual(
            cell.systemLayoutSizeFitting(
                CGSize(width: 100, height: 0), withHorizontalFittingPriority: .fittingSizeLevel,
                verticalFittingPriority: .required),
            CGSize(width: 140, height: 0))
        XCTAssertTrue(UILayoutPriority.defaultLow < .defaultHigh)
    }

    func testASubclassSeesItsOwnUpdateCalls() {
        let (collectionView, data) = makeCollectionView(items: 2)
        let reloads = collectionView.reloads  // setting the data source reloads, as in UIKit
        collectionView.reloadData()
        XCTAssertEqual(collectionView.reloads, reloads + 1)
        XCTAssertEqual(collectionView.gestureRecognizers?.count, 1)
        data.sections[0].items.append(ItemData(id: "new"))
        collectionView.performBatchUpdates {
            collectionView.insertItems(at: [IndexPath(item: 2, section: 0)])
        }
        XCTAssertEqual(collectionView.insertedCount, 1)
        XCTAssertEqual(collectionView.updateErrors.count, 0)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 3)
        XCTAssertGreaterThan(collectionView.lastUpdateTime, 0)
        XCTAssertEqual(collectionView.tap.numberOfTapsRequired, 1)
        XCTAssertEqual(UILongPressGestureRecognizer().minimumPressDuration, 0.5)
    }
}
