import FlowSim
import FlowSimRender
import FlowSimScene
import Foundation

/// `flowsim spring` with a form or a preset: the report (text, `--css` or `--json`), and the
/// plot when `--plot` is given.
enum SpringFormMode {
    static func run(
        values: [String: Double], arguments: ParsedArguments, epsilon: Double, context: CommandContext
    ) throws -> Int32 {
        let preset = try arguments.given(SpringCommand.preset)
        let form = try resolveForm(values, preset: preset)
        let report = try SpringCommand.wrap {
            try SpringReport(form: form, velocity: values["velocity"] ?? 0, epsilon: epsilon)
        }
        if let path = try SpringPlotOutput.plotPath(arguments) {
            let label = SpringPlotOutput.label(form: form, velocity: values["velocity"], preset: preset)
            try SpringPlotOutput.plot(main: (label, report), to: path, arguments: arguments, epsilon: epsilon)
        }
        for note in report.clampNotes { context.printNote("note: \(note)") }
        if let api = try arguments.given(SpringCode.option) {
            if api == .css {
                try printCSS(report, context: context)
            } else {
                context.print(try SpringCode.code(api, report: report))
            }
            return 0
        }
        if arguments.isSet(SpringCommand.css) {
            try printCSS(report, context: context)
            return 0
        }
        if arguments.isSet(SpringCommand.json) {
            let times = try sampleTimes(arguments, duration: report.curve.duration)
            context.print(report.jsonValue(sampleTimes: times).serialized())
            return 0
        }
        context.print(report.text)
        return 0
    }

    /// The form from the options or the preset (one of the two, not both).
    static func resolveForm(_ values: [String: Double], preset name: String?) throws -> SpringForm {
        if let name {
            guard let preset = SpringPreset.named(name, in: SpringPreset.catalogue) else {
                throw CommandError.springInput(.unknownPreset(name))
            }
            let extra = values.keys.filter { $0 != "velocity" }.sorted()
            guard extra.isEmpty else {
                throw CommandError.springInput(.presetWithForm(parameter: extra[0]))
            }
            if let v = values["velocity"] { return preset.form.withVelocity(v) }
            return preset.form
        }
        return try SpringCommand.wrap { try SpringForm(named: values) }
    }

    static func printCSS(_ report: SpringReport, context: CommandContext) throws {
        guard let easing = CSSLinearEasing(curve: report.curve) else {
            throw CommandError.springInput(.cssNoFiniteDuration)
        }
        let n = SpringReport.number
        if easing.stops.isEmpty { throw CommandError.springInput(.cssBeyondSampleCap(easing)) }
        guard easing.meetsTarget else { throw CommandError.springInput(.cssOffTarget(easing)) }
        context.print("animation-duration: \(n(easing.duration * 1000, 1))ms;")
        context.print("animation-timing-function: \(easing.css);")
        context.print(
            "/* \(easing.stops.count) stops, max error " + "\(n(easing.maxError * 100, 3))% of the distance */")
    }

    /// `--at` times, or t = i/fps up to the duration plus the duration itself.
    static func sampleTimes(_ arguments: ParsedArguments, duration: Double) throws -> [Double] {
        if let times = try arguments.given(SpringCommand.at) {
            guard times.allSatisfy({ $0 >= 0 }) else {
                throw CommandError.springInput(.negativeSampleTime)
            }
            return times
        }
        let fps = try arguments.value(SpringCommand.fps)
        guard duration.isFinite, duration * Double(fps) < 1_000_000 else {
            throw CommandError.springInput(.tooManySamples(duration: duration, fps: fps))
        }
        var times: [Double] = []
        var i = 0
        while Double(i) / Double(fps) < duration - 1e-12 {
            times.append(Double(i) / Double(fps))
            i += 1
        }
        times.append(duration)
        return times
    }
}
