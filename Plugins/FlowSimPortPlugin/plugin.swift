// The FlowSimPort build-tool plugin: before a target compiles, ports its Objective-C-flavoured
// Swift files (`@objc optional` delegates, `responds(to: #selector(…))`, `dynamic`) with
// `flowsim-port` into the plugin's work folder, and the ported copies are compiled instead.
//
// The files live in a folder of the target, `ObjC` unless the target has a `flowsim-port.json`
// saying otherwise (`{"folder": "iOS"}`). Exclude that folder from the target (`exclude: ["ObjC"]`)
// so SwiftPM does not compile the originals too. See docs/objc-port.md.
import Foundation
import PackagePlugin

@main
struct FlowSimPortPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = URL(fileURLWithPath: target.directory.string)
        let folder = try Self.folderName(configuration: directory.appendingPathComponent("flowsim-port.json"))
        let root = directory.appendingPathComponent(folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Diagnostics.warning("FlowSimPort: \(target.name) has no folder '\(folder)'; nothing to port")
            return []
        }
        let inputs = Self.swiftFiles(under: root)
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectory.appending("Ported")
        let outputs = inputs.map { output.appending($0.lastPathComponent) }
        let tool = try context.tool(named: "flowsim-port")
        return [
            .buildCommand(
                displayName: "Porting \(inputs.count) Objective-C-flavoured file(s) of \(target.name)",
                executable: tool.path,
                arguments: ["--output", output.string] + inputs.map(\.path),
                inputFiles: inputs.map { Path($0.path) },
                outputFiles: outputs)
        ]
    }

    /// The folder named by `flowsim-port.json` (`{"folder": "iOS"}`), or `ObjC`.
    static func folderName(configuration: URL) throws -> String {
        guard let data = try? Data(contentsOf: configuration) else { return "ObjC" }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let folder = object["folder"] as? String, !folder.isEmpty
        else {
            throw PluginError("\(configuration.path): expected {\"folder\": \"NAME\"}")
        }
        return folder
    }

    /// The `.swift` files under `root`, sorted, hidden ones skipped.
    static func swiftFiles(under root: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
