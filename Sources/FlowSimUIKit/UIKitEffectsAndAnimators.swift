#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // Names views around layouts use (a blur behind paging cards, an interactive transition's
    // offset): values stored and read back, never drawn, so files that declare such views beside
    // their layouts compile unedited.

    /// `UICollectionViewTransitionLayout`: interpolates between two layouts during
    /// `startInteractiveTransition(to:completion:)` (docs/uikit-rules.md §11).
    public typealias UICollectionViewTransitionLayout = CollectionViewTransitionLayout

    extension View {
        /// `UIView.AnimationCurve`, as `UIViewPropertyAnimator(duration:curve:)` takes it.
        public enum AnimationCurve: Int, Sendable {
            case easeInOut, easeIn, easeOut, linear
        }
    }

    /// UIKit's `UIVisualEffect`: what a `UIVisualEffectView` shows.
    open class UIVisualEffect: NSObject, @unchecked Sendable {}

    /// UIKit's `UIBlurEffect(style:)`; the style is kept.
    open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
        /// UIKit's blur styles (raw values as UIKit's).
        public enum Style: Int, Sendable {
            case extraLight, light, dark, extraDark, regular, prominent
            case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
            case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight
            case systemChromeMaterialLight
            case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark
            case systemChromeMaterialDark
        }
        public let style: Style
        public init(style: Style) { self.style = style }
    }

    /// UIKit's `UIVibrancyEffect(blurEffect:)`.
    open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
        public let blurEffect: UIBlurEffect
        public init(blurEffect: UIBlurEffect) { self.blurEffect = blurEffect }
    }

    /// UIKit's `UIVisualEffectView`: a view with an `effect` (settable, also inside an animator's
    /// block) and a `contentView` to add subviews to. Nothing is blurred.
    open class UIVisualEffectView: View {
        open var effect: UIVisualEffect?
        public let contentView = View(frame: .zero)

        public init(effect: UIVisualEffect?) {
            self.effect = effect
            super.init(frame: .zero)
            addSubview(contentView)
        }

        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            addSubview(contentView)
        }
    }

    /// UIKit's `UIViewAnimatingState`.
    public enum UIViewAnimatingState: Int, Sendable {
        case inactive, active, stopped
    }

    /// UIKit's `UIViewAnimatingPosition`.
    public enum UIViewAnimatingPosition: Int, Sendable {
        case end, start, current
    }

    /// UIKit's `UIViewPropertyAnimator`, as a state machine without a clock: the animation blocks
    /// run when the animator first becomes active (`startAnimation()`, `pauseAnimation()` or a
    /// set `fractionComplete`, as in UIKit, where they set the model values at once); the
    /// completions run at `finishAnimation(at:)` (after `stopAnimation(false)`) with the
    /// position. Nothing is interpolated: `fractionComplete` is stored and read back, which is what
    /// the common "paused animator as blur intensity" views need.
    open class UIViewPropertyAnimator: NSObject, @unchecked Sendable {
        public let duration: TimeInterval
        public let curve: View.AnimationCurve
        public private(set) var state: UIViewAnimatingState = .inactive
        public private(set) var isRunning = false
        open var isReversed = false
        open var isInterruptible = true
        open var pausesOnCompletion = false
        open var scrubsLinearly = true
        open var isUserInteractionEnabled = true
        /// The fraction set (0…1); becoming active runs the animation blocks.
        open var fractionComplete: CGFloat = 0 {
            didSet {
                fractionComplete = min(1, max(0, fractionComplete))
                activate()
            }
        }
        private var animations: [() -> Void] = []
        private var completions: [(UIViewAnimatingPosition) -> Void] = []

        public init(duration: TimeInterval, curve: View.AnimationCurve, animations: (() -> Void)? = nil) {
            self.duration = duration
            self.curve = curve
            super.init()
            if let animations { self.animations.append(animations) }
        }

        public convenience override init() { self.init(duration: 0, curve: .easeInOut) }

        open func addAnimations(_ animation: @escaping () -> Void) {
            if state == .active { animation() } else { animations.append(animation) }
        }
        open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) { addAnimations(animation) }
        open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
            completions.append(completion)
        }

        open func startAnimation() {
            activate()
            isRunning = true
        }
        open func startAnimation(afterDelay delay: TimeInterval) { startAnimation() }
        open func pauseAnimation() {
            activate()
            isRunning = false
        }
        /// `true`: back to inactive without completions; `false`: stopped, awaiting `finishAnimation(at:)`.
        open func stopAnimation(_ withoutFinishing: Bool) {
            guard state == .active else { return }
            isRunning = false
            state = withoutFinishing ? .inactive : .stopped
        }
        open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
            guard state == .stopped else { return }
            state = .inactive
            let pending = completions
            completions = []
            pending.forEach { $0(finalPosition) }
        }
        open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) { startAnimation() }

        private func activate() {
            guard state == .inactive else { return }
            state = .active
            let pending = animations
            animations = []
            pending.forEach { $0() }
        }
    }
#endif
