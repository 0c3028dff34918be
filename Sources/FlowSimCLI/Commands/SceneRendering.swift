import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import Foundation

/// Which frames of a scene's timeline to render and how: shared by `render` and `check`.
struct FrameSelection {
    var fps: Double = 60
    /// Frame indices of the full sequence; nil = all.
    var indices: [Int]?
    /// Explicit times instead of frame indices.
    var times: [Double]?

    /// How many frames `frames(of:)` gives, known before any is presented.
    func count(for simulation: SceneSimulation) -> Int {
        if let times { return times.count }
        if let indices { return indices.count }
        let exact = simulation.duration * fps
        guard exact.isFinite, exact < Double(Int.max / 2) else { return Int.max }
        return SceneSimulation.frameTimes(duration: simulation.duration, fps: fps).count
    }

    /// The frames of a simulation that has run its updates, presented one at a time: a
    /// render holds only the batch it draws, never the whole timeline. A frame index given
    /// twice (`--frames 0,0,5`) is presented once, at its first place.
    func sequence(of simulation: SceneSimulation) throws -> FrameSequence {
        if let times {
            return FrameSequence(simulation: simulation, times: times, indices: Array(times.indices))
        }
        let all = SceneSimulation.frameTimes(duration: simulation.duration, fps: fps)
        guard let indices else { return FrameSequence(simulation: simulation, times: all, indices: Array(all.indices)) }
        if let bad = indices.first(where: { $0 < 0 || $0 >= all.count }) {
            throw CommandError.frameOutOfRange(
                frame: bad, scene: simulation.scene.name, frameCount: all.count, fps: fps)
        }
        var seen = Set<Int>()
        let unique = indices.filter { seen.insert($0).inserted }
        return FrameSequence(simulation: simulation, times: unique.map { all[$0] }, indices: unique)
    }
}

/// Frames presented on demand, in order: position `p` is frame `indices[p]` (its file name) at
/// `times[p]` seconds.
struct FrameSequence {
    let simulation: SceneSimulation
    let times: [Double]
    let indices: [Int]
    /// Whole-content captures (`render --full-content`): every element of the content, offset 0.
    var fullContent = false

    var count: Int { times.count }

    func frame(at position: Int) -> PresentedFrame {
        fullContent
            ? FullContentCapture.frame(of: simulation, index: indices[position], time: times[position])
            : simulation.frame(index: indices[position], time: times[position])
    }
}

/// A one-line progress bar on stderr for terminals; nothing otherwise.
final class ProgressReporter: @unchecked Sendable {
    private let context: CommandContext
    private let lock = NSLock()
    private let enabled: Bool

    init(context: CommandContext, enabled: Bool) {
        self.context = context
        self.enabled = enabled && context.errorIsTerminal
    }

    func update(_ progress: RenderProgress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let width = 30
        let filled = progress.totalFrames > 0 ? width * progress.framesDone / progress.totalFrames : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        context.standardError(
            String(
                format: "\r%@ %d/%d frames  %.0f fps", bar, progress.framesDone, progress.totalFrames,
                progress.framesPerSecond))
        if progress.framesDone == progress.totalFrames { context.standardError("\r\u{1B}[K") }
    }
}
