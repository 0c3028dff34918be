import Foundation

/// Every element's presentation over time: what UIKit's render tree shows at each moment.
///
/// Each element is a *track* of segments; a segment starts at an update's time and animates from
/// one attribute value to another with a timing curve. Disappearing elements and two-part
/// snapshots are tracks of their own, present only while their animation runs. A later update
/// starts a still-moving element from its current presentation value (UIKit animates collection
/// view updates with `BeginFromCurrentState`).
public final class AnimationTimeline {
    struct Segment {
        var start: Double
        var timing: AnimationTiming?
        var from: AttributesValue
        var to: AttributesValue
        var state: ElementState
        var indexPath: IndexPath
        var content: ElementContent
        /// Keeps the start's zIndex until the end (a dropped cell stays above the others as it
        /// lands: `CollectionView+InteractiveMovement.swift`).
        var keepsStartZIndex = false

        var end: Double { start + (timing?.endTime ?? 0) }

        func value(at time: Double) -> (AttributesValue, ElementState) {
            guard let timing, time < end, from != to else { return (to, .static) }
            let p = timing.progress(atTimeSinceStart: time - start)
            var value = AttributesValue.interpolate(from: from, to: to, progress: p)
            // zIndex is discrete (UIView animations do not animate a layer's zPosition): the end
            // value applies at once, except that an appearing element keeps its initial zIndex
            // until it lands, so an insert at zIndex 50 flies above the grid and a
            // delete at zIndex −1 shrinks below it.
            value.zIndex = state == .appearing || keepsStartZIndex ? from.zIndex : to.zIndex
            return (value, state)
        }
    }

    final class Track {
        let kind: ElementKind
        let id: String
        let isSnapshot: Bool
        var segments: [Segment] = []
        var presentFrom: Double
        var presentUntil: Double = .infinity

        init(kind: ElementKind, id: String, isSnapshot: Bool, presentFrom: Double) {
            self.kind = kind
            self.id = id
            self.isSnapshot = isSnapshot
            self.presentFrom = presentFrom
        }

        func isPresent(at time: Double) -> Bool { time >= presentFrom && time < presentUntil }

        func segment(at time: Double) -> Segment? {
            segments.last { $0.start <= time } ?? segments.first
        }

        /// Whether an animation is still running at `time`.
        func isAnimating(at time: Double) -> Bool {
            guard let segment = segment(at: time) else { return false }
            return time < segment.end && segment.from != segment.to
        }
    }

    struct TrackKey: Hashable {
        var kind: ElementKind
        var id: String
    }

    /// Live element tracks by identity.
    private var live: [TrackKey: Track] = [:]
    /// Every track ever created, in creation order (ghosts included).
    private var all: [Track] = []
    /// End of the last animation (0 when nothing animated).
    public private(set) var endTime: Double = 0
    private var completions: [(time: Double, order: Int, body: (Bool) -> Void)] = []

    /// The content offset from each time on (scrolls are recorded as steps by the scroller).
    private var contentOffsets: [(time: Double, offset: CGPoint)] = []

    public init() {}

    /// Nothing recorded yet: no element and no content offset. A collection view whose first
    /// presentation showed no element (its offset beyond the content) is not empty: its scrolls
    /// record layout passes from then on.
    public var isEmpty: Bool { all.isEmpty && contentOffsets.isEmpty }

    /// Records that the visible region's origin is `offset` from `time` on.
    func recordContentOffset(_ offset: CGPoint, at time: Double) {
        contentOffsets.removeAll { $0.time >= time }
        contentOffsets.append((time, offset))
    }

    /// The content offset at `time` (the last one recorded at or before it).
    public func contentOffset(at time: Double) -> CGPoint? {
        contentOffsets.last { $0.time <= time }?.offset ?? contentOffsets.first?.offset
    }

    // MARK: Recording

    /// Records elements shown without animation from `time` on (the initial layout, a reload):
    /// every live track not listed ends at `time`.
    func recordStatic(
        _ elements: [(key: TrackKey, value: AttributesValue, indexPath: IndexPath, content: ElementContent)],
        at time: Double, keepRunningAnimations: Bool = false
    ) {
        var listed = Set<TrackKey>()
        for element in elements {
            listed.insert(element.key)
            let track = liveTrack(element.key, at: time)
            if keepRunningAnimations && track.isAnimating(at: time) { continue }
            if let last = track.segments.last, last.timing == nil, last.to == element.value,
                last.indexPath == element.indexPath, last.content == element.content
            {
                continue  // unchanged: the current static segment goes on
            }
            track.segments.append(
                Segment(
                    start: time, timing: nil, from: element.value, to: element.value, state: .static,
                    indexPath: element.indexPath, content: element.content))
        }
        for (key, track) in live where !listed.contains(key) {
            if keepRunningAnimations, track.isAnimating(at: time), let segment = track.segment(at: time) {
                track.presentUntil = segment.end  // finishes its animation, then leaves
            } else {
                track.presentUntil = time
            }
            live[key] = nil
        }
    }

    /// Records one element's animation starting at `time`.
    func recordAnimation(
        key: TrackKey, from: AttributesValue, to: AttributesValue, state: ElementState, timing: AnimationTiming,
        at time: Double, indexPath: IndexPath, content: ElementContent, beginFromCurrentState: Bool,
        staysAfterwards: Bool
    ) {
        let track = liveTrack(key, at: time)
        var start = from
        if beginFromCurrentState, track.isAnimating(at: time), let current = track.segment(at: time) {
            start = current.value(at: time).0
        }
        let segment = Segment(
            start: time, timing: timing, from: start, to: to, state: state, indexPath: indexPath, content: content)
        track.segments.append(segment)
        endTime = max(endTime, segment.end)
        if !staysAfterwards {
            track.presentUntil = segment.end
            live[key] = nil
        }
    }

    /// Records an element that does not move in this update. An element still running an earlier
    /// animation keeps it (its target is unchanged); otherwise it shows `value` from `time` on.
    func recordStill(
        key: TrackKey, value: AttributesValue, at time: Double, indexPath: IndexPath, content: ElementContent
    ) {
        let track = liveTrack(key, at: time)
        if track.isAnimating(at: time), var running = track.segment(at: time), running.to == value {
            running.indexPath = indexPath
            running.content = content
            track.segments[track.segments.count - 1] = running
            return
        }
        track.segments.append(
            Segment(
                start: time, timing: nil, from: value, to: value, state: .static, indexPath: indexPath,
                content: content))
    }

    /// Makes the animation a live element starts at `time` keep its starting zIndex until it
    /// ends (nothing when it starts no animation then).
    func keepStartZIndex(of key: TrackKey, at time: Double) {
        guard let track = live[key], var last = track.segments.last, last.start == time, last.timing != nil else {
            return
        }
        last.keepsStartZIndex = true
        track.segments[track.segments.count - 1] = last
    }

    /// Ends, at `time`, live tracks that this update does not list and that are not mid-animation
    /// (elements that are no longer on screen).
    func endLiveTracks(except listed: Set<TrackKey>, at time: Double) {
        for (key, track) in live where !listed.contains(key) {
            if track.isAnimating(at: time), let segment = track.segment(at: time) {
                track.presentUntil = segment.end
            } else {
                track.presentUntil = time
            }
            live[key] = nil
        }
    }

    /// Records a ghost (a deleted element or a two-part snapshot): present only while it animates.
    func recordGhost(
        kind: ElementKind, id: String, isSnapshot: Bool, from: AttributesValue, to: AttributesValue,
        timing: AnimationTiming,
        at time: Double, indexPath: IndexPath, content: ElementContent
    ) {
        let track = Track(kind: kind, id: id, isSnapshot: isSnapshot, presentFrom: time)
        let segment = Segment(
            start: time, timing: timing, from: from, to: to, state: .disappearing, indexPath: indexPath,
            content: content)
        track.segments.append(segment)
        track.presentUntil = segment.end
        all.append(track)
        endTime = max(endTime, segment.end)
    }

    /// Ends a live track at `time` (an element deleted: its ghost takes over).
    func endTrack(_ key: TrackKey, at time: Double) {
        guard let track = live[key] else { return }
        track.presentUntil = time
        live[key] = nil
    }

    /// What a live element shows now (its latest segment's content).
    func currentContent(of key: TrackKey) -> ElementContent? {
        live[key]?.segments.last?.content
    }

    /// The presentation value of a live element that is mid-animation at `time`; nil when it
    /// is at rest (its model value is then what the update planned from).
    func runningValue(of key: TrackKey, at time: Double) -> AttributesValue? {
        guard let track = live[key], track.isAnimating(at: time), let segment = track.segment(at: time) else {
            return nil
        }
        return segment.value(at: time).0
    }

    func addCompletion(at time: Double, _ body: @escaping (Bool) -> Void) {
        completions.append((time, completions.count, body))
    }

    /// Runs the completion handlers of animations that ended by `time`, in time order.
    public func fireCompletions(through time: Double) {
        let due = completions.filter { $0.time <= time }.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        completions.removeAll { $0.time <= time }
        for completion in due { completion.body(true) }
    }

    /// Ends every ghost and off-screen-bound animation at `time` (reloadData); live elements get
    /// their new values from the `recordStatic` call that follows.
    func cancelAll(at time: Double) {
        let liveTracks = Set(live.values.map(ObjectIdentifier.init))
        for track in all where !liveTracks.contains(ObjectIdentifier(track)) && track.presentUntil > time {
            track.presentUntil = max(track.presentFrom, time)
        }
    }

    private func liveTrack(_ key: TrackKey, at time: Double) -> Track {
        if let track = live[key] { return track }
        let track = Track(kind: key.kind, id: key.id, isSnapshot: false, presentFrom: time)
        live[key] = track
        all.append(track)
        return track
    }

    // MARK: Sampling

    /// Every element present at `time` with its interpolated attributes (alpha clamped to
    /// [0, 1], as Core Animation presents it), in paint order (`PresentedElement.paintOrder`).
    public func presentation(at time: Double) -> [PresentedElement] {
        var result: [PresentedElement] = []
        for track in all where track.isPresent(at: time) {
            guard let segment = track.segment(at: time) else { continue }
            let (value, state) = segment.value(at: time)
            result.append(
                PresentedElement(
                    kind: track.kind, indexPath: segment.indexPath, id: track.id,
                    center: value.center, size: value.size,
                    alpha: PresentedElement.clampedAlpha(value.alpha),
                    zIndex: value.zIndex, isHidden: value.isHidden,
                    state: track.isSnapshot || segment.state == .disappearing ? .disappearing : state,
                    isSnapshot: track.isSnapshot, content: segment.content, frame: value.frame,
                    transform3D: value.transform3D))
        }
        return PresentedElement.paintOrder(result)
    }
}
