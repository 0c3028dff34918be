import FlowSim
import FlowSimCLI
import FlowSimImage
import FlowSimRender
import FlowSimScene
import FlowSimSupport
import Foundation

/// One fuzz target: what it feeds its input to. Each harness returns normally when the input was
/// accepted or rejected with FlowSim's own error type (a clear message, exit 2 in the CLI);
/// anything else — a trap, or an error of a foreign type that would reach the user as an
/// unexplained `flowsim: ...` line — is a finding.
enum FuzzTarget: String, CaseIterable {
    case scene, json, png, args, updates, compositional, goldens

    var summary: String {
        switch self {
        case .scene: "SceneDecoder.decode, then SceneSimulation: init, run(), frames(times:)"
        case .json: "JSONParser.parse"
        case .png: "PNGDecoder.decode (FlowSimRender, libpng)"
        case .args: "ParsedArguments(args, spec:) for every command's spec, then its typed accessors"
        case .updates: "batches of updates and scrolls built from the input (UpdatesHarness), through the scene path"
        case .compositional:
            "a compositional layout (the input) in a fixed scene (CompositionalHarness), through the scene path"
        case .goldens: "GoldenManifest.parse and LayoutDiff.compare (golden manifests, layout goldens, diff documents)"
        }
    }

    func run(_ data: Data) {
        switch self {
        case .scene: Harness.scene(data)
        case .json: Harness.json(data)
        case .png: Harness.png(data)
        case .args: Harness.args(data)
        case .updates: Harness.scene(Data(UpdatesHarness.scene(from: data).utf8))
        case .compositional: Harness.scene(CompositionalHarness.scene(from: data))
        case .goldens: Harness.goldenFiles(data)
        }
    }
}

enum Harness {
    // Caps that keep one input to a few milliseconds: bigger scenes are valid but only slow.
    static let maxItems = 2_000
    static let maxUpdates = 200
    static let maxScrolls = 50
    static let maxDuration = 30.0
    static let maxViewportSide: CGFloat = 100_000
    /// 1 Mi pixels: the size check itself is exercised, without 256 MiB buffers per input.
    static let maxPNGPixels = 1 << 20

    static func unexpected(_ error: Error, in step: String) -> Never {
        fatalError("\(step) threw \(type(of: error)), not FlowSim's error type: \(error)")
    }

    // MARK: (1) scene decoding and simulation

    static func scene(_ data: Data) {
        // `<?xml` / `bplist` inputs go through the property-list path, like a `.plist` scene file.
        let isPropertyList = data.starts(with: Array("<?xml".utf8)) || data.starts(with: Array("bplist".utf8))
        let scene: Scene
        do {
            scene = try SceneDecoder.decode(
                data, source: "fuzz.json", defaultName: "fuzz", isPropertyList: isPropertyList)
        } catch let error as SceneError {
            precondition(!error.message.isEmpty, "SceneError without a message")
            return
        } catch {
            unexpected(error, in: "SceneDecoder.decode")
        }
        // Frame and scroll-step counts are Int(duration × fps): a decoded scene must end in time.
        var end = 0.0
        for update in scene.updates { end = max(end, update.at + (update.timing ?? .uikitDefault).endTime) }
        for scroll in scene.scrolls { end = max(end, scroll.at + (scroll.timing?.endTime ?? 0)) }
        precondition(end <= SceneDecoder.maxEndTime, "decoded a scene ending at \(end) s")
        guard isSmall(scene) else { return }
        let simulation: SceneSimulation
        do {
            simulation = try SceneSimulation(scene: scene)
            try simulation.run()
        } catch let error as SceneError {
            precondition(!error.message.isEmpty, "SceneError without a message")
            return
        } catch {
            unexpected(error, in: "SceneSimulation")
        }
        let duration = simulation.duration
        guard duration.isFinite, duration <= maxDuration else { return }
        _ = simulation.layoutAttributes()
        _ = simulation.frames(times: [0, duration / 3, duration / 2, duration, duration + 0.25])
        _ = SceneSimulation.frameTimes(duration: duration, fps: 10)
    }

    static func isSmall(_ scene: Scene) -> Bool {
        var items = 0
        for section in scene.sections { items += section.items.count }
        for update in scene.updates {
            items += update.insert.count
            for inserted in update.insertSections { items += inserted.section.items.count }
            for section in update.snapshot ?? [] { items += 1 + section.items.count }
        }
        guard items <= maxItems, scene.sections.count <= maxItems,
            scene.updates.count <= maxUpdates, scene.scrolls.count <= maxScrolls,
            scene.viewport.width <= maxViewportSide, scene.viewport.height <= maxViewportSide
        else { return false }
        for update in scene.updates {
            guard update.at <= maxDuration, (update.timing?.endTime ?? 0) <= maxDuration else { return false }
        }
        for scroll in scene.scrolls {
            guard scroll.at <= maxDuration, (scroll.timing?.endTime ?? 0) <= maxDuration else { return false }
        }
        return true
    }

    // MARK: (2) JSON

    static func json(_ data: Data) {
        do {
            let value = try JSONParser.parse(data)
            _ = value.brief
            _ = value.typeName
            _ = value == value
        } catch let failure as JSONParser.Failure {
            precondition(failure.line >= 1 && failure.column >= 1 && !failure.message.isEmpty, "bad failure \(failure)")
        } catch {
            unexpected(error, in: "JSONParser.parse")
        }
    }

    // MARK: (3) PNG

    static func png(_ data: Data) {
        do {
            let image = try PNGDecoder.decode(data, path: "fuzz.png", maxPixelCount: maxPNGPixels)
            precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer of the wrong size")
        } catch let error as PNGDecodingError {
            precondition(!error.reason.isEmpty, "PNGDecodingError without a reason")
        } catch {
            unexpected(error, in: "PNGDecoder.decode")
        }
    }

    // MARK: (4) command-line arguments

    /// First byte: the command (modulo the number of commands); the rest: arguments separated
    /// by NUL bytes (as in /proc/PID/cmdline).
    static func args(_ data: Data) {
        guard let first = data.first else { return }
        let commands = FlowSimCommand.subcommands
        let spec = commands[Int(first) % commands.count].spec
        let arguments = data.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, spec: spec)
        } catch let error as CommandError {
            precondition(error.exitCode == 2 && !error.description.isEmpty, "usage error without exit 2 or a message")
            return
        } catch {
            unexpected(error, in: "ParsedArguments")
        }
        _ = parsed.wantsHelp
        _ = spec.helpText
        for index in 0...parsed.positionals.count { _ = parsed.positional(index) }
        for option in spec.declarations {
            _ = parsed.isGiven(option)
            do { try option.validate(in: parsed) } catch let error as CommandError {
                precondition(
                    error.exitCode == 2 && !error.description.isEmpty, "usage error without exit 2 or a message")
            } catch {
                unexpected(error, in: "option \(option.spec.name)")
            }
        }
    }

    /// Seeds for `args`: each command with each option given a typical value, and with `--help`.
    static func argumentSeeds() -> [Data] {
        var seeds: [Data] = []
        for (index, command) in FlowSimCommand.subcommands.enumerated() {
            let spec = command.spec
            let positionals = spec.positionals.map { _ in "scene.json" }
            func seed(_ arguments: [String]) -> Data {
                Data([UInt8(index)]) + Data(arguments.joined(separator: "\u{0}").utf8)
            }
            seeds.append(seed(positionals))
            for option in spec.options {
                let value = option.valueName.map { _ in option.defaultValue ?? "1,2" }
                seeds.append(seed(positionals + [option.name] + (value.map { [$0] } ?? [])))
                if let value { seeds.append(seed(positionals + ["\(option.name)=\(value)"])) }
            }
        }
        return seeds
    }

    /// libFuzzer dictionary entries for `args`: every command's option names.
    static func argumentDictionary() -> [String] {
        let names = Set(FlowSimCommand.subcommands.flatMap { $0.spec.options.map(\.name) })
        return names.sorted() + ["--", "=", ","]
    }
}
