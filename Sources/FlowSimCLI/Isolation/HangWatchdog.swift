import FlowSimScene
import FlowSimSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `layout`, `frames` and `render` run a scene's layout in-process; a registered layout that
/// never finishes (a loop in `prepare()`) is stopped at `--scene-timeout` with exit 2 and a
/// message naming the scene and the layout class. The layout work comes before any output is
/// opened, so nothing is left half-written. Only the real process arms it
/// (`CommandContext.stopsHungLayouts`): an in-process caller (a test, a team's tool) keeps its
/// process. FlowSim's own layouts are not watched (they finish on any input the limits allow).
final class HangWatchdog {
    private let context: CommandContext
    private let scene: String?
    private let seconds: Double
    private var timer: DispatchSourceTimer?

    init(_ context: CommandContext, scene: String?, arguments: ParsedArguments) throws {
        self.context = context
        self.scene = scene
        self.seconds = try arguments.value(SceneIsolation.sceneTimeout)
    }

    /// Starts the clock for a scene whose layout is the registered class `layoutClass`, for
    /// `SceneIsolation.timeout` (the scene's `"timeout"`, else `--scene-timeout`).
    func arm(for scene: Scene) {
        guard context.stopsHungLayouts, let layoutClass = scene.layout.className, timer == nil else { return }
        let limit = SceneIsolation.timeout(for: scene, flag: seconds)
        let message = context.labelled(
            "\(self.scene ?? "<default scene>"): the layout class \"\(SafeText.excerpt(layoutClass))\" did not finish "
                + "within \(formatNumber(limit)) s (\(SceneIsolation.sceneTimeout.name)); stopped, nothing written\n")
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + limit)
        timer.setEventHandler {
            message.withCString { pointer in _ = write(2, pointer, strlen(pointer)) }
            _exit(2)
        }
        timer.resume()
        self.timer = timer
    }

    /// Stops the clock: the layout work is done.
    func disarm() {
        timer?.cancel()
        timer = nil
    }

    deinit { timer?.cancel() }
}
