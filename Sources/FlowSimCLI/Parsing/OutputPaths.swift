import Foundation

/// Checks of output paths given on the command line, made before any work so that a bad
/// path is an exit-2 error naming the option, not a failure after rendering.
enum OutputPaths {
    /// Checks that `path` can be written as a file (`folder: false`) or replaced as a folder
    /// (`folder: true`): it is not of the other kind, and its nearest existing ancestor is a
    /// writable folder (missing folders in between are created later). Throws an exit-2 error
    /// naming the command and the option.
    static func validate(_ path: String, option: String, folder: Bool, command: String) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path).standardizedFileURL
        func fail(_ problem: String) -> CommandError {
            CommandError.unusableOutputPath(command: command, option: option, path: path, problem: problem)
        }
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            if folder && !isDirectory.boolValue { throw fail("is a file, not a folder") }
            if !folder && isDirectory.boolValue { throw fail("is a folder, not a file") }
        }
        var ancestor = url.deletingLastPathComponent()
        while !fm.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) && ancestor.path != "/" {
            ancestor = ancestor.deletingLastPathComponent()
        }
        guard isDirectory.boolValue else { throw fail("\(ancestor.path) is a file, not a folder") }
        guard access(ancestor.path, W_OK | X_OK) == 0 else { throw fail("the folder \(ancestor.path) is not writable") }
    }

    /// A folder that is read (`--goldens`): when it exists it must be a folder.
    static func validateFolder(_ path: String, option: String, command: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CommandError.invalid(command: command, message: "\(option) \(path) is a file, not a folder.")
        }
    }
}
