import Foundation

extension AtomicOutput.Folder {
    /// The marker's line that says FlowSim writes into this folder rather than replacing it;
    /// the names of its output follow it, one a line.
    static let inPlaceLine = "written in place:"

    /// Whether a commit at `path` writes into the existing folder: it is a folder FlowSim did
    /// not create, empty (but for FlowSim's temporary items), or one whose marker says FlowSim
    /// wrote into it before.
    static func writesInPlace(_ path: String) -> Bool {
        guard FileSystem.kind(path, followingLinks: true) == .directory,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return false }
        if entries.allSatisfy({ AtomicOutput.temporaryItem($0) != nil }) { return true }
        return previousOutput(in: path) != nil
    }

    /// The names FlowSim wrote into the folder at `path` in place (from its marker), nil when
    /// the marker is missing or is the one of a folder FlowSim created.
    static func previousOutput(in path: String) -> [String]? {
        let marker = (path as NSString).appendingPathComponent(AtomicOutput.markerFileName)
        guard FileSystem.kind(marker, followingLinks: false) == .regular,
            let text = try? String(contentsOfFile: marker, encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: inPlaceLine) else { return nil }
        return lines[(start + 1)...].filter { !$0.isEmpty && !$0.contains("/") && $0 != "." && $0 != ".." }
    }

    /// Commits into the existing folder, which keeps its inode, owner, mode and ACLs: each
    /// staged file or folder is renamed over its old copy (a file atomically; a folder by
    /// exchange, then the old one removed), the marker is renamed in with the new list, and
    /// the files of the previous output that the new one does not have are removed. Readers
    /// may see a mix of old and new files while this runs (a replaced folder is atomic; a
    /// folder written in place is not), and a kill in the middle leaves such a mix, which the
    /// next run replaces. A name FlowSim did not write (someone put it there since) is never
    /// replaced: the commit fails before any rename.
    func moveInPlace() throws {
        let fm = FileManager.default
        let folder = destination.path
        let staging = temporaryDirectory.path
        let previous = Set(Self.previousOutput(in: folder) ?? [])
        let staged = try fm.contentsOfDirectory(atPath: staging).filter { $0 != AtomicOutput.markerFileName }
            .sorted()
        for name in staged {
            let path = (folder as NSString).appendingPathComponent(name)
            if FileSystem.kind(path, followingLinks: false) != .missing, !previous.contains(name) {
                throw OutputError.notFlowSimOutput(path)
            }
        }
        let marker = (staging as NSString).appendingPathComponent(AtomicOutput.markerFileName)
        let text =
            "The files listed below were written by flowsim. flowsim did not create this folder: it writes into it "
            + "again when asked and leaves the folder itself (owner, mode, ACLs) and other files as they are.\n"
            + Self.inPlaceLine + "\n" + staged.map { $0 + "\n" }.joined()
        try FileSystem.writeNewFile(Data(text.utf8), to: marker, truncating: true)
        for name in staged {
            let from = (staging as NSString).appendingPathComponent(name)
            let to = (folder as NSString).appendingPathComponent(name)
            if FileSystem.kind(to, followingLinks: false) == .directory {
                // The old folder ends at `from`, inside the staging folder removed below.
                if FileSystem.exchange(from, to) { continue }
                let aside = (staging as NSString).appendingPathComponent(".\(name).old")
                guard rename(to, aside) == 0 else { throw OutputReason.lastSystemError }
            }
            guard rename(from, to) == 0 else { throw OutputReason.lastSystemError }
        }
        guard rename(marker, (folder as NSString).appendingPathComponent(AtomicOutput.markerFileName)) == 0 else {
            throw OutputReason.lastSystemError
        }
        for name in previous.subtracting(staged) {
            try? fm.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }
}
