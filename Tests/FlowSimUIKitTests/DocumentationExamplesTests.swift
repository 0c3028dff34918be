import FlowSim
import FlowSimCLI
import FlowSimScene
import FlowSimTestSupport
import FlowSimUIKit
import Foundation
import XCTest

/// Every fenced code block of README.md and docs/*.md runs as written, unless the line before it
/// is `<!-- excerpt -->`:
/// - ```json blocks that are scenes go through `flowsim layout` and `flowsim frames` in-process
///   (other JSON must parse);
/// - in ```sh / ```shell / ```bash blocks, each `flowsim` command runs in-process in a temporary
///   folder that links the repository's top-level entries (`/tmp/` paths are moved into it);
/// - ```swift blocks are compiled in one scratch package that depends on FlowSim by path, each as
///   the `main.swift` of its own executable target (only with `FLOWSIM_DOC_SNIPPETS=1`, which
///   `Scripts/test` sets: it builds FlowSim a second time the first time it runs).
/// Lives in FlowSimUIKitTests because the guides' scenes name FlowSim's compatibility layouts
/// (`carousel`, `aligned`, `waterfall`), which are compiled here.
final class DocumentationExamplesTests: XCTestCase {
    // MARK: Blocks

    struct Block: CustomStringConvertible {
        var file: String
        var line: Int
        var language: String
        var text: String
        var isExcerpt: Bool
        var description: String { "\(file):\(line) (```\(language))" }
    }

    static let repositoryRoot = packageRoot

    static func documentationFiles() throws -> [URL] {
        let docs = repositoryRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
        return [repositoryRoot.appendingPathComponent("README.md")] + pages
    }

    /// The fenced blocks of one Markdown text, with the language of their opening fence.
    static func blocks(in text: String, file: String) -> [Block] {
        var result: [Block] = []
        var open: (line: Int, language: String, excerpt: Bool)?
        var body: [String] = []
        var previousNonEmpty = ""
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let current = open {
                    result.append(
                        Block(
                            file: file, line: current.line, language: current.language,
                            text: body.joined(separator: "\n"), isExcerpt: current.excerpt))
                    open = nil
                } else {
                    let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    open = (index + 1, language, previousNonEmpty == "<!-- excerpt -->")
                    body = []
                }
                previousNonEmpty = trimmed
                continue
            }
            if open != nil { body.append(line) } else if !trimmed.isEmpty { previousNonEmpty = trimmed }
        }
        return result
    }

    static func allBlocks() throws -> [Block] {
        try documentationFiles().flatMap { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            let name = url.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            return blocks(in: text, file: name)
        }
    }

    func testTheExtractorFindsBlocksAndExcerpts() {
        let text = "a\n```sh\nflowsim help\n```\n<!-- excerpt -->\n\n```swift\nfoo()\n```\n"
        let found = Self.blocks(in: text, file: "x.md")
        XCTAssertEqual(found.map(\.language), ["sh", "swift"])
        XCTAssertEqual(found.map(\.isExcerpt), [false, true])
        XCTAssertEqual(found.first?.text, "flowsim help")
        XCTAssertEqual(found.first?.line, 2)
    }

    // MARK: Layouts the guides register

    /// Answers WaterfallLayout's own protocol from the scene's items, as the guide's delegate does.
    final class DocsWaterfallDelegate: WaterfallLayoutDelegate {
        let data: SectionedDataSource
        init(data: SectionedDataSource) { self.data = data }
        func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath)
            -> CGFloat
        {
            data.sections[indexPath.section].items[indexPath.item].size?.height ?? 100
        }
    }

    static let registry = LayoutRegistry(
        layouts: [
            "carousel": { CarouselFlowLayout() },
            "aligned": { AlignedFlowLayout(horizontalAlignment: .left) },
            "waterfall": { WaterfallLayout() },
        ],
        delegates: [
            "waterfall": { context in
                let delegate = DocsWaterfallDelegate(data: context.sceneData)
                (context.layout as? WaterfallLayout)?.delegate = delegate
                return delegate
            }
        ])

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static func flowsim(_ arguments: [String]) -> Run {
        // `flowsim preview` watches until interrupted: a documented line runs one round.
        var arguments = arguments
        if arguments.first == "preview", !arguments.contains("--once") { arguments.append("--once") }
        var output = ""
        var error = ""
        let context = CommandContext(
            standardOutput: { output += $0 }, standardError: { error += $0 }, layouts: registry)
        let status = FlowSimCommand.run(arguments, context: context)
        return Run(status: status, output: output, error: error)
    }

    // MARK: Scenes

    func testEveryJSONBlockParsesAndEverySceneRuns() throws {
        let blocks = try Self.allBlocks().filter { $0.language == "json" && !$0.isExcerpt }
        XCTAssertFalse(blocks.isEmpty)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var scenes = 0
        for (index, block) in blocks.enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(block.text.utf8)) else {
                XCTFail("\(block): not valid JSON")
                continue
            }
            guard let scene = object as? [String: Any], scene["viewport"] != nil || scene["data"] != nil else {
                continue
            }
            scenes += 1
            let path = folder.appendingPathComponent("scene-\(index).json").path
            try Data(block.text.utf8).write(to: URL(fileURLWithPath: path))
            for command in [["layout", path, "--after", "all"], ["frames", path]] {
                let run = Self.flowsim(command)
                XCTAssertEqual(run.status, 0, "\(block): flowsim \(command[0]) failed: \(run.error)")
                XCTAssertTrue(run.error.isEmpty, "\(block): \(run.error)")
                XCTAssertNotNil(
                    try? JSONSerialization.jsonObject(with: Data(run.output.utf8)),
                    "\(block): flowsim \(command[0]) printed no JSON")
            }
        }
        XCTAssertGreaterThanOrEqual(scenes, 3, "the README, the scene format and the Linux guide each show a scene")
    }

    // MARK: Shell commands

    /// A shell line as words: single and double quotes, backslash escapes, `#` comments.
    static func words(_ line: String) -> (words: [String], comment: String) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var comment = ""
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                inWord = true
            case "'", "\"":
                quote = character
                inWord = true
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "#" where !inWord:
                comment = String(characters[index...]).trimmingCharacters(in: .whitespaces)
                index = characters.count
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return (words, comment)
    }

    /// The commands of a shell block: continuation lines joined, blank and comment lines dropped.
    static func commands(_ text: String) -> [String] {
        var result: [String] = []
        var pending = ""
        for raw in text.components(separatedBy: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\\") {
                pending += String(line.dropLast()) + " "
                continue
            }
            let whole = pending + line
            pending = ""
            if !whole.isEmpty && !whole.hasPrefix("#") { result.append(whole) }
        }
        if !pending.isEmpty { result.append(pending) }
        return result
    }

    static let flowsimPrograms: [[String]] = [
        ["flowsim"], ["Scripts/flowsim"], [".build/debug/flowsim"], [".build/release/flowsim"],
        ["swift", "run", "flowsim"],
    ]

    /// The flowsim arguments of a command, or nil when it runs another program.
    static func flowsimArguments(_ words: [String]) -> [String]? {
        for program in flowsimPrograms
        where words.count >= program.count && Array(words.prefix(program.count)) == program {
            return Array(words.dropFirst(program.count))
        }
        return nil
    }

    func testShellWordsAndCommands() {
        XCTAssertEqual(
            Self.words(#"flowsim spring --compare "preset=a; b=1" 'x y' a\ b  # exits 1"#).words,
            ["flowsim", "spring", "--compare", "preset=a; b=1", "x y", "a b"])
        XCTAssertEqual(Self.words("flowsim x # exits 1").comment, "exits 1")
        XCTAssertEqual(Self.commands("# c\nflowsim a \\\n  --b\n\nls"), ["flowsim a  --b", "ls"])
        XCTAssertEqual(Self.flowsimArguments(["swift", "run", "flowsim", "layout"]), ["layout"])
        XCTAssertNil(Self.flowsimArguments(["Scripts/test"]))
    }

    func testEveryFlowsimCommandInTheDocumentationRuns() throws {
        let blocks = try Self.allBlocks().filter { ["sh", "shell", "bash"].contains($0.language) && !$0.isExcerpt }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The repository's top-level entries, linked, so relative paths resolve; outputs stay here.
        for entry in try FileManager.default.contentsOfDirectory(atPath: Self.repositoryRoot.path)
        where !entry.hasPrefix(".") && entry != "flowsim-out" {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(entry),
                withDestinationURL: Self.repositoryRoot.appendingPathComponent(entry))
        }
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let temporary = folder.appendingPathComponent("tmp").path
        var ran = 0
        for block in blocks {
            for command in Self.commands(block.text) {
                let (words, comment) = Self.words(command)
                let moved = words.map { $0.hasPrefix("/tmp/") ? temporary + $0.dropFirst(4) : $0 }
                if moved.first == "rm", moved.count >= 3, moved[1] == "-rf" {
                    for path in moved.dropFirst(2) where path.hasPrefix(temporary) {
                        try? FileManager.default.removeItem(atPath: path)
                    }
                    continue
                }
                // `> FILE` redirects stdout: into the temporary folder for a relative path; a path in
                // the user's home or shell variables (completion installs) is only run.
                var redirect: String?
                var unredirected = moved
                if let index = moved.firstIndex(of: ">"), index + 1 < moved.count {
                    let target = moved[index + 1]
                    redirect = target.hasPrefix("~") || target.hasPrefix("$") ? nil : target
                    unredirected = Array(moved[..<index])
                }
                guard let arguments = Self.flowsimArguments(unredirected) else { continue }
                try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
                var expected: Int32 = 0
                if comment.hasPrefix("exits "), let status = Int32(comment.dropFirst(6)) { expected = status }
                let run = Self.flowsim(arguments)
                if let redirect, run.status == 0 {
                    try Data(run.output.utf8).write(to: URL(fileURLWithPath: redirect))
                }
                ran += 1
                XCTAssertEqual(
                    run.status, expected,
                    "\(block): `\(command)` exited \(run.status): \(run.error)\(run.output.prefix(500))")
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 20, "the README's tour and the docs' commands")
    }

    // MARK: Swift snippets

    func testEverySwiftSnippetCompiles() throws {
        guard ProcessInfo.processInfo.environment["FLOWSIM_DOC_SNIPPETS"] == "1" else {
            throw XCTSkip("set FLOWSIM_DOC_SNIPPETS=1 (Scripts/test does) to compile the Swift snippets")
        }
        let blocks = try Self.allBlocks().filter { $0.language == "swift" && !$0.isExcerpt }
        let manifests = blocks.filter { $0.text.hasPrefix("// swift-tools-version") }
        let snippets = blocks.filter { !$0.text.hasPrefix("// swift-tools-version") }
        XCTAssertGreaterThanOrEqual(snippets.count, 5)
        let root = Self.repositoryRoot.appendingPathComponent(".build/doc-snippets")
        let started = Date()

        // Manifests: evaluated as they are written.
        for (index, block) in manifests.enumerated() {
            let folder = root.appendingPathComponent("manifests/\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.writeIfChanged(block.text, to: folder.appendingPathComponent("Package.swift"))
            let run = try Self.swift(["package", "dump-package", "--package-path", folder.path])
            XCTAssertEqual(run.status, 0, "\(block): \(run.error)\(run.output.suffix(2000))")
        }

        // Snippets: one scratch package, each snippet the main.swift of its own target.
        let package = root.appendingPathComponent("package")
        let sources = package.appendingPathComponent("Sources")
        let identity = Self.repositoryRoot.lastPathComponent
        // With FlowSim's Linux UIKit, CoreGraphics, QuartzCore, AVFoundation and os, as the guide's package has them.
        let products = [
            "FlowSim", "FlowSimScene", "FlowSimImage", "FlowSimRender", "FlowSimGoldens", "FlowSimTesting",
            "FlowSimUIKit", "FlowSimCLI", "UIKit", "CoreGraphics", "QuartzCore", "AVFoundation", "os",
        ]
        var targets: [String] = []
        var names: Set<String> = ["AppLayouts"]
        for (index, block) in snippets.enumerated() {
            let name = String(format: "Snippet%02d", index)
            names.insert(name)
            targets.append(
                "    .executableTarget(name: \"\(name)\", dependencies: deps, path: \"Sources/\(name)\"),"
                    + "  // \(block.file):\(block.line)")
            let text = block.text.components(separatedBy: "\n").map { line -> String in
                line.trimmingCharacters(in: .whitespaces) == "import AppLayouts" ? "@testable import AppLayouts" : line
            }.joined(separator: "\n")
            let folder = sources.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.writeIfChanged(
                "// \(block.file):\(block.line)\n" + text + "\n", to: folder.appendingPathComponent("main.swift"))
        }
        // The app's layouts: FlowSim's compatibility layouts, compiled unchanged (one logs with `import os.log`).
        let layouts = Self.repositoryRoot.appendingPathComponent("Tests/FlowSimUIKitTests/Layouts")
        let appLayouts = sources.appendingPathComponent("AppLayouts")
        try FileManager.default.createDirectory(at: appLayouts, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: layouts.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: layouts.appendingPathComponent(file), encoding: .utf8)
            try Self.writeIfChanged(text, to: appLayouts.appendingPathComponent(file))
        }
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        where !names.contains(stale) {
            try FileManager.default.removeItem(at: sources.appendingPathComponent(stale))
        }
        let manifest = """
            // swift-tools-version:5.9
            // Generated by DocumentationExamplesTests: every Swift snippet of the documentation.
            import PackageDescription

            let flowsim: [Target.Dependency] = \(products).map { .product(name: $0, package: "\(identity)") }
            let deps: [Target.Dependency] = ["AppLayouts"] + flowsim

            let package = Package(
                name: "DocSnippets",
                dependencies: [.package(path: "\(Self.repositoryRoot.path)")],
                targets: [
                .target(name: "AppLayouts", dependencies: ["FlowSimUIKit", "os"].map { .product(name: $0, package: "\(identity)") }),
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try Self.writeIfChanged(manifest, to: package.appendingPathComponent("Package.swift"))
        // -enable-testing: the guide's tests `@testable import AppLayouts`, and so does its
        // executable here, because the compatibility layouts are internal (yours must be public).
        let run = try Self.swift(["build", "--package-path", package.path, "-Xswiftc", "-enable-testing"])
        XCTAssertEqual(
            run.status, 0,
            "the documentation's Swift snippets do not compile (package in \(package.path)):\n"
                + "\(run.output.suffix(6000))\(run.error.suffix(3000))")
        print(
            "DocumentationExamplesTests: \(snippets.count) snippets and \(manifests.count) manifests in "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }

    // MARK: Support

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Keeps the file's date when nothing changed, so the scratch package builds incrementally.
    static func writeIfChanged(_ text: String, to url: URL) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try Data(text.utf8).write(to: url)
    }

    static func swift(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output  // one stream, read to the end while the process runs
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), error: "")
    }
}
