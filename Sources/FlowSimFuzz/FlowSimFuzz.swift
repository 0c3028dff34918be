import Foundation

/// Coverage-guided fuzzing of FlowSim's input handling with libFuzzer; run it through
/// `Scripts/fuzz [TARGET] [SECONDS]`, which builds this target with `-sanitize=fuzzer -DFUZZING`
/// in its own scratch directory. A normal build (no `FUZZING`) replays saved inputs instead:
///   swift run FlowSimFuzz scene crash-1234      # one input through the `scene` harness
@main
struct FlowSimFuzz {
    static let usage = """
        FlowSimFuzz: libFuzzer harnesses for FlowSim (\(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))).

        Fuzz with:   Scripts/fuzz [TARGET] [SECONDS]     (default: every target, 60 s each)
        Replay with: swift run FlowSimFuzz TARGET FILE...  (runs saved inputs, e.g. crash files,
                     through the same harness without libFuzzer)

        Targets:
        \(FuzzTarget.allCases.map { "  \($0.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

        """

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Helpers for Scripts/fuzz, available in both builds.
        if arguments.first == "--write-seeds" || arguments.first == "--write-dictionary" {
            guard arguments.count == 3, arguments[1] == FuzzTarget.args.rawValue else {
                fail("usage: FlowSimFuzz \(arguments[0]) args PATH")
            }
            if arguments[0] == "--write-seeds" {
                try? FileManager.default.createDirectory(atPath: arguments[2], withIntermediateDirectories: true)
                for (index, seed) in Harness.argumentSeeds().enumerated() {
                    _ = FileManager.default.createFile(atPath: "\(arguments[2])/seed-\(index)", contents: seed)
                }
            } else {
                let lines = Harness.argumentDictionary().map { "\"\($0)\"" }
                _ = FileManager.default.createFile(
                    atPath: arguments[2], contents: Data((lines.joined(separator: "\n") + "\n").utf8))
            }
            return
        }
        #if FUZZING
            let name = ProcessInfo.processInfo.environment["FLOWSIM_FUZZ_TARGET"] ?? ""
            guard let target = FuzzTarget(rawValue: name) else {
                fail(
                    "FLOWSIM_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(name)'); run Scripts/fuzz"
                )
            }
            LibFuzzer.run(target)
        #else
            guard let first = arguments.first, let target = FuzzTarget(rawValue: first), arguments.count > 1 else {
                print(usage, terminator: "")
                exit(arguments.isEmpty || arguments == ["--help"] ? 0 : 2)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
                // FLOWSIM_FUZZ_PRINT=1: show the scene an `updates` recipe builds (to replay with flowsim).
                if target == .updates, ProcessInfo.processInfo.environment["FLOWSIM_FUZZ_PRINT"] != nil {
                    print(UpdatesHarness.scene(from: data))
                }
                target.run(data)
                print("\(path): ok (no trap)")
            }
        #endif
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("FlowSimFuzz: \(message)\n".utf8))
        exit(2)
    }
}
