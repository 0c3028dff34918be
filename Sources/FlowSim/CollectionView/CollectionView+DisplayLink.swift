import Foundation

/// Something that changes what a collection view shows as time passes, by itself, between the
/// events FlowSim scripts (a UIKit Dynamics animator: `DynamicAnimator`). UIKit drives such
/// clients from a `CADisplayLink`; FlowSim drives them from the collection view's clock.
///
/// The contract:
/// - `displayLinkAdvance(to:)` is called whenever the collection view's `currentTime` moves
///   forward; the client brings its state up to that time (deterministically: the same sequence
///   of times gives the same state).
/// - `displayLinkNeedsFrames` says whether the client is still changing things at the current
///   time. While any registered client answers true, a driver that renders frames
///   (`SceneSimulation.run`) keeps recording layout passes at 60 Hz after its scripted events
///   end, up to `SceneSimulation.maximumDisplayLinkRun` past them.
public protocol DisplayLinkClient: AnyObject {
    /// Advance to `time` on the collection view's clock (never called with an earlier time than
    /// a previous call, except after the clock was rewound by `CollectionView.scroll(to:…)`,
    /// which a client may ignore).
    func displayLinkAdvance(to time: Double)
    /// Whether the client is still moving something at the current time (false at rest).
    var displayLinkNeedsFrames: Bool { get }
}

/// A weak reference to a display-link client (the collection view never keeps one alive).
struct WeakDisplayLinkClient {
    weak var client: DisplayLinkClient?
}

extension CollectionView {
    /// Registers `client` (weakly, once) to be advanced with the clock and asked whether it
    /// needs frames. `DynamicAnimator` registers itself with its layout's collection view.
    public func addDisplayLinkClient(_ client: DisplayLinkClient) {
        displayLinkClients.removeAll { $0.client == nil }
        guard !displayLinkClients.contains(where: { $0.client === client }) else { return }
        displayLinkClients.append(WeakDisplayLinkClient(client: client))
    }

    public func removeDisplayLinkClient(_ client: DisplayLinkClient) {
        displayLinkClients.removeAll { $0.client == nil || $0.client === client }
    }

    /// Whether any registered client still changes what is shown at `currentTime`.
    public var displayLinkNeedsFrames: Bool {
        displayLinkClients.contains { $0.client?.displayLinkNeedsFrames ?? false }
    }

    /// One display-link frame at `currentTime`: a layout pass (the layout is re-queried and its
    /// answer recorded on the timeline from `currentTime` on), as UIKit lays out on each frame
    /// a dynamic animator invalidates.
    public func displayLinkFrame() {
        if timeline.isEmpty { layoutIfNeeded() } else { recordLayoutPass() }
    }

    /// Called when `currentTime` moves forward.
    func clockDidAdvance(to time: Double) {
        for entry in displayLinkClients {
            entry.client?.displayLinkAdvance(to: time)
        }
    }
}
