import FlowSim
import FlowSimGoldens
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTesting
import Foundation
import XCTest

@testable import FlowSimOutput

final class AssertGoldenTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flowsim-assert-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func scene(frames: [Int] = [0, 18]) throws -> Scene {
        let json = """
            {"name": "tiny", "viewport": {"width": 60, "height": 80, "scale": 1},
             "layout": {"itemSize": {"width": 20, "height": 20}},
             "sections": [{"items": [{"id": "a"}, {"id": "b"}]}],
             "updates": [{"insert": [{"section": 0, "item": 0, "id": "c"}]}],
             "golden": {"frames": \(frames)}}
            """
        return try SceneDecoder.decode(Data(json.utf8), source: "tiny.json", defaultName: "tiny")
    }

    var goldens: URL { folder.appendingPathComponent("goldens") }
    var artifacts: URL { folder.appendingPathComponent("artifacts") }
    var environment: [String: String] { ["FLOWSIM_ARTIFACTS": artifacts.path] }

    func verify(_ scene: Scene, _ mode: GoldenRecordMode?, env: [String: String]? = nil) throws -> [String] {
        FlowSimGolden.verify(
            try SceneSimulation(scene: scene), goldens: goldens, record: mode, environment: env ?? environment)
    }

    func testMissingGoldenFailsInNeverModeAndSaysHowToRecord() throws {
        let messages = try verify(try scene(), .never)
        XCTAssertEqual(messages.count, 3, "the manifest and two frames")
        XCTAssertTrue(messages[0].contains("golden tiny/manifest is missing"), messages[0])
        XCTAssertTrue(messages[1].contains("golden tiny/frame_0000 is missing"), messages[1])
        XCTAssertTrue(messages[1].hasSuffix("accept:   FLOWSIM_RECORD=missing swift test"), messages[1])
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
        // The actual image is kept as an artefact.
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("tiny/frame_0000-actual.png").path))
        // CI in the environment means never too.
        let onCI = try verify(try scene(), nil, env: ["CI": "true", "FLOWSIM_ARTIFACTS": artifacts.path])
        XCTAssertEqual(onCI.count, 3)
        XCTAssertTrue(onCI[1].contains("not recorded on CI; run locally and commit"), onCI[1])
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path), "CI never records silently")
    }

    func testMissingModeRecordsOnceThenPasses() throws {
        let first = try verify(try scene(), .missing)
        XCTAssertEqual(first.count, 3)
        XCTAssertTrue(first[1].contains("recorded \(goldens.path)/tiny/frame_0000.png"), first[1])
        XCTAssertTrue(first[1].contains("Re-run"), first[1])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: goldens.appendingPathComponent("tiny").path).sorted(),
            ["frame_0000.json", "frame_0000.png", "frame_0018.json", "frame_0018.png", "manifest.json"])
        XCTAssertEqual(try verify(try scene(), .missing), [])
        XCTAssertEqual(try verify(try scene(), .never), [])
        XCTAssertNil(verifyGolden(try scene(), goldens: goldens, record: .never))
        assertGolden(try scene(), goldens: goldens, record: .never)
        // FLOWSIM_RECORD picks the mode when none is passed.
        XCTAssertEqual(
            try verify(try scene(), nil, env: ["FLOWSIM_RECORD": "all", "FLOWSIM_ARTIFACTS": artifacts.path]).count, 2)
        XCTAssertEqual(
            try verify(try scene(), nil, env: ["FLOWSIM_RECORD": "bogus"]).first?.contains("FLOWSIM_RECORD"), true)
    }

    func testMismatchNamesNumbersAndArtefactPathsAndFailedModeReRecords() throws {
        XCTAssertEqual(try verify(try scene(), .missing).count, 3)
        let golden = goldens.appendingPathComponent("tiny/frame_0018.png")
        let original = try Data(contentsOf: golden)
        var image = try PNGDecoder.decode(contentsOfFile: golden.path)
        for x in 0..<12 { image.pixels[(70 * image.width + x) * 4 + 1] = 0 }
        try PNGEncoder().encode(image).write(to: golden)

        let messages = try verify(try scene(), .never)
        XCTAssertEqual(messages.count, 1)
        let message = messages[0]
        XCTAssertTrue(message.contains("golden tiny/frame_0018 does not match: 12 of 4800 pixels differ"), message)
        for label in ["expected", "actual", "diff"] {
            let path = artifacts.appendingPathComponent("tiny/frame_0018-\(label).png").path
            XCTAssertTrue(message.contains(path), message)
            XCTAssertNoThrow(try PNGDecoder.decode(contentsOfFile: path))
        }
        // Limits passed to the assertion win over the scene's.
        XCTAssertNil(verifyGolden(try scene(), goldens: goldens, record: .never, maxDiffPixels: 12))

        let rerecord = try verify(try scene(), .failed)
        XCTAssertEqual(rerecord.count, 1)
        XCTAssertTrue(rerecord[0].contains("re-recorded"), rerecord[0])
        XCTAssertTrue(rerecord[0].contains("differed from the previous golden: 12 of 4800"), rerecord[0])
        XCTAssertEqual(try Data(contentsOf: golden), original)
        XCTAssertEqual(try verify(try scene(), .never), [])
    }

    func testSimulationVariantAndBadFrames() throws {
        let simulation = try SceneSimulation(scene: try scene(frames: [5]))
        XCTAssertNotNil(verifyGolden(simulation, goldens: goldens, record: .missing))
        XCTAssertNil(verifyGolden(simulation, goldens: goldens, record: .never))
        let message = verifyGolden(try scene(frames: [99]), goldens: goldens, record: .never)
        XCTAssertTrue(message?.contains("frame 99 does not exist") ?? false, message ?? "")
    }

    func testDefaultGoldensFolderIsBesideTheTestFile() {
        let url = FlowSimGolden.defaultGoldensDirectory(filePath: "/repo/Tests/MyTests/LayoutTests.swift")
        XCTAssertEqual(url.path, "/repo/Tests/MyTests/__Goldens__")
        XCTAssertEqual(FlowSimGolden.artifactsDirectory(environment: ["FLOWSIM_ARTIFACTS": "/x/y"]).path, "/x/y")
        XCTAssertTrue(FlowSimGolden.artifactsDirectory(environment: [:]).path.hasSuffix("flowsim-artifacts"))
    }

    func testAtomicFileWriteCreatingFoldersReplacesWithoutLeftovers() throws {
        let url = folder.appendingPathComponent("a/b/file.bin")
        try AtomicOutput.write(Data([1, 2, 3]), to: url, creatingFolders: true)
        try AtomicOutput.write(Data([4]), to: url, creatingFolders: true)
        XCTAssertEqual(try Data(contentsOf: url), Data([4]))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path), ["file.bin"])
        // Writing into a read-only folder fails with the path and leaves the old file.
        let locked = folder.appendingPathComponent("locked")
        try AtomicOutput.write(Data([9]), to: locked.appendingPathComponent("f"), creatingFolders: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        if getuid() != 0 {
            XCTAssertThrowsError(
                try AtomicOutput.write(Data([1]), to: locked.appendingPathComponent("f"), creatingFolders: true)
            ) {
                error in
                XCTAssertTrue("\(error)".contains(locked.path), "\(error)")
            }
            XCTAssertEqual(try Data(contentsOf: locked.appendingPathComponent("f")), Data([9]))
        }
    }
}
