import Foundation

/// An interactive movement under way: which item, where it came from, where the gap is now and
/// where the finger is (docs/reorder.md).
struct InteractiveMovement {
    /// The item's id (its track on the timeline).
    var itemID: String
    /// Source (the data source's index path) and target (the presented index path of the gap).
    var mapping: ReorderMapping
    /// UIKit's `_reorderingTargetPosition`: the last position given, in content coordinates.
    var position: CGPoint
    /// The animation of the other items as the target changes, and of the drop or cancel.
    var timing: AnimationTiming
}

/// UIKit's interactive movement (iOS 9): `beginInteractiveMovementForItem(at:)`,
/// `updateInteractiveMovementTargetPosition(_:)`, `endInteractiveMovement()`,
/// `cancelInteractiveMovement()`. While it runs the collection view presents the data with the
/// item moved to its target (the data source is told at the drop, `moveItemAt`); each target
/// change is a batch move on the presented data, so the other items slide with the update
/// machinery; the moving item is drawn where the layout's
/// `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)` puts it (the finger, on top).
extension CollectionView {
    /// The animation of the other items making room, and of the drop and cancel: UIKit's default
    /// update animation (docs/reorder.md: its reordering animator is not read from the decompiled
    /// code; this is FlowSim's choice).
    public static let interactiveMovementTiming = AnimationTiming.uikitDefault

    /// Whether an interactive movement is under way.
    public var isInteractivelyMoving: Bool { interactiveMovement != nil }

    /// The moving item's presented index path (its target), nil when none moves.
    public var interactiveMovementTargetIndexPath: IndexPath? { interactiveMovement?.mapping.target }

    /// UIKit's `dataSourceIndexPath(forPresentationIndexPath:)`: the data source's index path of
    /// the item presented at `presentationIndexPath` (the same when nothing moves).
    public func dataSourceIndexPath(forPresentationIndexPath presentationIndexPath: IndexPath?) -> IndexPath? {
        guard let presentationIndexPath else { return nil }
        return interactiveMovement?.mapping.dataSourcePath(forPresentation: presentationIndexPath)
            ?? presentationIndexPath
    }

    /// UIKit's `presentationIndexPath(forDataSourceIndexPath:)`.
    public func presentationIndexPath(forDataSourceIndexPath dataSourceIndexPath: IndexPath?) -> IndexPath? {
        guard let dataSourceIndexPath else { return nil }
        return interactiveMovement?.mapping.presentationPath(forDataSource: dataSourceIndexPath)
            ?? dataSourceIndexPath
    }

    /// UIKit's `beginInteractiveMovementForItem(at:)`: false (nothing changes) when a movement is
    /// under way, the item does not exist, there is no data source, or the data source's
    /// `collectionView(_:canMoveItemAt:)` says no. The item lifts in place (its centre is the
    /// first target position), above every other element.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath, timing: AnimationTiming? = nil) -> Bool {
        guard interactiveMovement == nil, let dataSource, let id = itemID(at: indexPath) else { return false }
        guard dataSource.collectionView(self, canMoveItemAt: indexPath) else { return false }
        layoutIfNeeded()
        timeline.fireCompletions(through: currentTime)
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        let center = layout.layoutAttributesForItem(at: indexPath)?.center ?? .zero
        interactiveMovement = InteractiveMovement(
            itemID: id, mapping: ReorderMapping(source: indexPath, target: indexPath), position: center,
            timing: timing ?? Self.interactiveMovementTiming)
        layout.invalidateLayout(
            with: layout.invalidationContext(
                forInteractivelyMovingItems: [indexPath], withTargetPosition: center, previousIndexPaths: [indexPath],
                previousPosition: center))
        recordLayoutPass()
        return true
    }

    /// UIKit's `updateInteractiveMovementTargetPosition(_:)`: the layout proposes a target for the
    /// position (`targetIndexPath(forInteractivelyMovingItem:withPosition:)`), the delegate may
    /// redirect it; a new target moves the gap there (the other items slide), and the moving item
    /// follows the position at once. A target outside the presented data is ignored (the gap stays).
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var movement = interactiveMovement else { return }
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        let previous = movement.mapping.target
        var proposed = layout.targetIndexPath(forInteractivelyMovingItem: previous, withPosition: targetPosition)
        if let delegate {
            proposed = delegate.collectionView(
                self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.mapping.source,
                atCurrentIndexPath: previous, toProposedIndexPath: proposed)
        }
        if !isValidInteractiveTarget(proposed, from: previous) { proposed = previous }
        let previousPosition = movement.position
        movement.position = targetPosition
        movement.mapping.target = proposed
        interactiveMovement = movement
        layout.invalidateLayout(
            with: layout.invalidationContext(
                forInteractivelyMovingItems: [proposed], withTargetPosition: targetPosition,
                previousIndexPaths: [previous], previousPosition: previousPosition))
        guard proposed != previous else { return recordLayoutPass() }
        var batch = BatchUpdate()
        batch.movedItems = [(previous, proposed)]
        do {
            try apply(batch, timing: movement.timing)
        } catch {
            // Cannot happen for a valid target; keep the gap where it was if it does.
            interactiveMovement?.mapping.target = previous
            return recordLayoutPass()
        }
        followFinger(movement)
    }

    /// UIKit's `endInteractiveMovement()`: the data source moves its data (`moveItemAt`, when the
    /// target differs from the source), the layout is invalidated with
    /// `invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths: [target],
    /// previousIndexPaths: [target], movementCancelled: false)`, and the item animates from the
    /// finger into its slot, staying above the others until it lands. Data the data source did
    /// not move fails as an invalid update (kept in `updateErrors`) and is reloaded.
    public func endInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        let (source, target) = (movement.mapping.source, movement.mapping.target)
        let presented = itemIDs.map(\.array)
        interactiveMovement = nil
        if source != target { dataSource?.collectionView(self, moveItemAt: source, to: target) }
        let layout = collectionViewLayout
        layout.invalidateLayout(
            with: layout.invalidationContextForEndingInteractiveMovementOfItems(
                toFinalIndexPaths: [target], previousIndexPaths: [target], movementCancelled: false))
        do throws(UpdateError) {
            try apply(BatchUpdate(), timing: movement.timing)
        } catch {
            recordUpdateFailure(error, batch: BatchUpdate())
            reloadData()
            return
        }
        // Same counts but other items (a data source that moved the wrong one): UIKit shows the
        // data as it now is; FlowSim reloads it.
        if itemIDs.map(\.array) != presented { reloadData() }
        landMovingItem(movement)
    }

    /// UIKit's `cancelInteractiveMovement()`: nothing is told to the data source; the gap closes
    /// back at the source (the other items slide back) and the item animates from the finger to
    /// its original slot. The layout's ending context has `toFinalIndexPaths: [source]`,
    /// `previousIndexPaths: [target]`, `movementCancelled: true`.
    public func cancelInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        let (source, target) = (movement.mapping.source, movement.mapping.target)
        interactiveMovement = nil
        let layout = collectionViewLayout
        layout.invalidateLayout(
            with: layout.invalidationContextForEndingInteractiveMovementOfItems(
                toFinalIndexPaths: [source], previousIndexPaths: [target], movementCancelled: true))
        var batch = BatchUpdate()
        if source != target { batch.movedItems = [(target, source)] }
        do throws(UpdateError) {
            try apply(batch, timing: movement.timing)
        } catch {
            recordUpdateFailure(error, batch: batch)
            reloadData()
            return
        }
        landMovingItem(movement)
    }

    // MARK: Presentation

    /// `list` (the layout's answer for `rect`) with the moving item's attributes replaced by the
    /// layout's interactive ones, as UIKit shows the reordered cell; added when only they meet `rect`.
    func substitutingInteractivelyMovingItem(_ list: [LayoutAttributes], in rect: CGRect) -> [LayoutAttributes] {
        guard let movement = interactiveMovement else { return list }
        let target = movement.mapping.target
        let moving = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
            at: target, withTargetPosition: movement.position)
        var result = list
        if let index = result.firstIndex(where: { $0.representedElementCategory == .cell && $0.indexPath == target }) {
            result[index] = moving
        } else if moving.frame.intersects(rect) {
            result.append(moving)
        }
        return result
    }

    /// Whether `proposed` is a place the gap can move to from `previous`: an existing section,
    /// and an item index within it once the moving item joins (one past the end of another section).
    private func isValidInteractiveTarget(_ proposed: IndexPath, from previous: IndexPath) -> Bool {
        guard proposed.count == 2, proposed.section >= 0, proposed.section < numberOfSections, proposed.item >= 0 else {
            return false
        }
        let count = numberOfItems(inSection: proposed.section)
        return proposed.section == previous.section ? proposed.item < count : proposed.item <= count
    }

    /// After a batch the planner slid the moving item between finger positions: it follows the
    /// finger at once instead (a layout pass with no animation for it).
    private func followFinger(_ movement: InteractiveMovement) {
        let key = AnimationTimeline.TrackKey(kind: .cell, id: movement.itemID)
        guard let target = interactiveMovement?.mapping.target else { return }
        let moving = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
            at: target, withTargetPosition: movement.position)
        timeline.recordAnimation(
            key: key, from: AttributesValue(moving), to: AttributesValue(moving), state: .static,
            timing: AnimationTiming(curve: .linear(duration: 0)), at: currentTime, indexPath: target,
            content: content(for: ElementKey(moving)), beginFromCurrentState: false, staysAfterwards: true)
    }

    /// The drop or cancel batch slid the item from the finger to its slot: it stays on top (the
    /// zIndex it was lifted with) until it lands.
    private func landMovingItem(_ movement: InteractiveMovement) {
        timeline.keepStartZIndex(of: AnimationTimeline.TrackKey(kind: .cell, id: movement.itemID), at: currentTime)
    }
}
