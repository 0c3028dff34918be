import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A team's layout is the team's code: it may trap (an index out of range, a force-unwrap), recurse
/// until the stack overflows, loop forever in `prepare()` or allocate without bound. `flowsim
/// check` therefore plays each scene that names a registered layout class in a worker process
/// first (the same executable, the hidden command `__probe-scene`), with a wall-clock limit and
/// a memory limit: a worker that dies or runs out of time fails that scene with what happened,
/// and the suite goes on. A scene whose worker finished is then checked in-process as before —
/// layouts are deterministic, so what finished there finishes here. FlowSim's own layouts are
/// never probed (they cannot trap on input).
enum SceneIsolation {
    /// `--scene-timeout`: the wall-clock limit of one scene's layout work.
    static let sceneTimeout = Option.number(
        "--scene-timeout", value: "SECONDS", range: 0.1...86_400,
        help: "Most time a scene's layout may take before it is stopped (scenes naming a layout class)."
    ).defaulting(to: 120, shown: "120")

    /// The memory limit of a worker (its address space), in MB.
    static let workerMemoryMB = 4_096

    /// The hidden command a worker runs.
    static let probeCommand = "__probe-scene"

    /// A scene failed in its worker (crashed, ran out of time or memory): `message` says how.
    struct Failure: Error {
        let message: String
    }

    /// What a worker's run of a scene came to.
    enum Outcome: Equatable {
        /// It finished (the scene's own errors, if any, are found again in-process).
        case finished
        /// It died or ran out of time: the scene fails with this text.
        case failed(String)
    }

    /// The scene's wall-clock limit: the scene's `"timeout"` key, else `--scene-timeout`
    /// (`flag`, read only when the scene has no limit of its own).
    static func timeout(for scene: Scene, flag: @autoclosure () throws -> Double) rethrows -> Double {
        try scene.timeout ?? flag()
    }

    /// Runs `executable __probe-scene SCENE` and waits at most `timeout` seconds.
    static func probe(scenePath: String, layoutClass: String, executable: String, timeout: Double) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [probeCommand, scenePath, String(workerMemoryMB)]
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // Swift's crash backtracer prints pages of addresses and takes seconds; without it a
        // trap prints its one "Fatal error: …" line, which is what the scene's failure quotes.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let tail = StderrTail()
        let reader = Thread { tail.read(errors.fileHandleForReading) }
        do {
            try process.run()
        } catch {
            return .failed("could not start a worker process (\(error.localizedDescription))")
        }
        reader.start()
        let quoted = "\"\(SafeText.excerpt(layoutClass))\""
        guard finished.wait(timeout: .now() + timeout) == .success else {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .failed(
                "the layout class \(quoted) did not finish within \(formatNumber(timeout)) s (\(sceneTimeout.name)); its worker was stopped"
            )
        }
        tail.waitUntilRead()
        // Swift's trap message when there is one ("…/Layout.swift:12: Fatal error: Index out of
        // range"), else the last lines the worker wrote.
        let lines = tail.lastLines(400)
        let fatal = lines.filter { $0.localizedCaseInsensitiveContains("fatal error") }
        let lastLines = (fatal.isEmpty ? Array(lines.suffix(3)) : fatal).map { SafeText.excerpt($0, limit: 300) }
        let said = lastLines.isEmpty ? "" : ": " + lastLines.joined(separator: " | ")
        switch process.terminationReason {
        case .uncaughtSignal:
            let signal = process.terminationStatus
            return .failed(
                "the layout class \(quoted) crashed its worker (signal \(signal), \(signalName(signal)))\(said)")
        default:
            // 0: finished; 2: an ordinary scene error, reported again by the in-process run.
            let status = process.terminationStatus
            if status == 0 || status == 2 { return .finished }
            return .failed("the layout class \(quoted) ended its worker with status \(status)\(said)")
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL: a Swift trap"
        case SIGTRAP: return "SIGTRAP: a Swift trap"
        case SIGSEGV: return "SIGSEGV: a bad memory access or a stack overflow"
        case SIGBUS: return "SIGBUS"
        case SIGABRT: return "SIGABRT: an abort, such as a failed allocation"
        case SIGKILL: return "SIGKILL: killed, often for memory"
        case SIGFPE: return "SIGFPE: an arithmetic trap"
        default: return "signal \(signal)"
        }
    }

    /// The worker's side: lay the scene out and play it as `check` would (updates, scrolls, the
    /// golden times), writing nothing. Exit 0 when it finished, 2 for a scene error.
    static func runProbe(_ arguments: [String], context: CommandContext) -> Int32 {
        guard arguments.count == 2, let megabytes = Int(arguments[1]), megabytes > 0 else { return 2 }
        #if canImport(Glibc)
            var limit = rlimit(rlim_cur: rlim_t(megabytes) << 20, rlim_max: rlim_t(megabytes) << 20)
            _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
            // No core files from a trapping layout.
            var none = rlimit(rlim_cur: 0, rlim_max: 0)
            _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        #endif
        do {
            let simulation = try SceneArgument.simulate(arguments[0], context: context)
            try simulation.run()
            let points = try GoldenPoint.points(
                scene: simulation.scene, duration: simulation.duration, fps: 60)
            _ = simulation.frames(times: points.map(\.time))
            return 0
        } catch {
            context.printError("\(error)")
            return 2
        }
    }
}

/// The last lines a worker wrote on stderr (at most 64 KB kept).
private final class StderrTail: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    func read(_ handle: FileHandle) {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            lock.lock()
            data.append(chunk)
            if data.count > 65_536 { data = data.suffix(65_536) }
            lock.unlock()
        }
        done.signal()
    }

    func waitUntilRead() { _ = done.wait(timeout: .now() + 5) }

    func lastLines(_ count: Int) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let text = String(decoding: data, as: UTF8.self)
        return Array(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.suffix(count))
    }
}
