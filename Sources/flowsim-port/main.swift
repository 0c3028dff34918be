// `flowsim-port [--verbose] --output DIR FILE...`: ports each FILE into DIR/<same name> (see
// FlowSimPort.Porter). Run by the FlowSimPort build-tool plugin; `flowsim port` is the same
// rewriter with FlowSim's command-line conventions. Exit status 2 with `file:line:column: error:`
// lines when a file cannot be ported; nothing is written then.
import FlowSimPort

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    fputs(message.hasSuffix("\n") ? message : message + "\n", stderr)
    exit(2)
}

func readFile(_ path: String) -> String {
    guard let handle = fopen(path, "rb") else {
        fail("flowsim-port: \(path): cannot read: \(String(cString: strerror(errno)))")
    }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, handle)
        if count > 0 { bytes += buffer[0..<count] }
        if count < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes through a temporary file renamed over the destination, so a build never sees half a file.
func writeFile(_ text: String, to path: String) {
    let temporary = path + ".flowsim-port-tmp-\(getpid())"
    guard let handle = fopen(temporary, "wb") else {
        fail("flowsim-port: \(path): cannot write: \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
    let closed = fclose(handle)
    guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
        unlink(temporary)
        fail("flowsim-port: \(path): cannot write: \(String(cString: strerror(errno)))")
    }
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
let names = inputs.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
if Set(names).count != names.count { fail("flowsim-port: two inputs have the same file name") }
mkdir(output, 0o755)

do {
    let ported = try Porter.port(inputs.map { ($0, readFile($0)) })
    for (file, name) in zip(ported, names) {
        writeFile(file.text, to: output + "/" + name)
        if verbose { for edit in file.edits { print(edit) } }
    }
} catch {
    fail(error.description)
}
