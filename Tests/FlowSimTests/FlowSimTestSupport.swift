import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Shared builders for the layout and update tests.
enum Fixture {
    /// Items `prefix0`, `prefix1`, … with optional per-item sizes.
    static func items(_ count: Int, prefix: String = "i", sizes: [CGSize]? = nil) -> [ItemData] {
        (0..<count).map { ItemData(id: "\(prefix)\($0)", size: sizes?[$0]) }
    }

    /// A collection view over `sections`, with its data source kept alive by the returned tuple.
    static func collectionView(
        _ sections: [SectionData], layout: FlowLayout = FlowLayout(), width: CGFloat = 375, height: CGFloat = 667,
        scale: CGFloat = 2, contentInset: EdgeInsets = .zero
    ) -> (CollectionView, SectionedDataSource) {
        let dataSource = SectionedDataSource(sections: sections)
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        cv.scale = scale
        cv.contentInset = contentInset
        cv.dataSource = dataSource
        cv.delegate = dataSource
        cv.layoutIfNeeded()
        return (cv, dataSource)
    }

    /// Every element of the whole content (a rect larger than the content).
    static func allAttributes(_ layout: CollectionViewLayout) -> [LayoutAttributes] {
        layout.prepareIfNeeded()
        let size = layout.collectionViewContentSize
        return layout.layoutAttributesForElements(
            in: CGRect(x: -10, y: -10, width: size.width + 20, height: size.height + 20)) ?? []
    }

    static func cellFrames(_ layout: CollectionViewLayout, section: Int = 0) -> [CGRect] {
        allAttributes(layout).filter { $0.representedElementCategory == .cell && $0.indexPath.section == section }
            .sorted { $0.indexPath.item < $1.indexPath.item }.map(\.frame)
    }

    static func origins(_ layout: CollectionViewLayout, section: Int = 0) -> [CGPoint] {
        cellFrames(layout, section: section).map(\.origin)
    }
}

func XCTAssertRectEqual(
    _ a: CGRect?, _ b: CGRect, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line
) {
    guard let a else { return XCTFail("nil rect, expected \(b)", file: file, line: line) }
    XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height of \(a) vs \(b)", file: file, line: line)
}

func XCTAssertPointEqual(
    _ a: CGPoint?, _ b: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line
) {
    guard let a else { return XCTFail("nil point, expected \(b)", file: file, line: line) }
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
}
