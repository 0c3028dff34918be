import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimRender

/// One shared pixel limit: nothing is rendered that `PNGDecoder` (check, diff) cannot read back.
final class DrawingViewportLimitTests: XCTestCase {
    func testViewportsOverThePNGDecoderLimitAreRefusedBeforeDrawing() throws {
        let tooMany = RenderViewport(width: 4100, height: 4100, scale: 2)  // 8200×8200 px > 2^26
        XCTAssertThrowsError(try tooMany.validate()) { error in
            XCTAssertEqual(error as? RenderError, .viewportTooLarge(width: 8200, height: 8200))
            XCTAssertTrue("\(error)".contains("8200×8200 px are too large"), "\(error)")
        }
        XCTAssertThrowsError(try FrameRenderer(viewport: tooMany).render(sampleFrames(count: 1)[0])) { error in
            XCTAssertEqual(error as? RenderError, .viewportTooLarge(width: 8200, height: 8200))
        }
        // Cairo's 32767 px per side, even when the pixel count is small.
        let tooWide = RenderViewport(width: 40000, height: 1, scale: 1)
        XCTAssertThrowsError(try tooWide.validate()) { error in
            XCTAssertEqual(error as? RenderError, .viewportTooLarge(width: 40000, height: 1))
        }
        let tallChrome = RenderViewport(width: 10, height: 30000, scale: 1, chromeHeight: 3000)
        XCTAssertThrowsError(try tallChrome.validate())
        XCTAssertThrowsError(try RenderViewport(width: 1e300, height: 1e300, scale: 10).validate())
        XCTAssertThrowsError(try RenderViewport(width: 100, height: 100, scale: .nan).validate()) { error in
            guard case .invalidViewport = error as? RenderError else { return XCTFail("\(error)") }
        }

        // The limit itself is allowed.
        XCTAssertNoThrow(try RenderViewport(width: 4096, height: 4096, scale: 2).validate())
        XCTAssertNoThrow(try RenderViewport(width: 32767, height: 2048, scale: 1).validate())

        // The pipeline fails before creating the output folder.
        let target = try temporaryFolder().appendingPathComponent("big")
        XCTAssertThrowsError(
            try RenderPipeline(renderer: FrameRenderer(viewport: tooMany), concurrency: 1)
                .render(frames: sampleFrames(count: 1), to: target)
        ) { error in
            XCTAssertEqual(error as? RenderError, .viewportTooLarge(width: 8200, height: 8200))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path), [])
    }
}
