import Foundation

/// An output path as it was given and the place FlowSim writes: the one rule every path a
/// command writes follows (`--out`, `--junit`, `--report`, `--summary`, `--plot`, `--gif`,
/// `--video`, `--diff-out`, `--output`, goldens), in files and folders alike
/// (docs/output-paths.md):
///
/// - A path whose last component is a symbolic link is written at the link's target (links
///   followed to the end, at most 40) and the link is kept, as a shell's `>` writes through a
///   link: the user made the link to say where the output goes. Every other check then applies
///   to the target exactly as if the target had been given (a folder FlowSim did not write is
///   not replaced, the working directory is never replaced, …).
/// - A link FlowSim must not trust is refused: in a folder anyone may write that has the sticky
///   bit (`/tmp`), a link owned neither by the user running flowsim nor by the folder's owner
///   (the kernel's own rule for following such links, `fs.protected_symlinks`): nobody can
///   plant `/tmp/out` → `~/.ssh` and have flowsim write there.
/// - Every refusal names the path as given and, for a link, its target:
///   `out (a symbolic link to /srv/shared/out) exists and was not written by flowsim`.
public struct OutputTarget: Sendable, Equatable {
    /// The path as given (relative when it was given relative to the working directory).
    public let given: String
    /// Where FlowSim writes: `given`, or the end of its chain of links (its parent folders
    /// resolved by `realpath`, its last component kept, so a link to a file or folder that
    /// does not exist yet names where to create it).
    public let resolved: URL
    /// Whether `given` is a symbolic link.
    public let isLink: Bool

    public init(_ url: URL) throws {
        let given = url.standardizedFileURL
        self.given = url.relativePath.isEmpty ? given.path : url.relativePath
        var path = given.path
        var hops = 0
        while FileSystem.kind(path, followingLinks: false) == .symbolicLink {
            hops += 1
            guard hops <= 40 else { throw OutputError.cannotWrite(self.given, reason: .system(errno: ELOOP)) }
            try OutputTarget.checkTrusted(link: path, given: self.given)
            let target: String
            do {
                target = try FileManager.default.destinationOfSymbolicLink(atPath: path)
            } catch {
                throw OutputError.cannotWrite(self.given, reason: OutputReason(error))
            }
            let parent = (path as NSString).deletingLastPathComponent
            path = target.hasPrefix("/") ? target : (parent as NSString).appendingPathComponent(target)
        }
        isLink = hops > 0
        guard isLink else {
            resolved = given
            return
        }
        // The parent folders of the final target, resolved (`..` after a link goes where the
        // kernel would go).
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        if name == "." || name == ".." || name.isEmpty, let real = OutputTarget.realPath(path) {
            resolved = URL(fileURLWithPath: real)
        } else if let real = OutputTarget.realPath(parent) {
            resolved = URL(fileURLWithPath: real).appendingPathComponent(name)
        } else {
            resolved = URL(fileURLWithPath: path).standardizedFileURL
        }
    }

    /// How refusals name the path: as given, and for a link with its target.
    public var display: String { isLink ? "\(given) (a symbolic link to \(resolved.path))" : given }

    /// `error` naming this path as `display` where it named the resolved target.
    public func naming(_ error: Error) -> Error {
        guard isLink, let error = error as? OutputError else { return error }
        return error.replacingPath(resolved.path, with: display)
    }

    /// Runs `body` with errors about the target naming the path as given too.
    public func naming<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw naming(error) }
    }

    /// Throws `untrustedLink` for a link in a sticky, world-writable folder owned neither by
    /// this process's user nor by the folder's owner.
    static func checkTrusted(link: String, given: String) throws {
        var linkInfo = stat()
        var folderInfo = stat()
        let folder = (link as NSString).deletingLastPathComponent
        guard lstat(link, &linkInfo) == 0, stat(folder.isEmpty ? "." : folder, &folderInfo) == 0 else { return }
        let stickyAndOpen = folderInfo.st_mode & S_ISVTX != 0 && folderInfo.st_mode & S_IWOTH != 0
        guard stickyAndOpen, linkInfo.st_uid != geteuid(), linkInfo.st_uid != folderInfo.st_uid else { return }
        throw OutputError.untrustedLink(given, link: link, owner: linkInfo.st_uid)
    }

    static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
