import FlowSim
import Foundation

/// A scene's `"pagination"` settings for `flowsim paginate`: every field optional, each one
/// replacing the default of `PaginationConfiguration` (and replaced in turn by a CLI option).
///
///     "pagination": {"total": 45, "limit": 20, "threshold": 6, "latency": 0.4, "jitter": 0,
///                    "seed": 0, "failPages": [1], "appendAnimation": "insert",
///                    "timing": {"preset": "swiftui-bouncy"}}
///
/// `timing` is any scene timing (a curve, a spring in any form, a preset) and animates the
/// inserted pages; it implies `"appendAnimation": "insert"` and cannot be combined with
/// `"reload"`. `"insert"` without a timing uses `PaginationSettings.defaultInsertTiming`.
public struct PaginationSettings: Equatable, Sendable {
    /// Ease-in-ease-out over 0.3 s, `--append insert`'s default.
    public static let defaultInsertTiming = AnimationTiming(curve: .easeInEaseOut(duration: 0.3))

    public var total: Int?
    public var limit: Int?
    public var threshold: Int?
    public var latency: Double?
    public var jitter: Double?
    public var seed: UInt64?
    public var failPages: Set<Int>?
    public var appendAnimation: AppendAnimation?

    public init() {}

    /// `configuration` with every setting given here.
    public func applied(to configuration: PaginationConfiguration) -> PaginationConfiguration {
        var result = configuration
        if let total { result.total = total }
        if let limit { result.limit = limit }
        if let threshold { result.threshold = threshold }
        if let latency { result.latency = latency }
        if let jitter { result.jitter = jitter }
        if let seed { result.seed = seed }
        if let failPages { result.failPages = failPages }
        if let appendAnimation { result.appendAnimation = appendAnimation }
        return result
    }
}
