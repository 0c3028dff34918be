import Foundation

extension AtomicOutput {
    /// A folder written whole: files go into a hidden temporary folder beside `destination`,
    /// renamed into place in `commit()`. An existing destination is replaced only then (moved
    /// aside, the new folder renamed in, the old one deleted; if the rename fails the old folder
    /// is moved back). Without `commit()` (an error, `discard()`, or deinit) the temporary folder
    /// is removed and the destination is left exactly as it was.
    ///
    /// Only folders FlowSim wrote are ever replaced (see `AtomicOutput`): both checks run in
    /// `init` (fail before any work) and again in `commit()`.
    public final class Folder {
        public let destination: URL
        public let temporaryDirectory: URL
        /// The path as given and where it leads (refusals name both).
        public let target: OutputTarget
        /// True when the output is written into the existing `destination` (a folder FlowSim
        /// did not create), false when a new folder replaces it (or is created).
        public let inPlace: Bool
        private var finished = false

        /// A `destination` that is a symbolic link (to a folder, or to nothing yet) is resolved
        /// (`OutputTarget`): the folder is written at the link's target and the link is kept.
        ///
        /// The destination, links followed:
        /// - missing: created at `commit()`, with FlowSim's marker;
        /// - a folder with FlowSim's marker that FlowSim created: replaced whole, atomically;
        /// - an empty folder FlowSim did not create (a `mkdir out`, a shared 1777 folder), or
        ///   one it wrote into before: written into in place — the folder keeps its inode,
        ///   owner, mode and ACLs, and the files of FlowSim's previous output in it are replaced
        ///   (files others put there are left alone); the staging folder is inside it, so only
        ///   the folder itself need be writable;
        /// - anything else (a file, a non-empty folder FlowSim did not write, `/`, the home
        ///   folder, the working directory or an ancestor of it): refused.
        public init(replacing destination: URL) throws {
            let target = try OutputTarget(destination)
            self.target = target
            let destination = target.resolved
            self.destination = destination
            try target.naming { try Folder.checkReplaceable(destination) }
            inPlace = Folder.writesInPlace(destination.path)
            let parent = inPlace ? destination : destination.deletingLastPathComponent()
            if !inPlace { try target.naming { try AtomicOutput.createFolder(parent, for: destination) } }
            AtomicOutput.removeStaleTemporaryItems(in: parent)
            temporaryDirectory =
                inPlace
                ? AtomicOutput.temporaryURL(beside: destination.appendingPathComponent("staging"))
                : AtomicOutput.temporaryURL(beside: destination)
            do {
                try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: false)
            } catch {
                throw OutputError.cannotCreate(temporaryDirectory.path, reason: OutputReason(error))
            }
            TemporaryItemRegistry.shared.add(temporaryDirectory.path)
            let marker = temporaryDirectory.appendingPathComponent(AtomicOutput.markerFileName)
            do {
                try AtomicOutput.markerContents.write(to: marker)
            } catch {
                AtomicOutput.removeTemporary(temporaryDirectory)
                throw OutputError.cannotWrite(marker.path, reason: OutputReason(error))
            }
        }

        deinit {
            if !finished { AtomicOutput.removeTemporary(temporaryDirectory) }
        }

        /// Throws unless `destination` may be written: it does not exist, or is an empty folder,
        /// or a folder with FlowSim's marker, and it is not `/`, the home folder, the working
        /// directory or an ancestor of it. FlowSim's temporary items of interrupted runs do not
        /// count as content.
        public static func checkReplaceable(_ destination: URL) throws {
            let path = destination.standardizedFileURL.path
            let fm = FileManager.default
            var isDirectory: ObjCBool = false
            if isProtected(path) { throw OutputError.protectedFolder(path) }
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
            guard isDirectory.boolValue else { throw OutputError.notADirectory(path) }
            let entries: [String]
            do {
                entries = try fm.contentsOfDirectory(atPath: path)
            } catch {
                throw OutputError.cannotReplace(path, reason: OutputReason(error))
            }
            if isReplaceable(entries) { return }
            throw OutputError.notFlowSimOutput(path)
        }

        /// Whether the folder at `path` may be deleted as an old output: FlowSim's marker is in
        /// it, or it is empty.
        static func isReplaceable(_ path: String) -> Bool {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
            return isReplaceable(entries)
        }

        static func isReplaceable(_ entries: [String]) -> Bool {
            entries.contains(AtomicOutput.markerFileName)
                || entries.allSatisfy { AtomicOutput.temporaryItem($0) != nil }
        }

        /// `/`, the home folder, the working directory and its ancestors (compared after
        /// resolving symbolic links, so `.`, `..` or a link to the working directory are caught).
        static func isProtected(_ path: String) -> Bool {
            let target = resolved(path)
            if target == "/" { return true }
            var protected: Set<String> = ["/"]
            for home in [NSHomeDirectory(), ProcessInfo.processInfo.environment["HOME"]].compactMap({ $0 })
            where !home.isEmpty {
                protected.insert(resolved(home))
            }
            var folder = resolved(FileManager.default.currentDirectoryPath)
            while true {
                protected.insert(folder)
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
            return protected.contains(target)
        }

        /// `path` with symbolic links resolved (realpath), or standardized when it does not exist.
        private static func resolved(_ path: String) -> String {
            guard let real = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
            defer { free(real) }
            return String(cString: real)
        }

        /// Writes `data` as `name` (a relative path; missing folders inside are created) in the
        /// temporary folder.
        public func write(_ data: Data, named name: String) throws {
            guard !finished else { throw OutputError.alreadyFinished }
            let url = temporaryDirectory.appendingPathComponent(name)
            if name.contains("/") { try AtomicOutput.createFolder(url.deletingLastPathComponent(), for: url) }
            do {
                try TemporaryItemRegistry.shared.writing {
                    try FileSystem.writeNewFile(data, to: url.path, truncating: true)
                }
            } catch {
                throw OutputError.cannotWrite(url.path, reason: OutputReason(error))
            }
        }

        /// Renames `name` to `newName` inside the temporary folder (a file written under a staging
        /// name, given its final one).
        public func move(_ name: String, to newName: String) throws {
            guard !finished else { throw OutputError.alreadyFinished }
            let from = temporaryDirectory.appendingPathComponent(name)
            let to = temporaryDirectory.appendingPathComponent(newName)
            try TemporaryItemRegistry.shared.writing {
                guard rename(from.path, to.path) == 0 else {
                    throw OutputError.cannotWrite(to.path, reason: .lastSystemError)
                }
            }
        }

        /// Removes `name` from the temporary folder (a staged file that is not kept).
        public func remove(_ name: String) {
            guard !finished else { return }
            _ = try? TemporaryItemRegistry.shared.writing {
                unlink(temporaryDirectory.appendingPathComponent(name).path)
            }
        }

        /// Creates `name` (a plain file name) in the temporary folder for writing piece by piece
        /// (e.g. a long animation streamed frame by frame).
        public func createFile(named name: String) throws -> StreamedFile {
            guard !finished else { throw OutputError.alreadyFinished }
            return try StreamedFile(url: temporaryDirectory.appendingPathComponent(name))
        }

        /// Tests only: runs between `commit()`'s check of the destination and the swap, to put
        /// something there in that window as another process could.
        nonisolated(unsafe) static var beforeSwap: ((URL) -> Void)?

        /// Moves the finished folder into place, replacing an existing one (or, `inPlace`, moves
        /// its files into the existing folder: `moveInPlace`).
        public func commit() throws {
            guard !finished else { throw OutputError.alreadyFinished }
            let target = destination.path
            do {
                try self.target.naming { try Folder.checkReplaceable(destination) }
            } catch {
                discard()
                throw error
            }
            Folder.beforeSwap?(destination)
            do {
                try TemporaryItemRegistry.shared.writing {
                    if inPlace { try moveInPlace() } else { try swapIntoPlace(target) }
                }
            } catch let reason as OutputReason {
                return try fail(reason)
            } catch {
                discard()
                throw self.target.naming(error)
            }
            finished = true
            // The temporary name now holds the previous output (or nothing): remove it. A kill
            // before this line leaves it under a dead pid's temporary name, which the next write
            // in this folder removes.
            AtomicOutput.removeTemporary(temporaryDirectory)
        }

        /// Puts the temporary folder at `target`.
        ///
        /// When `target` exists: one `renameat2(RENAME_EXCHANGE)`, so at every instant `target`
        /// is the old or the new complete folder; the old one is then at the temporary name.
        /// Fallback where the kernel, C library or file system cannot exchange (ENOSYS, EINVAL,
        /// EOPNOTSUPP): two renames, the old folder first moved to `.<name>.flowsim-old-<pid>-<id>`;
        /// a kill between them leaves no `target` for an instant, and the next write in that
        /// folder moves the old folder back (`removeStaleTemporaryItems`).
        ///
        /// An existing empty folder FlowSim did not write keeps its owner and mode: they are
        /// copied to the new folder first (the owner only when permitted, i.e. as root).
        private func swapIntoPlace(_ target: String) throws {
            let temporary = temporaryDirectory.path
            for _ in 0..<3 {
                if let existing = FileSystem.status(target) {
                    let marker = (target as NSString).appendingPathComponent(AtomicOutput.markerFileName)
                    if FileSystem.kind(marker, followingLinks: false) == .missing {
                        _ = chmod(temporary, existing.st_mode & 0o7777)
                        if getuid() == 0 { _ = chown(temporary, existing.st_uid, existing.st_gid) }
                    }
                    if FileSystem.exchange(temporary, target) {
                        // What was swapped out is checked again, now that it cannot change under
                        // us: a folder someone put at `target` after `checkReplaceable` is not
                        // ours to delete. It is swapped back, whole, and the commit fails.
                        if !Folder.isReplaceable(temporary) {
                            _ = FileSystem.exchange(temporary, target)
                            throw OutputError.notFlowSimOutput(target)
                        }
                        return
                    }
                    guard errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP else {
                        throw OutputReason.lastSystemError
                    }
                    let aside = AtomicOutput.temporaryURL(beside: destination, kind: "old").path
                    guard rename(target, aside) == 0 else { throw OutputReason.lastSystemError }
                    if !Folder.isReplaceable(aside) {
                        _ = rename(aside, target)
                        throw OutputError.notFlowSimOutput(target)
                    }
                    guard rename(temporary, target) == 0 else {
                        let reason = OutputReason.lastSystemError
                        _ = rename(aside, target)
                        throw reason
                    }
                    // The old folder goes where the cleanup of the temporary name finds it.
                    if rename(aside, temporary) != 0 { try? FileManager.default.removeItem(atPath: aside) }
                    return
                }
                if rename(temporary, target) == 0 {
                    return
                }
                // Another process created `target` since: exchange with it on the next round.
                guard errno == EEXIST || errno == ENOTEMPTY else { throw OutputReason.lastSystemError }
            }
            throw OutputReason.system(errno: EBUSY)
        }

        private func fail(_ reason: OutputReason) throws {
            discard()
            throw target.naming(OutputError.cannotReplace(destination.path, reason: reason))
        }

        /// Removes the temporary folder; the destination is untouched.
        public func discard() {
            guard !finished else { return }
            finished = true
            AtomicOutput.removeTemporary(temporaryDirectory)
        }
    }

    /// A file written piece by piece (see `Folder.createFile(named:)`); errors are
    /// `OutputError.cannotWrite` with the path.
    public final class StreamedFile {
        public let url: URL
        public private(set) var bytesWritten = 0
        private var handle: FileHandle?

        init(url: URL) throws {
            self.url = url
            guard FileManager.default.createFile(atPath: url.path, contents: nil),
                let handle = FileHandle(forWritingAtPath: url.path)
            else { throw OutputError.cannotWrite(url.path, reason: .lastSystemError) }
            self.handle = handle
        }

        deinit { try? handle?.close() }

        public func write(_ data: Data) throws {
            guard let handle else { throw OutputError.cannotWrite(url.path, reason: .closed) }
            do {
                try TemporaryItemRegistry.shared.writing { try handle.write(contentsOf: data) }
            } catch {
                throw OutputError.cannotWrite(url.path, reason: OutputReason(error))
            }
            bytesWritten += data.count
        }

        public func close() throws {
            guard let handle else { return }
            self.handle = nil
            do {
                try handle.close()
            } catch {
                throw OutputError.cannotWrite(url.path, reason: OutputReason(error))
            }
        }
    }
}
