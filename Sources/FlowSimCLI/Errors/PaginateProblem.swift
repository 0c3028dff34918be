extension CommandError {
    /// Why `flowsim paginate` refuses its input. Rendered after "flowsim paginate: ".
    public enum PaginateProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// `--fail-pages` not whole numbers ≥ 0 separated by commas, nor 'none'.
        case invalidFailPages(String)
        /// The scene at `path` names a layout class the context does not know.
        case unknownLayoutClass(path: String, name: String)
        /// The scene at `path` names a layout class that is not a flow layout.
        case notAFlowLayout(path: String, name: String)
        /// `--append-duration` or `--append-timing` with `--append reload`.
        case timingWithReload
        /// `--append-timing SPEC` cannot be read.
        case appendTiming(spec: String, TimingProblem)
        /// The run hit something UIKit raises an exception for (`UIKitDiagnostic`, one line).
        case uikitException(String)

        /// Why an `--append-timing` spec cannot be read.
        public enum TimingProblem: Equatable, Sendable, CustomStringConvertible {
            /// A comma-separated part that is not NAME=VALUE (as given, untrimmed).
            case notNameValue(String)
            case givenTwice(String)
            case notANumber(name: String, value: String)
            /// The scene decoder refused the timing: its key path (empty for the timing itself)
            /// and message.
            case timing(path: String, message: String)

            public var description: String {
                switch self {
                case .notNameValue(let pair): return "'\(pair)' is not NAME=VALUE"
                case .givenTwice(let name): return "\(name) is given twice"
                case .notANumber(let name, let value): return "\(name) expects a finite number, got '\(value)'"
                case .timing(let path, let message): return path.isEmpty ? message : "\(path): \(message)"
                }
            }
        }

        public var description: String {
            switch self {
            case .uikitException(let text):
                return text
            case .invalidFailPages(let text):
                return
                    "\(PaginateCommand.failPages.name) expects page numbers ≥ 0 separated by commas, or 'none'; got '\(text)'."
            case .unknownLayoutClass(let path, let name):
                return "\(path): unknown layout class \"\(name)\"."
            case .notAFlowLayout(let path, let name):
                return "\(path): layout class \"\(name)\" is not a flow layout (paginate needs one)."
            case .timingWithReload:
                return
                    "\(PaginateCommand.appendDuration.name) and \(PaginateCommand.appendTiming.name) animate inserts; not with \(PaginateCommand.append.name) reload."
            case .appendTiming(let spec, let problem):
                return "\(PaginateCommand.appendTiming.name) '\(spec)': \(problem)"
            }
        }
    }
}
