// `flowsim-port [--verbose] --output DIR FILE...`: ports each FILE into DIR/<same name> (see
// FlowSimPort.Porter). Run by the FlowSimPort build-tool plugin; `flowsim port` is the same
// rewriter with FlowSim's command-line conventions. Both take their input rules from
// `PortInputs` and write through FlowSimOutput (all files or none, atomically); this tool does
// not link FlowSimCLI, whose Cairo and image codecs a build-tool plugin's tool need not carry.
// Exit status 2 with `file:line:column: error:` lines when a file cannot be ported; nothing is
// written then.
import FlowSimOutput
import FlowSimPort
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct Failure: Error {
    var message: String
}

func fail(_ message: String) -> Never {
    AtomicOutput.waitIfEndingBySignal()
    fputs(message.hasSuffix("\n") ? message : message + "\n", stderr)
    exit(2)
}

/// The file's text; fails naming the system's reason when it cannot be read, or when it is not UTF-8.
func readFile(_ path: String) throws(Failure) -> String {
    guard let handle = fopen(path, "rb") else {
        throw Failure(message: "\(path): cannot read: \(String(cString: strerror(errno)))")
    }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, handle)
        if count > 0 { bytes += buffer[0..<count] }
        if count < buffer.count { break }
    }
    guard let text = String(data: Data(bytes), encoding: .utf8) else {
        throw Failure(message: "\(path): not UTF-8 text.")
    }
    return text
}

var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
var verbose = false
var inputs: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--output":
        guard !arguments.isEmpty else { fail("flowsim-port: --output needs a folder") }
        output = arguments.removeFirst()
    case "--verbose": verbose = true
    case "--help", "-h":
        print("USAGE: flowsim-port [--verbose] --output DIR FILE...")
        exit(0)
    default:
        if argument.hasPrefix("--") { fail("flowsim-port: unknown option '\(argument)'") }
        inputs.append(argument)
    }
}
guard let output else {
    fail("flowsim-port: missing --output DIR\nUSAGE: flowsim-port [--verbose] --output DIR FILE...")
}
guard !inputs.isEmpty else { fail("flowsim-port: no input files") }

do {
    let texts = try PortInputs.collect(
        inputs, read: readFile, clash: { Failure(message: $0.description) })
    let ported = try Porter.port(texts)
    try AtomicOutput.write(
        ported.map { AtomicOutput.File(name: PortInputs.outputName(of: $0.path), data: Data($0.text.utf8)) },
        in: URL(fileURLWithPath: output))
    if verbose { for file in ported { for edit in file.edits { print(edit) } } }
} catch let failure as Failure {
    fail("flowsim-port: \(failure.message)")
} catch let error as OutputError {
    fail("flowsim-port: \(error)")
} catch {
    fail("\(error)")
}
