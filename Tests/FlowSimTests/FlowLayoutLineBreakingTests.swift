import Foundation
import XCTest

@testable import FlowSim

/// UIKit's row loop subtracts (decompiled UIKit 26.1 `_UIFlowLayoutSection`:
/// a line's first item leaves `avail − (s + w)`, a next item joins while `w ≤ remaining` and
/// leaves `remaining − (s + w)`). Where doubles tie, that wraps items a forward sum keeps.
final class FlowLayoutLineBreakingTests: XCTestCase {
    private func solve(_ sizes: [CGSize], spacing: CGFloat = 5) -> SectionGeometry {
        var metrics = FlowSectionMetrics()
        metrics.minimumInteritemSpacing = spacing
        return FlowLayoutSolver(scrollDirection: .vertical, dimension: 375, scale: 2)
            .solve([FlowSectionInput(metrics: metrics, itemCount: sizes.count, itemSizes: sizes)])
            .sections[0]
    }

    /// 375 pt, spacing 5: two items of (375 − 5)/2, then three of (375 − 10)/3. The second
    /// line's remainder after two items is 121.66666666666664 < w = 121.66666666666667, so
    /// UIKit wraps the fifth item: three lines (FlowSim's forward sum kept it: two lines).
    func testTiesWrapAsUIKitSubtracts() {
        let half = CGSize(width: CGFloat(375 - 5) / 2, height: 40)
        let third = CGSize(width: CGFloat(375 - 10) / 3, height: 40)
        let section = solve([half, half, third, third, third])
        XCTAssertEqual(section.lineCount, 3)
        guard case .table(let table) = section.content else { return XCTFail("not a table") }
        XCTAssertEqual(table.lineStarts, [0, 2, 4])
    }

    /// A fixed-size section takes UIKit's quotient `⌊(avail + s)/(w + s)⌋` (decompiled
    /// `_UIFlowLayoutSection`'s fixed-size path), not the row loop: w = (375 − 10)/3 in 375 with
    /// s = 5 gives exactly 3 per line there, while the same widths in a section of differing sizes
    /// wrap after two (the loop's remainder after two items is 121.66666666666664 < w).
    func testFixedSizeSectionsUseTheQuotient() {
        let third = CGSize(width: CGFloat(375 - 10) / 3, height: 40)
        let section = solve(Array(repeating: third, count: 3))
        guard case .uniform(let grid) = section.content else { return XCTFail("not uniform") }
        XCTAssertEqual(grid.perLine, 3)
        XCTAssertEqual(section.lineCount, 1)
        let mixed = solve([third, third, third, third, CGSize(width: 10, height: 40)])
        guard case .table(let table) = mixed.content else { return XCTFail("not a table") }
        XCTAssertEqual(Array(table.lineStarts.prefix(2)), [0, 2])
    }
}
