/// Why a PNG could not be decoded. Every case names the file (or `<memory>` for in-memory data)
/// so that a CLI can print `description` as is.
public struct PNGDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Equatable, Sendable {
        /// The file could not be read at all (missing, a directory, no permission).
        case unreadable
        /// The data does not start with the 8-byte PNG signature.
        case notPNG
        /// The signature is right but libpng rejected the data (bad chunk, CRC, truncation).
        case corrupt
        /// The header declares more pixels than the decoder's limit allows.
        case tooLarge
    }

    public let kind: Kind
    /// The path given to the decoder, or `<memory>`.
    public let path: String
    /// What is wrong, in libpng's or the system's words.
    public let reason: String

    public init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch kind {
        case .unreadable: return "\(path): cannot read file: \(reason)"
        case .notPNG: return "\(path): not a PNG file: \(reason)"
        case .corrupt: return "\(path): corrupt or truncated PNG: \(reason)"
        case .tooLarge: return "\(path): PNG too large: \(reason)"
        }
    }
}
