import Foundation

extension ContentOffsetAnimation {
    /// The offset's rate of change at `time` in points per second, from the timing curve: a
    /// difference over 1 ms (central inside the move, one-sided at its ends). Zero outside the
    /// move and for a jump.
    public func offsetVelocity(at time: Double) -> CGPoint {
        guard timing != nil, endTime > start else { return .zero }
        let delta = min(1e-3, (endTime - start) / 2)
        let t0 = max(start, time - delta / 2)
        let t1 = min(endTime, t0 + delta)
        let a = offset(at: t1 - delta)
        let b = offset(at: t1)
        return CGPoint(x: (b.x - a.x) / CGFloat(delta), y: (b.y - a.y) / CGFloat(delta))
    }
}
