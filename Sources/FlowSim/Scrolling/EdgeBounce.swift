import Foundation

/// The bounce back to an edge when a fling runs past it (or the content shrinks under the
/// offset): a critically damped spring, mass 1, stiffness 100 (ω = 10 /s), pulling the
/// displacement from the edge to 0 — the model of Ilya Lobanov's "Designing scroll physics"
/// (UIKit documents none):
///
///     x(t) = (x₀ + (v₀ + ω x₀) t) · e^(−ω t)
///     v(t) = (v₀ − ω (v₀ + ω x₀) t) · e^(−ω t)
///
/// A fling reaching the edge at speed v overshoots by at most v / (ω e) (≈ 11 pt at 300 pt/s).
public struct EdgeBounce: Equatable, Sendable {
    public static let omega = 10.0

    /// Where the spring comes to rest.
    public var edge: Double
    /// Displacement from the edge at t = 0.
    public var initialDisplacement: Double
    public var initialVelocity: Double

    public init(edge: Double, initialDisplacement: Double, initialVelocity: Double) {
        self.edge = edge
        self.initialDisplacement = initialDisplacement
        self.initialVelocity = initialVelocity
    }

    public func offset(at t: Double) -> Double {
        let w = Self.omega
        let x0 = initialDisplacement
        let v0 = initialVelocity
        return edge + (x0 + (v0 + w * x0) * t) * exp(-w * t)
    }

    public func velocity(at t: Double) -> Double {
        let w = Self.omega
        let x0 = initialDisplacement
        let v0 = initialVelocity
        return (v0 - w * (v0 + w * x0) * t) * exp(-w * t)
    }

    /// Whether the bounce has settled at `t`: within `threshold` points of the edge and moving
    /// slower than ω · threshold (so it will not leave that band again).
    public func isSettled(at t: Double, threshold: Double) -> Bool {
        abs(offset(at: t) - edge) < threshold && abs(velocity(at: t)) < Self.omega * threshold
    }
}
