import FlowSim
import FlowSimScene
import Foundation

/// The text of `flowsim spring`'s report, which names the command's options (`--damping …`):
/// here rather than in the core, whose `SpringReport` holds the numbers only.
extension SpringReport {
    /// Display names of the forms.
    static let formTitles = [
        "uikit": "UIKit", "physical": "CASpringAnimation", "swiftUIResponse": "SwiftUI",
        "swiftUIDurationBounce": "iOS 17 / SwiftUI", "android": "Android",
        "reactSpring": "react-spring", "origami": "pop / React Native",
    ]

    /// `number`, except a value it would round to 0 (UIKit's smallest damping ratio,
    /// 1.1920929e-7), shown as `general` so that the options printed give the same spring.
    static func visible(_ x: Double) -> String {
        x != 0 && abs(x) < 5e-7 ? general(x) : number(x)
    }

    /// The form as `flowsim spring` options.
    static func options(_ form: SpringForm) -> String {
        let n = visible
        switch form {
        case .uikit(let d, let z, let v):
            return "--duration \(n(d)) --damping \(n(z)) --velocity \(n(v))"
        case .physical(let m, let k, let c, let v):
            return "--mass \(n(m)) --stiffness \(n(k)) --damping-coefficient \(n(c)) "
                + "--velocity \(n(v))"
        case .swiftUIResponse(let r, let f):
            return "--response \(n(r)) --damping-fraction \(n(f))"
        case .swiftUIDurationBounce(let d, let b):
            return "--spring-duration \(n(d)) --bounce \(n(b))"
        case .android(let k, let z):
            return "--android-stiffness \(n(k)) --android-damping-ratio \(n(z))"
        case .reactSpring(let t, let f, let m):
            return "--tension \(n(t)) --friction \(n(f)) --mass \(n(m))"
        case .origami(let b, let s):
            return "--bounciness \(n(b)) --speed \(n(s))"
        }
    }

    /// The human-readable report: parameters, every form, metrics.
    var text: String {
        let n = { (x: Double) in Self.number(x) }
        func row(_ label: String, _ value: String) -> String {
            "  " + label.padding(toLength: 22, withPad: " ", startingAt: 0) + value
        }
        var lines = [
            "Spring (\(Self.formTitles[form.name] ?? form.name): "
                + "\(Self.options(form)))"
        ]
        lines.append(row("mass", n(spring.mass)))
        lines.append(row("stiffness", n(spring.stiffness)))
        lines.append(row("damping coefficient", n(spring.damping)))
        lines.append(row("damping ratio", Self.visible(spring.dampingRatio)))
        lines.append(row("natural frequency", n(spring.naturalFrequency) + " rad/s"))
        lines.append(row("initial velocity", n(spring.initialVelocity) + " /s"))
        lines.append("Forms")
        for (name, result) in forms {
            let title = Self.formTitles[name] ?? name
            switch result {
            case .success(let converted): lines.append(row(title, Self.options(converted)))
            case .failure(let error): lines.append(row(title, "(\(error))"))
            }
        }
        lines.append("Metrics (ε = \(n(metrics.epsilon)))")
        let kind: String
        if case .uikitSpring = curve { kind = "UIKit" } else { kind = "settling, ε = 0.001" }
        lines.append(row("duration", "\(n(curve.duration)) s (\(kind))"))
        lines.append(row("settling duration", n(metrics.settlingDuration) + " s (Core Animation's estimate)"))
        lines.append(row("last crossing of ε", n(metrics.lastCrossing) + " s"))
        lines.append(row("peak time", metrics.peakTime.map { n($0) + " s" } ?? "none (no overshoot)"))
        lines.append(
            row("overshoot", metrics.peakTime == nil ? "none" : Self.number(metrics.overshoot, 3) + " %"))
        lines.append(row("oscillations above ε", "\(metrics.oscillationCount)"))
        lines.append(
            row(
                "value at UIKit end",
                uikitEndValue.map { n($0) + " (then snaps to 1)" }
                    ?? "n/a (not a UIKit spring)"))
        return lines.joined(separator: "\n")
    }
}
