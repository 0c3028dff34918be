#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // UIKit members real layout files use that FlowSim accepts: some simulated, some stored and
    // read back only (each says which). Stored values of FlowSim's classes live in side tables,
    // keyed by the object and dropped with it.

    /// Values attached to objects this module does not own (extensions cannot add stored
    /// properties). Entries die with their object; dead ones are pruned on write.
    final class SideTable<Value>: @unchecked Sendable {
        private final class Entry {
            weak var owner: AnyObject?
            var value: Value
            init(owner: AnyObject, value: Value) {
                self.owner = owner
                self.value = value
            }
        }
        private let lock = NSLock()
        private var entries: [ObjectIdentifier: Entry] = [:]
        private let defaultValue: Value
        /// Entry count at which dead entries are next pruned (doubles with the live count).
        private var pruneThreshold = 64

        init(default defaultValue: Value) { self.defaultValue = defaultValue }

        subscript(owner: AnyObject) -> Value {
            get {
                lock.lock()
                defer { lock.unlock() }
                guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner else { return defaultValue }
                return entry.value
            }
            set {
                lock.lock()
                defer { lock.unlock() }
                if entries.count >= pruneThreshold {
                    entries = entries.filter { $0.value.owner != nil }
                    pruneThreshold = max(64, entries.count * 2)
                }
                entries[ObjectIdentifier(owner)] = Entry(owner: owner, value: newValue)
            }
        }
    }

    // MARK: Geometry

    extension CGSize {
        /// CoreGraphics' `CGSize.equalTo(_:)` (`CGSizeEqualToSize`): `==`.
        public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
    }

    extension CGPoint {
        /// CoreGraphics' `CGPoint.equalTo(_:)` (`CGPointEqualToPoint`): `==`.
        public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
    }

    extension CGRect {
        /// CoreGraphics' `CGRect.equalTo(_:)` (`CGRectEqualToRect`): equal origins and sizes after
        /// standardising, as CoreGraphics compares them (a rect with negative size equals its
        /// standardised form).
        public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
    }

    /// UIKit's `NSDirectionalEdgeInsets`: insets by leading and trailing edge (FlowSim's
    /// `DirectionalEdgeInsets`; leading is left, FlowSim lays out left to right only).
    public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets

    // MARK: Screen and layout direction

    /// UIKit's `UIUserInterfaceLayoutDirection`. FlowSim lays out left to right only.
    public typealias UIUserInterfaceLayoutDirection = UserInterfaceLayoutDirection
    /// UIKit's `UIUserInterfaceSizeClass`.
    public typealias UIUserInterfaceSizeClass = UserInterfaceSizeClass
    /// UIKit's `UIUserInterfaceIdiom`.
    public typealias UIUserInterfaceIdiom = UserInterfaceIdiom
    /// UIKit's `UITraitCollection`.
    public typealias UITraitCollection = TraitCollection

    /// UIKit's `UIApplication`, for `UIApplication.shared.userInterfaceLayoutDirection` (always
    /// left to right in FlowSim).
    public final class UIApplication: Sendable {
        public static let shared = UIApplication()
        public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    }

    /// UIKit's `UIScreen`, for `UIScreen.main.scale` (layouts round to pixels with it).
    ///
    /// `scale` is 2, the collection view's default `scale`. It is settable here (read-only in
    /// UIKit) for tests of layouts that read it on a 3× viewport: set both it and the collection
    /// view's `scale`. `bounds` is the iPhone 8's 375 × 667 portrait screen, `nativeBounds` its pixels.
    public final class UIScreen: @unchecked Sendable {
        public static let main = UIScreen()
        private let lock = NSLock()
        private var storedScale: CGFloat = 2

        public var scale: CGFloat {
            get { lock.withLock { storedScale } }
            set { lock.withLock { storedScale = newValue } }
        }
        public var nativeScale: CGFloat { scale }
        public var bounds: CGRect { CGRect(x: 0, y: 0, width: 375, height: 667) }
        /// The screen in pixels, portrait up (Apple: "The bounding rectangle of the physical
        /// screen, measured in pixels"): `bounds` times `nativeScale`, 750 × 1334 at 2×, the
        /// iPhone 8's. Layouts switch on its height to tell devices apart (JZCalendarWeekView's
        /// notch check), so a test sees the same device on Linux.
        public var nativeBounds: CGRect {
            let scale = nativeScale
            return CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
        }
    }

    // MARK: Scroll view

    /// `UIScrollView`: in FlowSim the collection view is the scroll view, so scroll-view code
    /// (`scrollView.contentOffset`, `UIScrollView.DecelerationRate.fast`) compiles against it.
    public typealias UIScrollView = CollectionView

    /// Scroll-view settings FlowSim stores but does not simulate per collection view.
    struct ScrollSettings {
        var decelerationRate = CollectionView.DecelerationRate.normal
        var isPagingEnabled = false
        var isScrollEnabled = true
        var showsHorizontalScrollIndicator = true
        var showsVerticalScrollIndicator = true
    }

    let scrollSettings = SideTable(default: ScrollSettings())

    extension CollectionView {
        /// `UIScrollView.DecelerationRate`: the per-millisecond velocity factor of a fling
        /// (FlowSim's `Deceleration.normalRate` / `fastRate`).
        public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
            public var rawValue: CGFloat
            public init(rawValue: CGFloat) { self.rawValue = rawValue }
            public static let normal = DecelerationRate(rawValue: CGFloat(Deceleration.normalRate))
            public static let fast = DecelerationRate(rawValue: CGFloat(Deceleration.fastRate))
        }

        /// `UIScrollView.decelerationRate`. Stored and read back: FlowSim's collection view does
        /// not fling by itself (scenes and `ScrollDriver` give the deceleration model its rate;
        /// pass `decelerationRate.rawValue` as `Deceleration.rate`).
        public var decelerationRate: DecelerationRate {
            get { scrollSettings[self].decelerationRate }
            set { scrollSettings[self].decelerationRate = newValue }
        }

        /// `UIScrollView.isPagingEnabled`. Stored and read back; no gesture is simulated against it.
        public var isPagingEnabled: Bool {
            get { scrollSettings[self].isPagingEnabled }
            set { scrollSettings[self].isPagingEnabled = newValue }
        }

        /// `UIScrollView.isScrollEnabled`. Stored and read back.
        public var isScrollEnabled: Bool {
            get { scrollSettings[self].isScrollEnabled }
            set { scrollSettings[self].isScrollEnabled = newValue }
        }

        /// `UIScrollView.showsHorizontalScrollIndicator`. Stored and read back (nothing is drawn).
        public var showsHorizontalScrollIndicator: Bool {
            get { scrollSettings[self].showsHorizontalScrollIndicator }
            set { scrollSettings[self].showsHorizontalScrollIndicator = newValue }
        }

        /// `UIScrollView.showsVerticalScrollIndicator`. Stored and read back (nothing is drawn).
        public var showsVerticalScrollIndicator: Bool {
            get { scrollSettings[self].showsVerticalScrollIndicator }
            set { scrollSettings[self].showsVerticalScrollIndicator = newValue }
        }
    }

    // MARK: Flow layout

    /// Flow-layout settings FlowSim accepts without simulating.
    struct FlowSettings {
        var sectionFootersPinToVisibleBounds = false
    }

    let flowSettings = SideTable(default: FlowSettings())

    extension FlowLayout {
        /// `UICollectionViewFlowLayout.sectionFootersPinToVisibleBounds`. Stored and read back;
        /// footers are not pinned (headers are: `sectionHeadersPinToVisibleBounds`).
        public var sectionFootersPinToVisibleBounds: Bool {
            get { flowSettings[self].sectionFootersPinToVisibleBounds }
            set { flowSettings[self].sectionFootersPinToVisibleBounds = newValue }
        }
    }

    // MARK: Animation options

    extension ViewAnimation.Options {
        // UIKit's other `UIView.AnimationOptions`, with UIKit's raw values. Accepted and ignored:
        // only the curve members (`.curveEaseIn` …) change a simulation's timing.
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
        public static let allowAnimatedContent = Self(rawValue: 1 << 7)
        public static let showHideTransitionViews = Self(rawValue: 1 << 8)
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
        public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
        public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
        public static let transitionCurlUp = Self(rawValue: 3 << 20)
        public static let transitionCurlDown = Self(rawValue: 4 << 20)
        public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
        public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)
        public static let preferredFramesPerSecond60 = Self(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = Self(rawValue: 7 << 24)
    }
#endif
