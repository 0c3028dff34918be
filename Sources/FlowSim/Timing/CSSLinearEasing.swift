import Foundation

/// A CSS `linear()` easing function approximating a timing curve.
///
/// Construction: the curve is sampled at `sampleCount` + 1 evenly spaced times over its
/// duration (the last sample is the snapped value 1); Ramer–Douglas–Peucker keeps the fewest
/// samples such that every dropped sample lies within `tolerance` (vertical distance, in
/// fractions of the distance) of the chord between kept neighbours. The result is then
/// verified against the curve at 8× the density (plus every sample midpoint); if any error
/// exceeds `maxError` the RDP tolerance is halved and the construction repeated (at most 12
/// times). RDP's tolerance starts at 0.8·`maxError` to leave room for what happens between
/// samples. `maxError` defaults to 0.005 (0.5 % of the distance).
public struct CSSLinearEasing: Equatable, Sendable {
    /// Stops as (time fraction in [0, 1], progress).
    public var stops: [(fraction: Double, value: Double)]
    /// The animation duration the easing must be used with, in seconds.
    public var duration: Double
    /// The largest |easing − curve| found by the verification pass.
    public var maxError: Double

    public static func == (lhs: CSSLinearEasing, rhs: CSSLinearEasing) -> Bool {
        lhs.duration == rhs.duration && lhs.maxError == rhs.maxError
            && lhs.stops.elementsEqual(rhs.stops) { $0 == $1 }
    }

    /// Builds the easing for `curve`. `curve.duration` must be finite and > 0 (a spring that
    /// never settles has no CSS form); returns nil otherwise.
    public init?(curve: TimingCurve, maxError: Double = 0.005, sampleCount: Int = 2000) {
        let duration = curve.duration
        guard duration.isFinite, duration > 0, maxError > 0, sampleCount >= 2 else { return nil }
        let n = sampleCount
        let samples = (0...n).map { i -> (Double, Double) in
            let f = Double(i) / Double(n)
            return (f, curve.progress(at: i == n ? duration : f * duration))
        }
        var tolerance = 0.8 * maxError
        var best: [(Double, Double)] = samples
        var bestError = 0.0
        for _ in 0..<12 {
            let kept = Self.simplify(samples, tolerance: tolerance)
            let error = Self.verify(kept, curve: curve, duration: duration, density: 8 * n)
            best = kept
            bestError = error
            if error <= maxError { break }
            tolerance *= 0.5
        }
        stops = best.map { (fraction: $0.0, value: $0.1) }
        self.duration = duration
        self.maxError = bestError
    }

    /// The easing's value at time fraction f (piecewise linear between stops).
    public func value(atFraction f: Double) -> Double {
        Self.interpolate(stops.map { ($0.fraction, $0.value) }, at: f)
    }

    /// `linear(0, 0.3 12.5%, …, 1)`: values with 4 decimals, positions as percentages with
    /// 2 decimals (the first and last stops need no position).
    public var css: String {
        var parts: [String] = []
        for (index, stop) in stops.enumerated() {
            let value = Self.format(stop.value, digits: 4)
            if index == 0 || index == stops.count - 1 {
                parts.append(value)
            } else {
                parts.append("\(value) \(Self.format(stop.fraction * 100, digits: 2))%")
            }
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    static func format(_ x: Double, digits: Int) -> String {
        var text = String(format: "%.\(digits)f", x)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
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

    /// The largest |easing − curve| on a grid of `density` intervals (the end snapped value
    /// included).
    static func verify(
        _ stops: [(Double, Double)], curve: TimingCurve, duration: Double,
        density: Int
    ) -> Double {
        var worst = 0.0
        for i in 0...density {
            let f = Double(i) / Double(density)
            let actual = curve.progress(at: i == density ? duration : f * duration)
            worst = Swift.max(worst, abs(interpolate(stops, at: f) - actual))
        }
        return worst
    }
}
