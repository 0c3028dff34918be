import FlowSim
import Foundation

/// One spring drawn by `SpringPlot`: its name in the legend and what its curve needs.
///
/// The curve is the progress the spring animates with: for a UIKit-form spring
/// (`uikitDuration` set) the free spring until the duration, then exactly 1 (UIKit's snap);
/// for every other form the free spring p(t) = 1 − x(t) (their animations snap only once the
/// spring is within ε, which no plot resolves).
public struct SpringPlotSeries: Sendable {
    public var label: String
    public var spring: SpringParameters
    public var metrics: SpringMetrics
    /// The UIKit animation's (clamped) duration, for UIKit-form springs.
    public var uikitDuration: Double?

    public init(label: String, spring: SpringParameters, metrics: SpringMetrics, uikitDuration: Double? = nil) {
        self.label = label
        self.spring = spring
        self.metrics = metrics
        self.uikitDuration = uikitDuration
    }

    /// The series of `report`: a UIKit-form report snaps at its UIKit duration.
    public init(label: String, report: SpringReport) {
        var duration: Double?
        if case .uikitSpring(let uikit) = report.curve { duration = uikit.duration }
        self.init(label: label, spring: report.spring, metrics: report.metrics, uikitDuration: duration)
    }

    /// The plotted progress at `t` (0 for t ≤ 0).
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        if let d = uikitDuration, t >= d { return 1 }
        return spring.value(at: t)
    }

    /// The free spring's value just before the snap (UIKit-form springs).
    public var valueBeforeSnap: Double? { uikitDuration.map { spring.value(at: $0) } }

    /// The peak to mark, when the plotted curve reaches it: (time, value).
    public var peak: (time: Double, value: Double)? {
        guard let t = metrics.peakTime, metrics.overshoot > 0, t.isFinite else { return nil }
        if let d = uikitDuration, t >= d { return nil }
        return (t, 1 + metrics.overshoot / 100)
    }

    /// How long the time axis must be for this spring: its settling duration, and its UIKit
    /// duration when it has one (non-finite values ignored).
    public var timeExtent: Double {
        var extent = 0.0
        if metrics.settlingDuration.isFinite { extent = max(extent, metrics.settlingDuration) }
        if let d = uikitDuration, d.isFinite { extent = max(extent, d) }
        return extent
    }

    /// Times sampled for the curve over [0, `end`]: `count` equal steps, plus the snap time
    /// (twice: the value before and after the jump are drawn at the same x).
    func polyline(to end: Double, count: Int) -> [(Double, Double)] {
        let n = max(2, count)
        var points: [(Double, Double)] = []
        points.reserveCapacity(n + 3)
        let snap = uikitDuration.flatMap { $0 < end ? $0 : nil }
        for i in 0...n {
            let t = end * Double(i) / Double(n)
            if let d = snap, t >= d {
                if points.last.map({ $0.0 < d }) ?? true {
                    points.append((d, spring.value(at: d)))
                    points.append((d, 1))
                }
                points.append((t, 1))
            } else {
                points.append((t, value(at: t)))
            }
        }
        return points
    }
}
