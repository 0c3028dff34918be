import FlowSim
import Foundation
import XCTest

/// Shared builders for tests that lay out and update collection views (every test target uses
/// this one support module, as swift-collections' test targets share one).
public enum Fixture {
    /// Items `prefix0`, `prefix1`, … with optional per-item sizes.
    public static func items(_ count: Int, prefix: String = "i", sizes: [CGSize]? = nil) -> [ItemData] {
        (0..<count).map { ItemData(id: "\(prefix)\($0)", size: sizes?[$0]) }
    }

    /// A collection view over `sections` whose data source is also its delegate (the items'
    /// sizes), laid out once; the data source is returned to keep it alive (both are weak).
    public static func collectionView(
        _ sections: [SectionData], layout: FlowLayout = FlowLayout(), width: CGFloat = 375, height: CGFloat = 667,
        scale: CGFloat = 2, contentInset: EdgeInsets = .zero
    ) -> (CollectionView, SectionedDataSource) {
        let dataSource = SectionedDataSource(sections: sections)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        view.scale = scale
        view.contentInset = contentInset
        view.dataSource = dataSource
        view.delegate = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    /// Every element of the whole content (a rect larger than the content).
    public static func allAttributes(_ layout: CollectionViewLayout) -> [LayoutAttributes] {
        layout.prepareIfNeeded()
        let size = layout.collectionViewContentSize
        return layout.layoutAttributesForElements(
            in: CGRect(x: -10, y: -10, width: size.width + 20, height: size.height + 20)) ?? []
    }

    public static func cellFrames(_ layout: CollectionViewLayout, section: Int = 0) -> [CGRect] {
        allAttributes(layout).filter { $0.representedElementCategory == .cell && $0.indexPath.section == section }
            .sorted { $0.indexPath.item < $1.indexPath.item }.map(\.frame)
    }

    public static func origins(_ layout: CollectionViewLayout, section: Int = 0) -> [CGPoint] {
        cellFrames(layout, section: section).map(\.origin)
    }
}

/// Items with ids `<prefix>0`, `<prefix>1`, … (`Fixture.items` with a required prefix).
public func items(_ count: Int, prefix: String, size: CGSize? = nil) -> [ItemData] {
    (0..<count).map { ItemData(id: "\(prefix)\($0)", size: size) }
}

/// A collection view over sections, with its data source (also its delegate) kept alive.
public final class Harness {
    public let dataSource: SectionedDataSource
    public let collectionView: CollectionView

    public init(
        width: CGFloat, height: CGFloat, layout: CollectionViewLayout, sections: [SectionData], scale: CGFloat = 2
    ) {
        dataSource = SectionedDataSource(sections: sections)
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        collectionView.scale = scale
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
    }

    /// The layout's answer for the visible bounds.
    public func visible() -> [LayoutAttributes] {
        collectionView.visibleLayoutAttributes()
    }

    public func visibleCells() -> [IndexPath: LayoutAttributes] {
        var result: [IndexPath: LayoutAttributes] = [:]
        for attributes in visible() where attributes.representedElementCategory == .cell {
            result[attributes.indexPath] = attributes
        }
        return result
    }

    public func visibleHeaders() -> [Int: LayoutAttributes] {
        var result: [Int: LayoutAttributes] = [:]
        for attributes in visible() where attributes.representedElementKind == FlowLayout.elementKindSectionHeader {
            result[attributes.indexPath.section] = attributes
        }
        return result
    }
}

public func XCTAssertRectEqual(
    _ a: CGRect?, _ b: CGRect, accuracy: CGFloat = 1e-9, _ message: String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    guard let a else { return XCTFail("nil rect, expected \(b) \(message)", file: file, line: line) }
    XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, "x of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, "y of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height of \(a) vs \(b) \(message)", file: file, line: line)
}

/// `XCTAssertRectEqual` under the name the UIKit-idiom tests use.
public func assertFrame(
    _ actual: CGRect?, _ expected: CGRect, accuracy: CGFloat = 1e-9, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertRectEqual(actual, expected, accuracy: accuracy, message, file: file, line: line)
}

public func XCTAssertPointEqual(
    _ a: CGPoint?, _ b: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line
) {
    guard let a else { return XCTFail("nil point, expected \(b)", file: file, line: line) }
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
}
