import Foundation

extension CollectionView {
    /// UIKit's `LayoutInteractiveTransitionCompletion`: `(completed, finished)`, whether the
    /// transition reached the new layout and whether its animation ran to its end.
    public typealias LayoutInteractiveTransitionCompletion = (Bool, Bool) -> Void

    /// UIKit's `startInteractiveTransition(to:completion:)`: installs the transition layout the
    /// delegate's `collectionView(_:transitionLayoutForOldLayout:newLayout:)` makes (by default a
    /// plain `CollectionViewTransitionLayout`) at progress 0 and returns it; drive its
    /// `transitionProgress`, then call `finishInteractiveTransition()` or
    /// `cancelInteractiveTransition()`. Starting while one runs returns the running one.
    @discardableResult
    public func startInteractiveTransition(
        to layout: CollectionViewLayout, completion: LayoutInteractiveTransitionCompletion? = nil
    ) -> CollectionViewTransitionLayout {
        if let running = collectionViewLayout as? CollectionViewTransitionLayout, interactiveTransition != nil {
            return running
        }
        let oldLayout = collectionViewLayout
        let transition =
            delegate?.collectionView(self, transitionLayoutForOldLayout: oldLayout, newLayout: layout)
            ?? CollectionViewTransitionLayout(currentLayout: oldLayout, nextLayout: layout)
        interactiveTransition = InteractiveTransition(completion: completion)
        // The old layout hands over to the transition layout at once (which tells the next
        // layout it comes from the transition layout, as UIKit's does).
        oldLayout.prepareForTransition(to: transition)
        transition.prepareForTransition(from: oldLayout)
        collectionViewLayout = transition
        transition.prepareIfNeeded()
        oldLayout.finalizeLayoutTransition()
        transition.transitionProgress = 0
        return transition
    }

    /// UIKit's `finishInteractiveTransition()`: the elements move on to the next layout with the
    /// enclosing animation block's timing (else 0.3 s ease-in-out, as an animated layout change),
    /// the content offset to where the transition layout put the next layout's bounds; the
    /// completion gets `(true, finished)`.
    public func finishInteractiveTransition() {
        endInteractiveTransition(finishing: true)
    }

    /// UIKit's `cancelInteractiveTransition()`: back to the current layout and the bounds the
    /// transition started from; the completion gets `(false, finished)`.
    public func cancelInteractiveTransition() {
        endInteractiveTransition(finishing: false)
    }

    private func endInteractiveTransition(finishing: Bool) {
        guard let transition = collectionViewLayout as? CollectionViewTransitionLayout,
            let running = interactiveTransition
        else { return }
        interactiveTransition = nil
        let target = finishing ? transition.nextLayout : transition.currentLayout
        let offset = finishing ? transition.finishingContentOffset : transition.cancellingContentOffset
        let left = finishing ? transition.currentLayout : transition.nextLayout
        contentOffset = offset
        // The transition layout finalizes itself and the next layout (UIKit's
        // `_finalizeLayoutTransition`); the two layouts were told of it when it started.
        install(target, animated: true, completion: { finished in running.completion?(finishing, finished) }) {
            transition.finalizeLayoutTransition()
        }
        if left.attachedCollectionView === self, left !== collectionViewLayout { left.attachedCollectionView = nil }
    }
}

/// The running interactive transition's completion (one at a time, as in UIKit).
struct InteractiveTransition {
    let completion: CollectionView.LayoutInteractiveTransitionCompletion?
}
