import FlowSim
import Foundation

/// A deterministic stand-in for a paginated API such as `getBooks(withStartIndex:Limit:)`: a
/// list of `total` items served in pages after a latency, with scripted failures.
///
/// - Page `n` is the request with startIndex n · limit (pages count from 0), so with limit 20
///   `failPages: [1]` fails the first attempt at startIndex 20; a retry of it succeeds.
/// - Latency is `latency` seconds plus, when `jitter` > 0, a uniform extra in [0, jitter) drawn
///   from `SeededRandom(seed:)` in request order: the same script gives the same session.
/// - Item i is `ItemData(id: "item-i", title: "Item i+1")`.
public struct ScriptedPageProvider: Sendable {
    public var total: Int
    public var latency: Double
    public var failPages: Set<Int>
    public var jitter: Double
    private var random: SeededRandom
    /// Attempts so far per page.
    public private(set) var attempts: [Int: Int] = [:]

    public init(total: Int, latency: Double = 0.4, failPages: Set<Int> = [], jitter: Double = 0, seed: UInt64 = 0) {
        self.total = max(0, total)
        self.latency = max(0, latency)
        self.failPages = failPages
        self.jitter = max(0, jitter)
        random = SeededRandom(seed: seed)
    }

    /// A response scheduled for delivery.
    public struct Response: Sendable {
        public var request: PageRequest
        public var deliveryTime: Double
        public var result: Result<[ItemData], PageLoadError>
    }

    public static func item(_ index: Int) -> ItemData {
        ItemData(id: "item-\(index)", title: "Item \(index + 1)")
    }

    /// The response to `request` made at `time`.
    public mutating func respond(to request: PageRequest, at time: Double) -> Response {
        let page = request.limit > 0 ? request.startIndex / request.limit : 0
        let attempt = attempts[page, default: 0] + 1
        attempts[page] = attempt
        let extra = jitter > 0 ? Double.random(in: 0..<jitter, using: &random) : 0
        let delivery = time + latency + extra
        if attempt == 1 && failPages.contains(page) {
            let error = PageLoadError("page \(page) failed (scripted: first attempt)")
            return Response(request: request, deliveryTime: delivery, result: .failure(error))
        }
        let start = min(max(0, request.startIndex), total)
        let end = min(total, start + max(0, request.limit))
        return Response(request: request, deliveryTime: delivery, result: .success((start..<end).map(Self.item)))
    }
}
