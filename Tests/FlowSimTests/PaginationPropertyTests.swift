import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// The load-more state machine over seeded simulated sessions (issue 29, item 9): whatever the
/// user's speed, the server's latency, failures, total and page size,
/// - never two requests are in flight;
/// - every request asks for the page after the items received (`startIndex` = items so far);
/// - a failed page is asked for again (the same `startIndex`), even when the user rests at the end;
/// - while the user keeps scrolling (flings again, or drags on), pages are requested until a
///   short page ends the session in `noMoreData` with every item; a user who flings once and
///   stops may stop the loading, but never with a failed page left unretried while its cell
///   is in view.
final class PaginationPropertyTests: XCTestCase {
    /// SplitMix64: the same sessions on every run and platform.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
        mutating func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    /// One random session: its description (for failure messages) and its configuration.
    static func session(_ random: inout Generator) -> (String, PaginationConfiguration) {
        var configuration = PaginationConfiguration()
        configuration.total = random.int(0...90)
        configuration.limit = random.int(3...30)
        // A threshold of 1 never requests (item > count − 1 names no item): not a session
        // that can load anything after the first page.
        configuration.threshold = random.int(2...8)
        configuration.latency = random.double(0.05...1)
        configuration.jitter = random.double(0...0.5)
        configuration.seed = random.next()
        let pages = configuration.total / configuration.limit + 1
        configuration.failPages = Set((0..<pages).filter { _ in random.int(0...2) == 0 })
        let speed: Double
        switch random.int(0...3) {
        case 0:
            speed = random.double(300...8000)
            configuration.gesture = .fling(velocity: speed)
        case 1:
            speed = random.double(300...8000)
            configuration.gesture = .fling(velocity: speed, reflingBelow: nil)
        case 2:
            speed = random.double(300...5000)
            configuration.gesture = .constantSpeed(speed)
        default:
            speed = random.double(5000...200_000)
            configuration.gesture = .constantSpeed(speed)
        }
        // Long enough for every page, each failing once, at the slowest latency, and for the
        // user to cover the content (rows of two items every 180 pt; a user who flings again
        // below 10 pt/s covers about a quarter of the fling's speed): the session must not end
        // because time ran out.
        configuration.duration =
            Double(pages) * 2 * (configuration.latency + configuration.jitter) + 10
            + Double(configuration.total) * 90 / speed * 4
        let text =
            "total \(configuration.total), limit \(configuration.limit), threshold \(configuration.threshold), "
            + "latency \(configuration.latency), jitter \(configuration.jitter), fail \(configuration.failPages.sorted()), "
            + "\(configuration.gesture)"
        return (text, configuration)
    }

    func testSeededSessionsLoadEveryPageOneAtATimeAndRetryFailures() {
        var random = Generator(state: 29)
        for index in 0..<30 {
            let (text, configuration) = Self.session(&random)
            let simulation = PaginationSimulation(configuration: configuration)
            simulation.run(framesPerSecond: nil)
            let log = simulation.log
            let context = "session \(index): \(text)\n\(log.text)"
            var inFlight: PageRequest?
            var received = 0
            var failed: Int?
            for event in log.events {
                switch event.kind {
                case .request(let request):
                    XCTAssertNil(inFlight, "two requests in flight: \(context)")
                    XCTAssertEqual(request.startIndex, received, "request after \(received) items: \(context)")
                    if let failed { XCTAssertEqual(request.startIndex, failed, "the failed page first: \(context)") }
                    failed = nil
                    inFlight = request
                case .response(let startIndex, let result):
                    XCTAssertEqual(startIndex, inFlight?.startIndex, context)
                    inFlight = nil
                    switch result {
                    case .success(let count): received += count
                    case .failure: failed = startIndex
                    }
                case .state: break
                }
            }
            XCTAssertNil(failed, "a failed page was never retried: \(context)")
            if case .fling(_, _, nil) = configuration.gesture { continue }
            XCTAssertEqual(log.finalState, .noMoreData, context)
            XCTAssertEqual(log.itemCount, configuration.total, context)
            // One request per page, plus one per failure.
            let pages = configuration.total / configuration.limit + 1
            XCTAssertEqual(
                log.requests.count, pages + configuration.failPages.filter { $0 < pages }.count, context)
        }
    }

    /// The issue's session: an empty scene (`"sections": []`, a 375 × 667 viewport) dragged at
    /// 100,000 pt/s for a minute: page 1's failure is retried and every item arrives.
    func testAnEmptySceneDraggedEndlesslyRetriesItsFailedPage() throws {
        let scene = try SceneDecoder.decode(
            Data(#"{"viewport": {"width": 375, "height": 667}, "sections": []}"#.utf8), source: "scene.json",
            defaultName: "scene")
        var configuration = PaginationConfiguration()
        configuration.viewport = scene.viewport
        configuration.layout = scene.layout
        configuration.style = scene.style
        configuration.gesture = .constantSpeed(100_000)
        configuration.duration = 60
        let simulation = PaginationSimulation(configuration: configuration)
        simulation.run(framesPerSecond: nil)
        XCTAssertEqual(simulation.log.requests.map(\.startIndex), [0, 20, 20, 40], simulation.log.text)
        XCTAssertEqual(simulation.log.finalState, .noMoreData)
        XCTAssertEqual(simulation.log.itemCount, 45)
    }
}
