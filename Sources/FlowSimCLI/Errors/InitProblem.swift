extension CommandError {
    /// Why `flowsim init` writes nothing. Rendered after "flowsim init: ".
    public enum InitProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The folder argument (as given) is a file.
        case notAFolder(String)
        /// Files or folders the starter would write already exist in `folder`.
        case wouldOverwrite(folder: String, existing: [String])
        /// Recording the starter goldens failed; `output` is what the check printed.
        case recordingFailed(output: String)
        /// `--executable` is not a plain executable name (letters, digits, `_`, `.`, `-`).
        case badExecutableName(String)

        public var description: String {
            switch self {
            case .notAFolder(let path):
                return "\(path) is a file, not a folder; nothing was written."
            case .wouldOverwrite(let folder, let existing):
                let more = existing.count > 5 ? " and \(existing.count - 5) more" : ""
                return
                    "\(folder) already has \(existing.prefix(5).joined(separator: ", "))\(more); flowsim init never overwrites, so nothing was written. Choose an empty folder (flowsim init DIR) or remove them."
            case .recordingFailed(let output):
                return "recording the starter goldens failed; nothing was written: \(output)"
            case .badExecutableName(let name):
                return
                    "\(InitCommand.executable.name) \(name.debugDescription) is not an executable target's name (letters, digits, _, . and -); nothing was written."
            }
        }
    }
}
