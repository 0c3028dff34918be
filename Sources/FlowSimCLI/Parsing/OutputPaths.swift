import FlowSimOutput
import Foundation

/// Checks of output paths given on the command line, made before any work so that a bad
/// path is an exit-2 error naming the option, not a failure after rendering.
enum OutputPaths {
    /// Checks that `path` can be written as a file (`folder: false`) or replaced as a folder
    /// (`folder: true`): it is not of the other kind, and its nearest existing ancestor is a
    /// writable folder (missing folders in between are created later). Throws an exit-2 error
    /// naming the command and the option.
    /// With `replacing`, the folder is one `AtomicOutput.Folder` replaces whole: it must be
    /// replaceable (missing, empty, or FlowSim's; not a protected folder).
    static func validate(_ path: String, option: String, folder: Bool, replacing: Bool = false) throws {
        let fm = FileManager.default
        // The one rule for output paths (`OutputTarget`): a link is checked at its target, and
        // refusals name the path as given and the link's target.
        let target: OutputTarget
        do {
            target = try OutputTarget(URL(fileURLWithPath: path))
        } catch let error as OutputError {
            throw CommandError.output(option: option, path: path, .output(error))
        }
        let url = target.resolved
        let named = target.isLink ? target.display : path
        func fail(_ problem: String) -> CommandError {
            CommandError.unusableOutputPath(option: option, path: named, problem: problem)
        }
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            if folder && !isDirectory.boolValue { throw fail("is a file, not a folder") }
            if !folder && isDirectory.boolValue { throw fail("is a folder, not a file") }
        }
        // Everything the writer would refuse later, refused now (exit 2 means nothing written):
        // a folder that is not FlowSim's, a protected folder, a special file that is neither a
        // FIFO nor a character device.
        if folder {
            if replacing {
                do {
                    try target.naming { try AtomicOutput.Folder.checkReplaceable(url) }
                } catch let error as OutputError {
                    throw CommandError.output(option: option, path: path, .output(error))
                }
            }
        } else {
            var info = stat()
            if stat(url.path, &info) == 0 {
                let type = info.st_mode & S_IFMT
                if type == S_IFBLK || type == S_IFSOCK {
                    throw fail(
                        "is \(type == S_IFBLK ? "a block device" : "a socket"), not a file, FIFO or character device")
                }
                // FIFOs and devices are written as streams: no folder access needed.
                if type == S_IFIFO || type == S_IFCHR {
                    guard access(url.path, W_OK) == 0 else { throw fail("is not writable") }
                    return
                }
            }
        }
        var ancestor = url.deletingLastPathComponent()
        while !fm.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) && ancestor.path != "/" {
            ancestor = ancestor.deletingLastPathComponent()
        }
        guard isDirectory.boolValue else { throw fail("\(ancestor.path) is a file, not a folder") }
        guard access(ancestor.path, W_OK | X_OK) == 0 else { throw fail("the folder \(ancestor.path) is not writable") }
    }

    /// A folder that is read (`--goldens`): when it exists it must be a folder.
    static func validateFolder(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CommandError.fileNotFolder(option: option, path: path)
        }
    }
}
