import FlowSim
import Foundation

/// A load-more session: a simulated user scrolls a flow-layout collection view whose data
/// arrives in pages from a `ScriptedPageProvider`, driven by a `LoadMoreController`.
///
/// The clock steps every 1 / `stepsPerSecond` s from 0 through `duration`. At each step, in
/// order: responses due by now are delivered (logged at their delivery time); an empty list in
/// `normal` requests its first page (the app's initial load — the only request not made by a
/// display); the `ScrollDriver` moves the content offset; cells whose frames newly overlap the
/// bounds are "displayed", in item order, and may request the next page; a frame may be
/// recorded.
///
/// Re-display of visible cells (`cellForItemAt` after `reloadData`): the request trigger
/// sits in `cellForItemAt`, so the `reloadData()` that shows a page re-displays every visible
/// cell and requests the next page at once when the threshold cell is on screen (content
/// shorter than the screen, or a user resting at the end). So when a response leaves the state
/// `normal` (more data possible), the visible cells are displayed again:
/// - after a page arrived: in the same step (the reload's `cellForItemAt`);
/// - after an error: `max(latency, one step)` later (a back-off, FlowSim's choice: a controller's
///   error block does not reload, and an immediate re-display would retry a server that keeps
///   failing in a loop). A new cell scrolling into view before then retries at once, as before.
///
/// Without these re-displays a failed page was never retried while the user rested at the end
/// (nothing new comes into view and there is no room ahead to fling again), and content shorter
/// than the screen stopped after its first failure.
public final class PaginationSimulation {
    public let configuration: PaginationConfiguration
    public let dataSource: PaginatedDataSource
    public let layout: FlowLayout
    public let collectionView: CollectionView
    public private(set) var controller: LoadMoreController<ItemData>
    public private(set) var provider: ScriptedPageProvider
    public private(set) var driver: ScrollDriver
    public private(set) var events: [PaginationEvent] = []
    public private(set) var frames: [PresentedFrame] = []
    /// The clock.
    public private(set) var time = 0.0
    private var nextStep = 0
    private var pending: [ScriptedPageProvider.Response] = []
    private var visibleIDs: Set<String> = []
    /// When the visible cells are next displayed again (see the type's documentation).
    private var redisplayTime: Double?

    /// `layouts`: a registered class named by the configuration must be a flow layout (else
    /// FlowSim's flow layout is used: callers check with `LayoutSpec.makeFlowLayout`).
    public init(configuration: PaginationConfiguration, layouts: LayoutRegistry = [:]) {
        self.configuration = configuration
        dataSource = PaginatedDataSource()
        dataSource.loadingCellHeight = configuration.loadingCellHeight
        layout = configuration.layout.makeFlowLayout(registry: layouts) ?? configuration.layout.makeInsetFlowLayout()
        let viewport = configuration.viewport
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height),
            collectionViewLayout: layout)
        collectionView.scale = viewport.scale
        collectionView.contentInset = viewport.contentInset
        collectionView.contentOffset = viewport.contentOffset
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
        controller = LoadMoreController(limit: configuration.limit, threshold: configuration.threshold)
        provider = ScriptedPageProvider(
            total: configuration.total, latency: configuration.latency, failPages: configuration.failPages,
            jitter: configuration.jitter, seed: configuration.seed)
        driver = ScrollDriver(
            gesture: configuration.gesture, startTime: configuration.gestureStart,
            scale: Double(viewport.scale))
        collectionView.layoutIfNeeded()
    }

    public var stepCount: Int { Int((configuration.duration * configuration.stepsPerSecond).rounded()) }

    /// The log so far.
    public var log: PaginationLog {
        PaginationLog(events: events, finalState: controller.state, itemCount: controller.items.count)
    }

    /// How many steps apart `run(framesPerSecond:)` records frames: round(stepsPerSecond / fps),
    /// at least 1.
    public func frameStride(framesPerSecond: Double) -> Int {
        max(1, Int((configuration.stepsPerSecond / framesPerSecond).rounded()))
    }

    /// How many frames `run(framesPerSecond:)` records from the start (known before it runs, so
    /// a caller can hold the count to a limit).
    public func frameCount(framesPerSecond: Double) -> Int {
        stepCount / frameStride(framesPerSecond: framesPerSecond) + 1
    }

    /// Runs every remaining step; with `framesPerSecond`, records a frame every
    /// round(stepsPerSecond / fps) steps (so frames sit on the simulation's steps).
    public func run(framesPerSecond: Double? = nil) {
        let stride = framesPerSecond.map(frameStride(framesPerSecond:))
        while nextStep <= stepCount {
            let step = nextStep
            advance()
            if let stride, step % stride == 0 { frames.append(frame(index: frames.count, time: time)) }
        }
    }

    /// One step of the clock.
    public func advance() {
        time = Double(nextStep) / configuration.stepsPerSecond
        nextStep += 1
        collectionView.currentTime = time
        deliverResponses()
        if controller.state == .normal && controller.items.isEmpty, let request = controller.loadMore() {
            start(request)
        }
        scroll()
        displayNewCells()
    }

    // MARK: Requests and responses

    private func start(_ request: PageRequest) {
        redisplayTime = nil
        events.append(PaginationEvent(time: time, kind: .request(request)))
        let before = controller.items.count
        dataSource.items = controller.items
        dataSource.showsLoadingCell = controller.showsLoadingCell
        var batch = BatchUpdate()
        batch.insertedItems = [IndexPath(item: before, section: 0)]
        show(batch)
        pending.append(provider.respond(to: request, at: time))
    }

    private func deliverResponses() {
        let due = pending.filter { $0.deliveryTime <= time + 1e-9 }.sorted { $0.deliveryTime < $1.deliveryTime }
        pending.removeAll { $0.deliveryTime <= time + 1e-9 }
        for response in due {
            let before = controller.items.count
            let hadLoadingCell = dataSource.showsLoadingCell
            let outcome = controller.handle(response.result, for: response.request)
            guard outcome != .ignored else { continue }
            let logged: Result<Int, PageLoadError> = response.result.map(\.count)
            events.append(
                PaginationEvent(
                    time: response.deliveryTime,
                    kind: .response(startIndex: response.request.startIndex, result: logged)))
            events.append(PaginationEvent(time: response.deliveryTime, kind: .state(controller.state)))
            if controller.state == .normal {
                let backOff = outcome == .failed ? max(configuration.latency, 1 / configuration.stepsPerSecond) : 0
                redisplayTime = time + backOff
            } else {
                redisplayTime = nil
            }
            dataSource.items = controller.items
            dataSource.showsLoadingCell = controller.showsLoadingCell
            var batch = BatchUpdate()
            if hadLoadingCell { batch.deletedItems = [IndexPath(item: before, section: 0)] }
            batch.insertedItems = (before..<controller.items.count).map { IndexPath(item: $0, section: 0) }
            show(batch)
        }
    }

    /// Tells the collection view: `reloadData()`, or the batch animated with the timing.
    private func show(_ batch: BatchUpdate) {
        switch configuration.appendAnimation {
        case .reload:
            collectionView.reloadData()
        case .insert(let timing):
            do { try collectionView.apply(batch, timing: timing) } catch { collectionView.reloadData() }
        }
    }

    // MARK: Scrolling and display

    var isVertical: Bool { layout.scrollDirection == .vertical }

    /// The offsets the content can rest at along the scroll axis.
    public var scrollRange: ClosedRange<Double> {
        layout.prepareIfNeeded()
        let content = layout.collectionViewContentSize
        let inset = collectionView.adjustedContentInset
        let size = collectionView.bounds.size
        let lower = Double(isVertical ? -inset.top : -inset.left)
        let end = isVertical ? content.height + inset.bottom - size.height : content.width + inset.right - size.width
        return lower...max(lower, Double(end))
    }

    private func scroll() {
        let current = Double(isVertical ? collectionView.contentOffset.y : collectionView.contentOffset.x)
        let dimension = Double(isVertical ? collectionView.bounds.height : collectionView.bounds.width)
        let offset = driver.advance(to: time, from: current, range: scrollRange, dimension: dimension)
        guard offset != current else { return }
        var point = collectionView.contentOffset
        if isVertical { point.y = CGFloat(offset) } else { point.x = CGFloat(offset) }
        collectionView.contentOffset = point
    }

    /// Cells whose frames overlap the bounds with a positive area, by item.
    public func visibleItems() -> [(item: Int, id: String)] {
        let bounds = collectionView.bounds
        return collectionView.visibleLayoutAttributes()
            .filter { $0.elementKind == .cell }
            .filter {
                let overlap = $0.frame.intersection(bounds)
                return overlap.width > 0 && overlap.height > 0
            }
            .map(\.indexPath.item).sorted()
            .compactMap { item in collectionView.itemID(at: IndexPath(item: item, section: 0)).map { (item, $0) } }
    }

    private func displayNewCells() {
        let visible = visibleItems()
        if let due = redisplayTime, time >= due - 1e-9 {
            redisplayTime = nil
            visibleIDs = []
        }
        for (item, id) in visible where !visibleIDs.contains(id) && id != PaginatedDataSource.loadingItemID {
            if let request = controller.cellDisplayed(at: item) { start(request) }
        }
        visibleIDs = Set(visible.map(\.id))
    }
}
