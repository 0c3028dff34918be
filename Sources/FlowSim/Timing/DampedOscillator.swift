import Foundation

/// The unit-mass damped harmonic oscillator every spring form reduces to.
///
/// The displacement from the target is `x = 1 − p` (p is the progress), with `x(0) = 1` and
/// `x′(0) = −v`, solving `x″ + 2ζω₀x′ + ω₀²x = 0`. With `λ = ζω₀`,
/// `ω_d = ω₀√|1 − ζ²|` and `B = (λ − v)/ω_d` (docs/uikit-rules.md §3):
/// - underdamped `x = e^(−λt)(cos ω_d t + B sin ω_d t)`;
/// - critical `x = e^(−ω₀t)(1 + (ω₀ − v)t)`;
/// - overdamped `x = e^(−λt)(cosh ω_d t + B sinh ω_d t)`.
///
/// `B sin ω_d t` is evaluated as `(λ − v)·sin(ω_d t)/ω_d` (and likewise for sinh), which stays
/// accurate to a few ulps as ζ → 1 from either side, so ζ = 1 ± 1 ulp (the result of
/// `c/(2√(km))` rounding) matches the critical formula to about 1e-15. For `ω_d t > 20` the
/// overdamped form switches to `½(1+B)e^((−λ+ω_d)t) + ½(1−B)e^((−λ−ω_d)t)` so cosh/sinh cannot
/// overflow; at that point `e^(−ω_d t) < 3e-9 · e^(ω_d t)` so no cancellation occurs.
struct DampedOscillator: Equatable, Sendable {
    /// Natural (undamped) angular frequency ω₀ = √(k/m), in rad/s.
    var omega0: Double
    /// Damping ratio ζ = c / (2√(km)).
    var zeta: Double
    /// Initial velocity of the progress, in fractions of the distance per second (p′(0) = v).
    var velocity: Double

    var lambda: Double { zeta * omega0 }
    /// ω_d = ω₀√|1 − ζ²| (the damped frequency when ζ < 1, the mode split when ζ > 1).
    var omegaD: Double { omega0 * (abs(1 - zeta * zeta)).squareRoot() }

    /// Displacement from the target, x(t) = 1 − p(t).
    func displacement(at t: Double) -> Double {
        let lambda = self.lambda
        if zeta == 1 {
            return exp(-omega0 * t) * (1 + (omega0 - velocity) * t)
        }
        let wd = omegaD
        let a = lambda - velocity  // B·ω_d
        if zeta < 1 {
            return exp(-lambda * t) * (cos(wd * t) + a * sinOver(wd, t))
        }
        if wd * t <= 20 {
            return exp(-lambda * t) * (cosh(wd * t) + a * sinhOver(wd, t))
        }
        let b = a / wd
        return 0.5 * (1 + b) * exp((wd - lambda) * t) + 0.5 * (1 - b) * exp(-(wd + lambda) * t)
    }

    /// Time derivative of the displacement, x′(t) = −p′(t).
    func displacementVelocity(at t: Double) -> Double {
        let lambda = self.lambda
        if zeta == 1 {
            return exp(-omega0 * t) * (-velocity - omega0 * (omega0 - velocity) * t)
        }
        let wd = omegaD
        let a = lambda - velocity
        // d/dt of e^(−λt)(cos + a·sin/ω_d) = e^(−λt)(−v·cos − (λa/ω_d + ω_d)·sin)
        //   = e^(−λt)(−v·cos − (λa + ω_d²)·sin/ω_d); same with cosh/sinh and −ω_d².
        if zeta < 1 {
            return exp(-lambda * t)
                * (-velocity * cos(wd * t) - (lambda * a + wd * wd) * sinOver(wd, t))
        }
        if wd * t <= 20 {
            return exp(-lambda * t)
                * (-velocity * cosh(wd * t) - (lambda * a - wd * wd) * sinhOver(wd, t))
        }
        let b = a / wd
        return 0.5 * (1 + b) * (wd - lambda) * exp((wd - lambda) * t)
            - 0.5 * (1 - b) * (wd + lambda) * exp(-(wd + lambda) * t)
    }

    /// sin(ω t)/ω, which tends to t as ω → 0.
    private func sinOver(_ w: Double, _ t: Double) -> Double {
        w == 0 ? t : sin(w * t) / w
    }

    /// sinh(ω t)/ω, which tends to t as ω → 0.
    private func sinhOver(_ w: Double, _ t: Double) -> Double {
        w == 0 ? t : sinh(w * t) / w
    }
}
