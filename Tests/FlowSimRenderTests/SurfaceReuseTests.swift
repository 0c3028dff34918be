import FlowSim
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// A render's workers draw each frame on the surface an earlier frame used (no zero-filled
/// allocation per frame) when the background is opaque; the frames must be the bytes a new
/// surface gives.
final class SurfaceReuseTests: XCTestCase {
    private let viewport = RenderViewport(width: 200, height: 300, scale: 1, chromeHeight: 20)

    /// Frame 1 drawn over frame 0's pixels is frame 1 drawn on a new surface, pixel for pixel,
    /// and the same surface is drawn on (nothing allocated).
    func testOpaqueBackgroundDrawsOnTheEarlierSurface() throws {
        let frames = sampleFrames(count: 12)
        let renderer = FrameRenderer(viewport: viewport)
        XCTAssertTrue(renderer.repaintsEverySurfacePixel)
        let used = try renderer.renderSurface(frames[0])
        let again = try renderer.renderSurface(frames[11], reusing: used)
        XCTAssertTrue(again === used)
        XCTAssertEqual(try again.rgbaImage(), try renderer.render(frames[11]))
    }

    /// A translucent background would show the earlier frame through it: a new surface is drawn,
    /// as is one of another size.
    func testTranslucentBackgroundOrOtherSizeDrawsOnANewSurface() throws {
        let frames = sampleFrames(count: 2)
        var style = SceneStyle()
        style.background = RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        let translucent = FrameRenderer(viewport: viewport, style: style)
        XCTAssertFalse(translucent.repaintsEverySurfacePixel)
        let used = try translucent.renderSurface(frames[0])
        let next = try translucent.renderSurface(frames[1], reusing: used)
        XCTAssertFalse(next === used)
        XCTAssertEqual(try next.rgbaImage(), try translucent.render(frames[1]))

        let opaque = FrameRenderer(viewport: viewport)
        let small = try ImageSurface(width: 100, height: 300)
        XCTAssertFalse(try opaque.renderSurface(frames[1], reusing: small) === small)
    }

    /// Through `encodeFrame` (the pool of handed-back surfaces): every frame's PNG is the bytes
    /// of the frame drawn on a new surface and encoded, for both an opaque and a translucent
    /// background.
    func testEncodedFramesAreTheBytesOfNewSurfaces() throws {
        let frames = sampleFrames(count: 8)
        for alpha in [1.0, 0.5] {
            var style = SceneStyle()
            style.background = RGBAColor(red: 0.9, green: 0.9, blue: 0.95, alpha: alpha)
            let renderer = FrameRenderer(viewport: viewport, style: style)
            let pipeline = RenderPipeline(renderer: renderer, concurrency: 2)
            for frame in frames + frames.reversed() {
                let fresh = try renderer.render(frame)
                let expected =
                    alpha >= 1
                    ? try PNGEncoder(compression: .fast, colorMode: .rgb).encode(fresh)
                    : try PNGEncoder(compression: .fast, colorMode: .rgba).encode(fresh)
                XCTAssertEqual(try pipeline.encodeFrame(frame), expected, "frame \(frame.index), alpha \(alpha)")
            }
        }
    }

    /// The pool keeps at most `limit` surfaces and hands back only one of the size asked for.
    func testPoolKeepsAtMostItsLimitOfTheAskedSize() throws {
        let pool = SurfacePool(limit: 2)
        let a = try ImageSurface(width: 4, height: 4)
        let b = try ImageSurface(width: 4, height: 4)
        let c = try ImageSurface(width: 8, height: 4)
        pool.give(a)
        pool.give(b)
        pool.give(c)  // drops a, the oldest
        XCTAssertTrue(pool.take(width: 8, height: 4) === c)
        XCTAssertTrue(pool.take(width: 4, height: 4) === b)
        XCTAssertNil(pool.take(width: 4, height: 4))
    }
}
