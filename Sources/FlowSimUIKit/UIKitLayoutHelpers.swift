#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // Small names layout files reach for beside UIKit's layout classes: Darwin's `MAXFLOAT`,
    // `UIOffset`, a view's `window`, Xcode's colour literals and `CATransaction`.

    /// Darwin's `MAXFLOAT` (`FLT_MAX`, a `Float`), which Apple's `import UIKit` brings through
    /// `math.h` and Glibc's module does not export: snapping layouts start their nearest-item
    /// search at `CGFloat(MAXFLOAT)`.
    public let MAXFLOAT: Float = .greatestFiniteMagnitude

    /// UIKit's `UIOffset`.
    public struct UIOffset: Hashable, Sendable {
        public var horizontal: CGFloat
        public var vertical: CGFloat
        public init(horizontal: CGFloat, vertical: CGFloat) {
            self.horizontal = horizontal
            self.vertical = vertical
        }
        public init() { self.init(horizontal: 0, vertical: 0) }
        public static let zero = UIOffset()
    }

    /// UIKit's `UIWindow`, as layouts meet it: `collectionView.window?.screen.scale`. FlowSim's
    /// views never enter a window, so `window` is nil and such code takes its
    /// `?? UIScreen.main` fallback, as a view not yet on screen does on iOS.
    open class UIWindow: View {
        open var screen: UIScreen { UIScreen.main }
    }

    extension View {
        /// `UIView.window`: always nil (FlowSim lays out without a window).
        public var window: UIWindow? { nil }
    }

    /// Xcode's `#colorLiteral(red:green:blue:alpha:)` makes a `UIColor`, as UIKit declares
    /// (`UIColor`'s `init(_colorLiteralRed:green:blue:alpha:)` is in UIKitOffDeviceNames.swift).
    public typealias _ColorLiteralType = UIColor

    /// Core Animation's `CATransaction`: layouts and animators wrap changes in
    /// `begin()` / `setDisableActions(true)` / `commit()`. FlowSim has no implicit layer
    /// animations, so the settings are kept per nesting level and read back; a completion block
    /// runs when the outermost transaction commits (nothing it set is still animating).
    public enum CATransaction {
        private struct Level {
            var disableActions = false
            var animationDuration: CFTimeInterval = 0.25
            var completion: (() -> Void)?
        }
        nonisolated(unsafe) private static var levels: [Level] = []
        private static let lock = NSLock()

        public static func begin() { lock.withLock { levels.append(Level()) } }
        public static func commit() {
            let done: (() -> Void)? = lock.withLock {
                guard let level = levels.popLast() else { return nil }
                return level.completion
            }
            done?()
        }
        public static func flush() {}
        public static func disableActions() -> Bool { lock.withLock { levels.last?.disableActions ?? false } }
        public static func setDisableActions(_ flag: Bool) {
            lock.withLock { if !levels.isEmpty { levels[levels.count - 1].disableActions = flag } }
        }
        public static func animationDuration() -> CFTimeInterval {
            lock.withLock { levels.last?.animationDuration ?? 0.25 }
        }
        public static func setAnimationDuration(_ duration: CFTimeInterval) {
            lock.withLock { if !levels.isEmpty { levels[levels.count - 1].animationDuration = duration } }
        }
        public static func setCompletionBlock(_ block: (() -> Void)?) {
            let runNow: (() -> Void)? = lock.withLock {
                guard !levels.isEmpty else { return block }
                levels[levels.count - 1].completion = block
                return nil
            }
            runNow?()
        }
    }
#endif
