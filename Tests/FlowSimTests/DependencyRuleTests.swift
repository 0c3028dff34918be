import FlowSimCoreTestSupport
import Foundation
import XCTest

/// The module boundaries, checked from the source files themselves: the core (`FlowSim`)
/// imports nothing but Foundation and its own C header of UIKit's enums, and Apple's frameworks only on Apple platforms
/// (`#if canImport(Darwin)`); every other module imports only the layers below it
/// (`allowedImports`); nothing in the core speaks of files, fonts, flags or the sample app.
final class DependencyRuleTests: XCTestCase {
    static let sources = packageRoot.appendingPathComponent("Sources", isDirectory: true)

    /// `(file, module imported, the canImport condition it is under or nil)` for every import.
    func imports(ofModule module: String) throws -> [(file: String, module: String, guardedBy: String?)] {
        try imports(in: Self.sources.appendingPathComponent(module, isDirectory: true))
    }

    /// `(file, module imported, the canImport condition it is under or nil)` for every import of
    /// the Swift files under `folder`.
    func imports(in folder: URL) throws -> [(file: String, module: String, guardedBy: String?)] {
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty, "no sources found in \(folder.path)")
        var result: [(String, String, String?)] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var guards: [String?] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#if ") {
                    let condition = String(trimmed.dropFirst(4))
                    guards.append(
                        condition.hasPrefix("canImport(") ? String(condition.dropFirst(10).prefix { $0 != ")" }) : nil)
                } else if trimmed.hasPrefix("#endif") {
                    _ = guards.popLast()
                } else if let range = trimmed.range(
                    of: #"^(@_exported |@testable )?import "#, options: .regularExpression)
                {
                    // `import FlowSim`, or a scoped `import struct FlowSim.CATransform3D`: the module.
                    let words = trimmed[range.upperBound...].split(separator: " ")
                    let kinds: Set<Substring> = [
                        "struct", "class", "enum", "protocol", "typealias", "func", "let", "var",
                    ]
                    let path = (words.first.map { kinds.contains($0) } ?? false) ? words.dropFirst().first : words.first
                    let imported = path.flatMap { $0.split(separator: ".").first }.map(String.init) ?? ""
                    result.append((file, imported, guards.compactMap { $0 }.last))
                }
            }
        }
        return result
    }

    func testTheCoreImportsOnlyFoundationAndItsEnumHeader() throws {
        for entry in try imports(ofModule: "FlowSim") {
            let allowed =
                ["Foundation", "CUIKitEnums"].contains(entry.module)
                || (entry.guardedBy == "Darwin" && ["QuartzCore", "CoreGraphics"].contains(entry.module))
            XCTAssertTrue(allowed, "\(entry.file) imports \(entry.module)")
        }
    }

    /// What each module may import: the layers as the data flows (scene → layout → frames →
    /// pixels → goldens), each importing only the layers below it. Images know neither FlowSim
    /// nor Cairo; Render draws the core's frames in a render style and does not know scenes; the
    /// leaves import Foundation alone.
    static let allowedImports: [String: Set<String>] = [
        "FlowSimSupport": ["Foundation"],
        "FlowSimStyle": ["Foundation"],
        "FlowSimOutput": ["Foundation", "Glibc"],
        "FlowSimScene": ["Foundation", "FlowSim", "FlowSimSupport", "FlowSimStyle"],
        "FlowSimUIKit": ["Foundation", "FlowSim"],
        "FlowSimImage": ["Foundation", "Glibc", "FlowSimOutput", "FlowSimSupport", "CLibPNG", "CLibDeflate", "CGif"],
        "FlowSimRender": [
            "Foundation", "FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimImage", "FlowSimOutput", "CCairo",
        ],
        "FlowSimGoldens": [
            "Foundation", "FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimScene", "FlowSimImage",
            "FlowSimRender", "FlowSimOutput",
        ],
        "FlowSimTesting": [
            "Foundation", "XCTest", "FlowSim", "FlowSimStyle", "FlowSimScene", "FlowSimImage", "FlowSimRender",
            "FlowSimGoldens", "FlowSimOutput",
        ],
    ]

    func testEachModuleImportsOnlyTheLayersBelowIt() throws {
        for (module, allowed) in Self.allowedImports {
            for entry in try imports(ofModule: module) {
                XCTAssertTrue(
                    allowed.contains(entry.module)
                        || (entry.guardedBy == "Darwin" && ["QuartzCore", "CoreGraphics"].contains(entry.module)),
                    "\(module)/\(entry.file) imports \(entry.module)")
            }
        }
    }

    static let tests = packageRoot.appendingPathComponent("Tests", isDirectory: true)

    /// The modules that link Cairo (FlowSimRender and everything built on it) or the image codecs'
    /// C libraries: the core's and the scenes' tests build and run without them.
    static let drawingModules: Set<String> = [
        "CCairo", "CLibPNG", "CLibDeflate", "CGif", "FlowSimImage", "FlowSimRender", "FlowSimGoldens",
        "FlowSimTesting", "FlowSimCLI", "FlowSimTestSupport", "FlowSimUIKit", "UIKit",
    ]

    /// What each test target below the drawing layers may import: the core's tests see FlowSim
    /// and the core test support alone (which reaches the scene module only for the seeded
    /// generator); the scene tests add the scene module and its leaves.
    static let allowedTestImports: [String: Set<String>] = [
        "FlowSimCoreTestSupport": ["Foundation", "XCTest", "FlowSim", "FlowSimScene"],
        "FlowSimTests": ["Foundation", "XCTest", "Testing", "FlowSim", "FlowSimCoreTestSupport"],
        "FlowSimSceneTests": [
            "Foundation", "XCTest", "Testing", "FlowSim", "FlowSimSupport", "FlowSimStyle", "FlowSimScene",
            "FlowSimCoreTestSupport",
        ],
    ]

    func testTheCoreAndSceneTestsLinkNoCairo() throws {
        for (target, allowed) in Self.allowedTestImports {
            XCTAssertTrue(allowed.isDisjoint(with: Self.drawingModules), target)
            let entries = try imports(in: Self.tests.appendingPathComponent(target, isDirectory: true))
            for entry in entries {
                XCTAssertTrue(
                    allowed.contains(entry.module)
                        || (entry.guardedBy == "Darwin" && ["QuartzCore", "CoreGraphics"].contains(entry.module)),
                    "\(target)/\(entry.file) imports \(entry.module)")
            }
        }
    }

    /// The manifest agrees: the targets' declared dependencies name no drawing module either (an
    /// unused dependency would still link Cairo into the core's test binary).
    func testTheManifestGivesTheCoreAndSceneTestsNoDrawingModule() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in Self.allowedTestImports.keys {
            let start = try XCTUnwrap(manifest.range(of: "name: \"\(target)\""), target)
            let list = try XCTUnwrap(
                manifest[start.upperBound...].range(of: #"dependencies: \[[^\]]*\]"#, options: .regularExpression))
            let names = manifest[list].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
                String($0.element)
            }
            XCTAssertFalse(names.isEmpty, target)
            XCTAssertEqual(Set(names).intersection(Self.drawingModules), [], "\(target) depends on a drawing module")
            XCTAssertEqual(Set(names).subtracting(Self.allowedTestImports[target] ?? []), [], target)
        }
    }

    /// Every library module of the package is in the table, so a new one states its layer.
    func testEveryModuleHasALayer() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { $0.hasPrefix("FlowSim") }
        let known = Set(Self.allowedImports.keys).union([
            "FlowSim", "FlowSimCLI", "FlowSimMain", "FlowSimBench", "FlowSimFuzz", "FlowSimPort",
        ])
        XCTAssertEqual(Set(modules).subtracting(known), [], "modules without a layer in allowedImports")
    }

    /// The package builds modules named `UIKit`, `CoreGraphics`, `QuartzCore`, `AVFoundation` and
    /// `os` on Linux, so `canImport` of those names would answer differently depending on whether
    /// they were built yet: no source of the package may ask it (Apple platforms are told apart with
    /// `canImport(Darwin)` and `os(...)`).
    func testNoSourceAsksCanImportOfAModuleThePackageDeclares() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap {
            $0 as? String
        }
        .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for module in ["UIKit", "CoreGraphics", "QuartzCore", "AVFoundation", "os"] {
                XCTAssertFalse(text.contains("canImport(\(module))"), "\(file) asks canImport(\(module))")
            }
        }
    }

    /// The core knows no files, fonts, flags, the sample app or the command-line tool: those
    /// belong to the scene module and the CLI.
    func testTheCoreSpeaksOfNoFilesFontsFlagsOrSampleData() throws {
        let folder = Self.sources.appendingPathComponent("FlowSim", isDirectory: true)
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for word in ["FileManager", "Bundle.module", "fopen(", "\"--", "font", "parks", "Parks", "flowsim "] {
                XCTAssertFalse(text.contains(word), "\(file) mentions \(word)")
            }
        }
    }

    /// Render, images and goldens name no command-line flags or commands: the CLI passes its
    /// words in.
    func testLowerLayersNameNoCommandLineFlags() throws {
        for module in ["FlowSimImage", "FlowSimRender", "FlowSimStyle", "FlowSimSupport"] {
            let folder = Self.sources.appendingPathComponent(module, isDirectory: true)
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path)).compactMap {
                $0 as? String
            }
            .filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for word in ["\"--", "flowsim check", "flowsim render"] {
                    XCTAssertFalse(text.contains(word), "\(module)/\(file) mentions \(word)")
                }
            }
        }
    }
}
