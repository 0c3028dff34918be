import XCTest

@testable import FlowSim
@testable import FlowSimScene

final class PaginationSimulationTests: XCTestCase {
    func run(_ configure: (inout PaginationConfiguration) -> Void = { _ in }, fps: Double? = nil)
        -> PaginationSimulation
    {
        var configuration = PaginationConfiguration()
        configure(&configuration)
        let simulation = PaginationSimulation(configuration: configuration)
        simulation.run(framesPerSecond: fps)
        return simulation
    }

    func testDefaultSessionLog() {
        let log = run().log
        let expected = """
              0.000  request   startIndex 0, limit 20
              0.400  response  startIndex 0: 20 items
              0.400  state     normal
              0.833  request   startIndex 20, limit 20
              1.233  response  startIndex 20: error: page 1 failed (scripted: first attempt)
              1.233  state     normal
              1.250  request   startIndex 20, limit 20
              1.650  response  startIndex 20: 20 items
              1.650  state     normal
              4.583  request   startIndex 40, limit 20
              4.983  response  startIndex 40: 5 items
              4.983  state     noMoreData
            final state noMoreData, 45 items
            """
        XCTAssertEqual(log.text, expected)
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 20, 20, 40])
        XCTAssertEqual(log.finalState, .noMoreData)
        XCTAssertEqual(log.itemCount, 45)
    }

    func testDefaultSessionJSON() {
        let json = run().log.json.serialized()
        XCTAssertTrue(
            json.hasPrefix(
                #"{"events": [{"time": 0, "event": "request", "startIndex": 0, "limit": 20},{"time": 0.4, "event": "response", "startIndex": 0, "count": 20},{"time": 0.4, "event": "state", "state": "normal"}"#
            ))
        XCTAssertTrue(
            json.contains(
                #"{"time": 1.233, "event": "response", "startIndex": 20, "error": "page 1 failed (scripted: first attempt)"}"#
            ))
        XCTAssertTrue(json.hasSuffix(#"], "finalState": "noMoreData", "itemCount": 45}"#))
    }

    func testNeverTwoRequestsInFlight() {
        for gesture in [ScrollGesture.fling(velocity: 2500), .fling(velocity: 6000, rate: 0.99), .constantSpeed(1500)] {
            let log = run {
                $0.gesture = gesture
                $0.total = 200
                $0.latency = 0.7
            }.log
            var inFlight = 0
            for event in log.events {
                switch event.kind {
                case .request: inFlight += 1
                case .response: inFlight -= 1
                case .state: break
                }
                XCTAssertTrue((0...1).contains(inFlight), "\(gesture): \(log.text)")
            }
        }
    }

    func testNoRequestBeforeThresholdItemIsDisplayed() {
        // No scrolling: 8 of 20 items are visible, none > 14, so only the first page loads.
        let simulation = run { $0.gesture = .fling(velocity: 0, reflingBelow: nil) }
        XCTAssertEqual(simulation.log.requests.count, 1)
        XCTAssertEqual(simulation.controller.state, .normal)
        XCTAssertEqual(simulation.visibleItems().map(\.item), Array(0..<8))
    }

    func testFirstRequestAfterLoadWaitsForItem15() {
        let simulation = run {
            $0.failPages = []
            $0.duration = 1.0
        }
        let request = simulation.log.events.first { event in
            if case .request(let r) = event.kind { return r.startIndex == 20 } else { return false }
        }
        // Item 15 (row 7, top y = 1270) enters the 667-pt viewport once the offset passes 603.
        let fling = Deceleration(initialOffset: 0, initialVelocity: 2500)
        let crossing = 0.5 + (fling.time(toReach: 603) ?? 0)
        XCTAssertEqual(request?.time ?? -1, (crossing * 60).rounded(.up) / 60, accuracy: 1e-9)
    }

    func testOneFlingOnlyStopsEarlier() {
        let log = run { $0.gesture = .fling(velocity: 2500, reflingBelow: nil) }.log
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 20, 20])
        XCTAssertEqual(log.finalState, .normal)
        XCTAssertEqual(log.itemCount, 40)
    }

    func testExactMultipleOfLimitEndsWithEmptyPage() {
        let log = run {
            $0.total = 40
            $0.failPages = []
            $0.duration = 10
        }.log
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 20, 40])
        XCTAssertEqual(log.events.last?.kind, .state(.noMoreData))
        XCTAssertEqual(log.itemCount, 40)
    }

    func testEmptyServer() {
        let log = run { $0.total = 0 }.log
        XCTAssertEqual(log.requests.count, 1)
        XCTAssertEqual(log.finalState, .noMoreData)
        XCTAssertEqual(log.itemCount, 0)
    }

    func testFailedFirstPageIsReloaded() {
        let log = run {
            $0.failPages = [0]
            $0.duration = 1
        }.log
        XCTAssertEqual(Array(log.requests.map(\.startIndex).prefix(2)), [0, 0])
        XCTAssertEqual(log.events[3].time, 0.4, accuracy: 1e-9)
    }

    func testLoadingCellIsLastItemWhileLoading() {
        let simulation = run({ $0.duration = 0.2 }, fps: 60)
        XCTAssertEqual(simulation.controller.state, .loadingMore)
        XCTAssertEqual(simulation.collectionView.numberOfItems(inSection: 0), 1)
        let last = simulation.frames.last?.elements ?? []
        XCTAssertEqual(last.count, 1)
        XCTAssertEqual(last.first?.isLoadingIndicator, true)
        XCTAssertEqual(last.first?.size.width ?? 0, 355, accuracy: 1e-9, "full width minus the section inset")
    }

    func testFramesShowLoadingCellThenItems() {
        let simulation = run(fps: 30)
        let frames = simulation.frames
        XCTAssertEqual(frames.count, 181)
        XCTAssertTrue(frames[3].elements.contains { $0.isLoadingIndicator })
        XCTAssertFalse(frames[15].elements.contains { $0.isLoadingIndicator })
        XCTAssertEqual(frames[15].elements.filter { $0.kind == .cell }.count, 8)
        // While page 1 loads (0.833…1.233 s) the loading cell is in the content.
        XCTAssertGreaterThan(frames.last?.contentOffset.y ?? 0, 2000)
    }

    func testInsertAnimationFadesItemsIn() {
        let timing = AnimationTiming(curve: .linear(duration: 0.3))
        let simulation = run(
            {
                $0.appendAnimation = .insert(timing)
                $0.duration = 0.6
            }, fps: 60)
        XCTAssertEqual(simulation.log.requests.count, 1)
        // 0.55 s: 0.15 s into the 0.3 s fade of the first page.
        let frame = simulation.frames[33]
        // Items 0–7 were on screen at the insert (0.4 s); 8 and 9 scrolled in after it and show
        // without animation, as cells scrolled into view during a UIKit batch animation do.
        let cells = frame.elements.filter { $0.kind == .cell && ($0.item ?? 99) < 8 && !$0.isLoadingIndicator }
        XCTAssertEqual(cells.count, 8)
        XCTAssertTrue(cells.allSatisfy { $0.state == .appearing }, "\(cells.map { ($0.id, $0.state, $0.alpha) })")
        XCTAssertEqual(Double(cells[0].alpha), 0.5, accuracy: 0.02)
        let spinner = frame.elements.filter { $0.isLoadingIndicator }
        XCTAssertEqual(spinner.first?.state, .disappearing, "the loading cell fades out as a ghost")
    }

    func testInsertModeGivesTheSameLogAsReload() {
        let reload = run().log
        let insert = run { $0.appendAnimation = .insert(.uikitDefault) }.log
        XCTAssertEqual(insert.requests, reload.requests)
        XCTAssertEqual(insert.itemCount, reload.itemCount)
    }

    func testFailedPageIsRetriedWhileTheUserRestsAtTheEnd() {
        // Latency 0.6: the error on page 1 arrives after the user has come to rest at the end
        // of the first 20 items; nothing new scrolls into view and there is no room to fling.
        let log = run {
            $0.latency = 0.6
            $0.duration = 30
        }.log
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 20, 20, 40], log.text)
        XCTAssertEqual(log.finalState, .noMoreData)
        XCTAssertEqual(log.itemCount, 45)
        // The retry comes one back-off (latency) after the error: the visible threshold cell is
        // displayed again, not in a loop at the error's own step.
        let error = log.events.first { if case .response(_, .failure) = $0.kind { return true } else { return false } }
        let retry = log.events.filter { if case .request = $0.kind { return true } else { return false } }[2]
        XCTAssertEqual(retry.time - (error?.time ?? 0), 0.6, accuracy: 1 / 60 + 1e-9)
    }

    /// A drag at 100,000 pt/s for a minute: the finger lifts one screen past the end (it cannot
    /// drag further), the content bounces back into view and the failed page is retried
    /// (before, the band pulled the content a whole screen off and the log ended "normal, 20
    /// items").
    func testAFailedPageIsRetriedDuringAnEndlessFastDrag() {
        let log = run {
            $0.gesture = .constantSpeed(100_000)
            $0.duration = 60
        }.log
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 20, 20, 40], log.text)
        XCTAssertEqual(log.finalState, .noMoreData)
        XCTAssertEqual(log.itemCount, 45)
    }

    func testContentShorterThanTheScreenLoadsEverythingDespiteAFailure() {
        let log = run {
            $0.total = 14
            $0.limit = 6
            $0.duration = 60
        }.log
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 6, 6, 12], log.text)
        XCTAssertEqual(log.finalState, .noMoreData)
        XCTAssertEqual(log.itemCount, 14)
    }

    func testDeterministic() {
        let a = run {
            $0.jitter = 0.3
            $0.seed = 9
        }.log
        let b = run {
            $0.jitter = 0.3
            $0.seed = 9
        }.log
        XCTAssertEqual(a, b)
    }
}
