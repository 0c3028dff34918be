import FlowSim
import FlowSimGoldens
import FlowSimRender
import FlowSimScene
import FlowSimTestSupport
import Foundation
import XCTest

@testable import FlowSimCLI

/// Each command's checks throw a `CommandError` case carrying the data, not prose: these tests
/// match the cases (the wording is pinned by the message tests of each command).
final class CommandErrorCaseTests: XCTestCase {
    /// The `CommandError` that `command` throws for `arguments`, or nil (with a failure).
    func thrown(
        _ command: any Subcommand.Type, _ arguments: [String], environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> CommandError? {
        let context = CommandContext(standardOutput: { _ in }, standardError: { _ in }, environment: environment)
        do {
            let status = try command.run(try ParsedArguments(arguments, spec: command.spec), context: context)
            XCTFail("exit \(status), no error", file: file, line: line)
        } catch let error as CommandError {
            return error
        } catch {
            XCTFail("not a CommandError: \(error)", file: file, line: line)
        }
        return nil
    }

    func folder() throws -> URL { try makeTemporaryFolder(self) }

    func write(_ data: Data, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    // MARK: SpringProblem

    func testSpringOptionsAndForms() {
        XCTAssertEqual(thrown(SpringCommand.self, ["--epsilon", "2"]), .springInput(.epsilonOutOfRange(2)))
        XCTAssertEqual(
            thrown(
                SpringCommand.self,
                ["--duration", "1", "--damping", "0.5", "--plot", "/nonexistent/p.png", "--plot-size", "10x10"]),
            .springInput(.invalidPlotSize("10x10")))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--preset", "bouncy-ish"]), .springInput(.unknownPreset("bouncy-ish")))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--preset", "swiftui-bouncy", "--mass", "2"]),
            .springInput(.presetWithForm(parameter: "mass")))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--duration", "1", "--damping", "0.5", "--json", "--at", "0,-1"]),
            .springInput(.negativeSampleTime))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--duration", "1", "--damping", "0.5", "--compare", "response=0.5"]),
            .springInput(.needsPlot(option: "--compare")))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--fit", "settle=0.5", "--preset", "swiftui-bouncy"]),
            .springInput(.springWithFit(option: "--preset")))
    }

    func testSpringFitAndSweep() {
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--fit", "settle=0.5,settle=1"]), .springInput(.fitGivenTwice("settle")))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--fit", "overshoot=x"]), .springInput(.fitOvershootNotPercentage("x")))
        XCTAssertEqual(thrown(SpringCommand.self, ["--fit", "overshoot=5%"]), .springInput(.fitNeedsSettle))
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--sweep", "damping=0.3:0.9:0.1", "--damping", "0.5"]),
            .springInput(.sweepParameterGiven("damping")))
    }

    func testSpringCompareCarriesTheSpringAndItsProblem() throws {
        let plot = try folder().appendingPathComponent("plot.png").path
        let base = ["--duration", "1", "--damping", "0.5", "--plot", plot, "--compare"]
        XCTAssertEqual(
            thrown(SpringCommand.self, base + ["response=0.5,damping-fraction=0.7; mass=x"]),
            .springInput(.compare(index: 2, spec: "mass=x", .notANumber(name: "mass", value: "x"))))
        XCTAssertEqual(
            thrown(SpringCommand.self, base + ["preset=swiftui-bouncy,mass=2"]),
            .springInput(
                .compare(
                    index: 1, spec: "preset=swiftui-bouncy,mass=2",
                    .presetWithForm(preset: "swiftui-bouncy", parameter: "mass")
                )))
        XCTAssertFalse(FileManager.default.fileExists(atPath: plot))
    }

    func testSpringProblemRendersAfterTheCommandName() {
        XCTAssertEqual(
            CommandError.springInput(.fitNotKeyValue("settle")).description, "--fit: 'settle' is not key=value")
        XCTAssertEqual(
            CommandError.springInput(.fitNotKeyValue("settle")).message(command: "spring"),
            "flowsim spring: --fit: 'settle' is not key=value")
        XCTAssertEqual(
            CommandError.springInput(.compare(index: 1, spec: "", .empty)).message(command: "spring"),
            "flowsim spring: --compare: spring 1 (''): empty; separate springs with ';' and their values with ','")
    }

    // MARK: PaginateProblem

    func testPaginateProblems() {
        XCTAssertEqual(thrown(PaginateCommand.self, ["--fail-pages", "1,x"]), .paginate(.invalidFailPages("1,x")))
        XCTAssertEqual(
            thrown(PaginateCommand.self, ["--append", "reload", "--append-duration", "0.3"]),
            .paginate(.timingWithReload))
        XCTAssertEqual(
            thrown(PaginateCommand.self, ["--append-timing", "delay=x"]),
            .paginate(.appendTiming(spec: "delay=x", .notANumber(name: "delay", value: "x"))))
        XCTAssertEqual(
            thrown(PaginateCommand.self, ["--append-timing", "curve=linear,curve=linear"]),
            .paginate(.appendTiming(spec: "curve=linear,curve=linear", .givenTwice("curve"))))
    }

    // MARK: DiffProblem

    func testDiffProblems() throws {
        let root = try folder()
        let a = root.appendingPathComponent("a").path
        let b = root.appendingPathComponent("b").path
        for path in [a, b] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let json = try write(Data("{}".utf8), "layout.json", in: root)
        let png = try write(Data(), "image.png", in: root)
        XCTAssertEqual(thrown(DiffCommand.self, [a, png]), .diff(.folderAndFile(folder: a, file: png)))
        XCTAssertEqual(thrown(DiffCommand.self, [png, a]), .diff(.folderAndFile(folder: a, file: png)))
        XCTAssertEqual(thrown(DiffCommand.self, [json, png]), .diff(.jsonAndOther(expected: json, actual: png)))
        XCTAssertEqual(thrown(DiffCommand.self, [a, b]), .diff(.noPNGFiles(expected: a, actual: b)))
    }

    // MARK: PortProblem

    func testPortProblems() throws {
        let root = try folder()
        let out = root.appendingPathComponent("out").path
        let first = try write(Data("struct A {}\n".utf8), "one/A.swift", in: root)
        let second = try write(Data("struct A {}\n".utf8), "two/A.swift", in: root)
        XCTAssertEqual(
            thrown(PortCommand.self, [first, second, "--output", out]),
            .port(.sameOutputName(first: first, second: second, name: "A.swift")))
        let binary = try write(Data([0xFF, 0xFE, 0x00, 0xC3]), "B.swift", in: root)
        XCTAssertEqual(thrown(PortCommand.self, [binary, "--output", out]), .port(.notUTF8(path: binary)))
        let selector = try write(Data("let s = #selector(f)\n".utf8), "C.swift", in: root)
        guard case .several(let errors, nil) = thrown(PortCommand.self, [selector, "--output", out]) else {
            return XCTFail("expected several errors")
        }
        XCTAssertFalse(errors.isEmpty)
        for error in errors {
            guard case .port(.cannotPort(let portError)) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(portError.file, selector)
        }
    }

    // MARK: InitProblem

    func testInitIntoAFile() throws {
        let file = try write(Data("x".utf8), "file", in: try folder())
        XCTAssertEqual(thrown(InitCommand.self, [file]), .initFolder(.notAFolder(file)))
    }

    func testInitOverwriteListsAtMostFiveNames() {
        let problem = CommandError.InitProblem.wouldOverwrite(folder: "/p", existing: (1...7).map { "f\($0)" })
        XCTAssertEqual(
            problem.description,
            "/p already has f1, f2, f3, f4, f5 and 2 more; flowsim init never overwrites, so nothing was written. "
                + "Choose an empty folder (flowsim init DIR) or remove them.")
    }

    // MARK: RenderProblem

    func testRenderAnimationOutputs() throws {
        let root = try folder()
        let gif = root.appendingPathComponent("a.png").path
        let avi = root.appendingPathComponent("a.avi").path
        let mp4 = root.appendingPathComponent("a.mp4").path
        XCTAssertEqual(thrown(RenderCommand.self, ["--gif", gif]), .render(.gifExtension(path: gif)))
        XCTAssertEqual(thrown(RenderCommand.self, ["--video", avi]), .render(.videoExtension(path: avi)))
        XCTAssertEqual(
            thrown(RenderCommand.self, ["--video", mp4], environment: ["PATH": root.path]), .render(.ffmpegNotFound))
        XCTAssertEqual(
            CommandError.render(.ffmpegFailed(path: "v.mp4", status: 1, output: String(repeating: "x", count: 700)))
                .message(command: "render"),
            "flowsim render: --video v.mp4: ffmpeg failed (exit 1): " + String(repeating: "x", count: 600))
    }

    // MARK: CheckProblem and shared cases

    func testCheckProblems() throws {
        let root = try folder()
        let empty = root.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let goldens = root.appendingPathComponent("Goldens").path
        XCTAssertEqual(thrown(CheckCommand.self, ["--merge-reports"]), .check(.mergeNeedsFolders))
        XCTAssertEqual(thrown(CheckCommand.self, ["--merge-reports", empty]), .check(.mergeNeedsOutput))
        XCTAssertEqual(
            thrown(CheckCommand.self, ["--goldens", goldens, "--record", "never", "--prune"]),
            .check(.pruneWithoutRecording(onCI: false)))
        XCTAssertEqual(
            thrown(
                CheckCommand.self, ["--goldens", goldens, "--record", "never", "--prune"], environment: ["CI": "1"]),
            .check(.pruneWithoutRecording(onCI: true)))
        XCTAssertEqual(thrown(CheckCommand.self, [empty, "--goldens", goldens]), .check(.noSceneFiles(folder: empty)))
        let file = try write(Data("x".utf8), "file", in: root)
        XCTAssertEqual(
            thrown(CheckCommand.self, ["--goldens", file]),
            .fileNotFolder(option: "--goldens", path: file))
        guard
            case .check(.unreadableReport(let folder, _)) = thrown(
                CheckCommand.self, ["--merge-reports", empty, "--junit", root.appendingPathComponent("j.xml").path])
        else { return XCTFail("expected unreadableReport") }
        XCTAssertEqual(folder, empty)
    }

    func testSceneNotCheckedNamesTheSceneOnce() {
        let error = SceneError(source: "a.json", path: "viewport", message: "bad")
        let named = CommandError.CheckProblem.sceneNotChecked(scene: "a.json", CommandError.Cause(error))
        XCTAssertEqual(named, .sceneNotChecked(scene: "a.json", .scene(error)))
        XCTAssertEqual(named.description, error.description)
        let other = CommandError.CheckProblem.sceneNotChecked(
            scene: "b.json", .golden(.frameOutOfRange(scene: "b", frame: 9, frameCount: 3, fps: 60)))
        XCTAssertEqual(
            other.description,
            "b.json: scene \"b\": golden frame 9 does not exist (the scene has 3 frames, 0…2, at 60 fps)")
    }

    // MARK: Cause

    func testLowerLayerErrorsMapToCauses() {
        let golden = GoldenError.frameOutOfRange(scene: "s", frame: 5, frameCount: 2, fps: 60)
        XCTAssertEqual(CommandError(golden), .underlying(.golden(golden)))
        XCTAssertEqual(CommandError(SpringPlotError.noSprings), .underlying(.springPlot(.noSprings)))
        XCTAssertEqual(
            CommandError(CocoaError(.fileReadNoSuchFile)),
            .underlying(.other("\(CocoaError(.fileReadNoSuchFile))")))
        // The same wording as before the cases: "flowsim COMMAND: " and the error's own text.
        XCTAssertEqual(CommandError(golden).message(command: "render"), "flowsim render: \(golden.description)")
        let scene = SceneError(source: "a.json", path: "", message: "bad")
        XCTAssertEqual(CommandError(scene), .underlying(.scene(scene)))
        XCTAssertEqual(
            CommandError(scene).message(command: "render"), "a.json: bad", "a scene error names its file first")
    }

    // MARK: The label, added once where the command runs

    /// No case names a command: the same error reads the same under any command, and the
    /// boundary labels every line of several errors and their summary.
    func testTheLabelIsAddedWhereTheCommandRuns() {
        let error = CommandError.noSuchPath(path: "/x")
        XCTAssertEqual(error.description, "/x: no such file or folder.")
        XCTAssertEqual(error.message(command: "diff"), "flowsim diff: /x: no such file or folder.")
        XCTAssertEqual(error.message(command: nil), "flowsim: /x: no such file or folder.")
        let several = CommandError.several(
            [.noSuchPath(path: "/a"), .unreadableFile(path: "/b")], summary: "2 of 2 files could not be compared.")
        XCTAssertEqual(
            several.message(command: "diff"),
            "flowsim diff: /a: no such file or folder.\nflowsim diff: /b: cannot read file.\n"
                + "flowsim diff: 2 of 2 files could not be compared.")
        XCTAssertEqual(error.exitCode, 2)
    }

    /// The command's own notes go through the same label, from the context the boundary set.
    func testNotesAreLabelledByTheRunningCommand() {
        var err = ""
        let context = CommandContext(standardOutput: { _ in }, standardError: { err += $0 })
        context.printNote("outside")
        XCTAssertEqual(err, "flowsim: outside\n")
        err = ""
        let status = FlowSimCommand.run(["frames", "/nonexistent/scene.json"], context: context)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(err.hasPrefix("/nonexistent/scene.json: "), err)
        XCTAssertNil(context.commandName, "the boundary restores the label when the command ends")
    }

    /// An option's errors name it from its declaration (`Option.name`), never a copy.
    func testOptionErrorsNameTheDeclaration() {
        XCTAssertEqual(
            thrown(SpringCommand.self, ["--epsilon", "x"]),
            .invalidValue(option: SpringCommand.epsilon.name, value: "x", expected: .number))
        XCTAssertEqual(
            thrown(PortCommand.self, ["a.swift"]),
            .missingOption(option: PortCommand.output.spec.synopsis, usage: PortCommand.spec.usageLine))
        XCTAssertEqual(PortCommand.output.spec.synopsis, "--output DIR")
    }
}
