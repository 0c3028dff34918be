import Foundation

extension DampedOscillator {
    /// Samples the critical and overdamped estimate looks at, at most (1e6 s at 0.1 s steps);
    /// beyond it the estimate is +∞.
    static let maxSettlingSamples = 10_000_000

    /// Core Animation's `settlingDuration` (`CASpringAnimation -durationForEpsilon:` in
    /// QuartzCore 26.1, which `settlingDuration` calls with ε = 0.001), re-derived from its
    /// behaviour:
    ///
    /// - ε below 1e-6 counts as 1e-6; ζ = 0 never settles (+∞).
    /// - ζ < 1: the envelope bound, not the last crossing: x(t) = e^(−λt)(cos ω_d t +
    ///   B sin ω_d t) is below (1 + |B|)·e^(−λt), which falls to ε at
    ///   t = ln((1 + |B|)/ε)/λ, B = (λ − v)/ω_d, λ = ζω₀ (never negative). Mass 1, stiffness
    ///   100, damping 5 → 2.855 s and damping 15 → 1.022 s: Apple's "about 2.85 s" and "just over
    ///   1 second" in the CASpringAnimation documentation.
    /// - ζ ≥ 1: a scan of the curve at t = 0, 0.1, 0.2 … (the step added up, as Core Animation
    ///   adds it): the first sample with |x| < ε after which every sample for more than 1 s
    ///   stays below ε (a sample at or above ε restarts the search); 0 if the curve turns
    ///   non-finite. The curve scanned is the one FlowSim animates (overdamped for ζ > 1, as
    ///   Core Animation's springs with `allowsOverdamping`; a plain CASpringAnimation treats
    ///   ζ > 1 as critical).
    /// - The result is capped at Float's largest value, as Core Animation caps it.
    func settlingEstimate(epsilon: Double) -> Double {
        let e = Swift.max(epsilon, 0.000001)
        guard zeta != 0 else { return .infinity }
        let estimate: Double
        if zeta < 1 {
            let b = (lambda - velocity) / omegaD
            estimate = Swift.max(log((1 + abs(b)) / e) / lambda, 0)
        } else {
            estimate = scanSettling(epsilon: e)
        }
        return Swift.min(abs(estimate), Double(Float.greatestFiniteMagnitude))
    }

    private func scanSettling(epsilon: Double) -> Double {
        var candidate = -1.0
        var best = Double.infinity
        var t = 0.0
        for _ in 0..<Self.maxSettlingSamples {
            let deviation = abs(displacement(at: t))
            guard deviation.isFinite else { return 0 }
            if best >= epsilon {
                // Not yet within ε: follow the smallest deviation seen.
                if deviation < best {
                    candidate = t
                    best = deviation
                }
            } else if deviation >= epsilon {
                best = .infinity
            } else if t - candidate > 1 {
                return candidate
            }
            t += 0.1
        }
        return .infinity
    }
}
