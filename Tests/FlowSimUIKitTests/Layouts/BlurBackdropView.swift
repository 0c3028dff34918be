// The blur behind paging cards: a `UIVisualEffectView` whose intensity is a paused
// `UIViewPropertyAnimator`'s `fractionComplete`, set up when the view joins a superview and
// stopped when it leaves or dies. The shape of the blur views paging-layout libraries ship beside
// their layouts; written as iOS developers write it, only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

final class BlurBackdropView: UIVisualEffectView {
    private var animator: UIViewPropertyAnimator?
    private let style: UIBlurEffect.Style
    /// 0 … 1: how far the blur has come in.
    var intensity: CGFloat {
        didSet { animator?.fractionComplete = intensity }
    }
    private(set) var completions: [UIViewAnimatingPosition] = []

    init(style: UIBlurEffect.Style, intensity: CGFloat) {
        self.style = style
        self.intensity = intensity
        super.init(effect: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit { animator?.stopAnimation(true) }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard let superview = superview else {
            animator?.stopAnimation(true)
            return
        }
        backgroundColor = .clear
        frame = superview.bounds
        setUpBlur()
    }

    private func setUpBlur() {
        animator?.stopAnimation(true)
        effect = nil
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        animator.addAnimations { [weak self] in
            guard let self = self else { return }
            self.effect = UIBlurEffect(style: self.style)
        }
        animator.addCompletion { [weak self] position in self?.completions.append(position) }
        animator.pausesOnCompletion = true
        animator.fractionComplete = intensity
        self.animator = animator
    }

    /// Ends the blur where it is, as a dismissal does.
    func settle() {
        animator?.stopAnimation(false)
        animator?.finishAnimation(at: .current)
    }

    var animatorState: UIViewAnimatingState? { animator?.state }
}
