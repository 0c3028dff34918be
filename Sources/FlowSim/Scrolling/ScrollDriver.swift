import Foundation

/// Drives one axis of a scroll view's content offset over time for a `ScrollGesture`: the
/// deceleration's closed form while flinging, a critically damped bounce (`EdgeBounce`) when a
/// fling passes an edge or the content shrinks under the offset, rubber-banding while dragging.
///
/// A fling over content no longer than the viewport (the range is a single point) does not move
/// it, as UIKit without `alwaysBounceVertical`; with `reflingBelow` the user flings again once
/// content extends past the viewport.
///
/// The scrollable range can change between steps (pages arrive, the loading cell comes and
/// goes); every phase is re-based on the offset it left off at, so the motion stays continuous.
public struct ScrollDriver: Sendable {
    enum Phase: Equatable, Sendable {
        case waiting
        case decelerating(Deceleration, start: Double)
        case bouncing(EdgeBounce, start: Double)
        case resting
        case dragging(fromOffset: Double, start: Double)
    }

    public let gesture: ScrollGesture
    /// When the gesture begins (seconds on the simulation clock).
    public let startTime: Double
    /// Distance under which motion counts as ended (points): half a pixel, 0.5 / scale.
    public let threshold: Double
    private(set) var phase: Phase = .waiting
    /// How many flings have started.
    public private(set) var flingCount = 0
    /// The velocity after the last step (points per second).
    public private(set) var velocity = 0.0

    public init(gesture: ScrollGesture, startTime: Double = 0, scale: Double = 2) {
        self.gesture = gesture
        self.startTime = startTime
        threshold = 0.5 / max(scale, 1e-9)
    }

    /// Whether the content is at rest (resting, or waiting for the gesture to start).
    public var isAtRest: Bool { phase == .resting || phase == .waiting }

    /// The offset at `time`, from the current `offset`, given the scrollable `range` now and the
    /// viewport's size along the axis (`dimension`, the rubber band's d).
    public mutating func advance(
        to time: Double, from offset: Double, range: ClosedRange<Double>, dimension: Double
    ) -> Double {
        guard time >= startTime else { return offset }
        switch gesture {
        case .constantSpeed(let speed):
            return advanceDrag(to: time, from: offset, range: range, speed: speed, dimension: dimension)
        case .fling(let v0, let rate, let reflingBelow):
            return advanceFling(
                to: time, from: offset, range: range, velocity: v0, rate: rate, reflingBelow: reflingBelow)
        }
    }

    private mutating func advanceFling(
        to time: Double, from offset: Double, range: ClosedRange<Double>, velocity v0: Double,
        rate: Double, reflingBelow: Double?
    ) -> Double {
        if phase == .waiting {
            // UIKit does not scroll content no longer than the bounds (a scroll range of one
            // point) unless alwaysBounceVertical/Horizontal is set: the swipe moves nothing.
            if range.lowerBound == range.upperBound {
                phase = .resting
                velocity = 0
            } else {
                startFling(v0, rate: rate, at: startTime, from: offset)
            }
        }
        rebaseOnRangeChange(offset: offset, range: range, time: time)
        switch phase {
        case .decelerating(let deceleration, let start):
            let t = time - start
            if let crossing = crossing(of: deceleration, range: range), crossing.time <= t {
                let bounce = EdgeBounce(
                    edge: crossing.edge, initialDisplacement: 0,
                    initialVelocity: deceleration.velocity(at: crossing.time))
                phase = .bouncing(bounce, start: start + crossing.time)
                return bounceStep(bounce, start: start + crossing.time, time: time)
            }
            let x = deceleration.offset(at: t)
            velocity = deceleration.velocity(at: t)
            if t >= deceleration.duration(threshold: threshold) {
                phase = .resting
                velocity = 0
            }
            if let below = reflingBelow, abs(velocity) < below, hasRoomAhead(x, range: range, direction: v0) {
                startFling(v0, rate: rate, at: time, from: x)
            }
            return x
        case .bouncing(let bounce, let start):
            return bounceStep(bounce, start: start, time: time)
        case .resting:
            velocity = 0
            if reflingBelow != nil, hasRoomAhead(offset, range: range, direction: v0) {
                startFling(v0, rate: rate, at: time, from: offset)
            }
            return offset
        case .waiting, .dragging:
            return offset
        }
    }

    /// A finger dragging at `speed`: rubber-banded past an edge, and lifted once it has dragged
    /// a whole screen (`dimension`) past the edge — no finger goes further (the band is then
    /// 1 − 1/1.55 ≈ 0.355 of the screen). The content bounces back to the edge and rests; the
    /// user drags again once there is content ahead (a page arrived). Without the lift an
    /// endless drag pulled the content a whole screen off (the band's limit is d): no cell
    /// stayed in view and a failed page was never retried.
    private mutating func advanceDrag(
        to time: Double, from offset: Double, range: ClosedRange<Double>, speed: Double, dimension: Double
    ) -> Double {
        if phase == .waiting { phase = .dragging(fromOffset: offset, start: startTime) }
        rebaseOnRangeChange(offset: offset, range: range, time: time)
        switch phase {
        case .dragging(let from, let start):
            let raw = from + speed * (time - start)
            let edge = speed > 0 ? range.upperBound : range.lowerBound
            let lift = speed > 0 ? edge + dimension : edge - dimension
            guard speed > 0 ? raw >= lift : raw <= lift else {
                velocity = speed
                return RubberBand.clamp(raw, to: range, dimension: dimension)
            }
            let position = RubberBand.clamp(lift, to: range, dimension: dimension)
            phase = .bouncing(
                EdgeBounce(edge: edge, initialDisplacement: position - edge, initialVelocity: 0), start: time)
            velocity = 0
            return position
        case .bouncing(let bounce, let start):
            return bounceStep(bounce, start: start, time: time)
        case .resting:
            velocity = 0
            if speed != 0, hasRoomAhead(offset, range: range, direction: speed) {
                phase = .dragging(fromOffset: offset, start: time)
            }
            return offset
        case .waiting, .decelerating:
            return offset
        }
    }

    /// The range changed under the motion: past an edge while decelerating or resting (the
    /// content shrank), bounce back from here; a bounce whose edge is no longer an end of the
    /// range (the content grew) comes to rest where it is.
    private mutating func rebaseOnRangeChange(offset: Double, range: ClosedRange<Double>, time: Double) {
        switch phase {
        case .decelerating, .resting:
            guard let edge = edge(of: offset, in: range) else { return }
            phase = .bouncing(
                EdgeBounce(edge: edge, initialDisplacement: offset - edge, initialVelocity: velocity),
                start: time)
        case .bouncing(let bounce, _):
            let isEnd = bounce.edge == range.upperBound || bounce.edge == range.lowerBound
            guard !isEnd else { return }
            if let edge = edge(of: offset, in: range) {
                phase = .bouncing(
                    EdgeBounce(edge: edge, initialDisplacement: offset - edge, initialVelocity: velocity),
                    start: time)
            } else {
                phase = .resting
                velocity = 0
            }
        case .waiting, .dragging:
            return
        }
    }

    private mutating func bounceStep(_ bounce: EdgeBounce, start: Double, time: Double) -> Double {
        let t = time - start
        if bounce.isSettled(at: t, threshold: threshold) {
            phase = .resting
            velocity = 0
            return bounce.edge
        }
        velocity = bounce.velocity(at: t)
        return bounce.offset(at: t)
    }

    private mutating func startFling(_ v0: Double, rate: Double, at time: Double, from offset: Double) {
        phase = .decelerating(Deceleration(initialOffset: offset, initialVelocity: v0, rate: rate), start: time)
        flingCount += 1
        velocity = v0
    }

    /// The edge `offset` lies beyond by more than the threshold, if any.
    private func edge(of offset: Double, in range: ClosedRange<Double>) -> Double? {
        if offset > range.upperBound + threshold { return range.upperBound }
        if offset < range.lowerBound - threshold { return range.lowerBound }
        return nil
    }

    /// When (seconds into the deceleration) and at which edge the fling leaves the range.
    private func crossing(of deceleration: Deceleration, range: ClosedRange<Double>) -> (time: Double, edge: Double)? {
        let edge = deceleration.initialVelocity > 0 ? range.upperBound : range.lowerBound
        guard deceleration.initialVelocity != 0, let time = deceleration.time(toReach: edge) else { return nil }
        return (time, edge)
    }

    private func hasRoomAhead(_ offset: Double, range: ClosedRange<Double>, direction: Double) -> Bool {
        direction > 0 ? offset < range.upperBound - 1 : offset > range.lowerBound + 1
    }
}
