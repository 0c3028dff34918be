import FlowSim
import FlowSimSupport
import Foundation

/// A scene brought to life: its data source, layout and collection view, with the scene's
/// updates applied in time order on the collection view's clock.
public final class SceneSimulation {
    public let scene: Scene
    public let dataSource: SectionedDataSource
    /// The scene's layout: a registered class of any kind, else FlowSim's flow layout.
    public let layout: CollectionViewLayout
    /// `layout` when it is a flow layout (FlowSim's own, or a registered `FlowLayout` subclass).
    public var flowLayout: FlowLayout? { layout as? FlowLayout }
    public let collectionView: CollectionView
    /// How many of the scene's updates have been applied.
    public private(set) var appliedUpdates = 0

    /// A layout made by a registered delegate factory, kept alive for the scene (the collection
    /// view and layouts hold their delegates weakly, as in UIKit).
    public private(set) var layoutDelegate: AnyObject?
    /// The registered layout's per-update hooks (`LayoutRegistry.Entry.willPerform`/`didPerform`).
    private let updateHooks: LayoutRegistry.Entry?

    /// `layouts`: the classes a scene may name as `"layout": {"class": NAME}` — any
    /// `CollectionViewLayout` subclass, made by its factory, with its delegate if one is registered.
    public init(scene: Scene, layouts: LayoutRegistry = [:]) throws {
        let entry = try scene.layout.className.map { name in
            guard let entry = layouts[name] else {
                throw SceneError(path: "layout.class", layouts.unknownClass(name))
            }
            return entry
        }
        self.scene = scene
        updateHooks = entry
        dataSource = SectionedDataSource(sections: scene.sections)
        dataSource.layoutDefaults = scene.layout.flowMetrics
        layout = scene.layout.makeAnyLayout(made: entry?.makeLayout())
        let viewport = scene.viewport
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height), collectionViewLayout: layout)
        collectionView.scale = viewport.scale
        // Only what the scene states: a layout that set its inset or offset while the collection
        // view adopted it (`invalidateLayout(with:)`, `prepare()`) keeps them.
        if viewport.givenKeys.contains("contentInset") { collectionView.contentInset = viewport.contentInset }
        if !viewport.givenKeys.isDisjoint(with: ["contentInset", "contentOffset"]) {
            collectionView.contentOffset = viewport.contentOffset
        }
        collectionView.safeAreaInsets = viewport.safeAreaInsets
        collectionView.contentInsetAdjustmentBehavior = viewport.contentInsetAdjustmentBehavior
        collectionView.traits = scene.traitCollection
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
        let fitting = SceneCellFitting(style: scene.style)
        collectionView.cellFittingSize = { [dataSource] path, offered in
            guard dataSource.sections.indices.contains(path.section),
                dataSource.sections[path.section].itemList.indices.contains(path.item)
            else { return nil }
            return fitting.size(of: dataSource.sections[path.section].itemList[path.item], offered: offered.size)
        }
        if let makeDelegate = entry?.makeDelegate {
            let made = makeDelegate(
                SceneLayoutContext(layout: layout, collectionView: collectionView, sceneData: dataSource))
            layoutDelegate = made
            if let delegate = made as? CollectionViewDelegate { collectionView.delegate = delegate }
        }
        collectionView.selectItems(at: collectionView.indexPaths(forItemIDs: scene.selectedItemIDs))
        // Where UIKit rests a scroll view the scene did not scroll: at −adjustedContentInset (the
        // stated inset and the safe area), at the right end of a right-to-left horizontal flow
        // layout. Only when that differs from where the collection view starts, so a layout that
        // set its own inset or offset keeps them (nothing was stated).
        if viewport.contentOffsetIsDefault,
            viewport.givenKeys.contains("contentInset") || viewport.safeAreaInsets != .zero
                || SceneSimulation.beginsAtRightEnd(layout)
        {
            SceneSimulation.restAtContentStart(collectionView)
        }
        collectionView.layoutIfNeeded()
        try checkFiniteLayout(path: "")
        try checkOrthogonalScrolls()
        try checkDragTimes()
    }

    /// Scrolls of a section need a compositional layout whose section scrolls orthogonally.
    private func checkOrthogonalScrolls() throws {
        for (index, scroll) in scene.scrolls.enumerated() {
            guard let section = scroll.section else { continue }
            guard let compositional = layout as? CompositionalLayout,
                compositional.orthogonalContentSize(forSection: section) != nil
            else {
                throw SceneError(
                    path: "scroll[\(index)].section",
                    message:
                        "section \(section) does not scroll on its own: give it an orthogonalScrollingBehavior in a compositional layout"
                )
            }
        }
    }

    /// Throws unless the layout's content size and every element's frame are finite: huge
    /// spacings, sizes or insets (`"minimumLineSpacing": 1e308`) add up to infinity, which no
    /// output can show (JSON has no infinity) and no render can draw. Run after the first layout
    /// and after every update, so `layout`, `frames`, `render`, `check` and `preview` all refuse
    /// such a scene the same way.
    private func checkFiniteLayout(path: String) throws {
        let hint = "check the spacings, sizes and insets (their sum must stay finite)"
        layout.prepareIfNeeded()
        if let compositional = layout as? CompositionalLayout, let error = compositional.layoutError {
            throw SceneError(path: path.isEmpty ? "layout" : path, message: error.description)
        }
        let content = layout.collectionViewContentSize
        let contentProblems = SceneSimulation.nonFinite([("width", content.width), ("height", content.height)])
        if !contentProblems.isEmpty {
            throw SceneError(
                path: path, message: "the layout's content size is not finite (\(contentProblems)): \(hint)")
        }
        // FlowSim's own flow layouts place every element inside their content: a finite content
        // size is enough, and walking 10⁶ uniform items after every update is not free (it made
        // `frames --times 0` of 10⁶ items 30 times slower). Other layouts are checked element by
        // element.
        if type(of: layout) == FlowLayout.self || type(of: layout) == InsetFlowLayout.self {
            return try stopAtUIKitException(path: path)
        }
        var problem: String?
        forEachLayoutAttributes { attributes in
            guard problem == nil else { return }
            let frame = attributes.frame
            let values = SceneSimulation.nonFinite([
                ("x", frame.origin.x), ("y", frame.origin.y), ("width", frame.size.width),
                ("height", frame.size.height),
            ])
            guard !values.isEmpty else { return }
            let path = attributes.indexPath
            let element: String
            switch attributes.representedElementCategory {
            case .cell:
                element = "item \(path.count > 1 ? path[1] : 0) of section \(path.first ?? 0)"
            default:
                let kind = attributes.representedElementKind.map { SafeText.excerpt($0) } ?? "element"
                element = "\(kind) at index path \(path.map(String.init).joined(separator: "."))"
            }
            problem = "the layout's frame of \(element) is not finite (\(values))"
        }
        if let problem { throw SceneError(path: path, message: "\(problem): \(hint)") }
        try stopAtUIKitException(path: path)
    }

    /// "height inf" (the non-finite ones of `values`, comma-separated), or "".
    private static func nonFinite(_ values: [(String, CGFloat)]) -> String {
        values.filter { !$0.1.isFinite }.map { name, value in
            "\(name) \(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")"
        }.joined(separator: ", ")
    }

    /// Applies the scene's updates up to `count` (all by default).
    /// Scroll moves started so far, and the layout times of the running one still to come.
    private var startedScrolls = 0
    private var pendingScrollSteps: [(time: Double, offset: CGPoint)] = []
    /// The running scroll move, played as a drag of the collection view's pan gesture.
    private var drag: (move: ContentOffsetAnimation, touch: CGPoint?)?
    /// The orthogonal section the running scroll move scrolls (nil: the collection view).
    private var scrollingSection: Int?
    /// Time of the last display-link frame recorded after the scripted events (0: none).
    private var displayLinkEnd = 0.0

    /// How long past the end of its scripted updates and scrolls a scene keeps recording
    /// display-link frames for clients still moving (dynamic animators that never come to rest).
    public static let maximumDisplayLinkRun = 10.0

    /// Layout passes per second while a scene scrolls.
    public static let scrollStepsPerSecond = 60.0

    /// How close (seconds) a scroll step must be to the next move's start to count as at it:
    /// step times are sums (`at + k / fps`), so a move ending where the next begins may miss it
    /// by a rounding error.
    static let stepTolerance = 1e-9

    /// The scroll steps (layout passes) `run()` takes for `scene`'s scroll moves, known from the
    /// decoded scene before anything is laid out: each timed move's steps at
    /// `scrollStepsPerSecond` from its start through its end, those after the next move's start
    /// dropped (it takes over from where the move is then; a step at that very time, such as the
    /// move's last when it ends as the next begins, is laid out first); one for a jump. A caller holds it to a limit before `run()`: a
    /// one-hour scroll is 216,001 layout passes.
    public static func scrollStepCount(of scene: Scene) -> Int {
        let fps = scrollStepsPerSecond
        var total = 0
        for (index, scroll) in scene.scrolls.enumerated() {
            guard let timing = scroll.timing else {
                total += 1
                continue
            }
            var steps = FrameClock.count(duration: timing.endTime, fps: fps)
            if index + 1 < scene.scrolls.count {
                // Steps at or before the next move's start (within `stepTolerance`): k / fps ≤ gap
                // for k < steps − 1, and the last (at the end) when the move ends by then.
                let gap = scene.scrolls[index + 1].at - scroll.at
                let early = min(steps - 1, max(0, Int((gap * fps + stepTolerance * fps).rounded(.down)) + 1))
                steps = early + (timing.endTime <= gap + stepTolerance ? 1 : 0)
            }
            total += steps
        }
        // A drag's finger steps too (`SceneSimulation+Drag.swift`).
        for update in scene.updates { total += update.drag.map(dragStepCount) ?? 0 }
        return total
    }

    /// The layout work `run()` takes for `scene`'s updates, known from the decoded scene before
    /// anything is laid out: each update reads the data and lays out every element again, so it
    /// costs in proportion to the elements it leaves (items, and a header and footer a section).
    /// `work` sums the elements after each update, counting inserts and ignoring deletes (an
    /// update may fail before it deletes anything); a snapshot update counts the larger of the
    /// elements before and after it. `elements`: the most any update leaves.
    public static func updateWork(of scene: Scene) -> (work: Int, updates: Int, elements: Int) {
        var elements = scene.sections.reduce(0) { $0 + $1.itemList.count + 2 }  // counts, not arrays
        var work = 0
        var most = 0
        for update in scene.updates {
            if let snapshot = update.snapshot {
                let after = snapshot.reduce(0) { $0 + $1.items.count + 2 }
                work = work.addingReportingOverflow(max(elements, after)).partialValue
                most = max(most, elements, after)
                elements = after
                continue
            }
            elements += update.insert.count
            for (_, section) in update.insertSections { elements += section.itemList.count + 2 }
            work = work.addingReportingOverflow(elements).partialValue
            most = max(most, elements)
        }
        return (work < 0 ? Int.max : work, scene.updates.count, most)
    }

    /// Applies the scene's updates up to `count` (all by default), interleaved in time with its
    /// scroll moves: every scroll step up to the last applied update's time (all of them when
    /// every update is applied). A scroll step at the same time as an update comes first.
    public func run(updates count: Int? = nil) throws {
        let target = min(count ?? scene.updates.count, scene.updates.count)
        while true {
            let nextUpdate = appliedUpdates < target ? scene.updates[appliedUpdates].at : nil
            let nextStart = startedScrolls < scene.scrolls.count ? scene.scrolls[startedScrolls].at : nil
            let nextStep = pendingScrollSteps.first?.time
            let limit = target == scene.updates.count ? Double.infinity : (nextUpdate ?? -1)
            let nextFrame = pendingScrollSteps.isEmpty ? nextDisplayLinkFrame() : nil
            let candidates = [nextStep, nextStart, nextUpdate, nextFrame].compactMap { $0 }
            guard let now = candidates.min(), now <= limit || nextUpdate == now else { break }
            // A step at the next move's start (the running move's last, when one move ends as
            // the next begins) is laid out before that move takes over, as an update is.
            let stepDue = nextStep.map { $0 <= now + Self.stepTolerance } ?? false
            if let start = nextStart, start == now, !stepDue {
                startScroll(scene.scrolls[startedScrolls])
                startedScrolls += 1
            } else if stepDue {
                let (time, offset) = pendingScrollSteps.removeFirst()
                collectionView.currentTime = time
                collectionView.timeline.fireCompletions(through: time)
                if let section = scrollingSection, let compositional = layout as? CompositionalLayout {
                    // An orthogonal section scrolls: a layout pass with its new offset.
                    compositional.setOrthogonalContentOffset(offset, forSection: section)
                    collectionView.recordLayoutPass()
                    continue
                }
                if let (move, _) = drag {
                    collectionView.stepScriptedDrag(to: offset, offsetVelocity: move.offsetVelocity(at: time))
                }
                collectionView.contentOffset = offset
                if pendingScrollSteps.isEmpty, drag != nil {
                    collectionView.endScriptedDrag()
                    drag = nil
                }
            } else if let frame = nextFrame, frame == now, nextUpdate != now {
                collectionView.currentTime = frame
                collectionView.timeline.fireCompletions(through: frame)
                collectionView.displayLinkFrame()
                displayLinkEnd = frame
            } else {
                try apply(scene.updates[appliedUpdates], index: appliedUpdates)
                appliedUpdates += 1
            }
        }
        try stopAtUIKitException(path: "")
    }

    /// A new move takes over from the current offset; steps of an earlier move still to come are
    /// dropped (a new bounds animation replaces the running one).
    private func startScroll(_ scroll: SceneScroll) {
        scrollingSection = scroll.section
        let compositional = layout as? CompositionalLayout
        let from =
            scroll.section.flatMap { compositional?.orthogonalContentOffset(forSection: $0) }
            ?? collectionView.contentOffset
        let animation = ContentOffsetAnimation(start: scroll.at, from: from, to: scroll.to, timing: scroll.timing)
        pendingScrollSteps = animation.layoutTimes(fps: Self.scrollStepsPerSecond).map {
            ($0, animation.offset(at: $0))
        }
        // A move with a timing is a drag (a jump is a programmatic offset set): its pan begins now.
        collectionView.endScriptedDrag()
        drag = scroll.timing == nil || scroll.section != nil ? nil : (animation, scroll.touch)
        if drag != nil {
            collectionView.currentTime = max(collectionView.currentTime, scroll.at)
            collectionView.beginScriptedDrag(touch: scroll.touch)
        }
    }

    /// The next 60 Hz display-link frame (on the grid k/60 s, after the clock) while a client
    /// of the collection view (a dynamic animator) is still moving, up to
    /// `maximumDisplayLinkRun` past the scripted end; nil when none is.
    private func nextDisplayLinkFrame() -> Double? {
        guard collectionView.displayLinkNeedsFrames else { return nil }
        let fps = Self.scrollStepsPerSecond
        let frame = ((collectionView.currentTime * fps + 1e-6).rounded(.down) + 1) / fps
        return frame <= scriptedEnd + Self.maximumDisplayLinkRun ? frame : nil
    }

    private func apply(_ update: SceneUpdate, index: Int) throws {
        let path = "updates[\(index)]"
        collectionView.currentTime = update.at
        collectionView.timeline.fireCompletions(through: update.at)
        for selection in update.select {
            guard collectionView.itemID(at: selection) != nil else {
                throw SceneError(path: path + ".select", .noItem(selection, action: "select"))
            }
            collectionView.selectItem(at: selection)
        }
        if let snapshot = update.snapshot {
            try applySnapshot(snapshot, of: update, path: path)
            return try checkFiniteLayout(path: path)
        }
        if let drag = update.drag {
            try runDrag(drag, at: update.at, path: path)
            return try checkFiniteLayout(path: path)
        }
        if update.rotate != nil || update.bounds != nil {
            try applySizeTransition(update, path: path)
            return try checkFiniteLayout(path: path)
        }
        var batch = update.batch
        if update.deleteSelected {
            let listed = Set(batch.deletedItems)
            let selected = (collectionView.indexPathsForSelectedItems ?? []).filter { !listed.contains($0) }
            batch.deletedItems += selected
        }
        let insertedCounts = Dictionary(
            update.insertSections.map { ($0.index, $0.section.itemList.count) }, uniquingKeysWith: { a, _ in a })
        // Validated once, by the collection view, against the counts the scene's data will have.
        let validated: ValidatedBatch
        do throws(UpdateError) {
            validated = try collectionView.validate(
                batch,
                newCounts: batch.expectedCounts(old: collectionView.itemCounts, insertedSectionCounts: insertedCounts))
        } catch {
            throw SceneError(path: path, .update(error))
        }
        dataSource.sections = newSections(after: update, mapping: validated.mapping)
        do throws(UpdateError) {
            updateHooks?.willPerform?(layout, validated.batch)
            try collectionView.apply(validated, timing: update.timing ?? .uikitDefault)
            updateHooks?.didPerform?(layout, validated.batch)
        } catch {
            throw SceneError(path: path, .update(error))
        }
        try checkFiniteLayout(path: path)
    }

    /// The data after `update`, built from the mapping: survivors carried over, inserts placed.
    private func newSections(after update: SceneUpdate, mapping: UpdateMapping) -> [SectionData] {
        let old = dataSource.sections
        let inserted = Dictionary(update.insert.map { ($0.path, $0.item) }, uniquingKeysWith: { a, _ in a })
        let insertedSections = Dictionary(
            update.insertSections.map { ($0.index, $0.section) }, uniquingKeysWith: { a, _ in a })
        var result: [SectionData] = []
        for (newSection, oldSection) in mapping.oldSectionForNew.enumerated() {
            guard let oldSection else {
                result.append(insertedSections[newSection] ?? SectionData(id: "section-\(newSection)"))
                continue
            }
            var section = old[oldSection]
            section.items = mapping.oldItemForNew[newSection].enumerated().map { item, position in
                if let position { return old[Int(position.section)].itemList[Int(position.item)] }
                let path = IndexPath(item: item, section: newSection)
                if let insert = inserted[path] { return insert }
                // A reload: the same item, same path.
                if let previous = mapping.oldPath(forNew: path) ?? Optional(path),
                    old.indices.contains(previous.section),
                    old[previous.section].itemList.indices.contains(previous.item)
                {
                    return old[previous.section].itemList[previous.item]
                }
                return ItemData(id: "item-\(newSection)-\(item)")
            }
            result.append(section)
        }
        return result
    }

    /// Sections and items by id as the scene first gave them or its updates inserted them, for
    /// snapshots that name them again (refreshed from the data at each snapshot).
    private lazy var knownSections: [String: SectionData] = {
        var known: [String: SectionData] = [:]
        let inserted = scene.updates.flatMap { $0.insertSections.map(\.section) }
        for section in scene.sections + inserted where known[section.id] == nil { known[section.id] = section }
        return known
    }()
    private lazy var knownItems: [String: ItemData] = {
        var known: [String: ItemData] = [:]
        let inserted = scene.updates.flatMap { $0.insert.map(\.item) + $0.insertSections.flatMap(\.section.items) }
        for item in scene.sections.flatMap(\.items) + inserted where known[item.id] == nil { known[item.id] = item }
        return known
    }()

    /// An update given as the data after it (`"snapshot"`): diffed against the data before by
    /// `DiffableDataSourceSnapshot.difference(from:to:)` and applied as one validated batch.
    private func applySnapshot(_ sections: [SceneSnapshotSection], of update: SceneUpdate, path: String) throws {
        typealias Snapshot = DiffableDataSourceSnapshot<String, String>
        let before = dataSource.sections
        var old = Snapshot()
        for section in before {
            knownSections[section.id] = section
            for item in section.items { knownItems[item.id] = item }
            old.appendSections([section.id])
            old.appendItems(section.items.map(\.id), toSection: section.id)
        }
        if let error = old.errors.first {
            throw SceneError(
                path: path + ".snapshot",
                message: "the data before this snapshot cannot be diffed (give every section a distinct \"id\"): "
                    + error.message)
        }
        let marked = Set(update.reloadIDs + update.reconfigureIDs)
        var new = Snapshot()
        var after: [SectionData] = []
        for (s, given) in sections.enumerated() {
            var section = knownSections[given.id] ?? SectionData(id: given.id)
            section.title = given.title ?? section.title
            section.items = try given.items.enumerated().map { k, givenItem in
                var item = knownItems[givenItem.id] ?? ItemData(id: givenItem.id)
                let changed =
                    (givenItem.title.map { $0 != item.title } ?? false)
                    || (givenItem.imagePath.map { $0 != item.imagePath } ?? false)
                if changed, old.sectionIdentifier(containingItem: givenItem.id) != nil, !marked.contains(givenItem.id) {
                    throw SceneError(
                        path: "\(path).snapshot[\(s)].items[\(k)]",
                        message:
                            "item \(SafeText.quoted(givenItem.id)) shows new content: list it in \"reconfigure\" or \"reload\" "
                            + "(UIKit asks for a cell's content again only for those)")
                }
                item.title = givenItem.title ?? item.title
                item.size = givenItem.size ?? item.size
                item.imagePath = givenItem.imagePath ?? item.imagePath
                return item
            }
            new.appendSections([section.id])
            new.appendItems(section.items.map(\.id), toSection: section.id)
            after.append(section)
        }
        new.reloadItems(update.reloadIDs)
        new.reconfigureItems(update.reconfigureIDs)
        if let error = new.errors.first { throw SceneError(path: path + ".snapshot", .update(error)) }
        let difference = Snapshot.difference(from: old, to: new)
        dataSource.sections = after
        do {
            updateHooks?.willPerform?(layout, difference.batch)
            try collectionView.apply(difference.batch, timing: update.timing ?? .uikitDefault)
            updateHooks?.didPerform?(layout, difference.batch)
        } catch {
            dataSource.sections = before
            throw SceneError(path: path, .update(error))
        }
    }

    // MARK: Results

    /// End of the last update's animation or scroll (0 without updates), or of the display-link
    /// frames recorded after them while a dynamic animator came to rest (see `run`).
    public var duration: Double { max(scriptedEnd, displayLinkEnd) }

    /// End of the last update's animation or scroll.
    private var scriptedEnd: Double {
        var end = 0.0
        for scroll in scene.scrolls {
            end = max(end, scroll.at + (scroll.timing?.endTime ?? 0))
        }
        for update in scene.updates {
            end = max(end, update.at + update.animationEnd)
        }
        return end
    }

    /// Which rect `layoutAttributes(query:)` asks the layout for.
    public enum LayoutQuery: String, Sendable {
        /// The whole content (the content rect grown by 1 pt on every side, so elements on its
        /// edges are included); elements on screen are taken from the visible query, so they
        /// match the last frame of `frames` exactly.
        case content
        /// The collection view's bounds: the rect UIKit asks the layout for on a layout pass
        /// (`layoutAttributesForElements(in:)` with the visible rect), what a frame shows.
        case visible
    }

    /// The rect `query` asks the layout for, in content coordinates.
    public func queryRect(_ query: LayoutQuery) -> CGRect {
        layout.prepareIfNeeded()
        switch query {
        case .visible: return collectionView.bounds
        case .content:
            let content = layout.collectionViewContentSize
            return CGRect(x: -1, y: -1, width: content.width + 2, height: content.height + 2)
        }
    }

    /// The elements of the current layout for `query`, section by section. A layout that places
    /// elements by the queried rect (pinned headers added only for sections in the rect) answers
    /// differently for different rects; the visible answer wins for every element it holds,
    /// because that is what UIKit shows.
    public func layoutAttributes(query: LayoutQuery = .content) -> [LayoutAttributes] {
        let visible = collectionView.visibleLayoutAttributes()
        guard query == .content else { return visible.sorted { ElementKey($0) < ElementKey($1) } }
        var byKey: [ElementKey: LayoutAttributes] = [:]
        for attributes in collectionView.validatedLayoutAttributes(in: queryRect(.content)) {
            byKey[ElementKey(attributes)] = attributes
        }
        for attributes in visible { byKey[ElementKey(attributes)] = attributes }
        return byKey.values.sorted { ElementKey($0) < ElementKey($1) }
    }

    /// `layoutAttributes(query:)` one element at a time, in the same order.
    /// FlowSim's own flow layouts stream the content's elements in key order, merged here with the
    /// visible ones, so a million elements are never held at once; other layouts' arrays are
    /// merged the same way when they come in key order, else sorted as `layoutAttributes` does.
    public func forEachLayoutAttributes(query: LayoutQuery = .content, _ body: (LayoutAttributes) -> Void) {
        let visible = collectionView.visibleLayoutAttributes()
        guard query == .content else {
            for attributes in visible.sorted(by: { ElementKey($0) < ElementKey($1) }) { body(attributes) }
            return
        }
        // The visible answer, last one per key, in key order.
        var visibleByKey: [ElementKey: LayoutAttributes] = [:]
        for attributes in visible { visibleByKey[ElementKey(attributes)] = attributes }
        let pending = visibleByKey.sorted { $0.key < $1.key }
        var next = 0
        func emit(_ attributes: LayoutAttributes) {
            let key = ElementKey(attributes)
            while next < pending.count && pending[next].key < key {
                body(pending[next].value)
                next += 1
            }
            if next < pending.count && pending[next].key == key {
                body(pending[next].value)
                next += 1
            } else {
                body(attributes)
            }
        }
        let rect = queryRect(.content)
        if let flow = layout as? FlowLayout, flow.streamLayoutAttributes(in: rect, emit) {
        } else {
            let all = collectionView.validatedLayoutAttributes(in: rect)
            let keys = all.map(ElementKey.init)
            guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else {
                var byKey = Dictionary(zip(keys, all), uniquingKeysWith: { _, last in last })
                for (key, attributes) in visibleByKey { byKey[key] = attributes }
                for entry in byKey.sorted(by: { $0.key < $1.key }) { body(entry.value) }
                return
            }
            for attributes in all { emit(attributes) }
        }
        while next < pending.count {
            body(pending[next].value)
            next += 1
        }
    }

    /// The most frames `frameTimes` returns (`FrameClock.maximumFrameCount`).
    public static let maximumFrameCount = FrameClock.maximumFrameCount

    /// Frame times at `fps` from 0 through `duration` (`FrameClock.times`).
    public static func frameTimes(duration: Double, fps: Double) -> [Double] {
        FrameClock.times(duration: duration, fps: fps)
    }

    /// The presented frame at each time (after `run()`).
    public func frames(times: [Double]) -> [PresentedFrame] {
        times.enumerated().map { index, time in frame(index: index, time: time) }
    }

    /// The presented frame at `time`, numbered `index` (after `run()`).
    public func frame(index: Int, time: Double) -> PresentedFrame {
        PresentedFrame(
            index: index, time: time, contentOffset: collectionView.contentOffset(at: time),
            elements: collectionView.presentation(at: time))
    }
}
