import FlowSimOutput
import FlowSimPort
import FlowSimRender
import Foundation

/// `flowsim port FILE... --output DIR`: Linux-compilable copies of layout files that use
/// Objective-C-only features (`@objc optional` delegates, `responds(to: #selector(…))`, `dynamic`).
enum PortCommand: Subcommand {
    static let spec = CommandSpec(
        name: "port",
        abstract: "Rewrite @objc optional delegates and other Objective-C-only code so it builds on Linux.",
        discussion: """
            Each FILE is written to DIR under its own name, all files or none. Files are ported together: a type in \
            one file that adopts a protocol from another and implements its optional method gets the split \
            protocol's conformance. Every rewrite is printed as FILE:LINE:COLUMN: WHAT. A construct that cannot \
            be ported is an error naming its position (exit 2, nothing written). See docs/objc-port.md.
            """,
        positionals: [
            PositionalSpec(
                "FILE", repeated: true, completion: .file(extensions: ["swift"]), help: "Swift files to port.")
        ],
        options: [output, quiet])

    static let output = Option.text("--output", value: "DIR", help: "Folder for the ported files (created if missing).")
        .completing(.folder)
    static let quiet = Option.flag("--quiet", help: "Print only the one-line summary.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard let output = try arguments.given(output) else {
            throw CommandError.missingOption(option: Self.output.spec.synopsis, usage: spec.usageLine)
        }
        let paths = arguments.positionals
        try OutputPaths.validate(output, option: Self.output.name, folder: true)
        // The same input rules as `flowsim-port` (PortInputs): one output name per input, read in order.
        let inputs = try PortInputs.collect(
            paths,
            read: { (path: String) throws(CommandError) -> String in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CommandError.unreadableFile(path: path)
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw CommandError.port(.notUTF8(path: path))
                }
                return text
            },
            clash: { CommandError.port(.sameOutputName(first: $0.first, second: $0.second, name: $0.name)) })
        let ported: [PortedFile]
        do {
            ported = try Porter.port(inputs)
        } catch {
            throw CommandError.several(
                error.errors.map { CommandError.port(.cannotPort($0)) }, summary: nil)
        }
        let directory = URL(fileURLWithPath: output)
        do {
            try AtomicOutput.write(
                ported.map {
                    AtomicOutput.File(name: PortInputs.outputName(of: $0.path), data: Data($0.text.utf8))
                },
                in: directory)
        } catch let error as OutputError {
            throw CommandError.output(option: Self.output.name, path: output, .output(error))
        }
        let quiet = arguments.isSet(quiet)
        var lines: [String] = []
        for file in ported where !quiet {
            lines += file.edits.map(\.description)
        }
        let total = ported.reduce(0) { $0 + $1.edits.count }
        lines.append("Ported \(ported.count) file(s) into \(output): \(total) edit(s).")
        context.print(lines.joined(separator: "\n"))
        return 0
    }
}
