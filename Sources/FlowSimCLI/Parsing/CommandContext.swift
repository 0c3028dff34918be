import FlowSim
import FlowSimOutput
import FlowSimScene
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command writes and what it knows of its surroundings. Tests build one with buffers
/// to capture output; the executable uses the process's stdout, stderr and environment.
public final class CommandContext {
    public var standardOutput: (String) -> Void
    /// Bytes for stdout (streamed output); nil sends them through `standardOutput` as text.
    public var standardOutputBytes: ((UnsafeRawBufferPointer) -> Void)?
    public var standardError: (String) -> Void
    public var environment: [String: String]
    /// Whether stderr is a terminal (progress bars only then).
    public var errorIsTerminal: Bool
    /// Custom layouts selectable in scenes as `"layout": {"class": NAME}`: any
    /// `CollectionViewLayout` subclass, made by its factory, with its delegate factory if any;
    /// the scene's flow properties apply to `FlowLayout` subclasses only.
    public var layouts: LayoutRegistry
    /// The executable `check` starts to play scenes of registered layouts in isolation (the
    /// running `flowsim` itself); nil runs them in-process only (see `SceneIsolation`).
    public var workerExecutable: String?
    /// Whether a layout that runs past `--scene-timeout` ends the process (exit 2): the real
    /// process only (see `HangWatchdog`).
    public var stopsHungLayouts = false
    /// Whether the process ends right after the command returns (`FlowSimCommand.main`): then a
    /// one-shot command's loaded scene is left to the process's end instead of being freed item
    /// by item (see `keepUntilExit`).
    public var endsWithCommand = false
    /// What `keepUntilExit` holds: never released while the process runs.
    private var keptUntilExit: [AnyObject] = []

    public init(
        standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
        environment: [String: String] = [:], errorIsTerminal: Bool = false,
        layouts: LayoutRegistry = [:]
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.errorIsTerminal = errorIsTerminal
        self.layouts = layouts
    }

    /// The real process: unbuffered writes to file descriptors 1 and 2 (see `StandardStream`
    /// for what a failed write does).
    public static func process(layouts: LayoutRegistry = [:]) -> CommandContext {
        tuneAllocator()
        let context = CommandContext(
            standardOutput: { StandardStream.output.write($0) },
            standardError: { StandardStream.error.write($0) },
            environment: ProcessInfo.processInfo.environment,
            errorIsTerminal: isatty(2) == 1,
            layouts: layouts)
        context.standardOutputBytes = { StandardStream.output.write(bytes: $0) }
        context.stopsHungLayouts = true
        context.endsWithCommand = true
        // This very executable, with the same registered layouts, runs the worker processes.
        let selfPath = "/proc/self/exe"
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: selfPath),
            FileManager.default.isExecutableFile(atPath: resolved)
        {
            context.workerExecutable = resolved
        }
        return context
    }

    /// Images of a few MB are made and dropped on every core (render, check, diff). glibc's
    /// defaults map each one fresh and hand freed memory straight back, so the cores spend their
    /// time in page faults (diff on 500 pairs: 2.9 s of CPU, two thirds of it in the kernel):
    /// allocations up to 32 MB come from the heap and up to 256 MB stays for the next image.
    static func tuneAllocator() {
        #if canImport(Glibc)
            // glibc's mallopt (malloc.h, not in Swift's Glibc module): M_TRIM_THRESHOLD is -1,
            // M_MMAP_THRESHOLD -3 in its ABI.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(-3, 32 << 20)
            _ = mallopt(-1, 256 << 20)
        #endif
    }

    /// Keeps `object` (a loaded scene) alive until the process exits when it ends with the
    /// command: freeing the retained items of a 10⁶-item scene one by one was about a tenth
    /// of `frames --times 0` (profiled in docs/benchmarks.md). Output is unbuffered and atomic
    /// files are committed before a command returns, so nothing waits on the release; in-process
    /// contexts (tests, `check`'s scenes) release as usual.
    public func keepUntilExit(_ object: AnyObject) {
        if endsWithCommand { keptUntilExit.append(object) }
    }

    /// Writes `bytes` (whole UTF-8) to stdout.
    public func writeOutput(_ bytes: [UInt8]) {
        if let standardOutputBytes {
            bytes.withUnsafeBytes(standardOutputBytes)
        } else {
            standardOutput(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A JSON writer to stdout in chunks; `finish` it (which adds the final new line).
    public func jsonOutput(pretty: Bool) -> JSONStreamWriter {
        JSONStreamWriter(pretty: pretty) { [self] in writeOutput($0) }
    }

    public func print(_ text: String) { standardOutput(text.hasSuffix("\n") ? text : text + "\n") }
    public func printError(_ text: String) { standardError(text.hasSuffix("\n") ? text : text + "\n") }

    /// The subcommand running, set by `FlowSimCommand.run` (the boundary): it labels the
    /// command's lines. nil outside a command (a bare "flowsim: " label).
    public internal(set) var commandName: String?

    /// `text` labelled with the running command: "flowsim check: …".
    public func labelled(_ text: String) -> String { FlowSimCommand.labelled(text, command: commandName) }

    /// A line about the run on stderr (progress, a note, a warning), labelled with the command.
    public func printNote(_ text: String) { printError(labelled(text)) }

    /// An error as the running command reports it: labelled, control characters escaped
    /// (`FlowSimCommand.safeMessage`). Commands that go on after an error (check's scenes,
    /// preview's watch loop) print it here too.
    public func printError(_ error: CommandError) {
        printError(FlowSimCommand.safeMessage(message(error)))
    }

    /// An error's text as the running command prints it (labelled, not yet escaped).
    public func message(_ error: CommandError) -> String { error.message(command: commandName) }
}

/// File descriptor 1 or 2 of the process, written with write(2). A failed write ends the
/// process at once with status 2 (after removing this run's temporary output items), since
/// output that cannot be delivered makes the rest of the run pointless:
/// - stdout closed by its reader (EPIPE, i.e. SIGPIPE ignored): quietly, as other Unix tools;
/// - stdout failing otherwise (`> /dev/full`, a full disk, an I/O error): one line on stderr,
///   `flowsim: cannot write to standard output: No space left on device`;
/// - stderr failing: quietly (there is nowhere left to say it).
public enum StandardStream: Int32 {
    case output = 1
    case error = 2

    /// Writes `text` whole or exits 2.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` whole or exits 2 (streamed output).
    public func write(bytes: UnsafeRawBufferPointer) {
        let reason: Int32? = Self.writeAll(rawValue, bytes)
        guard let reason else { return }
        AtomicOutput.removeTemporaryItemsBeforeExit()
        if self == .output && reason != EPIPE {
            var message = Array("flowsim: cannot write to standard output: \(String(cString: strerror(reason)))\n".utf8)
            _ = message.withUnsafeMutableBytes { Self.writeAll(2, UnsafeRawBufferPointer($0)) }
        }
        exit(2)
    }

    /// nil when every byte was written, else the errno.
    static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32? {
        guard var pointer = raw.baseAddress else { return nil }
        var remaining = raw.count
        while remaining > 0 {
            let n = Glibc.write(fd, pointer, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            pointer += n
            remaining -= n
        }
        return nil
    }
}

/// A `flowsim` subcommand: one definition (`spec`) and one entry point.
public protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments; returns the exit status (0 or 1); throws `CommandError` for 2.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}
