import FlowSim
import FlowSimCoreTestSupport
import XCTest

/// Estimated dimensions through self-sizing (docs/compositional.md R23): laid out at the
/// estimate, each cell asked for its preferred size, then each group instance solved with its
/// items' sizes on their estimated axes, groups stacked by their own lengths.
final class CompositionalSelfSizingTests: XCTestCase {
    private func harness(_ layout: CompositionalLayout, count: Int, heights: @escaping (Int) -> CGFloat) -> Harness {
        let harness = Harness(
            width: 390, height: 600, layout: layout,
            sections: [SectionData(id: "s", items: items(count, prefix: "i"))], scale: 2)
        harness.collectionView.cellFittingSize = { path, _ in CGSize(width: 1, height: heights(path.item)) }
        harness.collectionView.layoutIfNeeded()
        return harness
    }

    private func cell(_ layout: CompositionalLayout, _ item: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
    }

    /// Rows of estimated height take their cells' heights (the width, not estimated, stays).
    func testEstimatedRowsTakeTheirFittingHeights() {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let section = LayoutSection(group: .horizontal(layoutSize: size, subitems: [LayoutItem(layoutSize: size)]))
        section.interGroupSpacing = 2
        let layout = CompositionalLayout(section: section)
        let harness = harness(layout, count: 4) { 30 + 10 * CGFloat($0) }
        withExtendedLifetime(harness) {
            XCTAssertRectEqual(cell(layout, 0), CGRect(x: 0, y: 0, width: 390, height: 30))
            XCTAssertRectEqual(cell(layout, 1), CGRect(x: 0, y: 32, width: 390, height: 40))
            XCTAssertRectEqual(cell(layout, 3), CGRect(x: 0, y: 126, width: 390, height: 60))
            XCTAssertEqual(layout.collectionViewContentSize.height, 186)
            let answer = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 100, width: 390, height: 20)) ?? []
            XCTAssertEqual(answer.map(\.indexPath.item), [2], "binary search over the groups' own offsets")
        }
    }

    /// A group estimated across its axis fits its tallest item.
    func testEstimatedGroupFitsItsTallestItem() {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(50)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)),
            subitems: [item])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        let harness = harness(layout, count: 4) { [70, 20, 35, 35][$0] }
        withExtendedLifetime(harness) {
            XCTAssertRectEqual(cell(layout, 1), CGRect(x: 195, y: 0, width: 195, height: 20))
            XCTAssertRectEqual(cell(layout, 2), CGRect(x: 0, y: 70, width: 195, height: 35))
            XCTAssertEqual(layout.collectionViewContentSize.height, 105)
        }
    }

    /// `.uniformAcrossSiblings` (iOS 17): every item of a group takes the tallest preferred height.
    func testUniformAcrossSiblingsTakesTheLargest() {
        let item = LayoutItem(
            layoutSize: LayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .uniformAcrossSiblings(estimate: 50)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)),
            subitems: [item])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        let harness = harness(layout, count: 4) { [70, 20, 35, 45][$0] }
        withExtendedLifetime(harness) {
            XCTAssertEqual((0..<4).compactMap { cell(layout, $0)?.height }, [70, 70, 45, 45])
            XCTAssertRectEqual(cell(layout, 3), CGRect(x: 195, y: 70, width: 195, height: 45))
        }
    }

    /// List rows keep the list's minimum row height (ListMetrics) when their content is shorter.
    func testListRowsKeepTheMinimumHeight() {
        let layout = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
        let harness = harness(layout, count: 3) { [20, 80, 44][$0] }
        withExtendedLifetime(harness) {
            XCTAssertEqual((0..<3).compactMap { cell(layout, $0)?.height }, [44, 80, 44])
            XCTAssertEqual(cell(layout, 2)?.minY, 124)
        }
    }
}
