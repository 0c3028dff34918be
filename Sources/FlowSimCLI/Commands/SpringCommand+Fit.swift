import FlowSim
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// `--fit settle=S,overshoot=O%`: exit 0 when UIKit and SwiftUI springs meet the targets,
/// 1 when UIKit cannot (a result, with the reason), 2 for impossible or malformed targets.
enum SpringFitMode {
    /// `--fit` finds the spring: no plot, form, preset or sweep.
    static let rules: [SpringModeRule] = {
        let plotOptions: [any OptionDeclaration] = [SpringCommand.plot, SpringCommand.compare, SpringCommand.plotSize]
        var springOptions: [any OptionDeclaration] = SpringCommand.parameters.map(\.option)
        springOptions += [SpringCommand.preset, SpringCommand.sweep] as [any OptionDeclaration]
        return plotOptions.map { SpringModeRule.excludes($0, .plotOptionWithFit(option: $0.spec.name)) }
            + springOptions.map { SpringModeRule.excludes($0, .springWithFit(option: $0.spec.name)) }
    }()

    /// `settle=0.6,overshoot=5%` (settle in seconds, optional `s`; overshoot in percent,
    /// optional `%`, default 0).
    static func parse(_ text: String) throws -> (settle: Double, overshoot: Double) {
        var settle: Double?
        var overshoot = 0.0
        var seen = Set<String>()
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2 else {
                throw CommandError.springInput(.fitNotKeyValue(String(part)))
            }
            guard seen.insert(pair[0]).inserted else {
                throw CommandError.springInput(.fitGivenTwice(pair[0]))
            }
            var raw = pair[1]
            switch pair[0] {
            case "settle":
                if raw.hasSuffix("s") { raw.removeLast() }
                guard let value = Double(raw), value.isFinite else {
                    throw CommandError.springInput(.fitSettleNotSeconds(pair[1]))
                }
                settle = value
            case "overshoot":
                if raw.hasSuffix("%") { raw.removeLast() }
                guard let value = Double(raw), value.isFinite else {
                    throw CommandError.springInput(.fitOvershootNotPercentage(pair[1]))
                }
                overshoot = value
            default:
                throw CommandError.springInput(.fitUnknownTarget(pair[0]))
            }
        }
        guard let settle else { throw CommandError.springInput(.fitNeedsSettle) }
        return (settle, overshoot)
    }

    static func run(
        _ targets: (settle: Double, overshoot: Double), arguments: ParsedArguments, epsilon: Double,
        context: CommandContext
    ) throws -> Int32 {
        let fit = try SpringCommand.wrap {
            try SpringFit(settle: targets.settle, overshoot: targets.overshoot, epsilon: epsilon)
        }
        let achieved = fit.spring.metrics(epsilon: epsilon)
        let swiftUI = fit.swiftUI
        let uikit = try? fit.uikit.get()
        if arguments.isSet(SpringCommand.json) {
            let uikitJSON: JSONValue
            switch fit.uikit {
            case .success(let u):
                uikitJSON = .object([
                    ("duration", .number(u.duration)),
                    ("dampingRatio", .number(u.dampingRatio)),
                ])
            case .failure(let error):
                uikitJSON = .object([("error", .string(error.description))])
            }
            let object = JSONValue.object([
                ("settle", .number(fit.settle)), ("overshoot", .number(fit.overshoot)),
                ("uikit", uikitJSON),
                (
                    "swiftUI",
                    .object([
                        ("response", .number(swiftUI.response)),
                        ("dampingFraction", .number(swiftUI.dampingFraction)),
                    ])
                ),
                ("stiffness", .number(fit.spring.stiffness)),
                ("damping", .number(fit.spring.damping)),
                ("achievedSettlingDuration", .number(achieved.lastCrossing)),
                ("achievedEstimatedSettlingDuration", .number(achieved.settlingDuration)),
                ("achievedOvershoot", .number(achieved.overshoot)),
            ])
            context.print(object.serialized())
            return uikit == nil ? 1 : 0
        }
        func n(_ x: Double, _ digits: Int = 6) -> String { SpringReport.number(x, digits) }
        context.print(
            "Targets: settle \(n(fit.settle)) s (ε = \(n(epsilon))), "
                + "overshoot \(n(fit.overshoot)) %")
        switch fit.uikit {
        case .success(let u):
            context.print("  UIKit    --duration \(n(u.duration)) --damping \(n(u.dampingRatio))")
        case .failure(let error):
            context.print("  UIKit    cannot meet the targets: \(error)")
        }
        context.print(
            "  SwiftUI  --response \(n(swiftUI.response)) "
                + "--damping-fraction \(n(swiftUI.dampingFraction))")
        context.print(
            "  achieved: settle \(n(achieved.lastCrossing)) s (last crossing of ε; "
                + "settlingDuration \(n(achieved.settlingDuration)) s), "
                + "overshoot \(n(achieved.overshoot, 3)) %")
        return uikit == nil ? 1 : 0
    }
}

/// `--plot FILE.png`, `--compare SPEC` and `--plot-size WxH`.
///
/// `--compare` syntax: springs separated by `;`; each spring is comma-separated `NAME=VALUE`
/// pairs using the command's option names without the leading dashes (`duration=0.8,damping=0.5`,
