import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

final class APNGStreamTests: XCTestCase {
    private func pngs(_ count: Int) throws -> [Data] {
        try (0..<count).map { i in
            try PNGEncoder(colorMode: .rgb).encode(RGBAImage(width: 6, height: 4, fill: (UInt8(40 * i), 0, 0, 255)))
        }
    }

    private func delays(_ apng: Data) throws -> [String] {
        try PNGChunk.parse(apng).filter { $0.type == "fcTL" }.map { chunk in
            let b = [UInt8](chunk.data)
            return "\(UInt16(b[20]) << 8 | UInt16(b[21]))/\(UInt16(b[22]) << 8 | UInt16(b[23]))"
        }
    }

    func testStreamWritesWhatTheWriterBuildsAndChecksTheFrameCount() throws {
        let frames = try pngs(3)
        var streamed = Data()
        var stream = try APNGStream(frameCount: 3) { streamed.append($0) }
        for png in frames { try stream.append(png, delay: (1, 60)) }
        try stream.finish()
        XCTAssertEqual(streamed, try APNGWriter(framesPerSecond: 60).animation(fromPNGs: frames))

        var short = try APNGStream(frameCount: 3) { _ in }
        try short.append(frames[0], delay: (1, 60))
        XCTAssertThrowsError(try short.finish()) { error in
            XCTAssertEqual(error as? APNGError, .frameCountMismatch(expected: 3, actual: 1))
        }
        var long = try APNGStream(frameCount: 1) { _ in }
        try long.append(frames[0], delay: (1, 60))
        XCTAssertThrowsError(try long.append(frames[1], delay: (1, 60)))
    }

    /// The render threads find each frame's chunk layout once; the stream appends from it without
    /// parsing the PNG again, and writes exactly the bytes of the parsing append.
    func testAppendingFromLayoutsWritesTheSameBytes() throws {
        let frames = try pngs(3)
        var parsed = Data()
        var fromLayouts = Data()
        var a = try APNGStream(frameCount: 3) { parsed.append($0) }
        var b = try APNGStream(frameCount: 3) { fromLayouts.append($0) }
        for (index, png) in frames.enumerated() {
            try a.append(png, delay: (1, 60))
            try b.append(png, layout: try PNGLayout(trusting: png, frame: index), delay: (1, 60))
        }
        try a.finish()
        try b.finish()
        XCTAssertEqual(fromLayouts, parsed)
        XCTAssertThrowsError(try PNGLayout(trusting: Data("not a png".utf8)))
    }

    func testDelayFractionForSeconds() {
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 1.0 / 60) == (1, 60))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 1.5) == (3, 2))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 0.1) == (1, 10))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 90.0 / 60) == (3, 2))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 0) == (0, 1))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: -1) == (0, 1))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 1e9) == (65535, 1))
        XCTAssertTrue(APNGWriter.delayFraction(seconds: 1e-9) == (1, 65535))
        let pi = APNGWriter.delayFraction(seconds: Double.pi)
        XCTAssertEqual(Double(pi.numerator) / Double(pi.denominator), Double.pi, accuracy: 1e-6)
    }

    /// `--frames 0,90,120`: each frame shows until the next one's time, the last for 1/fps.
    func testPipelineDelaysFollowFrameTimesAndDuplicatesAreWrittenOnce() throws {
        let renderer = FrameRenderer(viewport: RenderViewport(width: 20, height: 20, scale: 1))
        func frame(_ index: Int) -> PresentedFrame {
            PresentedFrame(index: index, time: Double(index) / 60, contentOffset: .zero, elements: [])
        }
        let pipeline = RenderPipeline(renderer: renderer, framesPerSecond: 60, concurrency: 2)
        let subset = try temporaryFolder().appendingPathComponent("subset")
        _ = try pipeline.render(frames: [frame(0), frame(90), frame(120)], to: subset)
        XCTAssertEqual(
            try delays(Data(contentsOf: subset.appendingPathComponent("animation.png"))), ["3/2", "1/2", "1/60"])

        let full = try temporaryFolder().appendingPathComponent("full")
        _ = try pipeline.render(frames: (0..<5).map(frame), to: full)
        XCTAssertEqual(
            try delays(Data(contentsOf: full.appendingPathComponent("animation.png"))),
            Array(repeating: "1/60", count: 5))

        // `--frames 0,0,5`: frame 0 once, everywhere.
        let duplicates = try temporaryFolder().appendingPathComponent("dups")
        let summary = try pipeline.render(frames: [frame(0), frame(0), frame(5)], to: duplicates)
        XCTAssertEqual(summary.files, ["frame_0000.png", "frame_0005.png", "contact-sheet.png", "animation.png"])
        XCTAssertEqual(summary.frameCount, 2)
        XCTAssertEqual(
            try delays(Data(contentsOf: duplicates.appendingPathComponent("animation.png"))), ["1/12", "1/60"])
    }
}
