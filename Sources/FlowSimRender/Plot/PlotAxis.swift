import Foundation

/// "Nice" axis ticks: steps of 1, 2, 2.5 or 5 × 10^k, ticks at the step's multiples (so 0 is a
/// tick whenever it is in range, and 1 is one whenever the step is at most 1).
public enum PlotTicks {
    /// The smallest nice step giving at most about `targetCount` intervals over `span`.
    public static func step(span: Double, targetCount: Int) -> Double {
        guard span.isFinite, span > 0 else { return 1 }
        let raw = span / Double(max(1, targetCount))
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 2.5, 5] where m * magnitude >= raw * (1 - 1e-12) {
            return m * magnitude
        }
        return 10 * magnitude
    }

    /// Multiples of `step` in [low, high] (ends included within a rounding), at most 1000.
    public static func values(from low: Double, to high: Double, step: Double) -> [Double] {
        guard low.isFinite, high.isFinite, step.isFinite, step > 0, high >= low else { return [] }
        let first = (low / step - 1e-9).rounded(.up)
        let last = (high / step + 1e-9).rounded(.down)
        guard last >= first, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// Decimals that show every multiple of `step` exactly (0.25 → 2, 0.5 → 1, 2 → 0).
    public static func decimals(forStep step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        for d in 0...9 {
            let scaled = step * pow(10, Double(d))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { return d }
        }
        return 9
    }

    /// `value` with the step's decimals ("0.25", "1", "-0.5"); never "-0".
    public static func label(_ value: Double, step: Double) -> String {
        let text = String(format: "%.\(decimals(forStep: step))f", value)
        return Double(text) == 0 ? text.replacingOccurrences(of: "-", with: "") : text
    }
}

/// A rectangle in pixels (y down).
public struct PlotRect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    func intersects(_ other: PlotRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// Where a plot's data lands: time [0, `timeMax`] across `area`, progress
/// [`valueMin`, `valueMax`] up its height.
public struct PlotFrame: Equatable, Sendable {
    public var area: PlotRect
    public var timeMax: Double
    public var valueMin: Double
    public var valueMax: Double

    /// The pixel column (x) of time `t`.
    public func x(_ t: Double) -> Double { area.x + t / timeMax * area.width }

    /// The pixel row coordinate (y, down) of progress `value`.
    public func y(_ value: Double) -> Double {
        area.maxY - (value - valueMin) / (valueMax - valueMin) * area.height
    }

    public var timeStep: Double { PlotTicks.step(span: timeMax, targetCount: max(2, Int(area.width / 70))) }
    public var valueStep: Double {
        PlotTicks.step(span: valueMax - valueMin, targetCount: max(2, Int(area.height / 45)))
    }
}
