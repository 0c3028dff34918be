import Foundation
import XCTest

@testable import FlowSim
@testable import FlowSimScene

/// Scene errors carry what is wrong as a `SceneError.Kind` with its values: these tests match
/// the kind and the key path, not the wording (the message tests pin the wording).
final class SceneErrorKindTests: XCTestCase {
    /// The error decoding `text` throws, or nil (with a failure).
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            _ = try SceneDecoder.decode(Data(text.utf8), source: "k.json", defaultName: "k")
            XCTFail("decoded", file: file, line: line)
        } catch let error as SceneError {
            return error
        } catch {
            XCTFail("not a SceneError: \(error)", file: file, line: line)
        }
        return nil
    }

    private let viewport = #""viewport": {"width": 375, "height": 667}"#

    func testAValueOfTheWrongTypeNamesWhatWasExpected() {
        let error = error(#"{"viewport": {"width": -5, "height": 667}, "sections": []}"#)
        XCTAssertEqual(error?.path, "viewport.width")
        XCTAssertEqual(error?.kind, .expected("a finite number > 0", got: "-5"))
        XCTAssertEqual(error?.source, "k.json")
    }

    func testAnUnknownKeySuggestsTheNearestAndListsTheKnownOnes() throws {
        let error = try XCTUnwrap(error(#"{\#(viewport), "sections": [], "sectons": []}"#))
        XCTAssertEqual(error.path, "sectons")
        guard case .unknownKey(let key, let suggestion, _, let known) = error.kind else {
            return XCTFail("\(error.kind)")
        }
        XCTAssertEqual(key, "sectons")
        XCTAssertEqual(suggestion, "sections")
        XCTAssertTrue(known.contains("viewport") && known.contains("sections"), "\(known)")
    }

    func testMissingAndDuplicateKeysAndIDs() {
        XCTAssertEqual(error(#"{"sections": []}"#)?.kind, .missingKey("viewport", alternative: "or give a \"device\""))
        XCTAssertEqual(
            error(#"{\#(viewport), "sections": [], "sections": []}"#)?.kind, .duplicateKey("sections"))
        let twice = error(#"{\#(viewport), "sections": [{"items": [{"id": "a"}, {"id": "a"}]}]}"#)
        XCTAssertEqual(twice?.kind, .duplicateID("\"a\""))
        XCTAssertEqual(twice?.path, "sections[0].items[1].id")
    }

    func testRangesChoicesAndOrder() {
        XCTAssertEqual(
            error(#"{\#(viewport), "sections": [], "golden": {"threshold": 2}}"#)?.kind,
            .outOfRange(2, expected: "a number in 0…1"))
        XCTAssertEqual(
            error(#"{\#(viewport), "sections": [], "golden": {"metric": "exactly"}}"#)?.kind,
            .notAChoice("\"exactly\"", choices: SceneDecoder.goldenMetrics, suggestion: "exact"))
        let updates = #"[{"at": 1, "insert": []}, {"at": 0.5, "insert": []}]"#
        XCTAssertEqual(
            error(#"{\#(viewport), "sections": [], "updates": \#(updates)}"#)?.kind,
            .outOfOrder("updates", time: 0.5, previous: 1))
    }

    func testAnUnknownDeviceCarriesTheNearestNames() throws {
        let error = try XCTUnwrap(error(#"{"device": "iPhone 16 Prp", "sections": []}"#))
        XCTAssertEqual(error.path, "device")
        guard case .unknownDevice(let lookup) = error.kind else { return XCTFail("\(error.kind)") }
        XCTAssertEqual(lookup.nearest.first, "iPhone 16 Pro")
    }

    func testMalformedJSONCarriesItsPosition() throws {
        let error = try XCTUnwrap(error("{\n  \"viewport\": }"))
        guard case .malformedJSON(let line, let column, _) = error.kind else { return XCTFail("\(error.kind)") }
        XCTAssertEqual(line, 2)
        XCTAssertGreaterThan(column, 1)
    }

    /// An update UIKit would reject keeps the core's `UpdateError`.
    func testARejectedUpdateKeepsTheCoresError() throws {
        let text =
            #"{\#(viewport), "sections": [{"items": [{}]}], "updates": [{"at": 0.1, "delete": [{"section": 0, "item": 5}]}]}"#
        let scene = try SceneDecoder.decode(Data(text.utf8), source: "k.json", defaultName: "k")
        let simulation = try SceneSimulation(scene: scene)
        XCTAssertThrowsError(try simulation.run()) { error in
            guard let error = error as? SceneError, case .update(let update) = error.kind else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(update, .deleteItemOutOfRange(IndexPath(item: 5, section: 0), count: 1))
            XCTAssertEqual(error.message, update.message)
        }
    }

    /// Selecting an item that does not exist names the index path and the action; a layout class
    /// nobody registered names the class and the registered ones.
    func testSimulationErrorsCarryTheirValues() throws {
        let select =
            #"{\#(viewport), "sections": [{"items": [{}]}], "updates": [{"at": 0.1, "select": [{"section": 0, "item": 9}]}]}"#
        let scene = try SceneDecoder.decode(Data(select.utf8), source: "k.json", defaultName: "k")
        XCTAssertThrowsError(try SceneSimulation(scene: scene).run()) { error in
            XCTAssertEqual(
                (error as? SceneError)?.kind, .noItem(IndexPath(item: 9, section: 0), action: "select"), "\(error)")
        }
        let custom = #"{\#(viewport), "sections": [], "layout": {"class": "Waterfal"}}"#
        let named = try SceneDecoder.decode(Data(custom.utf8), source: "k.json", defaultName: "k")
        XCTAssertThrowsError(try SceneSimulation(scene: named)) { error in
            XCTAssertEqual((error as? SceneError)?.kind, .unknownLayoutClass("Waterfal", known: []), "\(error)")
        }
    }

    /// Every kind renders the wording the decoder wrote before kinds existed.
    func testKindsRenderTheWording() {
        XCTAssertEqual(
            SceneError(source: "a.json", path: "x", .expected("a string", got: "5")).description,
            "a.json: x: expected a string, got 5")
        XCTAssertEqual(
            SceneError.Kind.unknownKey("sise", suggestion: "size", summary: "the cell size", known: ["size", "id"])
                .description,
            "unknown key \"sise\"; did you mean \"size\"? (the cell size) Known keys here: size, id.")
        XCTAssertEqual(
            SceneError.Kind.duplicateKey("a", propertyList: true).description,
            "duplicate key \"a\" (keys must be unique, as in JSON)")
        XCTAssertEqual(
            SceneError.Kind.conflictingKeys("group", "list").description, "give either \"group\" or \"list\", not both")
        XCTAssertEqual(
            SceneError.Kind.limitExceeded(what: "frames to sample", amount: 3, limit: 2, option: "--max-frames")
                .description,
            "frames to sample: 3, beyond the limit of 2; raise it with --max-frames N if this is intended.")
        XCTAssertEqual(SceneError(path: "", message: "rare").kind, .other("rare"))
        XCTAssertEqual(
            SceneError.Kind.needsAtLeastOne(container: "the path", element: "point", note: "where it starts")
                .description, "the path needs at least one point (where it starts)")
        XCTAssertEqual(
            SceneError.Kind.updateOfItsOwn(what: "a \"drag\"", alongside: "delete").description,
            "a \"drag\" is an update of its own: move \"delete\" to another update")
        XCTAssertEqual(
            SceneError.Kind.requires(
                "ssimThreshold", requirement: "\"metric\": \"ssim\"", given: "\"metric\": \"exact\""
            )
            .description, "\"ssimThreshold\" needs \"metric\": \"ssim\" (the scene gives \"metric\": \"exact\")")
    }

    /// The common mistakes among the rarer kinds have kinds of their own (they were `.other`
    /// text), with the key path of the key at fault.
    func testCommonMistakesHaveKindsAndNameTheKey() throws {
        let group = #"{"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}"#
        let cases: [(String, String, SceneError.Kind)] = [
            (
                #""layout": {"compositional": {"sections": []}}"#, "layout.compositional.sections",
                .needsAtLeastOne(container: "\"sections\"", element: "section")
            ),
            (
                #""layout": {"compositional": {"sections": [{}]}}"#, "layout.compositional.sections[0]",
                .needsOneOf(["group", "list"])
            ),
            (
                #""layout": {"compositional": {"sections": [{"group": "# + group + #", "subitems": []}}]}}"#,
                "layout.compositional.sections[0].group.subitems",
                .needsAtLeastOne(container: "a group", element: "subitem")
            ),
            (#""golden": {"frames": [0], "times": [0]}"#, "golden.times", .conflictingKeys("frames", "times")),
            (
                #""golden": {"metric": "exact", "ssimThreshold": 0.9}"#, "golden.ssimThreshold",
                .requires("ssimThreshold", requirement: "\"metric\": \"ssim\"")
            ),
            (
                #""golden": {"metric": "ssim", "perceptualPrecision": 0.9}"#, "golden.perceptualPrecision",
                .requires(
                    "perceptualPrecision", requirement: "\"metric\": \"perceptual\"", given: "\"metric\": \"ssim\"")
            ),
            (
                #""orientation": "landscape""#, "orientation",
                .requires("orientation", requirement: "a \"device\" to turn")
            ),
            (
                #""updates": [{"reconfigure": [{"section": 0, "item": 0}]}]"#, "updates[0].reconfigure",
                .requires("reconfigure", requirement: "a \"snapshot\" (the data after the update)")
            ),
            (
                #""updates": [{"timing": {"curve": "linear", "spring": {"duration": 1, "damping": 1}}}]"#,
                "updates[0].timing", .needsOneOf(["spring", "curve", "physicalSpring", "preset"])
            ),
        ]
        for (keys, path, kind) in cases {
            let error = try XCTUnwrap(error(#"{\#(viewport), "sections": [{"items": [{}]}], \#(keys)}"#), keys)
            XCTAssertEqual(error.path, path, keys)
            XCTAssertEqual(error.kind, kind, keys)
        }
    }
}
