import FlowSim
import FlowSimSupport
import Foundation

/// A scene's `"drag"` updates, played as UIKit's interactive movement (docs/reorder.md).
extension SceneSimulation {
    /// The finger's steps per second: one layout pass each, as scrolls are stepped.
    static var dragStepsPerSecond: Double { scrollStepsPerSecond }

    /// The finger's positions a drag lays out: the lift and one per 1/60 s through its end
    /// (`FrameClock.count`, capped for direct callers; scenes end within an hour).
    static func dragStepCount(_ drag: SceneDrag) -> Int {
        max(2, FrameClock.count(duration: drag.duration, fps: dragStepsPerSecond))
    }

    /// Lifts the item at `at`, moves the finger along the path at 60 steps a second (each step
    /// auto-scrolls near an edge, then updates the target), and drops or cancels at the end.
    func runDrag(_ drag: SceneDrag, at start: Double, path: String) throws {
        let view = collectionView
        guard view.itemID(at: drag.item) != nil else {
            throw SceneError(
                path: path + ".drag.item", .noItem(drag.item, action: "drag", sections: view.numberOfSections))
        }
        view.currentTime = start
        guard view.beginInteractiveMovementForItem(at: drag.item, timing: drag.effectiveTiming) else {
            throw SceneError(
                path: path + ".drag.item",
                message: "the data source refuses to move this item (collectionView(_:canMoveItemAt:) is false)")
        }
        let finger = DragPath(drag)
        view.updateInteractiveMovementTargetPosition(finger.position(at: 0))
        let autoScroll = InteractiveMovementAutoScroll()
        let steps = Self.dragStepCount(drag) - 1
        var previous = start
        for step in 1...steps {
            let time = start + min(drag.duration, Double(step) / Self.dragStepsPerSecond)
            let position = finger.position(at: time - start)
            view.currentTime = time
            view.timeline.fireCompletions(through: time)
            let (minimum, maximum) = scrollableRange()
            let offset = autoScroll.offset(
                after: time - previous, from: view.contentOffset, viewportSize: view.bounds.size, position: position,
                minimum: minimum, maximum: maximum)
            if offset != view.contentOffset { view.contentOffset = offset }
            view.updateInteractiveMovementTargetPosition(position)
            previous = time
        }
        let failures = view.updateErrors.count
        switch drag.end {
        case .drop: view.endInteractiveMovement()
        case .cancel: view.cancelInteractiveMovement()
        }
        if view.updateErrors.count > failures, let error = view.updateErrors.last {
            throw SceneError(path: path + ".drag", .update(error))
        }
    }

    /// The content offsets the collection view can rest at: from −adjustedContentInset to the
    /// content's end plus the inset (the start when the content is shorter than the view).
    private func scrollableRange() -> (CGPoint, CGPoint) {
        layout.prepareIfNeeded()
        let inset = collectionView.adjustedContentInset
        let content = layout.collectionViewContentSize
        let size = collectionView.bounds.size
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(
            x: max(minimum.x, content.width + inset.right - size.width),
            y: max(minimum.y, content.height + inset.bottom - size.height))
        return (minimum, maximum)
    }

    /// A drag runs alone: no update or scroll may start while its finger moves (from its `at`
    /// to `at + duration`); the drop animation may overlap later ones, as any update's may.
    func checkDragTimes() throws {
        for (index, update) in scene.updates.enumerated() {
            guard let drag = update.drag else { continue }
            let end = update.at + drag.duration
            let window = "the drag of updates[\(index)] (\(formatNumber(update.at))–\(formatNumber(end)) s)"
            for (other, next) in scene.updates.enumerated()
            where other != index && next.at >= update.at && next.at < end {
                throw SceneError(
                    path: "updates[\(other)].at",
                    message:
                        "starts at \(formatNumber(next.at)) s, during \(window): start it at \(formatNumber(end)) s or later"
                )
            }
            for (other, scroll) in scene.scrolls.enumerated()
            where scroll.at < end && scroll.at + (scroll.timing?.endTime ?? 0) >= update.at {
                throw SceneError(
                    path: "scroll[\(other)].at",
                    message: "scrolls during \(window): a drag auto-scrolls on its own; move the scroll out of its time"
                )
            }
        }
    }
}
