import Foundation

/// UIKit's `UIDynamicAnimatorDelegate`.
public protocol DynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}

/// UIKit's `UIDynamicAnimator` for a collection view layout (`init(collectionViewLayout:)`): it
/// moves the layout attributes its behaviours hold, and the layout answers with them
/// (`items(in:)`, `layoutAttributesForCell(at:)`).
///
/// **Clock.** The animator runs on the collection view's clock (`CollectionView.currentTime`):
/// it registers as a `DisplayLinkClient` of its layout's collection view the first time it sees
/// one, is advanced whenever the clock moves forward, and catches up lazily whenever it is
/// asked (`items(in:)`, `layoutAttributesForCell(at:)`, `isRunning`). After a clock-driven step
/// it invalidates its layout, as UIKit's animator does on every tick, so `prepare()` runs before
/// the next layout pass. Scenes keep recording 60 Hz layout passes while it runs (see
/// `SceneSimulation.run`). `advance(to:)` drives an animator without a collection view.
///
/// **Integrator.** Fixed substeps of h = 1/240 s on the grid t = n·h (so 60 Hz frames fall on
/// whole substeps and the same clock times always give the same states). Forces — springs,
/// gravity, resistance — are integrated with the classical fourth-order Runge–Kutta method over
/// every item at once; then rigid rods and boundary collisions are applied as position and
/// velocity projections. RK4 is chosen over semi-implicit Euler because the attachment spring is
/// the heart of the classic layouts: at 240 Hz its error on a damped oscillator is of order
/// (ωh)⁴ (about 10⁻⁶ of the amplitude per second at 1 Hz, where symplectic Euler drifts in
/// phase by about 10⁻³), and it stays stable for springs up to ωh ≈ 2.8 (about 100 Hz); the cost,
/// four force evaluations per item per substep, is negligible for a screenful of cells.
///
/// **Rest.** After each substep the animator is at rest when every free item moves slower than
/// `restSpeed` (0.01 pt/s) and its velocity changed by less than `restAcceleration` × h
/// (0.1 pt/s²) over the substep; when behaviours change or an item is updated it resumes unless
/// the state is already an equilibrium (speeds, spring and gravity accelerations below the same
/// limits, rods at length, items inside their boundaries). At rest it stops integrating (items
/// stay where they are, within about restAcceleration/ω² of equilibrium: 0.003 pt for a 1 Hz
/// spring) and `isRunning` is false.
///
/// Not modelled: rotation (`transform` is never written), push, snap, field and custom
/// behaviours' forces (a `DynamicBehavior` subclass only contributes its children and `action`),
/// item–item collisions, `init(referenceView:)` and views as items in a reference view.
open class DynamicAnimator: NSObject, DisplayLinkClient {
    /// Integration substeps per second.
    public static let stepsPerSecond = 240
    /// Speed (pt/s) below which an item may be at rest.
    public static let restSpeed = 0.01
    /// Acceleration (pt/s²) below which an item may be at rest.
    public static let restAcceleration = 0.1
    /// Boundary contacts slower than this (pt/s) do not bounce, whatever the elasticity, so an
    /// item under gravity settles on a boundary (gravity alone adds 4.2 pt/s per substep).
    public static let restingContactSpeed = 30.0

    /// The layout whose attributes the animator moves.
    public private(set) weak var collectionViewLayout: CollectionViewLayout?
    public private(set) var behaviors: [DynamicBehavior] = []
    open weak var delegate: DynamicAnimatorDelegate?
    /// Simulated seconds the animator has run (integrated) since it was created.
    public internal(set) var elapsedTime: TimeInterval = 0

    /// Whether the animator is moving its items (false at rest), as of the current clock time.
    public var isRunning: Bool {
        syncToClock()
        return !resting
    }

    /// The content rect of the layout: the reference bounds collisions use.
    open var referenceBounds: CGRect {
        CGRect(origin: .zero, size: collectionViewLayout?.collectionViewContentSize ?? .zero)
    }

    public init(collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init()
    }

    // MARK: Behaviours

    open func addBehavior(_ behavior: DynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.append(behavior)
        behavior.animator = self
        for part in behavior.flattened { part.willMove(to: self) }
        behaviorDidChange(structure: true)
    }

    open func removeBehavior(_ behavior: DynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.removeAll { $0 === behavior }
        for part in behavior.flattened { part.willMove(to: nil) }
        behavior.animator = nil
        behaviorDidChange(structure: true)
    }

    open func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    // MARK: Items

    /// The items of every behaviour whose rect (bounds around the centre) meets `rect`, in the
    /// order they first appear in the behaviours: for a layout's animator, its attributes.
    open func items(in rect: CGRect) -> [DynamicItem] {
        syncToClock()
        rebuildIfNeeded()
        return bodies.map(\.item).filter { $0.dynamicFrame.meets(rect) }
    }

    /// The cell attributes at `indexPath` held by a behaviour, if any.
    open func layoutAttributesForCell(at indexPath: IndexPath) -> LayoutAttributes? {
        syncToClock()
        rebuildIfNeeded()
        return bodies.lazy.compactMap { $0.item as? LayoutAttributes }.first {
            $0.representedElementCategory == .cell && $0.indexPath == indexPath
        }
    }

    /// The supplementary-view attributes of `kind` at `indexPath` held by a behaviour, if any.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        syncToClock()
        rebuildIfNeeded()
        return bodies.lazy.compactMap { $0.item as? LayoutAttributes }.first {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    /// UIKit's `updateItem(usingCurrentState:)`: the animator takes the item's current `center`
    /// (and size, for its mass) as its state, keeping its velocity, and resumes. It does not
    /// catch up with the clock first (a layout changes an item it has just read, at the current
    /// time: the clock has already advanced the animator).
    open func updateItem(usingCurrentState item: DynamicItem) {
        rebuildIfNeeded()
        guard let body = bodyIndex[ObjectIdentifier(item)].map({ bodies[$0] }) else { return }
        body.x = Double(item.center.x)
        body.y = Double(item.center.y)
        let size = item.bounds.size
        body.area = Double(size.width * size.height)
        body.halfWidth = Double(size.width) / 2
        body.halfHeight = Double(size.height) / 2
        resume()
    }

    /// Advances the simulation to `time` (seconds on the grid n/240; later calls with earlier
    /// times do nothing). The first call only sets the animator's clock. Returns whether any
    /// substep was integrated.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        let target = Int((time * Double(Self.stepsPerSecond) + 1e-6).rounded(.down))
        guard let current = clockStep else {
            clockStep = target
            return false
        }
        guard target > current else { return false }
        clockStep = target
        guard !resting else { return false }
        rebuildIfNeeded()
        let bounds = referenceBounds
        var step = current
        while step < target && !resting {
            substep(boundary: bounds)
            step += 1
        }
        if resting { delegate?.dynamicAnimatorDidPause(self) }
        return true
    }

    // MARK: DisplayLinkClient

    public func displayLinkAdvance(to time: Double) {
        guard let collectionView = collectionViewLayout?.collectionView, collectionView === registeredView else {
            return
        }
        if advance(to: time) { collectionViewLayout?.invalidateLayout() }
    }

    public var displayLinkNeedsFrames: Bool { isRunning }

    // MARK: State

    /// One item's simulated state and properties.
    final class Body {
        let item: DynamicItem
        var x: Double, y: Double
        var vx = 0.0, vy = 0.0
        var area: Double
        var halfWidth: Double, halfHeight: Double
        var density = 1.0, resistance = 0.0, elasticity = 0.0, friction = 0.0
        var isAnchored = false
        var gravityX = 0.0, gravityY = 0.0
        var collides = false

        init(item: DynamicItem) {
            self.item = item
            x = Double(item.center.x)
            y = Double(item.center.y)
            let size = item.bounds.size
            area = Double(size.width * size.height)
            halfWidth = Double(size.width) / 2
            halfHeight = Double(size.height) / 2
        }

        /// density × area / 10 000 (UIKit: a 100 × 100 item of density 1 has mass 1).
        var inverseMass: Double {
            if isAnchored { return 0 }
            let mass = density * area / 10_000
            return mass > 0 ? 1 / mass : 0
        }
    }

    /// An attachment resolved to body indices.
    struct Link {
        var first: Int
        var second: Int?
        var anchorX: Double, anchorY: Double
        var length: Double
        var omega: Double, zeta: Double
    }

    var bodies: [Body] = []
    var bodyIndex: [ObjectIdentifier: Int] = [:]
    var springs: [Link] = []
    var rods: [Link] = []
    var structureDirty = true
    var clockStep: Int?
    var resting = true
    private weak var registeredView: CollectionView?

    /// Registers with the layout's collection view and catches up with its clock.
    func syncToClock() {
        guard let collectionView = collectionViewLayout?.collectionView else { return }
        if registeredView !== collectionView {
            collectionView.addDisplayLinkClient(self)
            registeredView = collectionView
        }
        advance(to: collectionView.currentTime)
    }

    /// A behaviour was added, removed or changed (items or a property): behaviours are resolved
    /// again before the next substep, and the animator resumes.
    func behaviorDidChange(structure: Bool) {
        structureDirty = true
        if resting {
            resume()
        } else {
            syncToClock()
            rebuildIfNeeded()
            if isEquilibrium() {  // e.g. the last moving item's behaviours were removed
                resting = true
                delegate?.dynamicAnimatorDidPause(self)
            }
        }
    }

    /// Leaves rest (unless the state is already an equilibrium), syncing the clock first so the
    /// time spent at rest is not integrated.
    func resume() {
        guard resting else { return }
        syncToClock()
        rebuildIfNeeded()
        guard !isEquilibrium() else { return }
        resting = false
        delegate?.dynamicAnimatorWillResume(self)
    }

    func addVelocity(_ velocity: CGPoint, to item: DynamicItem) {
        rebuildIfNeeded()
        guard let index = bodyIndex[ObjectIdentifier(item)] else { return }
        bodies[index].vx += Double(velocity.x)
        bodies[index].vy += Double(velocity.y)
        resume()
    }

    func velocity(of item: DynamicItem) -> CGPoint {
        syncToClock()
        rebuildIfNeeded()
        guard let index = bodyIndex[ObjectIdentifier(item)] else { return .zero }
        return CGPoint(x: bodies[index].vx, y: bodies[index].vy)
    }

    /// Rebuilds the item list and resolves behaviours to bodies, keeping the state of items
    /// already simulated; new items start from their current centre at rest.
    func rebuildIfNeeded() {
        guard structureDirty else { return }
        structureDirty = false
        let parts = behaviors.flatMap(\.flattened)
        var newBodies: [Body] = []
        var newIndex: [ObjectIdentifier: Int] = [:]
        func index(of item: DynamicItem) -> Int {
            let id = ObjectIdentifier(item)
            if let existing = newIndex[id] { return existing }
            let body = bodyIndex[id].map { bodies[$0] } ?? Body(item: item)
            body.density = 1
            body.resistance = 0
            body.elasticity = 0
            body.friction = 0
            body.isAnchored = false
            body.gravityX = 0
            body.gravityY = 0
            body.collides = false
            newIndex[id] = newBodies.count
            newBodies.append(body)
            return newBodies.count - 1
        }
        for part in parts {
            for item in part.ownItems { _ = index(of: item) }
        }
        var pendingVelocities: [(Int, CGPoint)] = []
        springs = []
        rods = []
        for part in parts {
            switch part {
            case let attachment as AttachmentBehavior:
                guard let firstItem = attachment.items.first else { continue }
                let second = attachment.items.count > 1 ? index(of: attachment.items[1]) : nil
                let link = Link(
                    first: index(of: firstItem), second: second, anchorX: Double(attachment.anchorPoint.x),
                    anchorY: Double(attachment.anchorPoint.y), length: max(0, Double(attachment.length)),
                    omega: 2 * Double.pi * Double(attachment.frequency), zeta: Double(attachment.damping))
                if attachment.frequency > 0 { springs.append(link) } else { rods.append(link) }
            case let gravity as GravityBehavior:
                let ax = Double(gravity.gravityDirection.dx * GravityBehavior.pointsPerSecondSquared)
                let ay = Double(gravity.gravityDirection.dy * GravityBehavior.pointsPerSecondSquared)
                for item in gravity.items {
                    let body = newBodies[index(of: item)]
                    body.gravityX += ax
                    body.gravityY += ay
                }
            case let properties as DynamicItemBehavior:
                for item in properties.items {
                    let body = newBodies[index(of: item)]
                    body.density = Double(properties.density)
                    body.resistance = Double(max(0, properties.resistance))
                    body.elasticity = Double(max(0, properties.elasticity))
                    body.friction = Double(max(0, properties.friction))
                    body.isAnchored = properties.isAnchored
                }
                for (item, velocity) in properties.pendingVelocities {
                    pendingVelocities.append((index(of: item), velocity))
                }
                properties.pendingVelocities = []
            case let collision as CollisionBehavior:
                guard collision.translatesReferenceBoundsIntoBoundary, collision.collisionMode.contains(.boundaries)
                else { continue }
                for item in collision.items { newBodies[index(of: item)].collides = true }
                collisionInsets = collision.boundaryInsets
            default:
                continue
            }
        }
        for (index, velocity) in pendingVelocities {
            newBodies[index].vx += Double(velocity.x)
            newBodies[index].vy += Double(velocity.y)
        }
        for body in newBodies where body.isAnchored {
            body.vx = 0
            body.vy = 0
        }
        bodies = newBodies
        bodyIndex = newIndex
    }

    /// The insets of the (last) collision boundary.
    var collisionInsets = EdgeInsets.zero

}

extension CGRect {
    func inset(by top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> CGRect {
        CGRect(x: minX + left, y: minY + top, width: width - left - right, height: height - top - bottom)
    }
}
