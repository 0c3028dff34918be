import FlowSim
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimRender

/// `compareScene` renders and compares golden points a batch at a time; what outlives a batch is
/// what its retention says, so a scene with many golden points never holds all their pixels.
final class GoldenRetentionTests: XCTestCase {
    /// The default scene at a small scale with seven golden times, two of them recorded with
    /// other colours so they fail.
    func checkedScene(
        retention: (GoldenSuite) -> GoldenImageRetention, mode: GoldenRecordMode = .never
    ) throws -> (GoldenSceneCheck, URL) {
        var scene = try DefaultScene.load()
        scene.viewport.scale = 0.5
        scene.golden.frames = nil
        scene.golden.times = [.start, .seconds(0.1), .seconds(0.2), .middle, .seconds(0.4), .seconds(0.6), .end]
        let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("retention-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: goldens) }
        func simulated(_ scene: Scene) throws -> SceneSimulation {
            let simulation = try SceneSimulation(scene: scene)
            try simulation.run()
            return simulation
        }
        let options = GoldenSuite.options(for: scene)
        var record = try GoldenSuite(goldensDirectory: goldens, mode: .all).compareScene(
            try simulated(scene), options: options)
        GoldenSuite(goldensDirectory: goldens, mode: .all).record(&record)
        var changed = scene
        changed.style.cellColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        var recolored = try GoldenSuite(goldensDirectory: goldens, mode: .all).compareScene(
            try simulated(changed), options: options)
        for i in recolored.cases.indices where [2, 5].contains(i) {
            GoldenSuite(goldensDirectory: goldens, mode: .all).record(&recolored.cases[i])
        }
        let suite = GoldenSuite(goldensDirectory: goldens, mode: mode)
        return (try suite.compareScene(try simulated(scene), options: options, retention: retention(suite)), goldens)
    }

    func testNoneKeepsNoPixelsAndOnlyWhatRecordingNeeds() throws {
        let (check, _) = try checkedScene(retention: { _ in .none }, mode: .failed)
        let points = check.cases.filter { !$0.isManifest }
        XCTAssertEqual(points.count, 7)
        XCTAssertEqual(points.filter(\.isFailure).count, 2, "the two recoloured goldens fail")
        for result in points {
            XCTAssertNil(result.expected, result.caseName)
            XCTAssertNil(result.actual, result.caseName)
            XCTAssertNil(result.diff, result.caseName)
            XCTAssertNil(result.reportImages, result.caseName)
            // `failed` records the failing points: their actual image is kept, encoded.
            XCTAssertEqual(result.actualPNG != nil, result.isFailure, result.caseName)
        }
    }

    func testFailuresKeepTheirPixelsOnly() throws {
        let (check, _) = try checkedScene(retention: { _ in .failures })
        for result in check.cases where !result.isManifest {
            XCTAssertEqual(result.expected != nil, result.isFailure, result.caseName)
            XCTAssertEqual(result.actual != nil, result.isFailure, result.caseName)
            XCTAssertEqual(result.diff != nil, result.isFailure, result.caseName)
        }
    }

    /// Staged report images make the same report, byte for byte, as images kept in memory.
    func testAStagedReportIsTheReportOfImagesKeptInMemory() throws {
        let (kept, _) = try checkedScene(retention: { _ in .all })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let inMemory = folder.appendingPathComponent("memory")
        let staged = folder.appendingPathComponent("staged")
        _ = try HTMLReport.writeFolder(kept.cases, to: inMemory)

        let report = try HTMLReport.Folder(replacing: staged)
        let (check, _) = try checkedScene(retention: { _ in .report(report.staging) })
        for result in check.cases where !result.isManifest {
            XCTAssertNil(result.actual, result.caseName)
            guard case .staged = try XCTUnwrap(result.reportImages?.actual) else {
                return XCTFail("\(result.caseName): not staged")
            }
            XCTAssertEqual(result.reportImages?.sideBySide != nil, result.isFailure, result.caseName)
        }
        try report.add(contentsOf: check.cases)
        _ = try report.finish(check.cases, title: "FlowSim golden check", orphans: [])

        // Kept in memory, every case has its diff; staged for a report, only the failing ones
        // (a passing case's diff is neither drawn nor shown).
        let passingDiffs = Set(
            check.cases.filter { !$0.isManifest && !$0.isFailure }.map { HTMLReport.fileStem($0) + "-diff.png" })
        XCTAssertEqual(passingDiffs.count, 5)
        let allNames = try FileManager.default.contentsOfDirectory(atPath: inMemory.path).sorted()
        let names = allNames.filter { !passingDiffs.contains($0) }
        XCTAssertEqual(allNames.count - names.count, 5, "the passing cases' diffs, in memory only")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: staged.path).sorted(), names)
        XCTAssertEqual(names.filter { $0.hasSuffix("-side-by-side.png") }.count, 2)
        XCTAssertEqual(names.filter { $0.hasSuffix("-diff.png") }.count, 2)
        for name in names where name.hasSuffix(".png") {
            XCTAssertEqual(
                try Data(contentsOf: staged.appendingPathComponent(name)),
                try Data(contentsOf: inMemory.appendingPathComponent(name)), name)
        }
    }

    /// A case staged but never added (and the side-by-side image of a case recorded since) is
    /// not left in the report.
    func testStagedImagesNotAddedAreRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unused-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let report = try HTMLReport.Folder(replacing: folder)
        let (check, _) = try checkedScene(retention: { _ in .report(report.staging) })
        let added = Array(check.cases.prefix(3))
        try report.add(contentsOf: added)
        _ = try report.finish(added, title: "t", orphans: [])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names.filter { $0.hasPrefix(".staged") }, [])
        let images = names.filter { $0.hasSuffix(".png") && !$0.contains("--animation-") }
        XCTAssertEqual(
            images.count, 2 + 3 + 1,
            "two points: expected and actual each, the failing one also its diff and side by side")
        XCTAssertEqual(names.filter { $0.contains("--animation-") }.count, 2, "the scene's expected and actual APNGs")
    }
}

/// The render pipeline asks for frames in order, on the calling thread, a batch at a time.
final class RenderPipelineFrameOrderTests: XCTestCase {
    func testFramesAreAskedInOrderOnTheCallingThread() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: target) }
        let frames = sampleFrames(count: 37)
        let caller = Thread.current
        var asked: [Int] = []
        var otherThread = false
        let pipeline = RenderPipeline(
            renderer: FrameRenderer(viewport: RenderViewport(width: 40, height: 40, scale: 1)), concurrency: 2)
        let summary = try pipeline.render(
            frameCount: frames.count,
            frame: { position in
                if Thread.current != caller { otherThread = true }
                asked.append(position)
                return frames[position]
            }, to: target)
        XCTAssertEqual(asked, Array(0..<37))
        XCTAssertFalse(otherThread)
        XCTAssertEqual(summary.frameCount, 37)
    }
}
