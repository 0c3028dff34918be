import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimCLI
import FlowSimTestSupport

/// `flowsim spring … --code API`: each snippet's numbers, read back, state the spring the
/// conversions give.
final class SpringCodeTests: XCTestCase {
    /// The code printed for a spring given by `arguments`.
    func code(_ api: String, _ arguments: [String]) -> String {
        let result = CLI.run(["spring"] + arguments + ["--code", api])
        XCTAssertEqual(result.status, 0, "\(api): \(result.stderr)")
        return result.stdout
    }

    /// The number after `label` (e.g. "stiffness: " or "setStiffness(").
    func number(after label: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let range = text.range(of: label) else {
            XCTFail("no '\(label)' in \(text)", file: file, line: line)
            return .nan
        }
        let digits = text[range.upperBound...].prefix { "0123456789.-e".contains($0) }
        return Double(digits) ?? .nan
    }

    func report(_ form: SpringForm, velocity: Double = 0) throws -> SpringReport {
        try SpringReport(form: form, velocity: velocity)
    }

    let uikit = ["--duration", "1", "--damping", "0.65"]

    func testSwiftUI() throws {
        let text = code("swiftui", ["--response", "0.55", "--damping-fraction", "0.65"])
        XCTAssertEqual(text, ".spring(response: 0.55, dampingFraction: 0.65)\n")
        // From a UIKit spring: the SwiftUI form of the same spring.
        let converted = code("swiftui", uikit)
        let spring = try report(.uikit(duration: 1, dampingRatio: 0.65, initialVelocity: 0)).spring
        let response = number(after: "response: ", in: converted)
        XCTAssertEqual(2 * .pi / response, spring.naturalFrequency, accuracy: 1e-3)
        XCTAssertEqual(number(after: "dampingFraction: ", in: converted), spring.dampingRatio, accuracy: 1e-4)
        // With a velocity: a SwiftUI spring that takes one.
        let moving = code("swiftui", ["--stiffness", "200", "--damping-coefficient", "20", "--velocity", "2"])
        XCTAssertEqual(moving, ".interpolatingSpring(mass: 1, stiffness: 200, damping: 20, initialVelocity: 2)\n")
    }

    func testUIKit() throws {
        let text = code("uikit", uikit + ["--velocity", "0.5"])
        XCTAssertTrue(
            text.hasPrefix(
                "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.65, initialSpringVelocity: 0.5, "
                    + "options: [], animations: {"), text)
        // From SwiftUI: UIKit's form of the same spring, as the report converts it.
        let form = try report(.swiftUIResponse(response: 0.5, dampingFraction: 0.7)).forms.first { $0.name == "uikit" }
        guard case .success(.uikit(let duration, let ratio, _))? = form?.form else { return XCTFail("no UIKit form") }
        let converted = code("uikit", ["--response", "0.5", "--damping-fraction", "0.7"])
        XCTAssertEqual(number(after: "withDuration: ", in: converted), duration, accuracy: 1e-4)
        XCTAssertEqual(number(after: "usingSpringWithDamping: ", in: converted), ratio, accuracy: 1e-4)
        // A spring UIKit cannot state is an error saying so.
        let result = CLI.run(["spring", "--response", "0.5", "--damping-fraction", "2", "--code", "uikit"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--code uikit: this spring has no such form"), result.stderr)
    }

    func testCASpringAnimation() throws {
        let text = code(
            "caspring", ["--mass", "2", "--stiffness", "300", "--damping-coefficient", "30", "--velocity", "1"])
        let spring = try report(.physical(mass: 2, stiffness: 300, damping: 30, initialVelocity: 1))
        XCTAssertEqual(number(after: "animation.mass = ", in: text), 2)
        XCTAssertEqual(number(after: "animation.stiffness = ", in: text), 300)
        XCTAssertEqual(number(after: "animation.damping = ", in: text), 30)
        XCTAssertEqual(number(after: "animation.initialVelocity = ", in: text), 1)
        XCTAssertTrue(text.contains("animation.duration = animation.settlingDuration"), text)
        XCTAssertEqual(number(after: "// ", in: text), spring.metrics.settlingDuration, accuracy: 1e-4)
    }

    func testComposeAndAndroid() throws {
        let spring = try report(.uikit(duration: 1, dampingRatio: 0.65, initialVelocity: 0)).spring.unitMass
        let compose = code("compose", uikit)
        XCTAssertTrue(compose.hasPrefix("spring(dampingRatio = "), compose)
        XCTAssertEqual(number(after: "dampingRatio = ", in: compose), spring.dampingRatio, accuracy: 1e-4)
        XCTAssertEqual(number(after: "stiffness = ", in: compose), spring.stiffness, accuracy: 1e-3)
        let android = code("android", uikit)
        XCTAssertTrue(android.hasPrefix("SpringForce().setStiffness("), android)
        XCTAssertEqual(number(after: "setStiffness(", in: android), spring.stiffness, accuracy: 1e-3)
        XCTAssertEqual(number(after: "setDampingRatio(", in: android), spring.dampingRatio, accuracy: 1e-4)
        XCTAssertEqual(
            code("android", ["--android-stiffness", "1500", "--android-damping-ratio", "0.5"]),
            "SpringForce().setStiffness(1500f).setDampingRatio(0.5f)\n")
    }

    func testFramerMotion() throws {
        // Motion: ω₀ = 2π / (1.2 · visualDuration), ζ = 1 − bounce, mass 1.
        let text = code("framer", ["--spring-duration", "0.6", "--bounce", "0.3"])
        XCTAssertTrue(text.hasPrefix("{ type: \"spring\", visualDuration: "), text)
        let visualDuration = number(after: "visualDuration: ", in: text)
        let bounce = number(after: "bounce: ", in: text)
        let spring = try report(.swiftUIDurationBounce(duration: 0.6, bounce: 0.3)).spring
        XCTAssertEqual(2 * .pi / (1.2 * visualDuration), spring.naturalFrequency, accuracy: 1e-2)
        XCTAssertEqual(1 - bounce, spring.dampingRatio, accuracy: 1e-4)
        XCTAssertEqual(visualDuration, 0.5, accuracy: 1e-4)  // SwiftUI's duration / 1.2
        // Overdamped: Motion's bounce cannot state it; its physical options can.
        let stiff = code("framer", ["--stiffness", "100", "--damping-coefficient", "40"])
        XCTAssertEqual(stiff, "{ type: \"spring\", stiffness: 100, damping: 40, mass: 1, velocity: 0 }\n")
    }

    func testCSSIsTheCSSOutput() {
        XCTAssertEqual(code("css", uikit), CLI.run(["spring"] + uikit + ["--css"]).stdout)
    }

    func testCodeExcludesOtherOutputs() {
        let result = CLI.run(["spring"] + uikit + ["--code", "swiftui", "--json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("give --code or --json, not both"), result.stderr)
    }
}
