import FlowSimOutput
import Foundation

/// `flowsim init [DIR]`: a starter golden suite — one small scene, its goldens (recorded by
/// `flowsim check`) and the GitHub Actions workflow of docs/goldens.md — written all at once or
/// not at all, never over an existing file.
enum InitCommand: Subcommand {
    static let spec = CommandSpec(
        name: "init", abstract: "Write a starter golden suite: a scene, its goldens and a CI workflow.",
        discussion: """
            Writes into DIR (default: the current folder) Scenes/starter.json (a small working scene: two sections, an \\
            insert with a spring, golden times start, 0.5 s and end), its goldens Goldens/starter/ (manifest, images \\
            and layouts, recorded by running `flowsim check Scenes --goldens Goldens --record all`) and \\
            .github/workflows/flowsim.yml (the GitHub Actions workflow of docs/goldens.md: check sharded in two jobs, \\
            report artefacts, merged report, job summary). The workflow is for an app repository: it installs \\
            FlowSim's Debian packages, builds the team's own flowsim (the executable of the test package that pins \\
            FlowSim, docs/layouts-on-linux.md) and runs it; --executable names it (default: this executable's name, \\
            or app-flowsim when run as flowsim). --checkout writes the workflow for a FlowSim checkout instead \\
            (Scripts/flowsim). Every file is written atomically, all of them or none. When any of them exists \\
            already nothing is written and the command exits 2 naming it.
            """,
        positionals: [
            PositionalSpec("DIR", optional: true, completion: .folder, help: "Folder to write into (default: .).")
        ],
        options: [quiet, checkout, executable])

    static let quiet = Option.flag("--quiet", help: "Print nothing on success.")
    static let checkout = Option.flag(
        "--checkout",
        help: "Write the workflow for a FlowSim checkout (Scripts/flowsim) instead of an app repository's.")
    static let executable = Option.text(
        "--executable", value: "NAME",
        help: "The team's flowsim the workflow builds and runs (default: this executable's name, or app-flowsim).")

    static let scenePath = "Scenes/starter.json"
    static let workflowPath = ".github/workflows/flowsim.yml"

    /// The starter scene: small (a 320×480 viewport at scale 1), fast to check, with text.
    static let scene = """
        {
          "name": "starter",
          "viewport": {"width": 320, "height": 480, "scale": 1},
          "layout": {
            "itemSize": {"width": 92, "height": 92},
            "minimumLineSpacing": 10,
            "minimumInteritemSpacing": 10,
            "sectionInset": {"top": 8, "left": 10, "bottom": 8, "right": 10},
            "headerReferenceSize": {"width": 0, "height": 40}
          },
          "sections": [
            {"id": "fruit", "title": "Fruit", "items": [
              {"id": "apple", "title": "Apple"},
              {"id": "pear", "title": "Pear"},
              {"id": "plum", "title": "Plum"}
            ]},
            {"id": "nuts", "title": "Nuts", "items": [
              {"id": "almond", "title": "Almond"},
              {"id": "pecan", "title": "Pecan"}
            ]}
          ],
          "updates": [
            {"at": 0, "insert": [{"section": 0, "item": 1, "id": "fig", "title": "Fig"}],
             "timing": {"spring": {"duration": 0.6, "damping": 0.8, "velocity": 0}}}
          ],
          "style": {"background": "#F2F2F7", "cellColor": "#3478F6", "cornerRadius": 8},
          "golden": {"times": ["start", 0.5, "end"], "threshold": 0.1, "maxDiffPixelRatio": 0.003}
        }

        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let dir = arguments.positional(0) ?? "."
        let root = URL(fileURLWithPath: dir).standardizedFileURL
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: root.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CommandError.initFolder(.notAFolder(dir))
        }
        let workflow: String
        if arguments.isSet(checkout) {
            workflow = checkoutWorkflow
        } else {
            let name = try arguments.given(executable) ?? defaultExecutable(CommandLine.arguments.first)
            guard name.range(of: #"^[A-Za-z0-9_][A-Za-z0-9_.-]*$"#, options: .regularExpression) != nil else {
                throw CommandError.initFolder(.badExecutableName(name))
            }
            workflow = appWorkflow(executable: name)
        }
        let files = try starterFiles(context: context, workflow: workflow)
        let existing = files.map(\.name).filter { fm.fileExists(atPath: root.appendingPathComponent($0).path) }
        // An existing golden folder counts too: recorded goldens must not mix with old ones.
        let goldenFolder = root.appendingPathComponent("Goldens/starter").path
        let clashes = existing + (fm.fileExists(atPath: goldenFolder) && existing.isEmpty ? ["Goldens/starter/"] : [])
        guard clashes.isEmpty else {
            throw CommandError.initFolder(.wouldOverwrite(folder: root.path, existing: clashes))
        }
        try AtomicOutput.write(files, in: root, creatingFolders: true)
        if !arguments.isSet(quiet) {
            for file in files { context.print("wrote \(root.appendingPathComponent(file.name).path)") }
            context.print(
                context.labelled(
                    "\(files.count) files. Next: cd \(CheckCommand.shellQuote(dir)) && flowsim check Scenes \(CheckCommand.goldens.name) Goldens"
                ))
        }
        return 0
    }

    /// The scene, its goldens (recorded by `flowsim check` in a scratch folder) and the workflow,
    /// as relative paths and bytes.
    static func starterFiles(context: CommandContext, workflow: String) throws -> [AtomicOutput.File] {
        let fm = FileManager.default
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flowsim-init-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try fm.createDirectory(at: scratch.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: scratch) }
        try Data(scene.utf8).write(to: scratch.appendingPathComponent(scenePath))
        final class Messages: @unchecked Sendable { var text: [String] = [] }
        let messages = Messages()
        var environment = context.environment
        environment.removeValue(forKey: "FLOWSIM_RECORD")
        let quiet = CommandContext(
            standardOutput: { messages.text.append($0) }, standardError: { messages.text.append($0) },
            environment: environment, layouts: context.layouts)
        let status = FlowSimCommand.run(
            [
                CheckCommand.spec.name, scratch.appendingPathComponent("Scenes").path, CheckCommand.goldens.name,
                scratch.appendingPathComponent("Goldens").path, CheckCommand.record.name, "all",
                CheckCommand.quiet.name,
            ], context: quiet)
        guard status == 0 else {
            throw CommandError.initFolder(.recordingFailed(output: messages.text.joined()))
        }
        var files = [AtomicOutput.File(name: scenePath, data: Data(scene.utf8))]
        let goldens = scratch.appendingPathComponent("Goldens")
        let names =
            try FolderListing.files(under: goldens.path, withExtension: "json")
            + FolderListing.files(under: goldens.path, withExtension: "png")
        for name in names.sorted() {
            files.append(
                AtomicOutput.File(
                    name: "Goldens/" + name, data: try Data(contentsOf: goldens.appendingPathComponent(name))))
        }
        files.append(AtomicOutput.File(name: workflowPath, data: Data(workflow.utf8)))
        return files
    }
}
