import FlowSim
import FlowSimScene
import FlowSimSupport
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// Help on every command, required options in usage, "did you mean", UIKit's spellings and one
/// key style between `spring --json` and scenes.
final class CLIConventionsTests: XCTestCase {
    func testDashHAndDashDashHelpOnEverySubcommand() {
        for command in FlowSimCommand.subcommands {
            let name = command.spec.name
            for flag in ["-h", "--help"] {
                let result = CLI.run([name, flag])
                XCTAssertEqual(result.status, 0, "\(name) \(flag): \(result.stderr)")
                XCTAssertTrue(result.stdout.hasPrefix("OVERVIEW: "), "\(name) \(flag): \(result.stdout)")
                XCTAssertTrue(result.stdout.contains("USAGE: flowsim \(name)"), result.stdout)
                XCTAssertEqual(result.stderr, "", "\(name) \(flag)")
            }
        }
        // After a positional too, as `render scene.json -h`; `--` still ends options.
        XCTAssertEqual(CLI.run(["render", "scene.json", "-h"]).status, 0)
        XCTAssertTrue(CLI.run(["render", "--", "-h"]).stderr.contains("-h"))
    }

    func testUsageMarksRequiredOptions() {
        let help = CLI.run(["check", "--help"]).stdout
        XCTAssertTrue(help.contains("USAGE: flowsim check [SCENE|DIR ...] --goldens DIR [--record MODE]"), help)
        XCTAssertTrue(help.contains("(required)"), help)
        let result = CLI.run(["check"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("flowsim check: --goldens DIR is required.\nUsage: flowsim check"))
        XCTAssertEqual(result.stdout, "")
    }

    func testDidYouMeanForNamesChosenFromAList() {
        let cases: [([String], String)] = [
            (["spring", "--preset", "swiftui-bouncyy"], "did you mean 'swiftui-bouncy'?"),
            (
                ["spring", "--preset", "seed-insert", "--compare", "preset=swiftui-snapy", "--plot", "/tmp/x.png"],
                "did you mean 'swiftui-snappy'?"
            ),
            (
                ["spring", "--preset", "seed-insert", "--compare", "respnse=0.5", "--plot", "/tmp/x.png"],
                "did you mean 'response'?"
            ),
            (["spring", "--preset", "seed-insert", "--code", "swiftiu"], "Did you mean 'swiftui'?"),
            (["diff", "a.png", "b.png", "--metric", "exakt"], "Did you mean 'exact'?"),
            (["layout", "--rect", "contnet"], "Did you mean 'content'?"),
            (["paginate", "--append", "insrt"], "Did you mean 'insert'?"),
            (["check", "--goldens", "/tmp/none", "--record", "misisng"], "did you mean 'missing'?"),
            (["completions", "fissh"], "Did you mean 'fish'?"),
            (["rendr"], "Did you mean 'render'?"),
        ]
        for (arguments, hint) in cases {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(hint), "\(arguments): \(result.stderr)")
        }
    }

    func testSceneCurveAndSpringNamesSuggestAndAcceptUIKitSpellings() throws {
        func scene(_ timing: String) -> String {
            """
            {"viewport": {"width": 200, "height": 300}, "sections": [{"items": [{}, {}]}],
             "updates": [{"at": 0, "delete": [{"section": 0, "item": 0}], "timing": \(timing)}]}
            """
        }
        func frames(_ timing: String) -> CLIResult { CLI.run(["frames", CLI.sceneFile(scene(timing))]) }
        // UIKit's two spellings of ease-in-out are the same curve.
        let a = frames(#"{"curve": "easeInOut", "duration": 0.3}"#)
        let b = frames(#"{"curve": "easeInEaseOut", "duration": 0.3}"#)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        let typo = frames(#"{"curve": "easeInOot"}"#)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean \"easeInOut\"?"), typo.stderr)
        // A spring's parameters in camelCase or with the flag spelling: the same spring.
        let camel = frames(#"{"spring": {"response": 0.4, "dampingFraction": 0.7}}"#)
        let flag = frames(#"{"spring": {"response": 0.4, "damping-fraction": 0.7}}"#)
        XCTAssertEqual(camel.status, 0, camel.stderr)
        XCTAssertEqual(camel.stdout, flag.stdout)
        let both = frames(#"{"spring": {"response": 0.4, "dampingFraction": 0.7, "damping-fraction": 0.7}}"#)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("given twice"), both.stderr)
        let misspelt = frames(#"{"spring": {"response": 0.4, "dampingFractoin": 0.7}}"#)
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.contains("did you mean \"dampingFraction\"?"), misspelt.stderr)
    }

    func testSpringJSONFormsPasteIntoScenes() throws {
        let result = CLI.run(["spring", "--response", "0.5", "--damping-fraction", "0.6", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let forms = try XCTUnwrap(result.json()["forms"] as? [String: [String: Double]])
        XCTAssertEqual(forms["physical"].map { Set($0.keys) }, ["mass", "stiffness", "dampingCoefficient", "velocity"])
        XCTAssertEqual(forms["swiftUIDurationBounce"].map { Set($0.keys) }, ["springDuration", "bounce"])
        let reference = SpringParameters(response: 0.5, dampingFraction: 0.6, initialVelocity: 0)
        for (name, form) in forms where name != "uikit" {
            // Every key is one a scene's "spring" object takes, and states the same spring.
            let object = JSONValue.object(form.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number($0.value)) })
            let timing = try SceneDecoder.timing(from: .object([("spring", object)]))
            guard case .physicalSpring(let spring) = timing.curve else {
                XCTFail("\(name): \(timing.curve)")
                continue
            }
            XCTAssertEqual(spring.parameters.naturalFrequency, reference.naturalFrequency, accuracy: 1e-6, name)
            XCTAssertEqual(spring.parameters.dampingRatio, reference.dampingRatio, accuracy: 1e-6, name)
        }
    }

    func testMessagesNameFormsByTheirAPINotTheirTypeName() {
        let result = CLI.run(["spring", "--response", "0.5"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("SwiftUI response/dampingFraction form"), result.stderr)
        for arguments in [
            ["spring", "--response", "0.5", "--duration", "1", "--damping", "0.5"],
            ["spring", "--spring-duration", "0.5"], ["spring", "--stiffness", "100", "--response", "1"],
        ] {
            let text = CLI.run(arguments).stderr
            for typeName in ["swiftUIResponse", "swiftUIDurationBounce", "physical (", "reactSpring", "origami"] {
                XCTAssertFalse(text.contains(typeName), text)
            }
        }
    }
}
