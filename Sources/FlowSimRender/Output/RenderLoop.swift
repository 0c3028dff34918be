import FlowSimSupport
import Foundation

/// The one loop that draws frames: rendering to files (`RenderPipeline`), the golden comparison
/// (`GoldenSuite`, which the CLI's check and FlowSimTesting call) and the live preview all run
/// it. As Paparazzi feeds its snapshot handlers from one render loop, the loop knows
/// nothing of files, animations or goldens: each frame is drawn once by the caller's `draw` (on
/// a worker) and what it gives is handed, in frame order, to every sink (frame files, APNG,
/// contact sheet, collected golden results, preview page).
///
/// Frames stream through it: the calling thread presents them in order (a simulation presents
/// its frames in time order and is not shared between threads), a little ahead of the
/// `concurrency` workers, which each take the next presented frame as soon as they are free, and
/// the calling thread hands each drawn frame to the sinks once the frames before it are handed
/// on. No worker waits for a batch to end, so the cores stay busy from the first frame to the
/// last (a batch barrier left a core idle while the batch's slowest frame finished, and again
/// while the next batch was presented). At most `batchSize` frames are between presented and
/// handed on, so memory stays bounded whatever the frame count.
public struct RenderLoop: Sendable {
    /// Workers drawing frames.
    public var concurrency: Int
    /// Most frames in flight (presented, and not yet handed to the sinks); at least
    /// `concurrency`.
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

    /// Presents frames `0..<count` in order (`present`, on the calling thread), draws each
    /// (`draw(item, position)`, on a worker, in any order) and hands every drawn value to each
    /// sink in frame order (on the calling thread), then finishes the sinks in the order given.
    /// The first error in frame order (presenting, drawing or a sink taking that frame) stops the
    /// loop and is rethrown: the sinks have then been handed exactly the frames before it (the
    /// failing sink's predecessors that frame too), and none is finished.
    public func run<Item, Drawn>(
        count: Int, present: (Int) throws -> Item, draw: (Item, Int) throws -> Drawn, into sinks: [FrameSink<Drawn>]
    ) throws {
        let workers = min(concurrency, count)
        let flow = FrameFlow<Item, Drawn>(count: count, workers: workers)
        let window = max(batchSize, workers)
        let state = ProgressState(total: count, progress: progress)
        withoutActuallyEscaping(draw) { draw in
            // The workers reach `draw` only through `flow`, which drops it once they have all
            // stopped: nothing holds it when this block ends.
            flow.body = draw
            defer { flow.body = nil }
            for _ in 0..<workers {
                let thread = Thread { flow.work(progress: state) }
                thread.stackSize = 8 << 20  // a main thread's: Cairo and the draw closures recurse a little
                thread.start()
            }
            // Presents ahead of the workers, hands drawn frames on in order, and returns once
            // every worker has stopped (the `draw` closure is not used after that).
            flow.lock.lock()
            while true {
                // Presenting first (it is cheap), as far ahead as the window allows: the workers
                // then find frames ready while the sinks take a long one (a contact-sheet row).
                if flow.presented < flow.limit && flow.presented - flow.delivered < window {
                    flow.present(present)
                } else if flow.delivered < flow.limit, let value = flow.results.removeValue(forKey: flow.delivered) {
                    flow.deliver(value, to: sinks)
                } else if flow.delivered >= flow.limit && flow.stoppedWorkers == workers {
                    break
                } else {
                    flow.lock.wait()
                }
            }
            flow.lock.unlock()
        }
        if let failure = flow.failure { throw failure.error }
        for sink in sinks { try sink.finish() }
    }
}

/// A consumer of the render loop's drawn frames, as a value: `take` gets each frame's drawn value
/// in frame order (on the loop's calling thread, one frame at a time), `finish` runs once after
/// the last frame.
public struct FrameSink<Drawn> {
    public var take: (Drawn) throws -> Void
    public var finish: () throws -> Void

    public init(take: @escaping (Drawn) throws -> Void, finish: @escaping () throws -> Void = {}) {
        self.take = take
        self.finish = finish
    }
}

/// The frames between the calling thread and the workers. Every field is read and written with
/// `lock` held; `present` and `deliver` are called with it held and release it while the
/// caller's closures run.
private final class FrameFlow<Item, Drawn>: @unchecked Sendable {
    let lock = NSCondition()
    /// Positions `0..<presented` are presented, `0..<taken` taken by a worker, `0..<delivered`
    /// handed to the sinks.
    var presented = 0
    var taken = 0
    var delivered = 0
    /// Presented frames not yet taken, and drawn frames not yet handed on, by position.
    var items: [Int: Item] = [:]
    var results: [Int: Drawn] = [:]
    /// Frames at and after this position are not presented, drawn or handed on: the frame count,
    /// or the position of the first error.
    var limit: Int
    var failure: (position: Int, error: Error)?
    var stoppedWorkers = 0
    let workers: Int
    /// The loop's `draw`, set while the workers run.
    var body: ((Item, Int) throws -> Drawn)?

    init(count: Int, workers: Int) {
        limit = max(0, count)
        self.workers = workers
    }

    /// Records an error at `position`; the first in frame order wins.
    func fail(at position: Int, _ error: Error) {
        if failure == nil || position < failure!.position { failure = (position, error) }
        limit = min(limit, position)
        lock.broadcast()
    }

    func present(_ present: (Int) throws -> Item) {
        let position = presented
        lock.unlock()
        let item = Result { try present(position) }
        lock.lock()
        switch item {
        case .success(let item):
            items[position] = item
            presented += 1
            lock.broadcast()
        case .failure(let error): fail(at: position, error)
        }
    }

    func deliver(_ value: Drawn, to sinks: [FrameSink<Drawn>]) {
        let position = delivered
        lock.unlock()
        var error: Error?
        do {
            for sink in sinks { try sink.take(value) }
        } catch let failed { error = failed }
        lock.lock()
        if let error { fail(at: position, error) } else { delivered += 1 }
    }

    /// A worker: takes the next presented frame, draws it and files the result, until no frame
    /// is left before `limit`.
    func work(progress: ProgressState) {
        lock.lock()
        while taken < limit {
            guard taken < presented, let item = items.removeValue(forKey: taken) else {
                lock.wait()
                continue
            }
            let position = taken
            taken += 1
            lock.unlock()
            let drawn = draw(item, at: position)
            if case .success = drawn { progress.frameDone() }
            lock.lock()
            switch drawn {
            case .success(let value): if position < limit { results[position] = value }
            case .failure(let error): fail(at: position, error)
            }
            lock.broadcast()
        }
        stoppedWorkers += 1
        lock.broadcast()
        lock.unlock()
    }
}

extension FrameFlow {
    /// One frame drawn; its own function so that the worker's reference to `body` ends with it.
    @inline(never)
    fileprivate func draw(_ item: Item, at position: Int) -> Result<Drawn, Error> {
        lock.lock()
        let body = self.body
        lock.unlock()
        guard let body else { return .failure(CancellationError()) }
        return Result { try body(item, position) }
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
