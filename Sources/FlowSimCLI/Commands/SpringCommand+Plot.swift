import FlowSim
import FlowSimOutput
import FlowSimRender
import FlowSimScene
import Foundation

/// `response=0.5,damping-fraction=0.7`, `stiffness=300,damping-coefficient=20,mass=2`), or
/// `preset=NAME` with an optional `velocity=V`. Spaces around names and values are ignored.
/// The option may be repeated; its springs are appended in order after the main spring.
enum SpringPlotOutput {
    /// Plot-only options need `--plot`.
    static let rules: [SpringModeRule] = {
        let plotOptions: [any OptionDeclaration] = [SpringCommand.compare, SpringCommand.plotSize]
        return plotOptions.map {
            SpringModeRule.needs($0, SpringCommand.plot, .needsPlot(option: $0.spec.name))
        }
    }()

    /// The `--plot` path, or nil; errors for plot-only options given without `--plot`.
    static func plotPath(_ arguments: ParsedArguments) throws -> String? {
        try SpringModeRule.check(rules, arguments)
        guard let path = try arguments.given(SpringCommand.plot) else { return nil }
        guard !path.isEmpty else { throw CommandError.springInput(.plotNeedsFileName) }
        return path
    }

    /// One spring of a `--compare` list, parsed: its form, velocity and preset name.
    struct CompareSpring: Equatable {
        var form: SpringForm
        var velocity: Double?
        var preset: String?
    }

    /// Parses a `--compare` value (see the type's documentation).
    static func parseCompare(_ text: String) throws -> [CompareSpring] {
        let entries = text.split(separator: ";", omittingEmptySubsequences: false)
        var springs: [CompareSpring] = []
        for (index, entry) in entries.enumerated() {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            func fail(_ problem: CommandError.SpringProblem.CompareProblem) -> CommandError {
                CommandError.springInput(.compare(index: index + 1, spec: trimmed, problem))
            }
            guard !trimmed.isEmpty else {
                if index == entries.count - 1, index > 0 { continue }  // a trailing ';'
                throw fail(.empty)
            }
            var numbers: [String: Double] = [:]
            var preset: String?
            for pair in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw fail(.notNameValue(pair.trimmingCharacters(in: .whitespaces)))
                }
                let (name, value) = (parts[0].hasPrefix("--") ? String(parts[0].dropFirst(2)) : parts[0], parts[1])
                guard numbers[name] == nil, !(name == "preset" && preset != nil) else {
                    throw fail(.givenTwice(name))
                }
                if name == "preset" {
                    guard SpringPreset.named(value, in: SpringPreset.catalogue) != nil else {
                        throw fail(.unknownPreset(value))
                    }
                    preset = value
                    continue
                }
                guard SpringForm.allParameterNames.contains(name) else {
                    throw fail(.unknownName(name))
                }
                guard let number = Double(value), number.isFinite else {
                    throw fail(.notANumber(name: name, value: value))
                }
                numbers[name] = number
            }
            if let preset, let found = SpringPreset.named(preset, in: SpringPreset.catalogue) {
                let extra = numbers.keys.filter { $0 != "velocity" }.sorted()
                guard extra.isEmpty else {
                    throw fail(.presetWithForm(preset: preset, parameter: extra[0]))
                }
                let v = numbers["velocity"]
                springs.append(
                    CompareSpring(
                        form: v.map { found.form.withVelocity($0) } ?? found.form,
                        velocity: v, preset: preset))
                continue
            }
            do {
                let form = try SpringForm(named: numbers)
                _ = try form.parameters(velocity: numbers["velocity"] ?? 0)  // domain checks, here to name the spring
                springs.append(CompareSpring(form: form, velocity: numbers["velocity"], preset: nil))
            } catch let error as SpringError {
                throw fail(.spring(error))
            }
        }
        return springs
    }

    /// The legend name of a spring: "seed-insert (UIKit: duration 1, damping 0.65)" or
    /// "SwiftUI: response 0.5, damping-fraction 0.7".
    static func label(form: SpringForm, velocity: Double?, preset: String?) -> String {
        let n = { (x: Double) in SpringReport.number(x, 4) }
        var pairs: [(String, Double)]
        switch form {
        case .uikit(let d, let z, let v): pairs = [("duration", d), ("damping", z), ("velocity", v)]
        case .physical(let m, let k, let c, let v):
            pairs = [("mass", m), ("stiffness", k), ("damping-coefficient", c), ("velocity", v)]
        case .swiftUIResponse(let r, let f): pairs = [("response", r), ("damping-fraction", f)]
        case .swiftUIDurationBounce(let d, let b): pairs = [("spring-duration", d), ("bounce", b)]
        case .android(let k, let z): pairs = [("android-stiffness", k), ("android-damping-ratio", z)]
        case .reactSpring(let t, let f, let m): pairs = [("tension", t), ("friction", f), ("mass", m)]
        case .origami(let b, let s): pairs = [("bounciness", b), ("speed", s)]
        }
        if !form.carriesVelocity, let velocity { pairs.append(("velocity", velocity)) }
        pairs.removeAll { $0.0 == "velocity" && $0.1 == 0 }
        let body =
            (SpringReport.formTitles[form.name] ?? form.name) + ": "
            + pairs.map { "\($0.0) \(n($0.1))" }.joined(separator: ", ")
        return preset.map { "\($0) (\(body))" } ?? body
    }

    static func plot(
        main: (String, SpringReport), to path: String, arguments: ParsedArguments,
        epsilon: Double
    ) throws {
        let (width, height) = try arguments.value(SpringCommand.plotSize)
        var series = [SpringPlotSeries(label: main.0, report: main.1)]
        for springs in try arguments.values(SpringCommand.compare) {
            for spring in springs {
                let report = try SpringCommand.wrap {
                    try SpringReport(form: spring.form, velocity: spring.velocity ?? 0, epsilon: epsilon)
                }
                series.append(
                    SpringPlotSeries(
                        label: label(form: spring.form, velocity: spring.velocity, preset: spring.preset),
                        report: report))
            }
        }
        guard series.count <= SpringPlotStyle.palette.count else {
            throw CommandError.springInput(.tooManySprings(series.count))
        }
        let plot = SpringPlot(
            series: series, epsilon: epsilon, width: width, height: height,
            title: series.count == 1 ? "Spring progress" : "Spring progress: \(series.count) springs")
        try write({ try plot.pngData() }, to: path)
    }

    static func plotSweep(
        _ sweep: SpringSweep, reports: [(Double, SpringReport)], values: [String: Double],
        to path: String, epsilon: Double
    ) throws {
        let n = { (x: Double) in SpringReport.number(x, 4) }
        let panels = reports.map { value, report in
            (label: "\(sweep.name) = \(n(value))", series: SpringPlotSeries(label: "", report: report))
        }
        let fixed = values.filter { $0.key != sweep.name }.sorted { $0.key < $1.key }
            .map { "\($0.key) \(n($0.value))" }
        let formTitle = reports.first.map { SpringReport.formTitles[$0.1.form.name] ?? $0.1.form.name } ?? ""
        let title =
            "\(formTitle): \(sweep.name) from \(n(sweep.from)) to \(n(sweep.to)) step \(n(sweep.step))"
            + (fixed.isEmpty ? "" : ", " + fixed.joined(separator: ", "))
        let sheet = SpringPlotSheet(panels: panels, epsilon: epsilon, title: title)
        try write({ try sheet.pngData() }, to: path)
    }

    /// Renders, then writes atomically; every failure is an exit-2 error naming the file.
    static func write(_ render: () throws -> Data, to path: String) throws {
        let data: Data
        do {
            data = try render()
        } catch let error as SpringPlotError {
            throw CommandError.springInput(.plot(error))
        } catch {
            throw CommandError.springInput(.plotNotDrawn(reason: "\(error)"))
        }
        do {
            try AtomicOutput.write(data, to: URL(fileURLWithPath: path))
        } catch let error as OutputError {
            throw CommandError.springInput(.plotNotWritten(path: path, error))
        } catch {
            throw CommandError(option: SpringCommand.plot.name, path: path, error: error)
        }
    }
}
