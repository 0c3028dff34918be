import Foundation

/// The package's root folder (where Package.swift is), found from this file's own path:
/// Tests/FlowSimCoreTestSupport/PackageRoot.swift. Every test that reads the repository's
/// files (Goldens, docs, Sources, CHANGELOG, the debug build's executables) starts here.
public let packageRoot = URL(fileURLWithPath: #filePath, isDirectory: false)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
