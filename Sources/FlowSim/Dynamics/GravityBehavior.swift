import Foundation

/// UIKit's `UIGravityBehavior`: a constant acceleration on its items, whatever their mass.
/// `gravityDirection` (0, 1) with magnitude 1 is UIKit's standard gravity, 1000 points per
/// second² downwards: the acceleration is `gravityDirection` × 1000 pt/s².
open class GravityBehavior: ItemsBehavior {
    /// The acceleration in points per second² of a magnitude of 1.
    public static let pointsPerSecondSquared: CGFloat = 1000

    /// Direction and magnitude (its length) of the gravity vector.
    open var gravityDirection = CGVector(dx: 0, dy: 1) { didSet { changed() } }

    /// The vector's angle in radians (0 along +x, π/2 down); setting it keeps the magnitude.
    open var angle: CGFloat {
        get { atan2(gravityDirection.dy, gravityDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The vector's length; setting it keeps the angle.
    open var magnitude: CGFloat {
        get { hypot(gravityDirection.dx, gravityDirection.dy) }
        set { setAngle(angle, magnitude: newValue) }
    }

    public convenience init() { self.init(items: []) }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

}
