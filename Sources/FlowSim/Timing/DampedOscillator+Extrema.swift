import Foundation

/// Where the displacement x(t) turns around, and the last time it is ε away from the target.
///
/// Robust settling: x is monotonic between consecutive critical points (x′ = 0), so the last
/// time with |x(t)| ≥ ε lies in the piece that starts at the last critical point (or t = 0)
/// where |x| ≥ ε; on that piece `sign·x(t) − ε` is monotonic and a bisection to the last
/// representable time (≤ 200 halvings, width ≤ 1e-15·t) finds it. Critical points are closed
/// form, so neither a decay envelope nor a sampling step can miss a late swing:
/// - ζ < 1: x = A e^(−λt) cos(ω_d t − ψ) with A = √(1+B²), ψ = atan2(B, 1); x′ = 0 at
///   ω_d t = ψ − atan(λ/ω_d) + nπ, where |x| = M e^(−λt), M = √(ω_d² + (λ − v)²)/ω₀. The last
///   extremum with M e^(−λt) ≥ ε is computed directly (O(1) even for ζ = 1e-7).
/// - ζ = 1: x′ = 0 at t = −v/(ω₀(ω₀ − v)).
/// - ζ > 1: x′ = 0 where e^(2ω_d t) = (v + ω_d − λ)(λ + ω_d)/((ω_d + λ − v)(ω_d − λ)).
extension DampedOscillator {
    /// Times t > 0 of the extrema of x that lie at or before `limit`, in increasing order
    /// (at most `maxCount`). For ζ ≥ 1 there is at most one.
    func extremumTimes(upTo limit: Double, maxCount: Int = 10_000) -> [Double] {
        if zeta < 1 {
            guard let first = firstExtremumIndexAngle else { return [] }
            let wd = omegaD
            var times: [Double] = []
            var theta = first
            while times.count < maxCount, theta / wd <= limit {
                times.append(theta / wd)
                theta += Double.pi
            }
            return times
        }
        if let t = nonOscillatingExtremum, t <= limit { return [t] }
        return []
    }

    /// ω_d·t of the first extremum with t > 0 (ζ < 1), nil if ω_d is 0.
    private var firstExtremumIndexAngle: Double? {
        let wd = omegaD
        guard wd > 0 else { return nil }
        let b = (lambda - velocity) / wd
        var theta = atan2(b, 1) - atan(lambda / wd)
        while theta <= 0 { theta += Double.pi }
        return theta
    }

    /// The single t > 0 with x′(t) = 0 for ζ ≥ 1, if any.
    var nonOscillatingExtremum: Double? {
        let t: Double
        if zeta == 1 {
            t = -velocity / (omega0 * (omega0 - velocity))
        } else {
            let wd = omegaD
            let lambda = self.lambda
            let ratio =
                (velocity + wd - lambda) * (lambda + wd)
                / ((wd + lambda - velocity) * (wd - lambda))
            guard ratio > 1 else { return nil }
            t = log(ratio) / (2 * wd)
        }
        return t.isFinite && t > 0 ? t : nil
    }

    /// The last time t ≥ 0 with |x(t)| ≥ ε (0 if even x(0) = 1 is within ε and nothing swings
    /// out; +∞ for an undamped oscillator). ε must be > 0.
    func settlingTime(epsilon: Double) -> Double {
        guard epsilon > 0 else { return .infinity }
        var start = 0.0
        var end = Double.infinity
        if zeta < 1 {
            let lambda = self.lambda
            let wd = omegaD
            guard let first = firstExtremumIndexAngle else { return .infinity }
            let m = (wd * wd + (lambda - velocity) * (lambda - velocity)).squareRoot() / omega0
            if lambda <= 0 { return m >= epsilon ? .infinity : 0 }
            // Extrema with amplitude ≥ ε have ω_d t ≤ (ω_d/λ)·ln(M/ε).
            let limit = wd / lambda * log(m / epsilon)
            var n = limit >= first ? ((limit - first) / Double.pi).rounded(.down) : -1
            // Beyond 2^53 extrema, n ± 1 == n in Double: no finite answer can be resolved (such a
            // spring never settles on any time scale that matters). Report it as not settling.
            guard n.isFinite, n < 9.0e15 else { return .infinity }
            // Guard the rounding of the closed form by checking the neighbours numerically
            // (a few steps at most: the closed form is off by rounding only).
            func amplitude(_ n: Double) -> Double {
                abs(displacement(at: (first + n * Double.pi) / wd))
            }
            var steps = 0
            while n >= 0, amplitude(n) < epsilon, steps < 64 {
                n -= 1
                steps += 1
            }
            steps = 0
            while amplitude(n + 1) >= epsilon, steps < 64 {
                n += 1
                steps += 1
            }
            if n >= 0 {
                start = (first + n * Double.pi) / wd
                end = (first + (n + 1) * Double.pi) / wd
            } else {
                end = first / wd
            }
        } else if let tc = nonOscillatingExtremum {
            if abs(displacement(at: tc)) >= epsilon { start = tc } else { end = tc }
        }
        let x0 = displacement(at: start)
        guard abs(x0) >= epsilon else { return start }
        let sign: Double = x0 < 0 ? -1 : 1
        func outside(_ t: Double) -> Bool { sign * displacement(at: t) >= epsilon }
        if end == .infinity {
            var step = 1 / omega0
            end = start + step
            var doublings = 0
            while outside(end), doublings < 2000 {
                step *= 2
                end = start + step
                doublings += 1
            }
        }
        var low = start
        var high = end
        for _ in 0..<200 {
            if high - low <= 1e-15 * Swift.max(1, high) { break }
            let mid = 0.5 * (low + high)
            if outside(mid) { low = mid } else { high = mid }
        }
        return low
    }
}
