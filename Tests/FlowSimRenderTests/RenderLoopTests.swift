import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimRender

/// The one render loop: frames presented in order on the calling thread, drawn on workers, and
/// handed to every sink in frame order whatever the thread timing; sinks finish in order after
/// the last frame, and an error stops the loop before any sink finishes.
final class RenderLoopTests: XCTestCase {
    struct Boom: Error, Equatable { var position: Int }

    /// What a sink saw: values in order, then whether and after how many values it finished.
    final class Log {
        var taken: [Int] = []
        var finishedAfter: Int?
        var finishOrder: [String]

        init(_ finishOrder: [String] = []) { self.finishOrder = finishOrder }
    }

    func sink(_ log: Log, named name: String, order: Log, on thread: Thread? = nil) -> FrameSink<Int> {
        FrameSink(
            take: {
                if let thread { XCTAssertTrue(Thread.current == thread) }
                log.taken.append($0)
            },
            finish: {
                log.finishedAfter = log.taken.count
                order.finishOrder.append(name)
            })
    }

    /// Seeded runs over counts, batch sizes and worker counts, each draw sleeping a random few
    /// microseconds so workers finish out of order: every sink still sees 0..<count in order, on
    /// the calling thread.
    func testSinksSeeEveryFrameInOrderWhateverTheTiming() throws {
        var random = SeededRandom(seed: 25)
        for _ in 0..<40 {
            let count = Int.random(in: 0...60, using: &random)
            let loop = RenderLoop(
                concurrency: Int.random(in: 1...4, using: &random), batchSize: Int.random(in: 1...9, using: &random))
            let delays = (0..<count).map { _ in UInt32.random(in: 0...300, using: &random) }
            let order = Log()
            let caller = Thread.current
            let first = Log()
            let second = Log()
            var presented: [Int] = []
            try loop.run(
                count: count,
                present: { position -> Int in
                    XCTAssertTrue(Thread.current == caller)
                    presented.append(position)
                    return position * 10
                },
                draw: { item, position -> Int in
                    usleep(delays[position])
                    XCTAssertEqual(item, position * 10)
                    return position
                },
                into: [
                    sink(first, named: "first", order: order, on: caller),
                    sink(second, named: "second", order: order, on: caller),
                ])
            XCTAssertEqual(presented, Array(0..<count))
            XCTAssertEqual(first.taken, Array(0..<count))
            XCTAssertEqual(second.taken, Array(0..<count))
            XCTAssertEqual(first.finishedAfter, count)
            XCTAssertEqual(order.finishOrder, ["first", "second"])
        }
    }

    /// Two frames fail to draw: the first in frame order is thrown, every frame before it was
    /// handed on (the frames stream: no batch is dropped with it), and no sink finished.
    func testADrawingErrorStopsTheLoopBeforeAnySinkFinishes() {
        let order = Log()
        let log = Log()
        XCTAssertThrowsError(
            try RenderLoop(concurrency: 2, batchSize: 4).run(
                count: 20, present: { $0 },
                draw: { item, _ -> Int in
                    if item == 9 || item == 10 { throw Boom(position: item) }
                    return item
                }, into: [sink(log, named: "only", order: order)])
        ) { error in
            XCTAssertEqual(error as? Boom, Boom(position: 9))
        }
        XCTAssertEqual(log.taken, Array(0..<9))
        XCTAssertNil(log.finishedAfter)
    }

    /// Presenting fails at frame 7 (on the calling thread): that error is thrown, frames 0…6
    /// were drawn and handed on, no later frame was presented or drawn, and no sink finished.
    func testAPresentingErrorStopsAtThatFrame() {
        final class Drawn: @unchecked Sendable {
            let lock = NSLock()
            var positions: [Int] = []
        }
        let drawn = Drawn()
        let order = Log()
        let log = Log()
        var presented: [Int] = []
        XCTAssertThrowsError(
            try RenderLoop(concurrency: 2, batchSize: 4).run(
                count: 20,
                present: { position -> Int in
                    if position == 7 { throw Boom(position: 7) }
                    presented.append(position)
                    return position
                },
                draw: { item, _ -> Int in
                    drawn.lock.lock()
                    drawn.positions.append(item)
                    drawn.lock.unlock()
                    return item
                }, into: [sink(log, named: "only", order: order)])
        ) { error in
            XCTAssertEqual(error as? Boom, Boom(position: 7))
        }
        XCTAssertEqual(presented, Array(0..<7))
        XCTAssertEqual(drawn.positions.sorted(), Array(0..<7))
        XCTAssertEqual(log.taken, Array(0..<7))
        XCTAssertNil(log.finishedAfter)
    }

    /// Memory stays bounded: with slow sinks and fast workers, no more than `batchSize` frames
    /// are ever presented and not yet handed on, and the workers draw ahead of the sinks.
    func testFramesInFlightNeverExceedTheBatchSize() throws {
        var random = SeededRandom(seed: 28)
        for batchSize in [1, 2, 3, 8] {
            var presented = 0
            var delivered = 0
            var mostInFlight = 0
            try RenderLoop(concurrency: 2, batchSize: batchSize).run(
                count: 40,
                present: { position -> Int in
                    presented += 1
                    mostInFlight = max(mostInFlight, presented - delivered)
                    return position
                },
                draw: { item, _ in item },
                into: [
                    FrameSink(take: { _ in
                        usleep(UInt32.random(in: 0...200, using: &random))
                        delivered += 1
                    })
                ])
            XCTAssertEqual(delivered, 40)
            XCTAssertLessThanOrEqual(mostInFlight, max(batchSize, 2), "batch size \(batchSize)")
            XCTAssertGreaterThanOrEqual(mostInFlight, min(batchSize, 2), "batch size \(batchSize)")
        }
    }

    /// A sink that fails (a full disk) stops the loop: its error is thrown and no sink finishes.
    func testASinkErrorStopsTheLoop() {
        let order = Log()
        let log = Log()
        let failing = FrameSink<Int>(take: { if $0 == 5 { throw Boom(position: 5) } })
        XCTAssertThrowsError(
            try RenderLoop(concurrency: 2, batchSize: 3).run(
                count: 30, present: { $0 }, draw: { item, _ in item },
                into: [failing, sink(log, named: "after", order: order)])
        ) { error in
            XCTAssertEqual(error as? Boom, Boom(position: 5))
        }
        XCTAssertEqual(log.taken, Array(0..<5), "a sink after the failing one sees the frames before it")
        XCTAssertNil(log.finishedAfter)
        XCTAssertEqual(order.finishOrder, [])
    }

    /// Progress counts every drawn frame once, ending at the total.
    func testProgressCountsEveryFrame() throws {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var seen: [Int] = []
        }
        let counter = Counter()
        let loop = RenderLoop(concurrency: 3, batchSize: 5) { progress in
            XCTAssertEqual(progress.totalFrames, 23)
            counter.lock.lock()
            counter.seen.append(progress.framesDone)
            counter.lock.unlock()
        }
        try loop.run(count: 23, present: { $0 }, draw: { item, _ in item }, into: [])
        XCTAssertEqual(counter.seen, Array(1...23))
    }

    /// The default batch is four frames per worker (what `RenderPipeline` always used).
    func testDefaultBatchIsFourFramesPerWorker() {
        XCTAssertEqual(RenderLoop(concurrency: 3).batchSize, 12)
        XCTAssertEqual(RenderLoop(concurrency: 0).concurrency, 1)
        XCTAssertEqual(RenderLoop(concurrency: 2, batchSize: 0).batchSize, 1)
    }
}
