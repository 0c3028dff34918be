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
    public var standardError: (String) -> Void
    public var environment: [String: String]
    /// Whether stderr is a terminal (progress bars only then).
    public var errorIsTerminal: Bool
    /// Custom layouts selectable in scenes as `"layout": {"class": NAME}`: any
    /// `CollectionViewLayout` subclass, made by its factory, with its delegate factory if any;
    /// the scene's flow properties apply to `FlowLayout` subclasses only.
    public var layouts: LayoutRegistry

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
        CommandContext(
            standardOutput: { StandardStream.output.write($0) },
            standardError: { StandardStream.error.write($0) },
            environment: ProcessInfo.processInfo.environment,
            errorIsTerminal: isatty(2) == 1,
            layouts: layouts)
    }

    public func print(_ text: String) { standardOutput(text.hasSuffix("\n") ? text : text + "\n") }
    public func printError(_ text: String) { standardError(text.hasSuffix("\n") ? text : text + "\n") }
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
        let reason: Int32? = Self.writeAll(rawValue, text)
        guard let reason else { return }
        AtomicOutput.removeTemporaryItemsBeforeExit()
        if self == .output && reason != EPIPE {
            _ = Self.writeAll(2, "flowsim: cannot write to standard output: \(String(cString: strerror(reason)))\n")
        }
        exit(2)
    }

    /// nil when every byte was written, else the errno.
    static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { raw -> Int32? in
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
}

/// A `flowsim` subcommand: one definition (`spec`) and one entry point.
public protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments; returns the exit status (0 or 1); throws `CommandError` for 2.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}
