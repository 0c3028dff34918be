// Pinch-to-zoom photo grids: one flow layout per column count, and a pinch gesture that drives
// `startInteractiveTransition(to:completion:)` between them through a transition layout of the
// app's own. The transition layout tracks a drift offset with `updateValue(_:forAnimatedKey:)`,
// overrides `transitionProgress` to read it back, and moves super's interpolated attributes by
// it (copied first). Written as iOS developers write it; only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

/// A square grid of `columns` columns across the collection view, recomputed in `prepare()`.
final class PinchColumnsLayout: UICollectionViewFlowLayout {
    let columns: Int

    init(columns: Int) {
        self.columns = columns
        super.init()
        minimumInteritemSpacing = 2
        minimumLineSpacing = 2
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let gaps = CGFloat(columns - 1) * minimumInteritemSpacing
        let side = floor((collectionView.bounds.width - gaps) / CGFloat(columns))
        if itemSize.width != side { itemSize = CGSize(width: side, height: side) }
    }

    /// The transition hooks, in the order the collection view calls them.
    private(set) var transitionLog: [String] = []

    override func prepareForTransition(to newLayout: UICollectionViewLayout) {
        super.prepareForTransition(to: newLayout)
        transitionLog.append("to \(type(of: newLayout))")
    }

    override func prepareForTransition(from oldLayout: UICollectionViewLayout) {
        super.prepareForTransition(from: oldLayout)
        transitionLog.append("from \(type(of: oldLayout))")
    }

    override func finalizeLayoutTransition() {
        super.finalizeLayoutTransition()
        transitionLog.append("finalize")
    }
}

/// The transition between two column counts, drifting by an offset the gesture sets.
final class DriftTransitionLayout: UICollectionViewTransitionLayout {
    private static let driftX = "driftX"
    private static let driftY = "driftY"

    var drift = UIOffset.zero {
        didSet {
            updateValue(drift.horizontal, forAnimatedKey: DriftTransitionLayout.driftX)
            updateValue(drift.vertical, forAnimatedKey: DriftTransitionLayout.driftY)
        }
    }

    override var transitionProgress: CGFloat {
        didSet {
            // The tracked values win over anything set meanwhile.
            let horizontal = value(forAnimatedKey: DriftTransitionLayout.driftX)
            let vertical = value(forAnimatedKey: DriftTransitionLayout.driftY)
            if drift.horizontal != horizontal || drift.vertical != vertical {
                drift = UIOffset(horizontal: horizontal, vertical: vertical)
            }
        }
    }

    override init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout) {
        super.init(currentLayout: currentLayout, nextLayout: newLayout)
    }

    required init?(coder aDecoder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map(drifted)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath).map(drifted)
    }

    private func drifted(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let moved = attributes.copy() as? UICollectionViewLayoutAttributes else { return attributes }
        moved.center = CGPoint(x: moved.center.x + drift.horizontal, y: moved.center.y + drift.vertical)
        return moved
    }
}

/// The grid's controller, as far as the collection view sees it: it answers the delegate's
/// transition-layout question and drives a pinch (`scale` from the gesture) through the transition.
final class PinchGridController: UICollectionViewDelegate {
    let collectionView: UICollectionView
    let layouts: [PinchColumnsLayout]
    private(set) var transitionLayout: UICollectionViewTransitionLayout?
    private var startScale: CGFloat = 1
    private(set) var outcomes: [(completed: Bool, finished: Bool)] = []

    init(collectionView: UICollectionView, layouts: [PinchColumnsLayout]) {
        self.collectionView = collectionView
        self.layouts = layouts
    }

    func collectionView(
        _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
        newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
        DriftTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }

    /// A pinch began at `scale`, heading for `layout`.
    func pinchBegan(at scale: CGFloat, towards layout: PinchColumnsLayout) {
        startScale = scale
        transitionLayout = collectionView.startInteractiveTransition(to: layout) { [weak self] completed, finished in
            self?.outcomes.append((completed, finished))
            self?.transitionLayout = nil
        }
    }

    func pinchChanged(to scale: CGFloat, drift: UIOffset = .zero) {
        guard let transition = transitionLayout else { return }
        (transition as? DriftTransitionLayout)?.drift = drift
        transition.transitionProgress = abs(startScale - scale) / startScale
    }

    func pinchEnded() {
        guard let transition = transitionLayout else { return }
        if transition.transitionProgress > 0.25 {
            collectionView.finishInteractiveTransition()
        } else {
            collectionView.cancelInteractiveTransition()
        }
    }
}
