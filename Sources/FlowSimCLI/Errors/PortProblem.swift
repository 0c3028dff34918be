import FlowSimPort

extension CommandError {
    /// Why `flowsim port` writes nothing. Rendered after "flowsim port: ".
    public enum PortProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Two inputs with one file name: both would be written to the same output file.
        case sameOutputName(first: String, second: String, name: String)
        /// An input that is not UTF-8 text.
        case notUTF8(path: String)
        /// A construct the porter cannot rewrite, with its position.
        case cannotPort(PortError)

        public var description: String {
            switch self {
            case .sameOutputName(let first, let second, let name):
                return "\(first) and \(second) would both be written as \(name)."
            case .notUTF8(let path):
                return "\(path): not UTF-8 text."
            case .cannotPort(let error):
                return error.description
            }
        }
    }
}
