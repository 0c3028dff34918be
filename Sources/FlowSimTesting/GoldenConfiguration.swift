import FlowSimGoldens
import Foundation

/// Settings for every golden assertion in a scope, as a value bound to the current task
/// (swift-snapshot-testing's `withSnapshotTesting` works the same way): parallel tests each see
/// their own, with no environment variable or global to race on.
///
/// ```swift
/// try withGoldenConfiguration(record: .failed, artifacts: folder) {
///     assertGolden(scene)
/// }
/// ```
/// An argument given to an assertion (`record:`) wins over the configuration, which wins over the
/// environment (`FLOWSIM_RECORD`, `FLOWSIM_ARTIFACTS`, `CI`).
public struct GoldenConfiguration: Sendable {
    /// The record mode, or nil for the environment's.
    public var record: GoldenRecordMode?
    /// Where failure artefacts go, or nil for the environment's.
    public var artifacts: URL?

    public init(record: GoldenRecordMode? = nil, artifacts: URL? = nil) {
        self.record = record
        self.artifacts = artifacts
    }

    /// The configuration of the current task: the innermost `withGoldenConfiguration`.
    @TaskLocal public static var current = GoldenConfiguration()

    /// The record mode of an assertion: its argument, else this configuration's, else the
    /// environment's (`FLOWSIM_RECORD`, else `never` on CI and `missing` elsewhere). Throws on a
    /// bad `FLOWSIM_RECORD`.
    public func recordMode(explicit: GoldenRecordMode?, environment: [String: String]) throws -> GoldenRecordMode {
        try explicit ?? record ?? GoldenRecordMode.resolve(explicit: nil, environment: environment)
    }
}

/// Runs `operation` with golden assertions configured; settings not given are inherited from an
/// enclosing configuration.
public func withGoldenConfiguration<R>(
    record: GoldenRecordMode? = nil, artifacts: URL? = nil, operation: () throws -> R
) rethrows -> R {
    let outer = GoldenConfiguration.current
    let configuration = GoldenConfiguration(record: record ?? outer.record, artifacts: artifacts ?? outer.artifacts)
    return try GoldenConfiguration.$current.withValue(configuration, operation: operation)
}

/// `withGoldenConfiguration` for async tests.
public func withGoldenConfiguration<R>(
    record: GoldenRecordMode? = nil, artifacts: URL? = nil, operation: () async throws -> R
) async rethrows -> R {
    let outer = GoldenConfiguration.current
    let configuration = GoldenConfiguration(record: record ?? outer.record, artifacts: artifacts ?? outer.artifacts)
    return try await GoldenConfiguration.$current.withValue(configuration, operation: operation)
}
