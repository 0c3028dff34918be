import FlowSimGoldens
import Foundation
import XCTest

@testable import FlowSimTesting

/// The one resolution of an assertion's record mode, for scenes and presented frames alike: the
/// argument, else the task's configuration, else the environment.
final class GoldenConfigurationTests: XCTestCase {
    func testRecordModeArgumentThenConfigurationThenEnvironment() throws {
        let environment = ["FLOWSIM_RECORD": "failed", "CI": "1"]
        let configured = GoldenConfiguration(record: .all)
        XCTAssertEqual(try configured.recordMode(explicit: .never, environment: environment), .never)
        XCTAssertEqual(try configured.recordMode(explicit: nil, environment: environment), .all)
        XCTAssertEqual(try GoldenConfiguration().recordMode(explicit: nil, environment: environment), .failed)
        XCTAssertEqual(try GoldenConfiguration().recordMode(explicit: nil, environment: ["CI": "true"]), .never)
        XCTAssertEqual(try GoldenConfiguration().recordMode(explicit: nil, environment: [:]), .missing)
        XCTAssertEqual(
            try withGoldenConfiguration(record: .failed) {
                try GoldenConfiguration.current.recordMode(explicit: nil, environment: [:])
            }, .failed)
    }

    /// A bad `FLOWSIM_RECORD` is an error naming the variable, unless an argument or the
    /// configuration decides first.
    func testBadEnvironmentValueIsAnErrorOnlyWhenItDecides() throws {
        let environment = ["FLOWSIM_RECORD": "sometimes"]
        XCTAssertThrowsError(try GoldenConfiguration().recordMode(explicit: nil, environment: environment)) { error in
            XCTAssertEqual(
                "\(error)",
                "FLOWSIM_RECORD: unknown record mode 'sometimes' (expected all, missing, failed or never)")
        }
        XCTAssertEqual(
            try GoldenConfiguration(record: .never).recordMode(explicit: nil, environment: environment), .never)
    }
}
