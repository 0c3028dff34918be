import FlowSimCLI
import FlowSimImage
import FlowSimRender
import Foundation
import XCTest

/// One in-process `flowsim` run with its captured output.
public struct CLIResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Short names some tests use.
    public var out: String { stdout }
    public var err: String { stderr }

    /// stdout parsed with Foundation's JSONSerialization (independent of FlowSim's writer).
    public func json(file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
            XCTFail("stdout is not a JSON object: \(stdout.prefix(300))", file: file, line: line)
            return [:]
        }
        return object
    }
}

public enum CLI {
    /// Runs `flowsim arguments` in-process with the given environment.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
        var out = ""
        var err = ""
        let context = CommandContext(
            standardOutput: { out += $0 }, standardError: { err += $0 }, environment: environment)
        let status = FlowSimCommand.run(arguments, context: context)
        return CLIResult(status: status, stdout: out, stderr: err)
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    public static func sceneFile(_ text: String, name: String = "scene.json") -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowsim-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try? Data(text.utf8).write(to: url)
        return url.path
    }
}

/// `CLI.run` under the name the diff and check tests use.
public func runFlowSim(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
    CLI.run(arguments, environment: environment)
}

/// A JSON number as a Double.
public func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

/// A fresh temporary folder, removed at the end of the test.
public func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "flowsim-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// A w×h opaque image of one colour with `changed` pixels (x, y) set to black.
public func solidImage(
    _ w: Int, _ h: Int, rgb: (UInt8, UInt8, UInt8) = (240, 240, 240), changed: [(Int, Int)] = []
) -> RGBAImage {
    var image = RGBAImage(width: w, height: h, fill: (rgb.0, rgb.1, rgb.2, 255))
    for (x, y) in changed {
        let i = (y * w + x) * 4
        image.pixels[i] = 0
        image.pixels[i + 1] = 0
        image.pixels[i + 2] = 0
    }
    return image
}

/// Encodes `image` as a PNG at `url` (creating its folder).
@discardableResult
public func writePNG(_ image: RGBAImage, _ url: URL) throws -> URL {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGEncoder().encode(image).write(to: url)
    return url
}
