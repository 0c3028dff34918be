// A team's own `flowsim` whose layouts fail the ways team code fails: a trap, an endless loop,
// unbounded recursion and unbounded allocation in `prepare()`. The isolation tests
// (`SceneIsolationTests`) run it as a process: each failure must fail its own scene only.
import FlowSim
import FlowSimCLI
import Foundation

/// `prepare()` reads past the end of its cache (a trap: "Index out of range").
final class TrappingLayout: FlowLayout {
    var cache: [CGRect] = []
    override func prepare() {
        super.prepare()
        let count = collectionView?.numberOfItems(inSection: 0) ?? 0
        _ = cache[count]
    }
}

/// `prepare()` waits for a condition that never comes.
final class HangingLayout: FlowLayout {
    var ready = false
    override func prepare() {
        super.prepare()
        while !ready { usleep(1000) }
    }
}

/// `prepare()` calls itself through a helper until the stack runs out.
final class RecursingLayout: FlowLayout {
    override func prepare() {
        super.prepare()
        _ = depth(0)
    }

    func depth(_ n: Int) -> Int { n < 0 ? 0 : depth(n + 1) + 1 }
}

/// `prepare()` grows a cache without bound.
final class HungryLayout: FlowLayout {
    var cache: [[UInt8]] = []
    override func prepare() {
        super.prepare()
        while true { cache.append([UInt8](repeating: 1, count: 64 << 20)) }
    }
}

FlowSimCommand.main(layouts: [
    "trapping": { TrappingLayout() }, "hanging": { HangingLayout() }, "recursing": { RecursingLayout() },
    "hungry": { HungryLayout() }, "plain": { FlowLayout() },
])
