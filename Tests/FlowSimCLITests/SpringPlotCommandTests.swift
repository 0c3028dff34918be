import FlowSim
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// `flowsim spring --plot`, `--compare`, `--plot-size`, and `--sweep … --plot`.
final class SpringPlotCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("springplot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ args: [String]) -> (Int32, String, String) {
        var out = ""
        var err = ""
        let context = CommandContext(standardOutput: { out += $0 }, standardError: { err += $0 })
        do {
            let status = try SpringCommand.run(try ParsedArguments(args, spec: SpringCommand.spec), context: context)
            return (status, out, err)
        } catch let error as CommandError {
            return (error.exitCode, out, err + error.message(command: SpringCommand.spec.name))
        } catch {
            return (99, out, "\(error)")
        }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static let goldens = packageRoot.appendingPathComponent("Goldens/tests/spring-plot")

    func testSeedPlotMatchesTheGolden() throws {
        let (status, out, err) = run(["--preset", "seed-insert", "--plot", path("seed.png")])
        XCTAssertEqual(status, 0, err)
        XCTAssertTrue(out.contains("Spring (UIKit"), "the report is still printed")
        let written = try Data(contentsOf: URL(fileURLWithPath: path("seed.png")))
        XCTAssertEqual(
            written, try Data(contentsOf: Self.goldens.appendingPathComponent("seed.png")),
            "CLI seed plot differs from Goldens/tests/spring-plot/seed.png")
        // No temporary file is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["seed.png"])
    }

    func testComparePlotMatchesTheGolden() throws {
        let spec =
            "response=0.5,damping-fraction=0.7; stiffness=100,damping-coefficient=5,mass=1;"
            + "android-stiffness=1500,android-damping-ratio=0.5"
        let (status, _, err) = run([
            "--duration", "1", "--damping", "0.65", "--plot", path("c.png"),
            "--compare", spec,
        ])
        XCTAssertEqual(status, 0, err)
        // Same springs as the render golden, but the main spring is not named as a preset here,
        // so only the legend differs: compare sizes and decode.
        let image = try PNGDecoder.decode(contentsOfFile: path("c.png"))
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 480)
    }

    func testCompareSyntax() throws {
        let springs = try SpringPlotOutput.parseCompare(
            "preset=swiftui-bouncy ; response=0.5,damping-fraction=0.7;duration=0.8,damping=0.5,velocity=2;"
                + "preset=seed-insert,velocity=1;")
        XCTAssertEqual(springs.count, 4)
        XCTAssertEqual(springs[0].preset, "swiftui-bouncy")
        XCTAssertEqual(springs[0].form, .swiftUIDurationBounce(duration: 0.5, bounce: 0.3))
        XCTAssertEqual(springs[1].form, .swiftUIResponse(response: 0.5, dampingFraction: 0.7))
        XCTAssertEqual(springs[2].form, .uikit(duration: 0.8, dampingRatio: 0.5, initialVelocity: 2))
        XCTAssertEqual(springs[3].form, .uikit(duration: 1, dampingRatio: 0.65, initialVelocity: 1))
        XCTAssertEqual(
            SpringPlotOutput.label(form: springs[0].form, velocity: nil, preset: "swiftui-bouncy"),
            "swiftui-bouncy (iOS 17 / SwiftUI: spring-duration 0.5, bounce 0.3)")
        XCTAssertEqual(
            SpringPlotOutput.label(form: springs[2].form, velocity: 2, preset: nil),
            "UIKit: duration 0.8, damping 0.5, velocity 2")
    }

    func testBadCompareSpecsExitTwoAndWriteNothing() throws {
        let bad: [(String, String)] = [
            ("response=0.5", "also needs --damping-fraction"),
            ("preset=nope", "unknown preset 'nope'"),
            ("preset=seed-insert,damping=0.5", "cannot be mixed"),
            ("duration=1,damping=x", "expects a finite number"),
            ("duration=1,damping=0.5,wobble=3", "unknown name 'wobble'"),
            ("duration=1,damping=0.5;;duration=1,damping=0.5", "spring 2"),
            ("duration=1,damping", "not NAME=VALUE"),
            ("duration=1,damping=0.5,response=0.3,damping-fraction=0.5", "mixed spring forms"),
            ("duration=1,damping=-0.5", "damping ratio must be"),
            ("duration=1,duration=2,damping=0.5", "given twice"),
        ]
        for (spec, message) in bad {
            let (status, out, err) = run(["--preset", "seed-insert", "--plot", path("x.png"), "--compare", spec])
            XCTAssertEqual(status, 2, spec)
            XCTAssertTrue(err.contains("--compare"), "\(spec): \(err)")
            XCTAssertTrue(err.contains(message), "\(spec): \(err)")
            XCTAssertEqual(out, "", spec)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")), spec)
        }
        // Too many springs for the palette.
        let many = Array(repeating: "preset=swiftui-bouncy", count: 8).joined(separator: ";")
        let (status, _, err) = run(["--preset", "seed-insert", "--plot", path("x.png"), "--compare", many])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(err.contains("at most 8"), err)
    }

    func testFailedPlotLeavesAnExistingFileAlone() throws {
        let file = path("keep.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        let (status, _, _) = run(["--preset", "seed-insert", "--plot", file, "--compare", "bogus"])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), Data("old".utf8))
    }

    func testUnwritablePathsExitTwo() {
        for target in [path("missing/plot.png"), folder.path] {
            let (status, out, err) = run(["--preset", "seed-insert", "--plot", target])
            XCTAssertEqual(status, 2, target)
            XCTAssertTrue(err.contains("--plot") && err.contains("cannot write"), err)
            XCTAssertEqual(out, "")
        }
    }

    func testOptionCombinations() {
        let cases: [([String], String)] = [
            (["--preset", "seed-insert", "--compare", "preset=swiftui-bouncy"], "add --plot"),
            (["--preset", "seed-insert", "--plot-size", "900x500"], "add --plot"),
            (["--fit", "settle=0.6", "--plot", path("f.png")], "cannot be combined with --fit"),
            (
                [
                    "--duration", "1", "--sweep", "damping=0.3:1:0.1", "--plot", path("s.png"),
                    "--compare", "preset=swiftui-bouncy",
                ], "cannot be combined with --sweep"
            ),
            (["--preset", "seed-insert", "--plot", path("p.png"), "--plot-size", "80x40"], "--plot-size"),
            (["--preset", "seed-insert", "--plot", path("p.png"), "--plot-size", "wide"], "--plot-size"),
            (["--duration", "1", "--sweep", "damping=0.01:1:0.001", "--plot", path("s.png")], "at most 100"),
        ]
        for (args, message) in cases {
            let (status, _, err) = run(args)
            XCTAssertEqual(status, 2, "\(args)")
            XCTAssertTrue(err.contains(message), "\(args): \(err)")
        }
    }

    func testPlotSizeAndJSONStillPrinted() throws {
        let (status, out, err) = run([
            "--response", "0.5", "--damping-fraction", "0.7", "--plot", path("p.png"),
            "--plot-size", "1000x600", "--json",
        ])
        XCTAssertEqual(status, 0, err)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(out.utf8)))
        let image = try PNGDecoder.decode(contentsOfFile: path("p.png"))
        XCTAssertEqual(image.width, 1000)
        XCTAssertEqual(image.height, 600)
    }

    func testSweepPlotWritesASheet() throws {
        let (status, out, err) = run(["--duration", "1", "--sweep", "damping=0.3:1:0.1", "--plot", path("s.png")])
        XCTAssertEqual(status, 0, err)
        XCTAssertTrue(out.contains("damping"), "the table is still printed")
        let image = try PNGDecoder.decode(contentsOfFile: path("s.png"))
        // 8 values: 5 columns, 2 rows.
        XCTAssertEqual(image.width, 5 * SpringPlotSheet.panelWidth)
        XCTAssertEqual(image.height, 44 + 2 * SpringPlotSheet.panelHeight)
        // Deterministic.
        let first = try Data(contentsOf: URL(fileURLWithPath: path("s.png")))
        _ = run(["--duration", "1", "--sweep", "damping=0.3:1:0.1", "--plot", path("s.png")])
        XCTAssertEqual(first, try Data(contentsOf: URL(fileURLWithPath: path("s.png"))))
    }

    func testHelpDocumentsTheCompareSyntax() {
        let (status, out, _) = run(["--help"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(out.contains("--compare SPEC"))
        XCTAssertTrue(out.contains("preset=NAME"))
        XCTAssertTrue(out.contains("--plot FILE.png"))
    }
}
