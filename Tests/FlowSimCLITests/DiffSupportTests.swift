import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation
import XCTest

@testable import FlowSimCLI

/// Runs `flowsim` in-process with captured output.
struct DiffCLIRun {
    var status: Int32
    var out: String
    var err: String
}

func runFlowSim(_ arguments: [String], environment: [String: String] = [:]) -> DiffCLIRun {
    var out = ""
    var err = ""
    let context = CommandContext(standardOutput: { out += $0 }, standardError: { err += $0 }, environment: environment)
    let status = FlowSimCommand.run(arguments, context: context)
    return DiffCLIRun(status: status, out: out, err: err)
}

/// A fresh temporary folder, removed at the end of the test.
func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "flowsim-diff-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// A w×h opaque image of one colour with `changed` pixels (x, y) set to black.
func solidImage(_ w: Int, _ h: Int, rgb: (UInt8, UInt8, UInt8) = (240, 240, 240), changed: [(Int, Int)] = [])
    -> RGBAImage
{
    var image = RGBAImage(width: w, height: h, fill: (rgb.0, rgb.1, rgb.2, 255))
    for (x, y) in changed {
        let i = (y * w + x) * 4
        image.pixels[i] = 0
        image.pixels[i + 1] = 0
        image.pixels[i + 2] = 0
    }
    return image
}

@discardableResult
func writePNG(_ image: RGBAImage, _ url: URL) throws -> URL {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGEncoder().encode(image).write(to: url)
    return url
}
