import FlowSimCoreTestSupport
import Foundation
import XCTest

/// Builds and runs a scratch package that applies the FlowSimPort plugin to a layout written with
/// `@objc optional` delegate methods. It builds FlowSim from scratch in a temporary folder (a few
/// minutes), so it runs only with `FLOWSIM_PLUGIN_TEST=1`.
final class PluginBuildTests: XCTestCase {
    func testPluginPortsAndTheTargetBuildsAndRuns() throws {
        guard ProcessInfo.processInfo.environment["FLOWSIM_PLUGIN_TEST"] == "1" else {
            throw XCTSkip("set FLOWSIM_PLUGIN_TEST=1 to build a scratch package with the FlowSimPort plugin")
        }
        let repository = packageRoot
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flowsim-plugin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files: [String: String] = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "PortTest",
                dependencies: [.package(name: "FlowSim", path: "\(repository.path)")],
                targets: [
                    .target(
                        name: "Layouts", dependencies: [.product(name: "FlowSimUIKit", package: "FlowSim")],
                        exclude: ["iOS"], plugins: [.plugin(name: "FlowSimPort", package: "FlowSim")]),
                    .executableTarget(
                        name: "Demo", dependencies: ["Layouts", .product(name: "FlowSimUIKit", package: "FlowSim")]),
                ]
            )

            """,
            "Sources/Layouts/flowsim-port.json": #"{"folder": "iOS"}"#,
            "Sources/Layouts/Layouts.swift": "// The layouts are in iOS/, ported by the FlowSimPort plugin.\n",
            "Sources/Layouts/iOS/HeightsLayout.swift": """
            #if canImport(UIKit)
                import UIKit
            #else
                import FlowSimUIKit
            #endif

            @objc public protocol HeightsDelegate: UICollectionViewDelegate {
                @objc optional func collectionView(
                    _ collectionView: UICollectionView, layout: UICollectionViewLayout, heightForItemAt indexPath: IndexPath
                ) -> CGFloat
            }

            public class HeightsLayout: UICollectionViewLayout {
                public weak var delegate: HeightsDelegate?

                public func heights(_ collectionView: UICollectionView) -> [CGFloat] {
                    let implemented = delegate?.responds(to: #selector(HeightsDelegate.collectionView(_:layout:heightForItemAt:)))
                    return (0..<2).map { item in
                        delegate?.collectionView?(collectionView, layout: self, heightForItemAt: IndexPath(item: item, section: 0))
                            ?? (implemented == true ? -1 : 100)
                    }
                }
            }

            """,
            "Sources/Layouts/iOS/Controller.swift": """
            #if canImport(UIKit)
                import UIKit
            #else
                import FlowSimUIKit
            #endif

            public final class Controller: HeightsDelegate {
                public init() {}
                @objc public func collectionView(
                    _ collectionView: UICollectionView, layout: UICollectionViewLayout, heightForItemAt indexPath: IndexPath
                ) -> CGFloat { CGFloat(40 + indexPath.item) }
            }

            """,
            "Sources/Demo/main.swift": """
            import FlowSimUIKit
            import Layouts

            final class Silent: HeightsDelegate {}
            for delegate in [Controller() as HeightsDelegate, Silent()] {
                let layout = HeightsLayout()
                let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
                layout.delegate = delegate
                print(layout.heights(collectionView))
            }

            """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (status, output) = try run(["build", "--product", "Demo"], in: root)
        XCTAssertEqual(status, 0, output)
        let (runStatus, runOutput) = try run(["run", "--skip-build", "Demo"], in: root)
        XCTAssertEqual(runStatus, 0, runOutput)
        XCTAssertTrue(runOutput.hasSuffix("[40.0, 41.0]\n[100.0, 100.0]\n"), runOutput)
    }

    private func run(_ arguments: [String], in directory: URL) throws -> (Int32, String) {
        let process = Process()
        let swift = ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        process.executableURL = URL(fileURLWithPath: swift ?? "/usr/bin/env")
        process.arguments = (swift == nil ? ["swift"] : []) + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
