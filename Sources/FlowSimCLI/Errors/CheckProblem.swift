extension CommandError {
    /// Why `flowsim check` refuses its arguments. Rendered after "flowsim check: ".
    public enum CheckProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// `--prune` with the record mode `never` (`onCI`: because CI is set).
        case pruneWithoutRecording(onCI: Bool)
        /// A folder argument without scene files.
        case noSceneFiles(folder: String)
        /// `--merge-reports` without folders.
        case mergeNeedsFolders
        /// `--merge-reports` without an output option.
        case mergeNeedsOutput
        /// A `--merge-reports` folder whose results cannot be read (`reason` names the file).
        case unreadableReport(folder: String, reason: String)
        /// A scene (its path, or "<default scene>") that could not be loaded, simulated, rendered
        /// or compared; the run goes on with the other scenes and exits 2.
        case sceneNotChecked(scene: String, Cause)
        /// An orphaned golden that `--prune` could not delete.
        case cannotRemoveOrphan(path: String, Cause)

        public var description: String {
            switch self {
            case .pruneWithoutRecording(let onCI):
                return
                    "\(CheckCommand.prune.name) deletes orphaned goldens only when recording (\(CheckCommand.record.name) missing, failed or all); the mode is never\(onCI ? " (CI is set)" : "")."
            case .noSceneFiles(let folder):
                return "\(folder): no *.json scene files in this folder."
            case .mergeNeedsFolders:
                return
                    "\(CheckCommand.mergeReports.name) needs the shards' \(CheckCommand.report.name) folders as arguments."
            case .mergeNeedsOutput:
                return
                    "\(CheckCommand.mergeReports.name) writes \(CheckCommand.report.name), \(CheckCommand.junit.name) or \(CheckCommand.summary.name): give at least one."
            case .unreadableReport(_, let reason):
                return "\(CheckCommand.mergeReports.name): \(reason)"
            case .sceneNotChecked(let scene, let cause):
                let text = cause.description
                return text.hasPrefix(scene) ? text : "\(scene): \(text)"
            case .cannotRemoveOrphan(let path, let cause):
                return "cannot remove orphan \(path): \(cause)"
            }
        }
    }
}
