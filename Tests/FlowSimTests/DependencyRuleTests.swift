import Foundation
import XCTest

/// The module boundaries, checked from the source files themselves: the core (`FlowSim`)
/// imports nothing but Foundation and its own C header of UIKit's enums, and Apple's frameworks only on Apple platforms
/// (`#if canImport(Darwin)`); the scene module
/// and the UIKit names import only the core; nothing in the core speaks of files, fonts or flags.
final class DependencyRuleTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources", isDirectory: true)

    /// `(file, module imported, the canImport condition it is under or nil)` for every import.
    func imports(ofModule module: String) throws -> [(file: String, module: String, guardedBy: String?)] {
        let folder = Self.sources.appendingPathComponent(module, isDirectory: true)
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

    func testTheSceneModuleAndTheUIKitNamesImportOnlyTheCore() throws {
        for module in ["FlowSimScene", "FlowSimUIKit"] {
            for entry in try imports(ofModule: module) {
                XCTAssertTrue(
                    ["Foundation", "FlowSim"].contains(entry.module)
                        || (entry.guardedBy == "Darwin" && ["QuartzCore", "CoreGraphics"].contains(entry.module)),
                    "\(module)/\(entry.file) imports \(entry.module)")
            }
        }
    }

    /// The package builds modules named `UIKit`, `CoreGraphics` and `QuartzCore` on Linux, so
    /// `canImport` of those names would answer differently depending on whether they were built
    /// yet: no source of the package may ask it (Apple platforms are told apart with
    /// `canImport(Darwin)` and `os(...)`).
    func testNoSourceAsksCanImportOfAModuleThePackageDeclares() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap {
            $0 as? String
        }
        .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for module in ["UIKit", "CoreGraphics", "QuartzCore"] {
                XCTAssertFalse(text.contains("canImport(\(module))"), "\(file) asks canImport(\(module))")
            }
        }
    }

    func testTheCoreSpeaksOfNoFilesFontsOrFlags() throws {
        let folder = Self.sources.appendingPathComponent("FlowSim", isDirectory: true)
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for word in ["FileManager", "Bundle.module", "fopen(", "\"--", "font"] {
                XCTAssertFalse(text.contains(word), "\(file) mentions \(word)")
            }
        }
    }
}
