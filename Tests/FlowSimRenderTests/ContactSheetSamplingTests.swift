import FlowSim
import FlowSimScene
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// The contact sheet shows at most 64 thumbnails, sampled evenly, first and last included.
final class ContactSheetSamplingTests: XCTestCase {
    func testSampledPositions() {
        XCTAssertEqual(ContactSheet.sampledPositions(count: 5, limit: 64), [0, 1, 2, 3, 4])
        XCTAssertEqual(ContactSheet.sampledPositions(count: 0, limit: 64), [])
        XCTAssertEqual(ContactSheet.sampledPositions(count: 9, limit: 3), [0, 4, 8])
        XCTAssertEqual(ContactSheet.sampledPositions(count: 10, limit: 4), [0, 3, 6, 9])
        for count in [65, 100, 825, 900, 100_000] {
            let positions = ContactSheet.sampledPositions(count: count, limit: 64)
            XCTAssertEqual(positions.count, 64)
            XCTAssertEqual(positions.first, 0)
            XCTAssertEqual(positions.last, count - 1)
            XCTAssertEqual(positions, positions.sorted())
            XCTAssertEqual(Set(positions).count, 64, "distinct for \(count)")
        }
    }

    /// 900 thumbnails made a 8 × 113 grid (Cairo refused the surface for big enough renders);
    /// now 64 in 8 × 8.
    func testSheetOfManyThumbnailsIsCapped() throws {
        let sheet = ContactSheet(thumbnailWidth: 4)
        let thumb = RGBAImage(width: 4, height: 6, fill: (255, 0, 0, 255))
        let image = try sheet.render(
            thumbnails: Array(repeating: thumb, count: 900), times: (0..<900).map { Double($0) / 600 })
        let cellW = 4 + 12
        let cellH = 6 + Int(12 * 1.8) + 12
        XCTAssertEqual(image.width, 12 + 8 * cellW)
        XCTAssertEqual(image.height, 12 + 8 * cellH)
    }

    /// Through the pipeline: a render of 130 frames keeps and shows 64 thumbnails.
    func testPipelineSheetHas64SampledThumbnails() throws {
        let target = try temporaryFolder().appendingPathComponent("many")
        let renderer = FrameRenderer(viewport: RenderViewport(width: 20, height: 20, scale: 1))
        let frames = (0..<130).map {
            PresentedFrame(index: $0, time: Double($0) / 60, contentOffset: .zero, elements: [])
        }
        let pipeline = RenderPipeline(
            renderer: renderer, contactSheet: ContactSheet(thumbnailWidth: 10), concurrency: 2)
        let summary = try pipeline.render(frames: frames, to: target)
        XCTAssertEqual(summary.frameCount, 130)
        let sheet = try PNGDecoder.decode(contentsOfFile: target.appendingPathComponent("contact-sheet.png").path)
        let cellW = 10 + 12
        let cellH = 10 + Int(12 * 1.8) + 12
        XCTAssertEqual(sheet.width, 12 + 8 * cellW)
        XCTAssertEqual(sheet.height, 12 + 8 * cellH)
        let apng = try PNGChunk.parse(Data(contentsOf: target.appendingPathComponent("animation.png")))
        XCTAssertEqual(apng.filter { $0.type == "fcTL" }.count, 130)
    }
}
