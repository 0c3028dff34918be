import Foundation

/// A CSS `linear()` easing function approximating a timing curve.
///
/// Construction:
/// - The curve is sampled at `sampleCount` + 1 evenly spaced times over its duration. The count
///   follows the oscillation: at least `minimumSampleCount` (2000) and at least
///   `samplesPerPeriod` (64, so a stop every ≤ 1/16 period is always available) per period
///   2π/ω_d of an underdamped spring, capped at `maximumSampleCount` (100 000).
/// - A spring animation snaps at t = duration from its free value (UIKit's residue, about
///   0.1 % of the distance) to exactly 1: the last sample is the free value and the snap is
///   encoded as a jump, a second stop at 100 % with value 1 (two stops at the same percentage).
/// - Ramer–Douglas–Peucker keeps the fewest samples such that every dropped sample lies within
///   the RDP tolerance (vertical distance, fractions of the distance) of the chord between kept
///   neighbours; the tolerance starts at 0.8·`target`.
/// - The stops are rounded as `css` prints them (values to 4 decimals, positions to
///   `positionDigits` decimals of a percent) and verified on an independent, finer grid of
///   8·`sampleCount` + 7 intervals (not aligned with the samples). While the error exceeds
///   `target` the RDP tolerance is halved (at most 12 times).
///
/// A curve with more than `maximumSampleCount` / 16 periods is not attempted (no stops,
/// `maxError` +∞). The result may miss the target (`meetsTarget` is false): callers must check it rather than print an easing off by more than
/// promised. `target` defaults to 0.005 (0.5 % of the distance).
public struct CSSLinearEasing: Equatable, Sendable {
    public static let minimumSampleCount = 2000
    public static let samplesPerPeriod = 64
    /// Below this many samples a period (over the sample cap) no easing is attempted.
    public static let minimumSamplesPerPeriod = 16
    public static let maximumSampleCount = 100_000

    /// Stops as (time fraction in [0, 1], progress), rounded as printed; a spring's last two
    /// stops share fraction 1 (the snap).
    public var stops: [(fraction: Double, value: Double)]
    /// The animation duration the easing must be used with, in seconds.
    public var duration: Double
    /// The largest |easing − curve| found by the verification pass.
    public var maxError: Double
    /// The error the easing was built to stay within.
    public var target: Double
    /// Samples of the curve the stops were chosen from.
    public var sampleCount: Int
    /// Decimals of the percentage positions in `css`.
    public var positionDigits: Int
    /// Damped periods within the duration.
    public var periods: Double

    /// Whether the verified error is within `target`.
    public var meetsTarget: Bool { maxError <= target }

    public static func == (lhs: CSSLinearEasing, rhs: CSSLinearEasing) -> Bool {
        lhs.duration == rhs.duration && lhs.maxError == rhs.maxError && lhs.target == rhs.target
            && lhs.stops.elementsEqual(rhs.stops) { $0 == $1 }
    }

    /// Builds the easing for `curve`. `curve.duration` must be finite and > 0 (a spring that
    /// never settles has no CSS form); returns nil otherwise. `sampleCount` nil: chosen from
    /// the curve (see the type's documentation).
    public init?(curve: TimingCurve, maxError target: Double = 0.005, sampleCount: Int? = nil) {
        let duration = curve.duration
        guard duration.isFinite, duration > 0, target > 0 else { return nil }
        let n = sampleCount ?? Self.sampleCount(for: curve)
        guard n >= 2 else { return nil }
        self.duration = duration
        self.target = target
        self.sampleCount = n
        periods = Self.periods(of: curve)
        let digits = n <= Self.minimumSampleCount ? 2 : Int(log10(Double(n)).rounded(.up)) - 1
        positionDigits = digits
        guard sampleCount != nil || periods * Double(Self.minimumSamplesPerPeriod) <= Double(n) else {
            // Fewer than 16 samples a period under the cap: not attempted.
            stops = []
            maxError = .infinity
            return
        }
        let end = Self.valueBeforeEnd(of: curve)
        var samples = (0...n).map { i -> (Double, Double) in
            let f = Double(i) / Double(n)
            return (f, i == n ? end : curve.progress(at: f * duration))
        }
        let jump = end != 1
        if !jump { samples[n].1 = 1 }
        var tolerance = 0.8 * target
        var best: [(Double, Double)] = samples
        var bestError = Double.infinity
        var lastCount = 0
        for _ in 0..<12 {
            var kept = Self.simplify(samples, tolerance: tolerance)
            // Halving changed nothing (every sample kept already): no better easing exists here.
            guard kept.count > lastCount else { break }
            lastCount = kept.count
            if jump { kept.append((1, 1)) }
            kept = kept.map { (Self.round($0.0, percentDigits: digits), ($0.1 * 1e4).rounded() / 1e4) }
            let error = Self.verify(kept, curve: curve, duration: duration, density: 8 * n + 7)
            if error < bestError {
                best = kept
                bestError = error
            }
            if error <= target { break }
            tolerance *= 0.5
        }
        stops = best.map { (fraction: $0.0, value: $0.1) }
        maxError = bestError
    }

    /// The sample count for `curve`: ≥ `minimumSampleCount`, ≥ `samplesPerPeriod` per damped
    /// period, ≤ `maximumSampleCount`.
    public static func sampleCount(for curve: TimingCurve) -> Int {
        let wanted = (periods(of: curve) * Double(samplesPerPeriod)).rounded(.up)
        guard wanted.isFinite else { return maximumSampleCount }
        return Swift.min(maximumSampleCount, Swift.max(minimumSampleCount, Int(wanted)))
    }

    /// Damped periods 2π/ω_d within the curve's duration (0 without oscillation).
    public static func periods(of curve: TimingCurve) -> Double {
        let omegaD: Double
        switch curve {
        case .uikitSpring(let spring):
            omegaD = spring.dampingRatio < 1 ? spring.oscillator.omegaD : 0
        case .physicalSpring(let spring):
            omegaD = spring.parameters.dampingRatio < 1 ? spring.parameters.oscillator.omegaD : 0
        case .linear, .cubicBezier:
            omegaD = 0
        }
        return omegaD * curve.duration / (2 * Double.pi)
    }

    /// The curve's value just before its end: a spring's free value at t = duration (from which
    /// it snaps to 1), 1 for the other curves.
    static func valueBeforeEnd(of curve: TimingCurve) -> Double {
        switch curve {
        case .uikitSpring(let spring): return spring.valueAtEnd
        case .physicalSpring(let spring): return spring.parameters.value(at: spring.duration)
        case .linear, .cubicBezier: return 1
        }
    }

    /// A fraction rounded to `percentDigits` decimals of its percentage.
    static func round(_ fraction: Double, percentDigits: Int) -> Double {
        let scale = pow(10, Double(percentDigits))
        return (fraction * 100 * scale).rounded() / scale / 100
    }

    /// The easing's value at time fraction f (piecewise linear between stops).
    public func value(atFraction f: Double) -> Double {
        Self.interpolate(stops.map { ($0.fraction, $0.value) }, at: f)
    }

    /// `linear(0, 0.3 12.5%, …, 0.999 100%, 1)`: values with 4 decimals, positions as
    /// percentages with `positionDigits` decimals (the first and last stops need no position; a
    /// spring's snap is the stop `… 100%` before the final 1).
    public var css: String {
        var parts: [String] = []
        for (index, stop) in stops.enumerated() {
            let value = SpringReport.number(stop.value, 4)
            if index == 0 || index == stops.count - 1 {
                parts.append(value)
            } else {
                parts.append("\(value) \(SpringReport.number(stop.fraction * 100, positionDigits))%")
            }
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    static func interpolate(_ points: [(Double, Double)], at f: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if f <= first.0 { return first.1 }
        if f >= last.0 { return last.1 }
        var low = 0
        var high = points.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if points[mid].0 <= f { low = mid } else { high = mid }
        }
        let a = points[low]
        let b = points[high]
        return a.1 + (b.1 - a.1) * (f - a.0) / (b.0 - a.0)
    }

    /// Ramer–Douglas–Peucker with vertical distances, iterative (no recursion depth limit).
    static func simplify(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (start, end) = stack.popLast() {
            guard end - start > 1 else { continue }
            let a = points[start]
            let b = points[end]
            var worst = start
            var worstDistance = -1.0
            for i in (start + 1)..<end {
                let p = points[i]
                let chord = a.1 + (b.1 - a.1) * (p.0 - a.0) / (b.0 - a.0)
                let distance = abs(p.1 - chord)
                if distance > worstDistance {
                    worstDistance = distance
                    worst = i
                }
            }
            if worstDistance > tolerance {
                keep[worst] = true
                stack.append((start, worst))
                stack.append((worst, end))
            }
        }
        return zip(points, keep).filter { $0.1 }.map { $0.0 }
    }

    /// The largest |easing − curve| on a grid of `density` intervals over [0, 1): the curve
    /// before its snap against the easing before its jump; at f = 1 both are 1.
    static func verify(
        _ stops: [(Double, Double)], curve: TimingCurve, duration: Double,
        density: Int
    ) -> Double {
        var worst = abs((stops.last?.1 ?? 0) - 1)
        for i in 0..<density {
            let f = Double(i) / Double(density)
            let actual = curve.progress(at: f * duration)
            worst = Swift.max(worst, abs(interpolate(stops, at: f) - actual))
        }
        return worst.isNaN ? .infinity : worst
    }
}
