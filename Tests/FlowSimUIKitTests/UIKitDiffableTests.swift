import FlowSim
import FlowSimUIKit
import XCTest

/// A view controller's diffable code, written as for UIKit, on FlowSim.
final class UIKitDiffableTests: XCTestCase {
    enum Section: Hashable {
        case favourites
        case all
    }

    struct Park: Hashable {
        let id: Int
        let name: String
    }

    func testDiffableCodeAsWrittenForUIKit() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 40)
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        let dataSource = UICollectionViewDiffableDataSource<Section, Park>(collectionView: collectionView) {
            collectionView, indexPath, park in
            UICollectionViewCell(frame: .zero)
        }
        let denali = Park(id: 1, name: "Denali")
        let katmai = Park(id: 2, name: "Katmai")
        let zion = Park(id: 3, name: "Zion")
        var snapshot = NSDiffableDataSourceSnapshot<Section, Park>()
        snapshot.appendSections([.favourites, .all])
        snapshot.appendItems([denali], toSection: .favourites)
        snapshot.appendItems([katmai, zion], toSection: .all)
        dataSource.apply(snapshot, animatingDifferences: false)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 2)

        var completed = false
        UIView.animate(withDuration: 0.5) {
            var next = dataSource.snapshot()
            next.moveItem(zion, beforeItem: denali)
            next.deleteItems([katmai])
            dataSource.apply(next, animatingDifferences: true) { completed = true }
        }
        XCTAssertTrue(collectionView.updateErrors.isEmpty)
        XCTAssertEqual(dataSource.indexPath(for: zion), IndexPath(item: 0, section: 0))
        XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)), denali)
        XCTAssertEqual(dataSource.snapshot().numberOfItems(inSection: .all), 0)
        _ = collectionView.presentation(at: 0.5)
        XCTAssertTrue(completed)
    }
}
