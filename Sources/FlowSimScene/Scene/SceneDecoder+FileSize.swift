import Foundation

extension SceneDecoder {
    /// The largest scene file read: 512 MiB. The default element limit (2,000,000 items,
    /// headers and footers) at about 250 bytes an item (an id, a title, a subtitle and a
    /// size) fits; a file beyond it is refused from its size alone, before a byte of it is
    /// held in memory (the decoder holds the whole document while parsing it).
    public static let maxSceneFileBytes: Int64 = 512 << 20

    /// Throws when the regular file at `path` is larger than `maxSceneFileBytes`; anything
    /// else (a missing file, a FIFO) is left to the reader, which names the problem.
    static func checkFileSize(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) > maxSceneFileBytes
        else { return }
        throw SceneError(
            source: path, path: "",
            message:
                "is \(info.st_size) bytes, more than the \(maxSceneFileBytes) bytes (512 MiB) a scene file may have")
    }
}
