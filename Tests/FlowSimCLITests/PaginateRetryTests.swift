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

    /// The reliability report's case: a scene without sections (the default grid) dragged at
    /// 100,000 pt/s for 60 s. Its 20 items are shorter than the screen; the finger lifts one
    /// screen past the end, the content bounces back, and the failed page is retried.
    func testAnEndlessFastDragStillRetriesTheFailedPage() {
        let path = CLI.sceneFile(#"{"viewport": {"width": 375, "height": 667}, "sections": []}"#)
        let result = CLI.run(["paginate", path, "--speed", "100000", "--duration", "60"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("final state noMoreData, 45 items\n"), result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "request   startIndex 20").count - 1, 2, result.stdout)
    }
}
