import Foundation

/// What a spring does, computed from its closed form (no time stepping).
///
/// - `settlingDuration`: the last time |1 − p(t)| ≥ ε (default 0.001, CASpringAnimation's
///   `settlingDuration` threshold), exact to ~1e-15 s (see `DampedOscillator+Extrema`).
///   Apple does not document its estimator; docs/uikit-rules.md §4 quotes Apple's "about 2.85 s" for
///   m 1, k 100, c 5 and "just over 1 s" for c 15, while this definition gives 2.6879 s and
///   0.7999 s (checked with mpmath), so Apple's estimate is looser than the exact last crossing.
/// - `peakTime` / `overshoot`: the time and height (in percent of the distance) of the largest
///   p(t) > 1, i.e. the deepest x < 0 over all extrema; nil / 0 when p never passes 1.
///   `seen(within:)` also drops a peak after the animation's end or below ε (`SpringReport`
///   reports those metrics).
///   Underdamped with v = 0: t = π/ω_d and overshoot = 100·e^(−ζπ/√(1−ζ²)).
/// - `oscillationCount`: the number of extrema of x (t > 0) with |x| ≥ ε, i.e. visible
///   half-swings around the target (an overshoot and the swing back count as two).
public struct SpringMetrics: Equatable, Sendable {
    public var epsilon: Double
    public var settlingDuration: Double
    public var peakTime: Double?
    /// max(p) − 1 in percent of the distance (0 without overshoot).
    public var overshoot: Double
    public var oscillationCount: Int

    /// Extrema counted at most (a ζ = 1e-7 spring has millions of visible swings).
    public static let maxCountedOscillations = 1_000_000

    public init(_ spring: SpringParameters, epsilon: Double = 0.001) {
        self.init(oscillator: spring.oscillator, epsilon: epsilon)
    }

    init(oscillator: DampedOscillator, epsilon: Double) {
        self.epsilon = epsilon
        settlingDuration = oscillator.settlingTime(epsilon: epsilon)
        let (peak, lowest) = Self.deepestUndershoot(oscillator)
        peakTime = lowest < 0 ? peak : nil
        overshoot = lowest < 0 ? -lowest * 100 : 0
        oscillationCount = Self.countExtrema(oscillator, epsilon: epsilon)
    }

    /// The extremum of x with the lowest value (t > 0) and that value.
    private static func deepestUndershoot(_ o: DampedOscillator) -> (Double, Double) {
        // Underdamped: extremum magnitudes decay by e^(−λπ/ω_d) per half period, so the first
        // negative extremum is the deepest; the first two extrema contain it.
        let candidates = o.extremumTimes(upTo: .infinity, maxCount: 2)
        var best = (0.0, 0.0)
        for t in candidates {
            let x = o.displacement(at: t)
            if x < best.1 { best = (t, x) }
        }
        return best
    }

    private static func countExtrema(_ o: DampedOscillator, epsilon: Double) -> Int {
        if o.zeta >= 1 {
            guard let t = o.nonOscillatingExtremum else { return 0 }
            return abs(o.displacement(at: t)) >= epsilon ? 1 : 0
        }
        let settle = o.settlingTime(epsilon: epsilon)
        guard settle.isFinite else { return maxCountedOscillations }
        // Every extremum up to the settling time has |x| ≥ ε except possibly none: the
        // settling piece starts at the last extremum with |x| ≥ ε (or at t = 0).
        let wd = o.omegaD
        let times = o.extremumTimes(upTo: settle, maxCount: 1)
        guard let first = times.first else { return 0 }
        let count = ((settle - first) * wd / Double.pi).rounded(.down) + 1
        return Int(Swift.min(count, Double(maxCountedOscillations)))
    }
}

extension SpringMetrics {
    /// The metrics of an animation that lasts `duration` (and then snaps to 1): a peak at or
    /// after the end is never seen, and one less than ε above the target is inside the settling
    /// band, so neither counts as an overshoot (peakTime nil, overshoot 0: "no overshoot", null
    /// in JSON), as the plot marks no peak for them.
    public func seen(within duration: Double) -> SpringMetrics {
        guard let t = peakTime else { return self }
        guard t >= duration || overshoot / 100 < epsilon else { return self }
        var copy = self
        copy.peakTime = nil
        copy.overshoot = 0
        return copy
    }
}

extension SpringParameters {
    /// The spring's metrics at threshold ε.
    public func metrics(epsilon: Double = 0.001) -> SpringMetrics {
        SpringMetrics(self, epsilon: epsilon)
    }

    /// The last time |1 − p(t)| ≥ ε (see `SpringMetrics`).
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        oscillator.settlingTime(epsilon: epsilon)
    }
}

extension UIKitSpring {
    /// The free spring's progress just before the snap at t = duration: 1 − x(d). The animation
    /// jumps from this value to exactly 1.
    public var valueAtEnd: Double {
        1 - oscillator.displacement(at: duration)
    }
}
