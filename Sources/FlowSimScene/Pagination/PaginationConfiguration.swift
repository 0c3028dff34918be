import FlowSim
import FlowSimStyle
import Foundation

/// How appended pages (and the loading cell) reach the screen.
public enum AppendAnimation: Equatable, Sendable {
    /// `reloadData()`, as the seed: no animation.
    case reload
    /// Batch updates with `timing`: the loading cell is inserted, then deleted while the page's
    /// items are inserted (UIKit's default fade for a flow layout without effects).
    case insert(AnimationTiming)
}

/// Everything a pagination session depends on; the defaults are `flowsim paginate`'s.
public struct PaginationConfiguration: Sendable {
    /// 375 × 667 pt at scale 2 (iPhone 8): a viewport the default grid overflows.
    public static let defaultViewport = Viewport(width: 375, height: 667, scale: 2)

    /// Two columns of 170 × 170 pt cells, 10 pt spacing and section inset: rows every 180 pt,
    /// 3.7 rows on screen, so a page of 20 is 10 rows (1810 pt of content).
    public static var defaultLayout: LayoutSpec {
        var layout = LayoutSpec()
        layout.itemSize = CGSize(width: 170, height: 170)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        return layout
    }

    public var viewport = defaultViewport
    public var layout = defaultLayout
    public var style = SceneStyle()
    /// Items the server has.
    public var total = 45
    public var limit = LoadMoreController<ItemData>.defaultLimit
    public var threshold = LoadMoreController<ItemData>.defaultThreshold
    /// Seconds from request to response.
    public var latency = 0.4
    /// Extra seeded latency in [0, jitter).
    public var jitter = 0.0
    /// Pages (from 0) whose first attempt fails.
    public var failPages: Set<Int> = [1]
    public var seed: UInt64 = 0
    public var gesture = ScrollGesture.fling(velocity: 2500)
    /// When the user starts scrolling: just after the first page (latency 0.4) has arrived.
    public var gestureStart = 0.5
    /// Seconds simulated.
    public var duration = 6.0
    /// Clock rate: the simulation steps every 1 / stepsPerSecond seconds (a 60 Hz display).
    public var stepsPerSecond = 60.0
    public var appendAnimation = AppendAnimation.reload
    public var loadingCellHeight: CGFloat = 60

    public init() {}
}
