import FlowSim
import FlowSimScene
import Foundation

/// `flowsim spring … --code API`: the spring as paste-ready code for one API, from the same
/// conversions as the report's forms (each API's own form when it has one, else the physical
/// parameters in the units it takes).
enum SpringCode {
    enum API: String, CaseIterable {
        case swiftui, uikit, caspring, compose, android, framer, css
    }

    static let option = Option<API>.choice(
        "--code", value: "API", expected: API.allCases.map(\.rawValue).joined(separator: ", "),
        choices: API.allCases.map(\.rawValue),
        help: "Print paste-ready code for the spring in this API: swiftui, uikit, caspring, compose, android, "
            + "framer or css.", read: API.init(rawValue:))

    /// Numbers in code: at most 4 decimals, no trailing zeros.
    static func n(_ x: Double) -> String { SpringReport.number(x, 4) }

    /// A Kotlin Float literal.
    static func float(_ x: Double) -> String { n(x) + "f" }

    /// The report's conversion to `name`, or an exit-2 error saying why this API cannot state it.
    static func form(_ name: String, of report: SpringReport, api: API) throws -> SpringForm {
        guard let entry = report.forms.first(where: { $0.name == name }) else {
            throw CommandError.springInput(.codeMissingConversion(api: api.rawValue, form: name))
        }
        switch entry.form {
        case .success(let form): return form
        case .failure(let error):
            throw CommandError.springInput(.codeNoSuchForm(api: api.rawValue, error))
        }
    }

    /// The code text (without the CSS case, which `SpringFormMode.printCSS` prints).
    static func code(_ api: API, report: SpringReport) throws -> String {
        let spring = report.spring
        let velocity = spring.initialVelocity
        switch api {
        case .swiftui:
            if velocity != 0 {
                // `.spring(response:dampingFraction:)` has no initial velocity; this one does.
                return ".interpolatingSpring(mass: \(n(spring.mass)), stiffness: \(n(spring.stiffness)), "
                    + "damping: \(n(spring.damping)), initialVelocity: \(n(velocity)))"
            }
            guard case .swiftUIResponse(let response, let fraction) = try form("swiftUIResponse", of: report, api: api)
            else { break }
            return ".spring(response: \(n(response)), dampingFraction: \(n(fraction)))"
        case .uikit:
            guard case .uikit(let duration, let ratio, let v) = try form("uikit", of: report, api: api) else { break }
            return """
                UIView.animate(withDuration: \(n(duration)), delay: 0, usingSpringWithDamping: \(n(ratio)), \
                initialSpringVelocity: \(n(v)), options: [], animations: {
                    // change the views' properties here
                })
                """
        case .caspring:
            return """
                let animation = CASpringAnimation(keyPath: "position.y")
                animation.mass = \(n(spring.mass))
                animation.stiffness = \(n(spring.stiffness))
                animation.damping = \(n(spring.damping))
                animation.initialVelocity = \(n(velocity))
                animation.duration = animation.settlingDuration  // \(n(report.metrics.settlingDuration)) s at ε = \
                \(n(report.metrics.epsilon))
                """
        case .compose:
            guard case .android(let stiffness, let ratio) = try form("android", of: report, api: api) else { break }
            var text = "spring(dampingRatio = \(float(ratio)), stiffness = \(float(stiffness)))"
            if velocity != 0 {
                text += "  // initial velocity \(n(velocity)) distances/s: pass it to animateTo(initialVelocity = …)"
            }
            return text
        case .android:
            guard case .android(let stiffness, let ratio) = try form("android", of: report, api: api) else { break }
            var text = "SpringForce().setStiffness(\(float(stiffness))).setDampingRatio(\(float(ratio)))"
            if velocity != 0 {
                text +=
                    "  // initial velocity \(n(velocity)) distances/s: SpringAnimation.setStartVelocity(…) in pixels/s"
            }
            return text
        case .framer:
            return framer(spring)
        case .css:
            break
        }
        throw CommandError.springInput(.codeNoConversion(api: api.rawValue))
    }

    /// Framer Motion: `visualDuration` and `bounce` when they state the spring (Motion takes
    /// ω₀ = 2π / (1.2 · visualDuration), ζ = clamp(1 − bounce, 0.05, 1), mass 1, and drops the
    /// velocity of duration-based springs); else its physical options.
    static func framer(_ spring: SpringParameters) -> String {
        let ratio = spring.dampingRatio
        if spring.initialVelocity == 0, ratio >= 0.05, ratio <= 1 {
            let visualDuration = 2 * Double.pi / (1.2 * spring.naturalFrequency)
            return "{ type: \"spring\", visualDuration: \(n(visualDuration)), bounce: \(n(1 - ratio)) }"
        }
        return "{ type: \"spring\", stiffness: \(n(spring.stiffness)), damping: \(n(spring.damping)), "
            + "mass: \(n(spring.mass)), velocity: \(n(spring.initialVelocity)) }"
    }
}
