import XCTest

@testable import FlowSim
@testable import FlowSimScene

final class PaginationControllerTests: XCTestCase {
    typealias Controller = LoadMoreController<Int>

    func page(_ range: Range<Int>) -> Result<[Int], PageLoadError> { .success(Array(range)) }

    func testDefaults() {
        let controller = Controller()
        XCTAssertEqual(controller.state, .normal)
        XCTAssertEqual(controller.limit, 20)
        XCTAssertEqual(controller.threshold, 6)
        XCTAssertEqual(controller.startIndex, 0)
        XCTAssertFalse(controller.showsLoadingCell)
    }

    func testNormalToLoadingMoreToNormalOnFullPage() throws {
        var controller = Controller()
        let request = try XCTUnwrap(controller.loadMore())
        XCTAssertEqual(request, PageRequest(startIndex: 0, limit: 20))
        XCTAssertEqual(controller.state, .loadingMore)
        XCTAssertTrue(controller.showsLoadingCell)
        XCTAssertEqual(controller.items.count + (controller.showsLoadingCell ? 1 : 0), 1)
        XCTAssertEqual(controller.handle(page(0..<20), for: request), .appended(count: 20))
        XCTAssertEqual(controller.state, .normal)
        XCTAssertEqual(controller.startIndex, 20)
        XCTAssertEqual(controller.items, Array(0..<20), "items appended one by one, not as one element")
        XCTAssertFalse(controller.showsLoadingCell)
    }

    func testNoRequestWhileLoadingMore() throws {
        var controller = Controller()
        _ = try XCTUnwrap(controller.loadMore())
        XCTAssertNil(controller.loadMore())
        XCTAssertNil(controller.cellDisplayed(at: 100))
    }

    func testErrorReturnsToNormalAndRetriesSameStartIndex() throws {
        var controller = Controller()
        let first = try XCTUnwrap(controller.loadMore())
        controller.handle(page(0..<20), for: first)
        let second = try XCTUnwrap(controller.cellDisplayed(at: 19))
        XCTAssertEqual(second.startIndex, 20)
        XCTAssertEqual(controller.handle(.failure(PageLoadError("offline")), for: second), .failed)
        XCTAssertEqual(controller.state, .normal, "a controller that ignores errors would stay in loadingMore here")
        XCTAssertEqual(controller.startIndex, 20)
        XCTAssertEqual(controller.items.count, 20)
        XCTAssertFalse(controller.showsLoadingCell)
        let retry = try XCTUnwrap(controller.cellDisplayed(at: 18))
        XCTAssertEqual(retry, second)
    }

    func testShortPageMovesToNoMoreData() throws {
        var controller = Controller()
        let request = try XCTUnwrap(controller.loadMore())
        XCTAssertEqual(controller.handle(page(0..<5), for: request), .appended(count: 5))
        XCTAssertEqual(controller.state, .noMoreData)
        XCTAssertEqual(controller.startIndex, 5)
        XCTAssertNil(controller.cellDisplayed(at: 4))
        XCTAssertNil(controller.loadMore())
    }

    func testEmptyPageMovesToNoMoreData() throws {
        var controller = Controller()
        let request = try XCTUnwrap(controller.loadMore())
        XCTAssertEqual(controller.handle(page(0..<0), for: request), .appended(count: 0))
        XCTAssertEqual(controller.state, .noMoreData)
        XCTAssertEqual(controller.startIndex, 0)
        XCTAssertTrue(controller.items.isEmpty)
    }

    func testExactMultipleOfLimitNeedsOneMoreEmptyPage() throws {
        var controller = Controller()
        var provider = ScriptedPageProvider(total: 40)
        var requests: [PageRequest] = []
        var request = controller.loadMore()
        while let current = request {
            requests.append(current)
            let response = provider.respond(to: current, at: 0)
            controller.handle(response.result.map { $0.map { Int($0.id.dropFirst(5)) ?? -1 } }, for: current)
            request = controller.cellDisplayed(at: controller.items.count - 1)
        }
        XCTAssertEqual(requests.map(\.startIndex), [0, 20, 40])
        XCTAssertEqual(controller.state, .noMoreData)
        XCTAssertEqual(controller.items, Array(0..<40))
    }

    func testStaleResponseIsIgnored() throws {
        var controller = Controller()
        let request = try XCTUnwrap(controller.loadMore())
        XCTAssertEqual(controller.handle(page(0..<20), for: PageRequest(startIndex: 40, limit: 20)), .ignored)
        XCTAssertEqual(controller.state, .loadingMore)
        controller.handle(page(0..<20), for: request)
        XCTAssertEqual(controller.handle(page(0..<20), for: request), .ignored, "a duplicate delivery")
        XCTAssertEqual(controller.items.count, 20)
    }

    func testThresholdRequestsFromItemCountMinusFive() throws {
        var controller = Controller()
        controller.handle(page(0..<20), for: try XCTUnwrap(controller.loadMore()))
        for item in 0...14 {
            XCTAssertNil(controller.cellDisplayed(at: item), "item \(item) of 20 must not request")
        }
        XCTAssertEqual(controller.state, .normal)
        XCTAssertEqual(controller.cellDisplayed(at: 15), PageRequest(startIndex: 20, limit: 20))
    }

    func testCustomThresholdAndLimit() throws {
        var controller = LoadMoreController<Int>(limit: 10, threshold: 2)
        controller.handle(page(0..<10), for: try XCTUnwrap(controller.loadMore()))
        XCTAssertNil(controller.cellDisplayed(at: 8))
        XCTAssertEqual(controller.cellDisplayed(at: 9), PageRequest(startIndex: 10, limit: 10))
    }

    func testInvalidParametersAreClamped() {
        let controller = LoadMoreController<Int>(limit: 0, threshold: -3)
        XCTAssertEqual(controller.limit, 1)
        XCTAssertEqual(controller.threshold, 1)
    }

    // MARK: Provider

    func testProviderFailsFirstAttemptOfScriptedPageOnly() {
        var provider = ScriptedPageProvider(total: 45, latency: 0.4, failPages: [1])
        let page1 = PageRequest(startIndex: 20, limit: 20)
        let first = provider.respond(to: page1, at: 1)
        XCTAssertEqual(first.deliveryTime, 1.4, accuracy: 1e-12)
        guard case .failure = first.result else { return XCTFail("first attempt of page 1 must fail") }
        let second = provider.respond(to: page1, at: 2)
        XCTAssertEqual(try second.result.get().map(\.id), (20..<40).map { "item-\($0)" })
        let last = provider.respond(to: PageRequest(startIndex: 40, limit: 20), at: 3)
        XCTAssertEqual(try last.result.get().count, 5)
        let past = provider.respond(to: PageRequest(startIndex: 60, limit: 20), at: 3)
        XCTAssertEqual(try past.result.get().count, 0)
    }

    func testProviderJitterIsSeeded() {
        func times(seed: UInt64) -> [Double] {
            var provider = ScriptedPageProvider(total: 100, latency: 0.1, jitter: 0.5, seed: seed)
            return (0..<4).map { provider.respond(to: PageRequest(startIndex: $0 * 20, limit: 20), at: 0).deliveryTime }
        }
        XCTAssertEqual(times(seed: 7), times(seed: 7))
        XCTAssertNotEqual(times(seed: 7), times(seed: 8))
        XCTAssertTrue(times(seed: 7).allSatisfy { $0 >= 0.1 && $0 < 0.6 })
    }
}
