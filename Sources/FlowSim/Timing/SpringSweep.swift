import Foundation

/// A parameter sweep `name=from:to:step`, e.g. `damping=0.3:1.0:0.05`.
///
/// Values are `from + i·step` (computed by multiplication, not accumulation, so 0.3 + 14·0.05
/// is 1.0 within one rounding), for i = 0, 1, … while the value does not pass `to` by more than
/// 1e-9·|step| (so the end is included despite rounding). A descending sweep uses a negative
/// step. At most `maxCount` values.
public struct SpringSweep: Equatable, Sendable {
    public var name: String
    public var from: Double
    public var to: Double
    public var step: Double

    public static let maxCount = 10_000

    public init(name: String, from: Double, to: Double, step: Double) throws {
        guard !name.isEmpty else { throw SpringError.invalidParameter("sweep needs a name") }
        guard from.isFinite, to.isFinite, step.isFinite else {
            throw SpringError.invalidParameter("sweep bounds and step must be finite numbers")
        }
        guard step != 0, (to - from) * step >= 0 else {
            throw SpringError.invalidParameter(
                "sweep step \(step) does not lead from \(from) to \(to)")
        }
        guard (to - from) / step < Double(Self.maxCount) else {
            throw SpringError.invalidParameter(
                "sweep \(from):\(to):\(step) has more than \(Self.maxCount) values")
        }
        self.name = name
        self.from = from
        self.to = to
        self.step = step
    }

    /// Parses `name=from:to:step`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let numbers = parts.count == 2 ? parts[1].split(separator: ":").map(String.init) : []
        guard parts.count == 2, numbers.count == 3 else {
            throw SpringError.invalidParameter(
                "sweep '\(text)' is not of the form name=from:to:step (e.g. damping=0.3:1:0.05)")
        }
        var values: [Double] = []
        for number in numbers {
            guard let value = Double(number.trimmingCharacters(in: .whitespaces)) else {
                throw SpringError.invalidParameter("sweep '\(text)': '\(number)' is not a number")
            }
            values.append(value)
        }
        try self.init(
            name: parts[0].trimmingCharacters(in: .whitespaces), from: values[0],
            to: values[1], step: values[2])
    }

    public var values: [Double] {
        var result: [Double] = []
        let slack = 1e-9 * abs(step)
        var i = 0
        while result.count < Self.maxCount {
            let value = from + Double(i) * step
            if step > 0 ? value > to + slack : value < to - slack { break }
            result.append(value)
            i += 1
        }
        return result
    }
}
