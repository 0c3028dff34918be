import FlowSim
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// `--sweep NAME=FROM:TO:STEP`: one row of metrics per value of one parameter of the form.
enum SpringSweepMode {
    /// A sweep varies a parameter of an explicit form and plots a sheet of small plots.
    static let rules: [SpringModeRule] = {
        let plotOptions: [any OptionDeclaration] = [SpringCommand.compare, SpringCommand.plotSize]
        return [
            SpringModeRule.excludes(SpringCommand.preset, .presetWithSweep)
        ] + plotOptions.map { SpringModeRule.excludes($0, .plotOptionWithSweep(option: $0.spec.name)) }
    }()

    static func run(
        _ sweep: SpringSweep, values: inout [String: Double], arguments: ParsedArguments,
        epsilon: Double, context: CommandContext
    ) throws -> Int32 {
        guard SpringForm.allParameterNames.contains(sweep.name) else {
            throw CommandError.springInput(.sweepUnknownParameter(sweep.name))
        }
        guard values[sweep.name] == nil else {
            throw CommandError.springInput(.sweepParameterGiven(sweep.name))
        }
        try SpringModeRule.check(rules, arguments)
        if sweep.values.count > SpringPlotSheet.maxPanels, arguments.isGiven(SpringCommand.plot) {
            throw CommandError.springInput(.sweepTooManyPanels(sweep.values.count))
        }
        // The UIKit form's duration defaults to 1 s, as in scene files (the parks scene's spring):
        // `--sweep damping=0.3:1:0.1` alone sweeps usingSpringWithDamping with duration 1.
        if values["duration"] == nil, sweep.name == "damping" || values["damping"] != nil,
            Set(values.keys).union([sweep.name]).isSubset(of: ["damping", "velocity"])
        {
            values["duration"] = 1
        }
        var reports: [(Double, SpringReport)] = []
        // UIKit's Newton solve lands on another root as the value crosses some values (a jump
        // in stiffness): noted.
        for value in sweep.values {
            values[sweep.name] = value
            let form = try SpringCommand.wrap { try SpringForm(named: values) }
            let report = try SpringCommand.wrap {
                try SpringReport(form: form, velocity: values["velocity"] ?? 0, epsilon: epsilon)
            }
            reports.append((value, report))
        }
        for note in SpringCommand.sweepJumpNotes(sweep, reports: reports) {
            context.printNote("note: \(note)")
        }
        for (value, report) in reports {
            for note in report.clampNotes {
                context.printNote(
                    "note: \(sweep.name) = \(SpringReport.general(value)): \(note)")
            }
        }
        if let path = try SpringPlotOutput.plotPath(arguments) {
            try SpringPlotOutput.plotSweep(
                sweep, reports: reports, values: values, to: path,
                epsilon: epsilon)
        }
        if arguments.isSet(SpringCommand.json) {
            let rows = reports.map { value, r -> JSONValue in
                .object([
                    ("parameter", .string(sweep.name)), ("value", .number(value)),
                    ("stiffness", .number(r.spring.stiffness)),
                    ("damping", .number(r.spring.damping)),
                    ("dampingRatio", .number(r.spring.dampingRatio)),
                    ("settlingDuration", .number(r.metrics.settlingDuration)),
                    ("lastCrossing", .number(r.metrics.lastCrossing)),
                    ("peakTime", r.metrics.peakTime.map(JSONValue.number) ?? .null),
                    ("overshoot", r.metrics.peakTime == nil ? .null : .number(r.metrics.overshoot)),
                    ("oscillations", .number(Double(r.metrics.oscillationCount))),
                    ("uikitEndValue", r.uikitEndValue.map(JSONValue.number) ?? .null),
                ])
            }
            context.print(JSONValue.array(rows).serialized(pretty: true))
            return 0
        }
        let n = SpringReport.number
        let header = [
            sweep.name, "stiffness", "coefficient", "ratio", "settle s", "peak s",
            "overshoot %", "swings", "UIKit end",
        ]
        var table = [header]
        var rows: [(Double, [String])] = []
        for (value, r) in reports {
            let m = r.metrics
            let cells = [
                n(value, 4), n(r.spring.stiffness, 3), n(r.spring.damping, 3),
                n(r.spring.dampingRatio, 4), n(m.settlingDuration, 4),
                m.peakTime.map { n($0, 4) } ?? "-", m.peakTime == nil ? "-" : n(m.overshoot, 3),
                "\(m.oscillationCount)", r.uikitEndValue.map { n($0, 5) } ?? "-",
            ]
            rows.append((value, cells))
        }
        table += rows.sorted { $0.0 * sweep.step < $1.0 * sweep.step }.map(\.1)
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for row in table {
            let cells = row.enumerated().map { index, cell in
                String(repeating: " ", count: widths[index] - cell.count) + cell
            }
            context.print(cells.joined(separator: "  "))
        }
        return 0
    }
}
