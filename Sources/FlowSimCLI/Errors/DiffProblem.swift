extension CommandError {
    /// Why `flowsim diff` cannot pair its two paths. Rendered after "flowsim diff: ".
    public enum DiffProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// One path is a folder, the other a file.
        case folderAndFile(folder: String, file: String)
        /// One path is a .json layout file, the other not.
        case jsonAndOther(expected: String, actual: String)
        /// Two folders without a PNG file in either.
        case noPNGFiles(expected: String, actual: String)

        public var description: String {
            switch self {
            case .folderAndFile(let folder, let file):
                return "\(folder) is a folder but \(file) is a file; give two PNGs, two folders or two JSON files."
            case .jsonAndOther(let expected, let actual):
                return "compare two .json layout files or two PNGs, not \(expected) with \(actual)."
            case .noPNGFiles(let expected, let actual):
                return "no PNG files in \(expected) or \(actual)."
            }
        }
    }
}
