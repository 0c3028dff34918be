import Foundation

/// How the simulated user scrolls a collection view along its scroll axis.
public enum ScrollGesture: Equatable, Sendable {
    /// A fling: the finger lifts at `velocity` points per second (positive: toward the end of
    /// the content) and the scroll view decelerates at `rate` (`Deceleration`).
    ///
    /// With `reflingBelow` set, the user flings again — same velocity, from wherever the content
    /// is — as soon as the scroll has slowed under that speed (pt/s) or stopped, while content
    /// remains ahead: how a person keeps scrolling a long feed. nil: one fling only.
    case fling(velocity: Double, rate: Double = Deceleration.normalRate, reflingBelow: Double? = 10)
    /// A drag at a constant speed (points per second): the content follows the finger, with
    /// rubber-banding once the finger passes the end of the content (`RubberBand`).
    case constantSpeed(Double)
}
