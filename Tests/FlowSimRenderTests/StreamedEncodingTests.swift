import FlowSim
import FlowSimScene
import FlowSimStyle
import Foundation
import XCTest

@testable import FlowSimImage
@testable import FlowSimRender

/// The contact sheet is encoded a grid row at a time while a render's frames still draw; the
/// bytes must be the ones the whole-image encoder writes (renders are compared byte for byte).
final class StreamedEncodingTests: XCTestCase {
    private func image(width: Int, height: Int, seed: UInt64, opaque: Bool) -> RGBAImage {
        var random = SeededRandom(seed: seed)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                // Smooth areas with noise in places, so every filter type wins somewhere.
                let noise = (x / 8 + y / 5) % 3 == 0 ? UInt8(random.next() % 256) : 0
                pixels += [
                    UInt8(x * 3 & 0xFF) &+ noise, UInt8(y * 5 & 0xFF), UInt8((x ^ y) & 0xFF),
                    opaque ? 255 : UInt8((x + y) % 256),
                ]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testRowWriterWritesTheEncodersBytesInAnyBands() throws {
        for (index, (width, height)) in [(1, 1), (7, 3), (160, 97), (301, 250)].enumerated() {
            for opaque in [true, false] {
                let picture = image(width: width, height: height, seed: UInt64(index), opaque: opaque)
                for compression in PNGEncoder.Compression.allCases {
                    let whole = try PNGEncoder(compression: compression, colorMode: opaque ? .rgb : .rgba)
                        .encode(picture)
                    let rows = opaque ? PNGEncoder.packRGB(picture) : picture.pixels
                    let stride = width * (opaque ? 3 : 4)
                    let writer = try PNGRowWriter(
                        width: width, height: height, rgba: !opaque, compression: compression)
                    var random = SeededRandom(seed: UInt64(width * 31 + height))
                    try rows.withUnsafeBytes { buffer in
                        while writer.rowsWritten < height {
                            let band = min(height - writer.rowsWritten, 1 + Int(random.next() % 40))
                            try writer.write(
                                rows: buffer.baseAddress!.advanced(by: writer.rowsWritten * stride), stride: stride,
                                count: band)
                        }
                    }
                    XCTAssertEqual(try writer.finish(), whole, "\(width)×\(height) opaque \(opaque) \(compression)")
                }
            }
        }
    }

    func testRowWriterRefusesMissingOrExtraRows() throws {
        let writer = try PNGRowWriter(width: 4, height: 2, rgba: false, compression: .fast)
        XCTAssertThrowsError(try writer.finish())
        let rows = [UInt8](repeating: 9, count: 4 * 3 * 3)
        try rows.withUnsafeBytes { buffer in
            XCTAssertThrowsError(try writer.write(rows: buffer.baseAddress!, stride: 12, count: 3))
            XCTAssertThrowsError(try writer.write(rows: buffer.baseAddress!, stride: 11, count: 1))
            try writer.write(rows: buffer.baseAddress!, stride: 12, count: 2)
        }
        XCTAssertEqual(try PNGDecoder.decode(try writer.finish()), RGBAImage(width: 4, height: 2, fill: (9, 9, 9, 255)))
        XCTAssertThrowsError(try PNGRowWriter(width: 0, height: 2, rgba: false, compression: .fast))
    }

    /// A frame packed a band of rows at a time straight into the encoder gives the bytes the
    /// whole-image encoder writes (frames are compared byte for byte with earlier renders), at
    /// widths that split rows across bands differently; a translucent surface gives nil.
    func testSurfacePackedInBandsIsTheEncodersBytes() throws {
        for (width, height) in [(1, 1), (5, 3), (301, 97), (750, 64), (6000, 5)] {
            let surface = try ImageSurface(width: width, height: height)
            let cr = try Context(surface: surface)
            try cr.setSource(red: 0.9, green: 0.95, blue: 1, alpha: 1)
            try cr.paint()
            try cr.setSource(red: 0.8, green: 0.1, blue: 0.3, alpha: 0.6)
            try cr.rectangle(x: 0.5, y: 0.25, width: Double(width) / 2, height: Double(height) / 1.5)
            try cr.fill()
            for compression in PNGEncoder.Compression.allCases {
                let whole = try PNGEncoder(compression: compression, colorMode: .rgb).encode(surface.rgbaImage())
                XCTAssertEqual(try surface.opaqueRGBPNG(compression: compression), whole, "\(width)×\(height)")
            }
        }
        let translucent = try ImageSurface(width: 40, height: 900)
        let cr = try Context(surface: translucent)
        try cr.setSource(red: 1, green: 1, blue: 1, alpha: 1)
        try cr.rectangle(x: 0, y: 0, width: 40, height: 899)
        try cr.fill()
        XCTAssertNil(try translucent.opaqueRGBPNG(compression: .fast), "the last row is transparent")
    }

    /// A sheet built and encoded a thumbnail at a time is the sheet `render` draws, encoded whole.
    func testStreamedSheetIsTheWholeSheetsBytes() throws {
        for (count, columns) in [(1, nil), (3, nil), (9, nil), (64, nil), (10, 3)] as [(Int, Int?)] {
            for background in [
                RGBAColor(red: 1, green: 1, blue: 1), RGBAColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.5),
            ] {
                var sheet = ContactSheet(thumbnailWidth: 24, columns: columns)
                sheet.background = background
                let thumbs = (0..<count).map { image(width: 24, height: 40, seed: UInt64($0), opaque: $0 % 4 != 1) }
                let times = (0..<count).map { Double($0) / 60 }
                for compression in PNGEncoder.Compression.allCases {
                    let whole = try PNGEncoder(compression: compression, colorMode: .automatic)
                        .encode(sheet.render(thumbnails: thumbs, times: times))
                    let builder = try ContactSheet.Builder(
                        sheet: sheet, count: count, thumbnailWidth: 24, thumbnailHeight: 40, streaming: compression)
                    for (thumb, time) in zip(thumbs, times) { try builder.add(thumb, time: time) }
                    XCTAssertEqual(
                        try builder.png(compression: compression), whole,
                        "\(count) thumbnails, \(background), \(compression)")
                }
            }
        }
    }

    /// Through the pipeline (two workers, batches written while the next draws): the default
    /// scene's sheet is the one its sampled frames' thumbnails make, encoded whole with the
    /// frames' fast setting (`ContactSheet.compression`).
    func testPipelineSheetIsTheWholeSheetsBytes() throws {
        var scene = try DefaultScene.load()
        scene.viewport.scale = 0.25
        let simulation = try SceneSimulation(scene: scene)
        try simulation.run()
        let times = SceneSimulation.frameTimes(duration: simulation.duration, fps: 60)
        let frames = times.indices.map { simulation.frame(index: $0, time: times[$0]) }
        let renderer = FrameRenderer(viewport: RenderViewport(scene.viewport, scale: 0.25), style: scene.style)
        let pipeline = RenderPipeline(renderer: renderer, concurrency: 2)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: target) }
        _ = try pipeline.render(frames: frames, to: target)

        let thumbs = try XCTUnwrap(pipeline.thumbnailRenderer)
        let positions = ContactSheet.sampledPositions(count: frames.count, limit: ContactSheet.defaultMaxThumbnails)
        XCTAssertEqual(positions.count, 64)
        let sheet = try ContactSheet().render(
            thumbnails: positions.map { try thumbs.render(frames[$0]) }, times: positions.map { frames[$0].time })
        XCTAssertEqual(
            try Data(contentsOf: target.appendingPathComponent("contact-sheet.png")),
            try PNGEncoder(compression: ContactSheet.compression, colorMode: .automatic).encode(sheet))
        XCTAssertEqual(ContactSheet.compression, .fast, "the sheet is encoded like the frames")
    }

    /// Cairo's premultiplied pixels to straight RGBA: opaque rows by the fast path, others pixel
    /// by pixel with Cairo's rounding, fully transparent pixels as zeros.
    func testRGBAImageOfOpaqueAndTranslucentRows() throws {
        var pixels: [UInt32] = []
        var random = SeededRandom(seed: 7)
        for y in 0..<6 {
            for _ in 0..<37 {
                let alpha: UInt32 = y % 2 == 0 ? 255 : [0, 1, 128, 254, 255][Int(random.next() % 5)]
                let channel = { UInt32(random.next() % UInt64(alpha + 1)) }
                pixels.append(alpha << 24 | channel() << 16 | channel() << 8 | channel())
            }
        }
        let premultiplied = PremultipliedImage(width: 37, height: 6, pixels: pixels)
        let surface = try ImageSurface(premultiplied: premultiplied)
        var expected: [UInt8] = []
        for p in premultiplied.pixels {
            let a = p >> 24
            let straight = { (c: UInt32) -> UInt8 in a == 0 ? 0 : UInt8((c * 255 + a / 2) / a) }
            expected += [straight((p >> 16) & 0xFF), straight((p >> 8) & 0xFF), straight(p & 0xFF), UInt8(a)]
        }
        XCTAssertEqual(try surface.rgbaImage(), RGBAImage(width: 37, height: 6, pixels: expected))
    }
}
