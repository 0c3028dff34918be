import FlowSimSupport
import Foundation

/// The one loop that draws frames: rendering to files (`RenderPipeline`), the golden comparison
/// (`GoldenSuite`, which the CLI's check and FlowSimTesting call) and the live preview all run
/// it. As Paparazzi feeds its snapshot handlers from one render loop, the loop knows
/// nothing of files, animations or goldens: each frame is drawn once by the caller's `draw` (on
/// a worker) and what it gives is handed, in frame order, to every sink (frame files, APNG,
/// contact sheet, collected golden results, preview page).
///
/// Frames are presented on the calling thread a batch at a time (a simulation presents its frames
/// in time order and is not shared between threads), then drawn by `concurrency` workers; a
/// batch's sinks run on one background queue while the next batch draws, so the cores stay busy
/// through the writes, and at most two batches are held in memory whatever the frame count.
public struct RenderLoop: Sendable {
    /// Workers drawing a batch.
    public var concurrency: Int
    /// Frames presented, drawn and handed on together.
    public var batchSize: Int
    /// Called after every drawn frame, serialized, from worker threads.
    public var progress: (@Sendable (RenderProgress) -> Void)?

    public init(
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, batchSize: Int? = nil,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) {
        self.concurrency = max(1, concurrency)
        self.batchSize = max(1, batchSize ?? self.concurrency * 4)
        self.progress = progress
    }

    /// Presents frames `0..<count` in order (`present`), draws each (`draw(item, position)`, on a
    /// worker, in any order) and hands every drawn value to each sink in frame order, then
    /// finishes the sinks in the order given. The first error (in frame order, for a drawing
    /// error) stops the loop and is rethrown; sinks are then not finished.
    public func run<Item, Drawn>(
        count: Int, present: (Int) throws -> Item, draw: (Item, Int) throws -> Drawn, into sinks: [FrameSink<Drawn>]
    ) throws {
        let state = ProgressState(total: count, progress: progress)
        let deliveries = SerialWrites()
        do {
            defer { try? deliveries.wait() }
            var start = 0
            while start < count {
                let positions = Array(start..<min(count, start + batchSize))
                let items = try positions.map(present)
                let drawn = try parallelMap(count: items.count, concurrency: concurrency) { slot -> Drawn in
                    let value = try draw(items[slot], positions[slot])
                    state.frameDone()
                    return value
                }
                try deliveries.wait()  // the previous batch's sinks end before this one's start
                deliveries.submit {
                    for value in drawn {
                        for sink in sinks { try sink.take(value) }
                    }
                }
                start += positions.count
            }
        }
        try deliveries.wait()
        for sink in sinks { try sink.finish() }
    }
}

/// A consumer of the render loop's drawn frames, as a value: `take` gets each frame's drawn value
/// in frame order (on the loop's delivery queue, one frame at a time), `finish` runs once after
/// the last frame.
public struct FrameSink<Drawn> {
    public var take: (Drawn) throws -> Void
    public var finish: () throws -> Void

    public init(take: @escaping (Drawn) throws -> Void, finish: @escaping () throws -> Void = {}) {
        self.take = take
        self.finish = finish
    }
}

/// Frames drawn so far, for `RenderLoop.progress`.
private final class ProgressState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int
    let start = Date()
    let progress: (@Sendable (RenderProgress) -> Void)?

    init(total: Int, progress: (@Sendable (RenderProgress) -> Void)?) {
        self.total = total
        self.progress = progress
    }

    func frameDone() {
        guard let progress else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        progress(RenderProgress(framesDone: done, totalFrames: total, elapsed: Date().timeIntervalSince(start)))
    }
}

/// Work run in order on one background queue; the first error stops the rest and is thrown by
/// `wait`. The render loop runs a batch's sinks here while the next batch draws.
private final class SerialWrites: @unchecked Sendable {
    private let queue = DispatchQueue(label: "flowsim.render.write")
    private var error: Error?

    func submit(_ work: @escaping () throws -> Void) {
        let work = UncheckedSendable(value: work)
        queue.async {
            guard self.error == nil else { return }
            do { try work.value() } catch { self.error = error }
        }
    }

    func wait() throws {
        try queue.sync {
            if let error { throw error }
        }
    }
}

/// A value handed to the delivery queue, which alone touches it until `wait` returns.
private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
}
