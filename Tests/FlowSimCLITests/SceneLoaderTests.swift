import FlowSim
import FlowSimScene
import FlowSimRender
import Foundation
import XCTest

@testable import FlowSimCLI
import FlowSimTestSupport

/// Every command loads scene files through one loader that resolves relative cell image paths
/// against the scene file's folder (not the working directory).
final class SceneLoaderTests: XCTestCase {
    static let goldens = packageRoot.appendingPathComponent("Goldens")

    /// A copy of Goldens/image-cell (scene.json + photo.png) in a fresh folder that is not the
    /// working directory.
    func imageCellCopy() throws -> URL {
        let dir = try makeTemporaryFolder(self).appendingPathComponent("image-cell")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["scene.json", "photo.png"] {
            try FileManager.default.copyItem(
                at: Self.goldens.appendingPathComponent("image-cell/\(name)"), to: dir.appendingPathComponent(name))
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: "photo.png"), "the working directory must not hold photo.png")
        return dir
    }

    func testRenderResolvesRelativeImagePathsAgainstTheSceneFolder() throws {
        let dir = try imageCellCopy()
        let out = dir.deletingLastPathComponent().appendingPathComponent("out")
        let run = runFlowSim([
            "render", dir.appendingPathComponent("scene.json").path, "--frames", "0", "--out", out.path, "--quiet",
        ])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertFalse(run.err.contains("cannot read image"), run.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("frame_0000.png").path))
    }

    func testRenderAndCheckSeeTheSamePixels() throws {
        // The committed goldens of image-cell were recorded by `check`, which always resolved
        // image paths; `render` of frame 0 must now produce the same image.
        let dir = try imageCellCopy()
        let out = dir.deletingLastPathComponent().appendingPathComponent("out")
        XCTAssertEqual(
            runFlowSim([
                "render", dir.appendingPathComponent("scene.json").path, "--frames", "0", "--out", out.path, "--quiet",
            ]).status, 0)
        let diff = runFlowSim([
            "diff", Self.goldens.appendingPathComponent("image-cell/frame_0000.png").path,
            out.appendingPathComponent("frame_0000.png").path,
        ])
        XCTAssertEqual(diff.status, 0, diff.out + diff.err)
    }

    func testOneLoaderForEveryCommandAndFlowSimTesting() throws {
        let dir = try imageCellCopy()
        let path = dir.appendingPathComponent("scene.json").path
        let photo = dir.appendingPathComponent("photo.png").standardizedFileURL.path
        let viaCLI = try SceneArgument.load(path)
        let viaLoader = try SceneDecoder.load(path: path)
        XCTAssertEqual(viaCLI.sections[0].items[0].imagePath, photo)
        XCTAssertEqual(viaLoader.sections[0].items[0].imagePath, photo)
        // check goes through the same loader.
        let goldens = dir.deletingLastPathComponent().appendingPathComponent("goldens")
        let check = runFlowSim(["check", path, "--goldens", goldens.path, "--record", "missing", "--quiet"])
        XCTAssertEqual(check.status, 0, check.out + check.err)
    }
}
