import CLibPNG
import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimOutput
@testable import FlowSimRender

private func png_image_stub() -> png_image { png_image() }

final class OutputTests: XCTestCase {
    private struct Boom: Error {}

    private func contents(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name != AtomicOutput.markerFileName {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    private func leftovers(in parent: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".") }
    }

    func testCommitCreatesAndReplaces() throws {
        let parent = try temporaryFolder()
        let target = parent.appendingPathComponent("out/scene")
        let first = try AtomicOutput.Folder(replacing: target)
        try first.write(Data("one".utf8), named: "a.txt")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        try first.commit()
        XCTAssertEqual(try contents(target), ["a.txt": Data("one".utf8)])
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: target.appendingPathComponent(AtomicOutput.markerFileName).path))

        let second = try AtomicOutput.Folder(replacing: target)
        try second.write(Data("two".utf8), named: "b.txt")
        try second.commit()
        XCTAssertEqual(try contents(target), ["b.txt": Data("two".utf8)])
        XCTAssertEqual(try leftovers(in: target.deletingLastPathComponent()), [])
    }

    func testDiscardLeavesOldFolderUntouched() throws {
        let parent = try temporaryFolder()
        let target = parent.appendingPathComponent("scene")
        let old = try AtomicOutput.Folder(replacing: target)
        try old.write(Data("old".utf8), named: "frame_0000.png")
        try old.commit()
        do {
            let writer = try AtomicOutput.Folder(replacing: target)
            try writer.write(Data("new".utf8), named: "frame_0000.png")
            // dropped without commit
        }
        XCTAssertEqual(try contents(target), ["frame_0000.png": Data("old".utf8)])
        XCTAssertEqual(try leftovers(in: parent), [])
    }

    /// `flowsim render --out .` or `check --report somefolder` must never delete files FlowSim
    /// did not write.
    func testRefusesToReplaceAFolderItDidNotWrite() throws {
        let parent = try temporaryFolder()
        let target = parent.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("precious".utf8).write(to: target.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: target)) { error in
            XCTAssertEqual(error as? OutputError, .notFlowSimOutput(target.path))
            XCTAssertEqual(
                "\(error)", "\(target.path) exists and was not written by flowsim; choose another folder or remove it")
        }
        XCTAssertEqual(try contents(target), ["notes.txt": Data("precious".utf8)])

        // The folder appears while the writer works: commit refuses too, and cleans up.
        let later = parent.appendingPathComponent("later")
        let writer = try AtomicOutput.Folder(replacing: later)
        try writer.write(Data("new".utf8), named: "frame_0000.png")
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: false)
        try Data("precious".utf8).write(to: later.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try writer.commit()) { error in
            XCTAssertEqual(error as? OutputError, .notFlowSimOutput(later.path))
        }
        XCTAssertEqual(try contents(later), ["notes.txt": Data("precious".utf8)])
        XCTAssertEqual(try leftovers(in: parent), [])

        // Through the pipeline (what `flowsim render --out DIR` does).
        let renderer = FrameRenderer(viewport: RenderViewport(width: 20, height: 20, scale: 1))
        XCTAssertThrowsError(
            try RenderPipeline(renderer: renderer, concurrency: 1).render(frames: sampleFrames(count: 1), to: target))
        XCTAssertEqual(try contents(target), ["notes.txt": Data("precious".utf8)])
    }

    func testReplacesEmptyFoldersAndItsOwnOutput() throws {
        let parent = try temporaryFolder()
        let target = parent.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        let writer = try AtomicOutput.Folder(replacing: target)
        try writer.write(Data("1".utf8), named: "a.png")
        try writer.commit()
        XCTAssertEqual(try contents(target), ["a.png": Data("1".utf8)])
        let again = try AtomicOutput.Folder(replacing: target)
        try again.write(Data("2".utf8), named: "b.png")
        try again.commit()
        XCTAssertEqual(try contents(target), ["b.png": Data("2".utf8)])
    }

    func testNeverReplacesRootHomeOrTheWorkingDirectory() throws {
        // Only `init` is called: even without the check nothing would be replaced here.
        let cwd = FileManager.default.currentDirectoryPath
        var protected = [
            URL(fileURLWithPath: "/"), URL(fileURLWithPath: "."), URL(fileURLWithPath: cwd),
            URL(fileURLWithPath: cwd).deletingLastPathComponent(), URL(fileURLWithPath: NSHomeDirectory()),
        ]
        // A symbolic link to the working directory is the working directory.
        let link = try temporaryFolder().appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: cwd)
        protected.append(link)
        for url in protected {
            XCTAssertThrowsError(try AtomicOutput.Folder(replacing: url), url.path) { error in
                guard case .protectedFolder = error as? OutputError else { return XCTFail("\(url.path): \(error)") }
            }
        }
    }

    /// An interrupted render (SIGINT, SIGTERM, SIGKILL) left `.<name>.flowsim-tmp-<pid>-*`
    /// folders behind; the next writer in that folder removes those of dead processes.
    func testStartUpRemovesTemporaryFoldersOfDeadProcesses() throws {
        let parent = try temporaryFolder()
        var dead: pid_t = 4_000_000
        while dead > 1, !(kill(dead, 0) != 0 && errno == ESRCH) { dead -= 1 }
        let fm = FileManager.default
        let stale = ".scene.flowsim-tmp-\(dead)-ABCDEF12"
        let staleOther = ".other.flowsim-tmp-\(dead)-0123ABCD"
        let staleFile = ".report.html.flowsim-tmp-\(dead)-0123ABCD"
        let live = ".scene.flowsim-tmp-1-ABCDEF12"  // init: alive (kill gives EPERM or 0, not ESRCH)
        let mine = ".scene.flowsim-tmp-\(getpid())-ABCDEF12"  // another writer of this process
        let unrelated = ".scene.flowsim-tmp-notapid-ABCDEF12"
        for name in [stale, staleOther, live, mine, unrelated] {
            try fm.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
            try Data("x".utf8).write(to: parent.appendingPathComponent(name).appendingPathComponent("frame_0000.png"))
        }
        try Data("x".utf8).write(to: parent.appendingPathComponent(staleFile))
        let writer = try AtomicOutput.Folder(replacing: parent.appendingPathComponent("scene"))
        try writer.commit()
        XCTAssertEqual(Set(try leftovers(in: parent)), [live, mine, unrelated])
        XCTAssertEqual(AtomicOutput.temporaryItemPID(stale), dead)
        XCTAssertNil(AtomicOutput.temporaryItemPID(".flowsim-tmp-12-ABCDEF12"))
        XCTAssertNil(AtomicOutput.temporaryItemPID("scene.flowsim-tmp-12-ABCDEF12"))
    }

    /// One frame-naming function and one system-error text for every writer and report.
    func testSharedNamesAndReasons() throws {
        XCTAssertEqual(RenderPipeline.frameFileName(30), "frame_0030.png")
        XCTAssertEqual(RenderPipeline.frameFileName(30, suffix: ""), "frame_0030")
        XCTAssertEqual(OutputReason(CocoaError(.fileReadNoSuchFile)).description, "No such file or directory")
        XCTAssertEqual(OutputReason(CocoaError(.fileWriteNoPermission)).description, "Permission denied")
        XCTAssertEqual(OutputReason(POSIXError(.ENOSPC)).description, "No space left on device")
        // The same text from the decoder and the writers.
        let missing = "/nonexistent-flowsim-dir/x.png"
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOfFile: missing)) { error in
            XCTAssertEqual((error as? PNGDecodingError)?.reason, "No such file or directory")
        }
        XCTAssertEqual(libpngMessage(png_image_stub()), "libpng reported an error without a message")
    }

    func testDestinationThatIsAFileIsAnError() throws {
        let parent = try temporaryFolder()
        let file = parent.appendingPathComponent("file")
        try Data().write(to: file)
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: file)) { error in
            XCTAssertEqual(error as? OutputError, .notADirectory(file.path))
        }
        XCTAssertThrowsError(try AtomicOutput.Folder(replacing: file.appendingPathComponent("x")))
    }

    func testPipelineWritesFramesSheetAndAnimationMatchingTheRenderer() throws {
        let parent = try temporaryFolder()
        let target = parent.appendingPathComponent("parks")
        let frames = sampleFrames(count: 5)
        let renderer = FrameRenderer(viewport: RenderViewport(width: 200, height: 300, scale: 1, chromeHeight: 20))
        let pipeline = RenderPipeline(renderer: renderer, framesPerSecond: 60, concurrency: 3)
        let seen = ProgressLog()
        let summary = try pipeline.render(frames: frames, to: target) { seen.add($0) }
        let expectedFiles = (0..<5).map { RenderPipeline.frameFileName($0) } + ["contact-sheet.png", "animation.png"]
        XCTAssertEqual(summary.files, expectedFiles)
        XCTAssertEqual(Set(try contents(target).keys), Set(expectedFiles))
        XCTAssertEqual(seen.values.map(\.framesDone), [1, 2, 3, 4, 5])
        XCTAssertEqual(seen.values.last?.totalFrames, 5)
        for (i, frame) in frames.enumerated() {
            let png = try Data(contentsOf: target.appendingPathComponent(RenderPipeline.frameFileName(i)))
            XCTAssertEqual(try decodePNG(png), try renderer.render(frame), "frame \(i)")
        }
        let apng = try PNGChunk.parse(Data(contentsOf: target.appendingPathComponent("animation.png")))
        XCTAssertEqual(apng.filter { $0.type == "fcTL" }.count, 5)

        // Determinism: a second render writes byte-identical files.
        let again = parent.appendingPathComponent("parks-again")
        _ = try RenderPipeline(renderer: renderer, framesPerSecond: 60, concurrency: 2).render(
            frames: frames, to: again)
        XCTAssertEqual(try contents(target), try contents(again))
    }

    func testFailureMidwayLeavesTheOldFolderAsItWas() throws {
        let parent = try temporaryFolder()
        let target = parent.appendingPathComponent("parks")
        let renderer = FrameRenderer(viewport: RenderViewport(width: 50, height: 50, scale: 1))
        let pipeline = RenderPipeline(renderer: renderer, concurrency: 2)
        _ = try pipeline.render(frames: sampleFrames(count: 3), to: target)
        let before = try contents(target)

        let frames = sampleFrames(count: 12)
        XCTAssertThrowsError(
            try pipeline.render(
                frameCount: 12,
                frame: { i in
                    if i == 9 { throw Boom() }
                    return frames[i]
                }, to: target)
        ) { error in
            XCTAssertTrue(error is Boom, "\(error)")
        }
        XCTAssertEqual(try contents(target), before)
        XCTAssertEqual(try leftovers(in: parent), [])
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [RenderProgress] = []
    func add(_ p: RenderProgress) {
        lock.lock()
        log.append(p)
        lock.unlock()
    }
    var values: [RenderProgress] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }
}
