import FlowSim
import FlowSimSupport
import Foundation

/// One entry of a pagination session's log.
public struct PaginationEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A page was requested.
        case request(PageRequest)
        /// A response arrived: `count` items, or an error message.
        case response(startIndex: Int, result: Result<Int, PageLoadError>)
        /// The controller's state after a response.
        case state(LoadMoreState)
    }

    /// Seconds on the simulation clock: the step of a request, the delivery time of a response.
    public var time: Double
    public var kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// `{"time": 0.4, "event": "response", "startIndex": 0, "count": 20}` and the like (the
    /// format); times rounded to the millisecond.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("time", .number(Self.rounded(time)))]
        switch kind {
        case .request(let request):
            members += [
                ("event", .string("request")), ("startIndex", .number(Double(request.startIndex))),
                ("limit", .number(Double(request.limit))),
            ]
        case .response(let startIndex, let result):
            members += [("event", .string("response")), ("startIndex", .number(Double(startIndex)))]
            switch result {
            case .success(let count): members.append(("count", .number(Double(count))))
            case .failure(let error): members.append(("error", .string(error.message)))
            }
        case .state(let state):
            members += [("event", .string("state")), ("state", .string(state.rawValue))]
        }
        return .object(members)
    }

    /// One line of the text log: `  0.400  response  startIndex 0: 20 items`.
    public var text: String {
        let time = String(format: "%7.3f", Self.rounded(time))
        switch kind {
        case .request(let request):
            return "\(time)  request   startIndex \(request.startIndex), limit \(request.limit)"
        case .response(let startIndex, .success(let count)):
            return "\(time)  response  startIndex \(startIndex): \(count) items"
        case .response(let startIndex, .failure(let error)):
            return "\(time)  response  startIndex \(startIndex): error: \(error.message)"
        case .state(let state):
            return "\(time)  state     \(state.rawValue)"
        }
    }

    static func rounded(_ time: Double) -> Double { (time * 1000).rounded() / 1000 }
}

/// The log of a whole session with its outcome.
public struct PaginationLog: Equatable, Sendable {
    public var events: [PaginationEvent]
    public var finalState: LoadMoreState
    public var itemCount: Int

    /// `{"events": [...], "finalState": "noMoreData", "itemCount": 45}`.
    public var json: JSONValue {
        .object([
            ("events", .array(events.map(\.json))), ("finalState", .string(finalState.rawValue)),
            ("itemCount", .number(Double(itemCount))),
        ])
    }

    public var text: String {
        (events.map(\.text) + ["final state \(finalState.rawValue), \(itemCount) items"])
            .joined(separator: "\n")
    }

    /// The requests in order.
    public var requests: [PageRequest] {
        events.compactMap { if case .request(let request) = $0.kind { return request } else { return nil } }
    }
}
