import FlowSim
import FlowSimScene
import FlowSimCLI
import Foundation
import XCTest

/// Runs `flowsim` in-process with captured output.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout parsed with Foundation's JSONSerialization (independent of FlowSim's writer).
    func json(file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
            XCTFail("stdout is not a JSON object: \(stdout.prefix(300))", file: file, line: line)
            return [:]
        }
        return object
    }
}

enum CLI {
    static func run(_ arguments: [String]) -> CLIResult {
        var out = ""
        var err = ""
        let context = CommandContext(standardOutput: { out += $0 }, standardError: { err += $0 })
        let status = FlowSimCommand.run(arguments, context: context)
        return CLIResult(status: status, stdout: out, stderr: err)
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func sceneFile(_ text: String, name: String = "scene.json") -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowsim-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url.path
    }
}

func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
