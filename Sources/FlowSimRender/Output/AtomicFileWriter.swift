import Foundation

/// Writes one file atomically: the bytes go to a hidden temporary file beside the destination,
/// which is then renamed over it (rename(2) is atomic within a file system), so readers see the
/// old file or the complete new one, never a half-written file. On any failure the temporary
/// file is removed and the destination is left as it was. The parent folder must exist.
public enum AtomicFileWriter {
    public static func write(_ data: Data, to destination: URL) throws {
        let url = destination.standardizedFileURL
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw OutputError.cannotWrite(url.path, reason: "it is a folder")
        }
        let parent = url.deletingLastPathComponent()
        guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError.cannotWrite(url.path, reason: "the folder \(parent.path) does not exist")
        }
        let temporary = parent.appendingPathComponent(
            ".\(url.lastPathComponent).flowsim-tmp-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try data.write(to: temporary)
        } catch {
            try? fm.removeItem(at: temporary)
            throw OutputError.cannotWrite(url.path, reason: systemErrorReason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let message = String(cString: strerror(errno))
            try? fm.removeItem(at: temporary)
            throw OutputError.cannotReplace(url.path, reason: message)
        }
    }
}
