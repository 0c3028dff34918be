import FlowSim
import FlowSimSupport
import Foundation

/// Timings: curves, springs in every form, delays.
extension SceneDecoder {
    /// The curve names; UIKit's `easeInOut` is `easeInEaseOut`.
    static let curveNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "easeInOut", "default"]

    static let timingKeys: [SceneKey] = [
        SceneKey("spring", .object("spring"), "a spring in any form, by flowsim spring's option names"),
        SceneKey("curve", .choice(curveNames), "a UIKit timing curve"),
        SceneKey("duration", .nonNegative, "the curve's duration in seconds (default 0.3)"),
        SceneKey("physicalSpring", .object("physicalSpring"), "a CASpringAnimation-style spring"),
        SceneKey("preset", .choice(SpringPreset.catalogue.map(\.name)), "a named spring (flowsim spring --preset)"),
        SceneKey("delay", .nonNegative, "delay in seconds"),
    ]

    /// Every spring parameter, in its option spelling and in camelCase.
    static var springKeys: [SceneKey] {
        SpringForm.acceptedParameterNames.map { name in
            let option = SpringForm.optionName(name)
            let spelling = option == name ? "" : " (also \(option))"
            return SceneKey(name, .number, "flowsim spring --\(option)\(spelling)")
        }
    }

    static let physicalSpringKeys: [SceneKey] = [
        SceneKey("mass", .positive, "mass (default 1)"),
        SceneKey("stiffness", .positive, "stiffness", required: true),
        SceneKey("damping", .positive, "damping coefficient", required: true),
        SceneKey("velocity", .number, "initial velocity in distances per second"),
        SceneKey("duration", .positive, "duration in seconds (default: until it settles)"),
    ]

    static func timing(_ reader: ValueReader) throws -> AnimationTiming {
        let object = try reader.object(known: timingKeys)
        let delay = try object.optional("delay").map { try $0.nonNegative() } ?? 0
        guard ["spring", "curve", "physicalSpring", "preset"].filter(object.has).count == 1 else {
            throw SceneError(path: reader.path, .needsOneOf(["spring", "curve", "physicalSpring", "preset"]))
        }
        if let preset = object.optional("preset") {
            let name = try preset.choice(SpringPreset.catalogue.map(\.name))
            guard let form = SpringPreset.named(name, in: SpringPreset.catalogue)?.form else {
                throw preset.error("unknown preset \(SafeText.quoted(name))")
            }
            return AnimationTiming(curve: try curve(for: form, at: preset), delay: delay)
        }
        if let spring = object.optional("spring") {
            if object.has("duration") {
                throw SceneError(path: reader.path + ".duration", message: "a spring's duration goes inside \"spring\"")
            }
            // Any spring form by its parameter names (`flowsim spring`'s options without dashes);
            // the UIKit form (duration, damping, velocity) is the usual one.
            guard case .object(let members) = spring.value else {
                throw spring.expected("an object")
            }
            var values: [String: Double] = [:]
            _ = try spring.object(known: springKeys)
            for member in members {
                values[member.key] = try ValueReader(member.value, path: spring.child(member.key)).number()
            }
            if values["damping"] != nil && values["duration"] == nil
                && values.keys.allSatisfy({ ["damping", "velocity"].contains($0) })
            {
                values["duration"] = 1  // UIKit form with the parks scene's default duration, 1 s
            }
            let form: SpringForm
            do { form = try SpringForm(named: values) } catch { throw spring.error("\(error)") }
            return AnimationTiming(curve: try curve(for: form, at: spring), delay: delay)
        }
        if let physical = object.optional("physicalSpring") {
            let fields = try physical.object(known: physicalSpringKeys)
            let curve = TimingCurve.physicalSpring(
                mass: try fields.optional("mass")?.positive() ?? 1,
                stiffness: try fields.required("stiffness").positive(),
                damping: try fields.required("damping").positive(),
                initialVelocity: try fields.optional("velocity")?.number() ?? 0,
                duration: try fields.optional("duration")?.positive() ?? object.optional("duration")?.positive())
            return AnimationTiming(curve: curve, delay: delay)
        }
        // UIKit spells the ease-in-out curve `easeInOut` (UIView.AnimationOptions.curveEaseInOut)
        // and `easeInEaseOut` (CAMediaTimingFunctionName): both are accepted.
        let name = try object.required("curve").choice(curveNames)
        let duration = try object.optional("duration").map { try $0.nonNegative() } ?? 0.3
        let curve: TimingCurve
        switch name {
        case "linear": curve = .linear(duration: duration)
        case "easeIn": curve = .easeIn(duration: duration)
        case "easeOut": curve = .easeOut(duration: duration)
        case "default": curve = .default(duration: duration)
        default: curve = .easeInEaseOut(duration: duration)
        }
        return AnimationTiming(curve: curve, delay: delay)
    }

    /// A spring form as a timing curve: the UIKit form keeps UIKit's duration and its snap at
    /// the end; every other form is a physical spring that runs until it settles (ε = 0.001).
    static func curve(for form: SpringForm, at reader: ValueReader) throws -> TimingCurve {
        if case .uikit(let duration, let dampingRatio, let velocity) = form {
            guard duration > 0, dampingRatio > 0 else {
                throw reader.error("a UIKit spring needs duration > 0 and damping > 0")
            }
            let spring = UIKitSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
            return .uikitSpring(spring)
        }
        let parameters: SpringParameters
        do { parameters = try form.parameters() } catch { throw reader.error("\(error)") }
        return .physicalSpring(
            mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping,
            initialVelocity: parameters.initialVelocity)
    }
}
