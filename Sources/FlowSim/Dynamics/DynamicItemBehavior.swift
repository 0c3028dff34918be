import Foundation

/// UIKit's `UIDynamicItemBehavior`: per-item physical properties and velocities. When an item
/// is in several, the last one (in the order the animator walks its behaviours, depth first)
/// decides each property.
///
/// Modelled: `density` (mass = density × width × height / 10 000, so a 100 × 100 item of
/// density 1 has mass 1, UIKit's unit: a force of 1 accelerates it at 100 pt/s² — FlowSim has no
/// push behaviour, so mass only weighs item–item attachments), `resistance` (linear velocity
/// damping: a = −resistance·v, so speed decays as e^(−resistance·t)), `elasticity` (the
/// restitution of boundary collisions: the normal velocity is reversed and scaled by it),
/// `friction` (boundary contacts: the tangential speed drops by up to friction × the normal
/// impulse), `isAnchored` (the item never moves), `addLinearVelocity(_:for:)` and
/// `linearVelocity(for:)`.
///
/// Stored and read back only: `allowsRotation`, `angularResistance`, `charge`, angular
/// velocities (FlowSim does not rotate items).
open class DynamicItemBehavior: ItemsBehavior {

    open var elasticity: CGFloat = 0 { didSet { changed() } }
    open var friction: CGFloat = 0 { didSet { changed() } }
    open var density: CGFloat = 1 { didSet { changed() } }
    open var resistance: CGFloat = 0 { didSet { changed() } }
    open var angularResistance: CGFloat = 0
    open var allowsRotation = true
    open var charge: CGFloat = 0
    open var isAnchored = false { didSet { changed() } }

    /// Velocities added before the behaviour joined an animator, applied when it does.
    var pendingVelocities: [(item: DynamicItem, velocity: CGPoint)] = []
    private var angularVelocities: [ObjectIdentifier: CGFloat] = [:]

    /// Adds `velocity` (points per second) to the item's linear velocity.
    open func addLinearVelocity(_ velocity: CGPoint, for item: DynamicItem) {
        if let animator = dynamicAnimator {
            animator.addVelocity(velocity, to: item)
        } else {
            pendingVelocities.append((item, velocity))
        }
    }

    /// The item's linear velocity in points per second (velocities added while the behaviour
    /// has no animator, summed, before it joins one).
    open func linearVelocity(for item: DynamicItem) -> CGPoint {
        if let animator = dynamicAnimator { return animator.velocity(of: item) }
        return pendingVelocities.filter { $0.item === item }.reduce(.zero) {
            CGPoint(x: $0.x + $1.velocity.x, y: $0.y + $1.velocity.y)
        }
    }

    /// Stored and read back: FlowSim does not rotate items.
    open func addAngularVelocity(_ velocity: CGFloat, for item: DynamicItem) {
        angularVelocities[ObjectIdentifier(item), default: 0] += velocity
    }

    open func angularVelocity(for item: DynamicItem) -> CGFloat { angularVelocities[ObjectIdentifier(item)] ?? 0 }

}
