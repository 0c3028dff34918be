import FlowSim
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import XCTest

/// UIKit Dynamics (`UIDynamicAnimator` and its behaviours) against closed-form physics: the
/// attachment spring as a damped oscillator, gravity, resistance, rods, boundary collisions, rest
/// detection and the animator's clock.
final class DynamicsTests: XCTestCase {
    /// A 100 × 100 cell's attributes centred at `center`.
    func item(at center: CGPoint, size: CGSize = CGSize(width: 100, height: 100), item: Int = 0)
        -> UICollectionViewLayoutAttributes
    {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        attributes.size = size
        attributes.center = center
        return attributes
    }

    /// x(t)/x₀ of x″ + 2ζω·x′ + ω²·x = 0 released at rest from x₀.
    func dampedOscillator(zeta: Double, omega: Double, t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega * t) * (1 + omega * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root)
            let r2 = -omega * (zeta + root)
            return (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
        }
    }

    /// An item on a length-0 spring (damping ζ, frequency f) released 50 pt right of its anchor
    /// follows x(t) = 50·e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t) (ω = 2πf, ω_d = ω√(1−ζ²); the
    /// critical and overdamped forms for ζ ≥ 1) within 1e-4 pt at every 60 Hz frame of the
    /// first 3 s while the animator runs (RK4 at 240 Hz), and within 0.01 pt once it rests, for
    /// several ζ and f and whatever the item's size; y stays 0.
    func testAttachmentFollowsTheAnalyticDampedOscillator() {
        for (zeta, frequency, size) in [
            (0.0, 1.0, 100.0), (0.2, 2.0, 100.0), (0.8, 1.0, 44.0), (1.0, 1.5, 300.0), (2.5, 0.5, 10.0),
        ] {
            let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
            let cell = item(at: CGPoint(x: 150, y: 100), size: CGSize(width: size, height: size / 2))
            let spring = UIAttachmentBehavior(item: cell, attachedToAnchor: CGPoint(x: 100, y: 100))
            XCTAssertEqual(spring.length, 50, "UIKit's initial length: the distance at creation")
            spring.length = 0
            spring.damping = CGFloat(zeta)
            spring.frequency = CGFloat(frequency)
            animator.addBehavior(spring)
            animator.advance(to: 0)
            var worst = 0.0
            for frame in 1...180 {
                let t = Double(frame) / 60
                animator.advance(to: t)
                let expected = 50 * dampedOscillator(zeta: zeta, omega: 2 * .pi * frequency, t: t)
                let error = abs(Double(cell.center.x) - 100 - expected)
                if animator.isRunning {
                    worst = max(worst, error)
                } else {
                    // At rest the item stays where it stopped: within restAcceleration/ω² of the
                    // anchor, so within 0.01 pt of the (by then tiny) analytic value.
                    XCTAssertLessThan(error, 0.01, "ζ \(zeta), f \(frequency) at rest, t \(t)")
                }
                XCTAssertEqual(cell.center.y, 100, accuracy: 1e-12)
            }
            XCTAssertLessThan(worst, 1e-4, "ζ \(zeta), f \(frequency): worst error \(worst) pt while running")
        }
    }

    /// Two items joined by a spring oscillate about their centre of mass at the spring's
    /// frequency whatever their masses (the reduced mass), and the centre of mass stays put: a
    /// 100 × 100 item (mass 1) and a 100 × 200 one (mass 2), or density 3 making the first mass 3.
    func testItemToItemSpringUsesTheReducedMassAndKeepsTheCentreOfMass() {
        for density in [1.0, 3.0] {
            let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
            let light = item(at: CGPoint(x: 0, y: 0), item: 0)
            let heavy = item(at: CGPoint(x: 300, y: 0), size: CGSize(width: 100, height: 200), item: 1)
            let spring = UIAttachmentBehavior(item: light, attachedTo: heavy)
            spring.length = 200
            spring.frequency = 1
            let properties = UIDynamicItemBehavior(items: [light])
            properties.density = CGFloat(density)
            animator.addBehavior(spring)
            animator.addBehavior(properties)
            animator.advance(to: 0)
            let m1 = density
            let m2 = 2.0
            let centre = (m1 * 0 + m2 * 300) / (m1 + m2)
            for frame in 1...120 {
                let t = Double(frame) / 60
                animator.advance(to: t)
                let x1 = Double(light.center.x)
                let x2 = Double(heavy.center.x)
                XCTAssertEqual((m1 * x1 + m2 * x2) / (m1 + m2), centre, accuracy: 1e-9)
                // Undamped: the separation oscillates as 200 + 100·cos ωt.
                XCTAssertEqual(x2 - x1, 200 + 100 * cos(2 * .pi * t), accuracy: 1e-4, "t \(t)")
            }
        }
    }

    /// Gravity: y(t) = y₀ + ½·g·t² with g = 1000 pt/s² × magnitude along `gravityDirection` (RK4
    /// is exact for a constant acceleration); mass does not matter.
    func testGravityIsAThousandPointsPerSecondSquaredPerUnitMagnitude() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
        let small = item(at: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10), item: 0)
        let large = item(at: CGPoint(x: 500, y: 0), size: CGSize(width: 300, height: 300), item: 1)
        let gravity = UIGravityBehavior(items: [small, large])
        XCTAssertEqual(gravity.gravityDirection, CGVector(dx: 0, dy: 1))
        XCTAssertEqual(gravity.magnitude, 1)
        animator.addBehavior(gravity)
        animator.advance(to: 0)
        animator.advance(to: 0.5)
        XCTAssertEqual(small.center.y, 125, accuracy: 1e-9, "½ · 1000 · 0.5²")
        XCTAssertEqual(large.center.y, 125, accuracy: 1e-9)
        XCTAssertEqual(small.center.x, 0, accuracy: 1e-12)

        // Sideways at half strength: angle 0, magnitude 0.5.
        let animator2 = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
        let sideways = item(at: .zero)
        let gravity2 = UIGravityBehavior(items: [sideways])
        gravity2.setAngle(0, magnitude: 0.5)
        animator2.addBehavior(gravity2)
        animator2.advance(to: 0)
        animator2.advance(to: 1)
        XCTAssertEqual(sideways.center.x, 250, accuracy: 1e-9)
        XCTAssertEqual(sideways.center.y, 0, accuracy: 1e-9)
        XCTAssertEqual(gravity2.angle, 0, accuracy: 1e-12)
        XCTAssertEqual(gravity2.magnitude, 0.5, accuracy: 1e-12)
    }

    /// Resistance damps the linear velocity: v(t) = v₀·e^(−r·t), x(t) = v₀(1 − e^(−r·t))/r.
    func testResistanceDecaysAVelocityExponentially() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
        let moving = item(at: .zero)
        let behavior = UIDynamicItemBehavior(items: [moving])
        behavior.resistance = 2
        behavior.addLinearVelocity(CGPoint(x: 600, y: 0), for: moving)
        XCTAssertEqual(behavior.linearVelocity(for: moving), CGPoint(x: 600, y: 0), "accumulated before joining")
        animator.addBehavior(behavior)
        animator.advance(to: 0)
        animator.advance(to: 1)
        XCTAssertEqual(Double(behavior.linearVelocity(for: moving).x), 600 * exp(-2), accuracy: 1e-6)
        XCTAssertEqual(Double(moving.center.x), 600 * (1 - exp(-2)) / 2, accuracy: 1e-6)
    }

    /// A rigid rod (frequency 0, UIKit's default) keeps a falling item at its length from the
    /// anchor: a pendulum.
    func testFrequencyZeroIsARigidRod() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
        let bob = item(at: CGPoint(x: 200, y: 0))
        let rod = UIAttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 100, y: 0))
        XCTAssertEqual(rod.frequency, 0)
        XCTAssertEqual(rod.length, 100)
        animator.addBehavior(rod)
        animator.addBehavior(UIGravityBehavior(items: [bob]))
        animator.advance(to: 0)
        var lowest: CGFloat = 0
        for frame in 1...120 {
            animator.advance(to: Double(frame) / 60)
            XCTAssertEqual(hypot(bob.center.x - 100, bob.center.y), 100, accuracy: 1e-9)
            lowest = max(lowest, bob.center.y)
        }
        XCTAssertGreaterThan(lowest, 99, "the bob swings through the bottom")
    }

    /// A layout whose content is 400 × 600, for collisions against its reference bounds.
    final class ContentLayout: UICollectionViewLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 400, height: 600) }
    }

    /// Collision with the reference bounds (the content rect): an inelastic item falls onto the
    /// bottom (inset 20) and rests on it exactly; an elastic one bounces back up with its
    /// speed scaled by the elasticity, and both come to rest.
    func testCollisionWithTheReferenceBounds() {
        for elasticity in [0.0, 0.5] {
            let layout = ContentLayout()
            let animator = UIDynamicAnimator(collectionViewLayout: layout)
            let falling = item(at: CGPoint(x: 200, y: 100))
            let collision = UICollisionBehavior(items: [falling])
            collision.setTranslatesReferenceBoundsIntoBoundary(
                with: UIEdgeInsets(top: 0, left: 0, bottom: 20, right: 0))
            XCTAssertTrue(collision.translatesReferenceBoundsIntoBoundary)
            let properties = UIDynamicItemBehavior(items: [falling])
            properties.elasticity = CGFloat(elasticity)
            animator.addBehavior(UIGravityBehavior(items: [falling]))
            animator.addBehavior(collision)
            animator.addBehavior(properties)
            animator.advance(to: 0)
            var lowest: CGFloat = 0
            var bouncedUp = false
            var t = 0.0
            while animator.isRunning && t < 10 {
                t += 1 / 60
                animator.advance(to: t)
                lowest = max(lowest, falling.center.y)
                if properties.linearVelocity(for: falling).y < -100 { bouncedUp = true }
            }
            XCTAssertLessThanOrEqual(lowest, 530 + 1e-9, "never below the boundary: 600 − 20 − 50")
            XCTAssertFalse(animator.isRunning, "elasticity \(elasticity): at rest by \(t) s")
            XCTAssertEqual(falling.center.y, 530, accuracy: 1e-9)
            XCTAssertEqual(falling.center.x, 200, accuracy: 1e-9)
            XCTAssertEqual(bouncedUp, elasticity > 0)
        }
    }

    /// Items outside a collision behaviour, or with the boundary off, fall through.
    func testCollisionNeedsTheBoundary() {
        let animator = UIDynamicAnimator(collectionViewLayout: ContentLayout())
        let falling = item(at: CGPoint(x: 200, y: 500))
        animator.addBehavior(UIGravityBehavior(items: [falling]))
        animator.addBehavior(UICollisionBehavior(items: [falling]))
        animator.advance(to: 0)
        animator.advance(to: 1)
        XCTAssertEqual(falling.center.y, 1000, accuracy: 1e-9)
    }

    final class PauseCounter: UIDynamicAnimatorDelegate {
        var pauses = 0
        var resumes = 0
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses += 1 }
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumes += 1 }
    }

    /// Rest: a released spring runs, comes to rest within 0.01 pt of its anchor, then stops
    /// integrating (the state no longer changes); moving the item with
    /// `updateItem(usingCurrentState:)` resumes it. The delegate hears each pause and resume;
    /// adding a spring to an item already at its anchor does not start the animator.
    func testRestDetectionPausesAndResumes() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
        let counter = PauseCounter()
        animator.delegate = counter
        let cell = item(at: CGPoint(x: 100, y: 100))
        let spring = UIAttachmentBehavior(item: cell, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.damping = 0.8
        spring.frequency = 1
        animator.addBehavior(spring)
        XCTAssertFalse(animator.isRunning, "already at equilibrium")
        XCTAssertEqual(counter.resumes, 0)

        animator.advance(to: 0)
        cell.center.y += 40
        animator.updateItem(usingCurrentState: cell)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(counter.resumes, 1)
        var t = 0.0
        while animator.isRunning {
            t += 1 / 60
            animator.advance(to: t)
            XCTAssertLessThan(t, 5, "comes to rest")
            if t >= 5 { break }
        }
        XCTAssertEqual(counter.pauses, 1)
        XCTAssertEqual(cell.center.y, 100, accuracy: 0.01)
        let rested = cell.center
        let elapsed = animator.elapsedTime
        XCTAssertEqual(elapsed, t, accuracy: 1 / 60 + 1e-9, "integrated until rest")
        animator.advance(to: t + 10)
        XCTAssertEqual(cell.center, rested, "no integration at rest")
        XCTAssertEqual(animator.elapsedTime, elapsed)

        spring.anchorPoint = CGPoint(x: 100, y: 150)
        XCTAssertTrue(animator.isRunning, "a moved anchor resumes the animator")
        XCTAssertEqual(counter.resumes, 2)
    }

    /// The animator on a collection view's clock: it registers as a display-link client with its
    /// layout's collection view, advances whenever `currentTime` moves forward, invalidates the
    /// layout after each step, and `displayLinkNeedsFrames` mirrors `isRunning`.
    func testAnimatorRunsOnTheCollectionViewClock() {
        let layout = ContentLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 400, height: 600), collectionViewLayout: layout)
        let animator = UIDynamicAnimator(collectionViewLayout: layout)
        let falling = item(at: CGPoint(x: 200, y: 100))
        animator.addBehavior(UIGravityBehavior(items: [falling]))
        XCTAssertTrue(collectionView.displayLinkNeedsFrames)
        layout.prepareIfNeeded()
        collectionView.currentTime = 0.2
        XCTAssertEqual(falling.center.y, 120, accuracy: 1e-9, "½ · 1000 · 0.2²")
        XCTAssertFalse(layout.isPrepared, "each step invalidates the layout")
        XCTAssertEqual(animator.items(in: CGRect(x: 0, y: 0, width: 400, height: 200)).count, 1)
        XCTAssertEqual(animator.items(in: CGRect(x: 0, y: 300, width: 400, height: 200)).count, 0)
        XCTAssertTrue(animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) === falling)
        XCTAssertNil(animator.layoutAttributesForCell(at: IndexPath(item: 1, section: 0)))
        animator.removeAllBehaviors()
        XCTAssertTrue(animator.behaviors.isEmpty)
        XCTAssertFalse(collectionView.displayLinkNeedsFrames)
    }

    /// Child behaviours act as their parent's parts; the action runs after every substep.
    func testCompositeBehaviorsAndActions() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewLayout())
        let falling = item(at: .zero)
        let composite = UIDynamicBehavior()
        composite.addChildBehavior(UIGravityBehavior(items: [falling]))
        var actions = 0
        composite.action = { actions += 1 }
        animator.addBehavior(composite)
        XCTAssertTrue(composite.childBehaviors[0].dynamicAnimator === animator)
        animator.advance(to: 0)
        animator.advance(to: 0.5)
        XCTAssertEqual(falling.center.y, 125, accuracy: 1e-9)
        XCTAssertEqual(actions, 120, "240 substeps a second")
    }
}
