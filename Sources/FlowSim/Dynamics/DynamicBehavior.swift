import Foundation

/// UIKit's `UIDynamicBehavior`: the base of every behaviour, and a composite of child
/// behaviours (a custom behaviour adds its parts with `addChildBehavior(_:)`).
///
/// `action` runs after every integration substep (`DynamicAnimator.stepsPerSecond`, 240 a
/// second) while the animator runs; UIKit calls it once per animation tick.
open class DynamicBehavior: NSObject {
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Called after every substep while the behaviour's animator runs.
    open var action: (() -> Void)?
    /// The animator the behaviour (or its top-level ancestor) was added to.
    public var dynamicAnimator: DynamicAnimator? { animator ?? parent?.dynamicAnimator }

    weak var animator: DynamicAnimator?
    weak var parent: DynamicBehavior?

    public override init() { super.init() }

    open func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        behavior.willMove(to: dynamicAnimator)
        changed(structure: true)
    }

    open func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.removeAll { $0 === behavior }
        behavior.parent = nil
        behavior.willMove(to: nil)
        changed(structure: true)
    }

    /// UIKit's hook, called when the behaviour is added to an animator or removed (nil).
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    /// The items this behaviour acts on itself (not its children's).
    var ownItems: [DynamicItem] { [] }

    /// This behaviour and its descendants, depth first (the order forces are applied in).
    var flattened: [DynamicBehavior] { [self] + childBehaviors.flatMap(\.flattened) }

    /// A property or the item list changed: the animator wakes (and rebuilds its item list
    /// when `structure` is true).
    func changed(structure: Bool = false) {
        dynamicAnimator?.behaviorDidChange(structure: structure)
    }
}
