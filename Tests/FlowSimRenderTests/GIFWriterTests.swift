import CGif
import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimGoldens
@testable import FlowSimImage
@testable import FlowSimRender

/// `flowsim render --gif`: the GIF decodes back with giflib's own decoder (DGifSlurp), with the
/// frames, size and delays the frame times give, and its first frame's colours stay close to the
/// rendered frame (a golden of the palette's quality).
final class GIFWriterTests: XCTestCase {
    struct Decoded {
        var width: Int
        var height: Int
        var delays: [Int]
        var disposals: [Int32]
        var frames: [RGBAImage]
    }

    /// Decodes with DGifSlurp, every frame as RGBA through its (global or local) colour map.
    func decode(_ data: Data) throws -> Decoded {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flowsim-gif-\(UUID()).gif")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var error: Int32 = 0
        let gif = try XCTUnwrap(DGifOpenFileName(url.path, &error), "DGifOpenFileName: \(error)")
        defer { DGifCloseFile(gif, &error) }
        XCTAssertEqual(DGifSlurp(gif), GIF_OK, "DGifSlurp: \(gif.pointee.Error)")
        var decoded = Decoded(
            width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight), delays: [], disposals: [], frames: [])
        for i in 0..<Int(gif.pointee.ImageCount) {
            var control = GraphicsControlBlock()
            XCTAssertEqual(DGifSavedExtensionToGCB(gif, Int32(i), &control), GIF_OK)
            decoded.delays.append(Int(control.DelayTime))
            decoded.disposals.append(control.DisposalMode)
            let saved = gif.pointee.SavedImages[i]
            let map = try XCTUnwrap(saved.ImageDesc.ColorMap ?? gif.pointee.SColorMap)
            let w = Int(saved.ImageDesc.Width)
            let h = Int(saved.ImageDesc.Height)
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            for p in 0..<(w * h) {
                let index = Int(saved.RasterBits[p])
                let color = map.pointee.Colors[index]
                let transparent = Int32(index) == control.TransparentColor
                pixels[p * 4] = color.Red
                pixels[p * 4 + 1] = color.Green
                pixels[p * 4 + 2] = color.Blue
                pixels[p * 4 + 3] = transparent ? 0 : 255
            }
            decoded.frames.append(RGBAImage(width: w, height: h, pixels: pixels))
        }
        return decoded
    }

    func renderedParks(fps: Double, scale: Double) throws -> (times: [Double], images: [RGBAImage]) {
        let simulation = try SceneSimulation(scene: DefaultScene.load())
        try simulation.run()
        let times = SceneSimulation.frameTimes(duration: simulation.duration, fps: fps)
        let renderer = FrameRenderer(
            viewport: RenderViewport(simulation.scene.viewport, scale: scale), style: simulation.scene.style)
        let frames = simulation.frames(times: times)
        return (times, try frames.map { try renderer.render($0) })
    }

    func testScheduleKeepsFramesAtLeastTwoCentisecondsApart() {
        // 25 fps: every frame, 4 cs each.
        let quarter = (0...10).map { Double($0) / 25 }
        XCTAssertEqual(GIFWriter.schedule(times: quarter, framesPerSecond: 25).frames, Array(0...10))
        XCTAssertEqual(GIFWriter.schedule(times: quarter, framesPerSecond: 25).delays, Array(repeating: 4, count: 11))
        // 60 fps over 1 s (61 frames): one in six is dropped, the first and last are kept, the
        // delays add up to the duration plus the last frame's 2 cs.
        let sixty = (0...60).map { Double($0) / 60 }
        let (frames, delays) = GIFWriter.schedule(times: sixty, framesPerSecond: 60)
        XCTAssertEqual(frames.first, 0)
        XCTAssertEqual(frames.last, 60)
        XCTAssertEqual(frames.count, 51)
        XCTAssertTrue(delays.allSatisfy { $0 >= 2 }, "\(delays)")
        XCTAssertEqual(delays.reduce(0, +), 100 + 2)
        // Times out of order: every frame at 1/fps.
        XCTAssertEqual(GIFWriter.schedule(times: [0.5, 0.1, 0.3], framesPerSecond: 10).delays, [10, 10, 10])
    }

    func testGIFDecodesBackWithFramesSizeAndDelays() throws {
        let (times, images) = try renderedParks(fps: 20, scale: 0.5)
        let (data, summary) = try GIFWriter.encode(times: times, framesPerSecond: 20) { images[$0] }
        XCTAssertEqual(Array(data.prefix(6)), Array("GIF89a".utf8))
        let decoded = try decode(data)
        XCTAssertEqual(decoded.frames.count, times.count, "every frame at 20 fps")
        XCTAssertEqual(summary.frames.count, times.count)
        XCTAssertEqual(decoded.width, images[0].width)
        XCTAssertEqual(decoded.height, images[0].height)
        XCTAssertEqual(decoded.delays, Array(repeating: 5, count: times.count), "1/20 s = 5 cs")
        XCTAssertEqual(decoded.disposals, Array(repeating: DISPOSE_BACKGROUND, count: times.count))
        XCTAssertEqual(summary.bytes, data.count)
        XCTAssertLessThanOrEqual(summary.paletteSize, 256)
        // Frames differ as the animation does: the last decoded frame is close to the last render.
        let options = ImageComparisonOptions(metric: .pixelmatch, threshold: 0.1, maxDiffPixelRatio: 0.02)
        let last = ImageComparator.compare(images.last!, decoded.frames.last!, options: options)
        XCTAssertTrue(last.match, GoldenCaseResult.describe(last, options: options))
    }

    /// The golden: the first frame's colours after quantisation are within pixelmatch's default
    /// threshold of the rendered frame for all but a few pixels, and the flat background colours
    /// come out exact.
    func testFirstFrameColoursStayCloseToTheRender() throws {
        let (times, images) = try renderedParks(fps: 30, scale: 1)
        let (data, _) = try GIFWriter.encode(times: times, framesPerSecond: 30) { images[$0] }
        let first = try decode(data).frames[0]
        let options = ImageComparisonOptions(metric: .pixelmatch, threshold: 0.1, maxDiffPixelRatio: 0.005)
        let result = ImageComparator.compare(images[0], first, options: options)
        XCTAssertTrue(result.match, GoldenCaseResult.describe(result, options: options))
        // The most common colour (the background) is reproduced exactly.
        var counts: [UInt32: Int] = [:]
        let source = images[0].pixels
        for i in stride(from: 0, to: source.count, by: 4) {
            counts[UInt32(source[i]) << 16 | UInt32(source[i + 1]) << 8 | UInt32(source[i + 2]), default: 0] += 1
        }
        let background = counts.max { $0.value < $1.value }!.key
        var exact = 0
        var total = 0
        for i in stride(from: 0, to: source.count, by: 4) {
            let color = UInt32(source[i]) << 16 | UInt32(source[i + 1]) << 8 | UInt32(source[i + 2])
            guard color == background else { continue }
            total += 1
            let out = UInt32(first.pixels[i]) << 16 | UInt32(first.pixels[i + 1]) << 8 | UInt32(first.pixels[i + 2])
            if out == color { exact += 1 }
        }
        XCTAssertEqual(exact, total, String(format: "background #%06X", background))
    }

    func testManyColoursAreCutToAGlobalPaletteOf256() throws {
        // A gradient of 4096 colours and a transparent corner.
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                image.pixels[i] = UInt8(x * 4)
                image.pixels[i + 1] = UInt8(y * 4)
                image.pixels[i + 2] = UInt8((x + y) * 2)
                image.pixels[i + 3] = x < 4 && y < 4 ? 0 : 255
            }
        }
        let (data, summary) = try GIFWriter.encode(times: [0, 0.1], framesPerSecond: 10) { _ in image }
        XCTAssertEqual(summary.paletteSize, 256)
        let decoded = try decode(data)
        XCTAssertEqual(decoded.frames.count, 2)
        XCTAssertEqual(decoded.frames[0].pixels[3], 0, "transparent corner")
        let options = ImageComparisonOptions(metric: .pixelmatch, threshold: 0.1, maxDiffPixelRatio: 0.01)
        let result = ImageComparator.compare(image, decoded.frames[0], options: options)
        XCTAssertTrue(result.match, GoldenCaseResult.describe(result, options: options))
    }

    func testWriteIsAtomicAndReportsTheSize() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flowsim-gif-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = RGBAImage(width: 8, height: 4, fill: (10, 20, 30, 255))
        let url = dir.appendingPathComponent("a/b.gif")
        let summary = try GIFWriter.write(times: [0], framesPerSecond: 60, to: url) { _ in image }
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        XCTAssertEqual(size, summary.bytes)
        XCTAssertEqual(try decode(Data(contentsOf: url)).frames[0].pixels, image.pixels)
    }
}
