import Foundation

/// The one parallel loop of the renderers (`RenderPipeline`'s batches, `GoldenSuite.render`):
/// `body(0..<count)` on up to `concurrency` threads, results in index order. After the first
/// error no more work is handed out, and the first error in index order is thrown, so errors
/// are reproducible whatever the thread timing.
package func parallelMap<T>(count: Int, concurrency: Int, _ body: (Int) throws -> T) throws -> [T] {
    let slots = ResultSlots<T>(count: count)
    let workers = max(1, min(concurrency, count))
    withoutActuallyEscaping(body) { body in
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let slot = slots.next() {
                slots.store(Result { try body(slot) }, at: slot)
            }
        }
    }
    return try slots.results()
}

/// Work distribution and results for one batch; stops handing out work after the first error.
private final class ResultSlots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var failed = false
    private var slots: [Result<T, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed, nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ result: Result<T, Error>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        if case .failure = result { failed = true }
    }

    /// All results in order; the first failure in frame order is thrown, so errors are
    /// reproducible whatever the thread timing.
    func results() throws -> [T] {
        lock.lock()
        defer { lock.unlock() }
        var out: [T] = []
        for slot in slots {
            switch slot {
            case .failure(let error): throw error
            case .success(let value): out.append(value)
            case nil: continue
            }
        }
        return out
    }
}

/// `body(0) … body(count - 1)` on up to `concurrency` threads, every one run (no early stop),
/// results in index order. For loops whose items are independent (`flowsim diff` on folders).
public func parallelResults<T>(count: Int, concurrency: Int, _ body: (Int) -> T) -> [T] {
    // Errors are values here, so every slot is filled.
    (try? parallelMap(count: count, concurrency: concurrency) { body($0) }) ?? []
}
