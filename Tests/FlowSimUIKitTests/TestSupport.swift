import FlowSimUIKit
import FlowSimScene
import XCTest

/// Items with ids `<prefix>0`, `<prefix>1`, …
func items(_ count: Int, prefix: String, size: CGSize? = nil) -> [ItemData] {
    (0..<count).map { ItemData(id: "\(prefix)\($0)", size: size) }
}

/// A collection view over sections, with its data source kept alive alongside.
final class Harness {
    let dataSource: SectionedDataSource
    let collectionView: UICollectionView

    init(width: CGFloat, height: CGFloat, layout: UICollectionViewLayout, sections: [SectionData], scale: CGFloat = 2) {
        dataSource = SectionedDataSource(sections: sections)
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        collectionView.scale = scale
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
    }

    /// The layout's answer for the visible bounds, cells by index path then supplementaries.
    func visible() -> [UICollectionViewLayoutAttributes] {
        collectionView.visibleLayoutAttributes()
    }

    func visibleCells() -> [IndexPath: UICollectionViewLayoutAttributes] {
        var result: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for attributes in visible() where attributes.representedElementCategory == .cell {
            result[attributes.indexPath] = attributes
        }
        return result
    }

    func visibleHeaders() -> [Int: UICollectionViewLayoutAttributes] {
        var result: [Int: UICollectionViewLayoutAttributes] = [:]
        for attributes in visible() where attributes.representedElementKind == UICollectionView.elementKindSectionHeader
        {
            result[attributes.indexPath.section] = attributes
        }
        return result
    }
}

func assertFrame(
    _ actual: CGRect?, _ expected: CGRect, accuracy: CGFloat = 1e-9, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual else { return XCTFail("missing frame, expected \(expected) \(message)", file: file, line: line) }
    XCTAssertEqual(actual.minX, expected.minX, accuracy: accuracy, "x \(message)", file: file, line: line)
    XCTAssertEqual(actual.minY, expected.minY, accuracy: accuracy, "y \(message)", file: file, line: line)
    XCTAssertEqual(actual.width, expected.width, accuracy: accuracy, "width \(message)", file: file, line: line)
    XCTAssertEqual(actual.height, expected.height, accuracy: accuracy, "height \(message)", file: file, line: line)
}
