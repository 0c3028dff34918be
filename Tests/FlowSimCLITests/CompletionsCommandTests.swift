import FlowSim
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// `flowsim completions`: each script is valid for its shell and offers a subcommand's options,
/// value choices and commands. bash is always there; zsh and fish are Debian packages that
/// `Scripts/setup-system` installs (the tests skip, saying so, where they are absent).
final class CompletionsCommandTests: XCTestCase {
    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The script, written to a temporary file.
    func script(_ shell: String) throws -> String {
        let result = CLI.run(["completions", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowsim-\(UUID().uuidString).\(shell)")
        try Data(result.stdout.utf8).write(to: path)
        addTeardownBlock { try? FileManager.default.removeItem(at: path) }
        return path.path
    }

    /// Runs `executable arguments…`; returns status and stdout (stderr appended on failure).
    func run(_ executable: String, _ arguments: [String], directory: String? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = FileManager.default.temporaryDirectory.path
        environment["XDG_CONFIG_HOME"] =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "flowsim-xdg-\(UUID().uuidString)"
            ).path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return (
            process.terminationStatus,
            process.terminationStatus == 0 ? text : text + String(decoding: errorData, as: UTF8.self)
        )
    }

    func testUnknownShellIsAUsageError() {
        let result = CLI.run(["completions", "tcshh"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("SHELL expects bash, zsh or fish"), result.stderr)
        XCTAssertEqual(CLI.run(["completions"]).status, 2)
    }

    func testBashScriptIsValidAndCompletes() throws {
        let bash = try XCTUnwrap(Self.shell("bash"))
        let path = try script("bash")
        let (syntax, syntaxOutput) = try run(bash, ["-n", path])
        XCTAssertEqual(syntax, 0, syntaxOutput)
        func complete(_ words: [String], in directory: String? = nil) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let command =
                "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _flowsim; "
                + "printf '%s\\n' \"${COMPREPLY[@]}\""
            let (status, output) = try run(bash, ["-c", command], directory: directory)
            XCTAssertEqual(status, 0, output)
            return output.split(separator: "\n").map(String.init).sorted()
        }
        // Commands, a subcommand's options, an option's value choices.
        XCTAssertEqual(try complete(["flowsim", "pre"]), ["preview"])
        XCTAssertTrue(try complete(["flowsim", ""]).contains("completions"))
        XCTAssertEqual(try complete(["flowsim", "render", "--f"]), ["--fps", "--frames", "--full-content"])
        let springOptions = try complete(["flowsim", "spring", "--"])
        for option in ["--code", "--preset", "--damping-fraction", "--help"] {
            XCTAssertTrue(springOptions.contains(option), "\(springOptions)")
        }
        XCTAssertEqual(
            try complete(["flowsim", "diff", "a", "b", "--metric", ""]), ["exact", "perceptual", "pixelmatch", "ssim"])
        XCTAssertEqual(try complete(["flowsim", "spring", "--code", "c"]), ["caspring", "compose", "css"])
        XCTAssertTrue(try complete(["flowsim", "spring", "--preset", "swiftui-"]).contains("swiftui-bouncy"))
        XCTAssertEqual(try complete(["flowsim", "help", "sch"]), ["schema"])
        XCTAssertEqual(try complete(["flowsim", "completions", "z"]), ["zsh"])
        // Scene arguments complete .json files and folders, not other files.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-comp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        for name in ["a.json", "b.txt"] { try Data().write(to: folder.appendingPathComponent(name)) }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try complete(["flowsim", "render", ""], in: folder.path), ["a.json", "scenes"])
        XCTAssertEqual(try complete(["flowsim", "check", "--goldens", ""], in: folder.path), ["scenes"])
    }

    func testZshScriptIsValidAndDispatchesToTheCommandsArguments() throws {
        guard let zsh = Self.shell("zsh") else {
            throw XCTSkip("zsh is not installed (Scripts/setup-system installs it); the zsh script was not checked")
        }
        let path = try script("zsh")
        let (syntax, syntaxOutput) = try run(zsh, ["-n", path])
        XCTAssertEqual(syntax, 0, syntaxOutput)
        // With the completion system's functions stubbed to print their arguments, the script
        // hands `_arguments` the command's option specs.
        let command = """
            _arguments() { print -rl -- "$@" }; _describe() { local name=${@[-1]}; print -rl -- ${(P)name} }; compdef() { : }
            source '\(path)'
            words=(flowsim diff a b --metric ''); CURRENT=6; _flowsim
            """
        let (status, output) = try run(zsh, ["-f", "-c", command])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(
            output.contains(
                "--metric[How pixels are compared]:exact|pixelmatch|perceptual|ssim:(exact pixelmatch perceptual ssim)"),
            output)
        XCTAssertTrue(output.contains("--no-aa["), output)
        XCTAssertTrue(output.contains(#"*:EXPECTED:_files"#), output)
        let (_, top) = try run(
            zsh,
            [
                "-f", "-c",
                command.replacingOccurrences(
                    of: "words=(flowsim diff a b --metric ''); CURRENT=6", with: "words=(flowsim ''); CURRENT=2"),
            ])
        XCTAssertTrue(top.contains("schema:Print the JSON Schema"), top)
    }

    func testFishScriptIsValidAndCompletes() throws {
        guard let fish = Self.shell("fish") else {
            throw XCTSkip("fish is not installed (Scripts/setup-system installs it); the fish script was not checked")
        }
        let path = try script("fish")
        let (syntax, syntaxOutput) = try run(fish, ["--no-config", "-n", path])
        XCTAssertEqual(syntax, 0, syntaxOutput)
        func complete(_ line: String) throws -> [String] {
            let (status, output) = try run(fish, ["--no-config", "-c", "source '\(path)'; complete -C '\(line)'"])
            XCTAssertEqual(status, 0, output)
            return output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
        XCTAssertEqual(try complete("flowsim render --f"), ["--fps", "--frames", "--full-content"])
        XCTAssertEqual(try complete("flowsim diff a b --metric "), ["exact", "perceptual", "pixelmatch", "ssim"])
        XCTAssertTrue(try complete("flowsim sch").contains("schema"))
    }
}
