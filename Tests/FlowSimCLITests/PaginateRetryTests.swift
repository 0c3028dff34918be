import FlowSimTestSupport
import Foundation
import XCTest

/// A failed page is always retried, however little content there is and however fast the user
/// flings: every combination below ends with all items loaded (content that fits the viewport
/// used to stop after a failed first page when the fling was very fast).
final class PaginateRetryTests: XCTestCase {
    func testEveryFailedPageIsRetriedUntilAllItemsLoad() {
        for total in [3, 8, 25] {
            for limit in [2, 5, 20] {
                for failPage in [0, 1] {
                    for fling in ["2500", "30000", "100000"] {
                        let run = runFlowSim([
                            "paginate", "--total", "\(total)", "--limit", "\(limit)", "--fail-pages", "\(failPage)",
                            "--fling", fling, "--duration", "12", "--json",
                        ])
                        let json = run.json()
                        XCTAssertEqual(run.status, 0, run.err)
                        XCTAssertEqual(
                            json["finalState"] as? String, "noMoreData",
                            "total \(total), limit \(limit), failed page \(failPage), fling \(fling)")
                        XCTAssertEqual(number(json["itemCount"]), Double(total))
                    }
                }
            }
        }
    }
}
