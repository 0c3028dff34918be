import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// A scene's `"pagination"` key: parsed by `SceneDecoder` into `PaginationSettings`.
final class PaginationSceneTests: XCTestCase {
    func settings(_ pagination: String) throws -> PaginationSettings? {
        let text = #"{"viewport": {"width": 375, "height": 667}, "sections": [], "pagination": "# + pagination + "}"
        // The scene decodes (the key is validated there) and the settings are read.
        _ = try SceneDecoder.decode(Data(text.utf8), source: "p.json", defaultName: "p")
        return try SceneDecoder.decode(Data(text.utf8), source: "p.json", defaultName: "p").pagination
    }

    func testEveryKeyIsRead() throws {
        let parsed = try XCTUnwrap(
            settings(
                #"{"total": 14, "limit": 6, "threshold": 3, "latency": 0.6, "jitter": 0.1, "seed": 7, "failPages": [0, 2], "appendAnimation": "insert", "timing": {"preset": "swiftui-bouncy"}}"#
            ))
        XCTAssertEqual(parsed.total, 14)
        XCTAssertEqual(parsed.limit, 6)
        XCTAssertEqual(parsed.threshold, 3)
        XCTAssertEqual(parsed.latency, 0.6)
        XCTAssertEqual(parsed.jitter, 0.1)
        XCTAssertEqual(parsed.seed, 7)
        XCTAssertEqual(parsed.failPages, [0, 2])
        let bouncy = try SceneDecoder.timing(from: .object([("preset", .string("swiftui-bouncy"))]))
        XCTAssertEqual(parsed.appendAnimation, .insert(bouncy))
        let configuration = parsed.applied(to: PaginationConfiguration())
        XCTAssertEqual(configuration.total, 14)
        XCTAssertEqual(configuration.failPages, [0, 2])
        XCTAssertEqual(configuration.gestureStart, 0.5, "keys not given keep the defaults")
    }

    func testTimingIsAnySceneTimingAndImpliesInsert() throws {
        let spring = try XCTUnwrap(settings(#"{"timing": {"spring": {"response": 0.4, "damping-fraction": 0.7}}}"#))
        guard case .insert(let timing) = spring.appendAnimation, case .physicalSpring = timing.curve else {
            return XCTFail("\(String(describing: spring.appendAnimation))")
        }
        let uikit = try XCTUnwrap(settings(#"{"timing": {"spring": {"damping": 0.8}}}"#))
        guard case .insert(let uikitTiming) = uikit.appendAnimation, case .uikitSpring(let s) = uikitTiming.curve else {
            return XCTFail()
        }
        XCTAssertEqual(s.duration, 1, "UIKit form without a duration: 1 s")
        XCTAssertEqual(
            try settings(#"{"appendAnimation": "insert"}"#)?.appendAnimation,
            .insert(PaginationSettings.defaultInsertTiming))
        XCTAssertEqual(try settings(#"{"appendAnimation": "reload"}"#)?.appendAnimation, .reload)
        XCTAssertNil(try settings(#"{"total": 3}"#)?.appendAnimation)
    }

    func testBadSettingsNameTheKey() {
        let cases = [
            (#"{"limit": 0}"#, "pagination.limit"),
            (#"{"failPages": [-1]}"#, "pagination.failPages[0]"),
            (#"{"latency": -1}"#, "pagination.latency"),
            (#"{"appendAnimation": "fade"}"#, "pagination.appendAnimation"),
            (#"{"appendAnimation": "reload", "timing": {"curve": "linear"}}"#, "pagination.timing"),
            (#"{"timing": {"preset": "nope"}}"#, "pagination.timing.preset"),
            (#"{"totl": 3}"#, "pagination.totl"),
        ]
        for (pagination, path) in cases {
            XCTAssertThrowsError(try settings(pagination), pagination) { error in
                XCTAssertEqual((error as? SceneError)?.path, path, "\(pagination): \(error)")
            }
        }
    }

    func testSceneWithoutPaginationHasNone() throws {
        let text = #"{"viewport": {"width": 375, "height": 667}, "sections": []}"#
        XCTAssertNil(try SceneDecoder.decode(Data(text.utf8), source: "p.json", defaultName: "p").pagination)
    }
}
