import FlowSim
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import FlowSimTesting
import Foundation
import XCTest

/// Golden frames of a load-more session with the loading cell, in
/// `Goldens/tests/paginate/frame_NNNN.png`: the frames of `flowsim paginate SCENE --fps 30 --duration 3
/// --render DIR` for a 200 × 300 two-column grid at scale 1 (defaults otherwise: 45 items, pages
/// of 20, latency 0.4 s, the first attempt of page 1 fails, a 2500 pt/s fling at 0.5 s).
/// A missing golden fails and says how to record it (`FLOWSIM_RECORD=missing swift test`).
final class PaginationGoldenTests: XCTestCase {
    static let goldens = packageRoot.appendingPathComponent("Goldens/tests", isDirectory: true)

    static let viewport = Viewport(width: 200, height: 300, scale: 1)

    static func configuration() -> PaginationConfiguration {
        var configuration = PaginationConfiguration()
        configuration.viewport = viewport
        // Two columns of 85 pt: 10 + 85 + 10 + 85 + 10 = 200; rows every 95 pt.
        var layout = LayoutSpec()
        layout.itemSize = CGSize(width: 85, height: 85)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        configuration.layout = layout
        configuration.duration = 3
        return configuration
    }

    /// The checked frames (30 fps): 30 (1.0 s) the loading cell's spinner under items 17–20
    /// while page 1's first attempt loads; 40 (1.333 s) the spinner again, for the retry after
    /// that attempt failed at 1.083 s; 46 (1.533 s) page 1 arrived: items 21 and 22 where the
    /// spinner was; 90 (3.0 s) the end, items 41–45, no more data and no loading cell.
    static let checkedFrames = [30, 40, 46, 90]

    func testLoadingCellSessionMatchesGoldens() throws {
        let simulation = PaginationSimulation(configuration: Self.configuration())
        simulation.run(framesPerSecond: 30)
        XCTAssertEqual(simulation.frames.count, 91)
        let log = simulation.log
        XCTAssertEqual(log.requests.map(\.startIndex), [0, 20, 20, 40])
        XCTAssertEqual(log.finalState, .noMoreData)
        XCTAssertEqual(log.itemCount, 45)

        let frames = Self.checkedFrames.map { simulation.frames[$0] }
        XCTAssertEqual(frames.map(\.index), Self.checkedFrames)
        func spinner(_ frame: PresentedFrame) -> Bool { frame.elements.contains { $0.isLoadingIndicator } }
        func titles(_ frame: PresentedFrame) -> Set<String> { Set(frame.elements.map(\.content.title)) }
        XCTAssertTrue(spinner(frames[0]), "frame 30: page 1's first attempt is loading")
        XCTAssertTrue(spinner(frames[1]), "frame 40: the retry of page 1 is loading")
        XCTAssertFalse(spinner(frames[2]), "frame 46: page 1 has arrived")
        XCTAssertFalse(spinner(frames[3]), "frame 90: no more data")
        XCTAssertTrue(titles(frames[2]).isSuperset(of: ["Item 21", "Item 22"]), "\(titles(frames[2]))")
        XCTAssertTrue(titles(frames[3]).isSuperset(of: ["Item 41", "Item 45"]), "\(titles(frames[3]))")

        let configuration = Self.configuration()
        assertGolden(
            frames, viewport: RenderViewport(width: 200, height: 300, scale: 1), style: configuration.style,
            named: "paginate", goldens: Self.goldens)
    }

    /// Without goldens (and with `never`, CI's mode) the frames overload fails, one message per
    /// frame, saying how to record, and writes nothing but the artefacts.
    func testMissingGoldenFailsAndSaysHowToRecord() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flowsim-paginate-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let simulation = PaginationSimulation(configuration: Self.configuration())
        simulation.run(framesPerSecond: 30)
        let goldens = folder.appendingPathComponent("goldens")
        let messages = FlowSimGolden.verify(
            frames: [simulation.frames[30], simulation.frames[90]],
            viewport: RenderViewport(width: 200, height: 300, scale: 1),
            named: "paginate", goldens: goldens, record: .never,
            environment: ["FLOWSIM_ARTIFACTS": folder.appendingPathComponent("artifacts").path])
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages[0].contains("golden paginate/frame_0030 is missing"), messages[0])
        XCTAssertTrue(messages[0].contains("FLOWSIM_RECORD=missing swift test"), messages[0])
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("artifacts/paginate/frame_0090-actual.png").path))
    }

    /// The goldens exist (a missing one fails above, saying how to record it) and stay small.
    func testGoldensAreCompleteAndLight() throws {
        let folder = Self.goldens.appendingPathComponent("paginate", isDirectory: true)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".png")
        }.sorted()
        XCTAssertEqual(
            files, Self.checkedFrames.map { RenderPipeline.frameFileName($0) },
            "record with FLOWSIM_RECORD=missing swift test --filter PaginationGoldenTests")
        for file in files {
            let size =
                (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size]
                    as? Int) ?? 0
            XCTAssertLessThan(size, 60_000, "paginate/\(file) is \(size) bytes")
        }
    }
}
