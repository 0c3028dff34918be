/// The input rules `flowsim port` and `flowsim-port` share, so the two cannot drift: each input is
/// written under its own file name in the output folder, and two inputs with one name are refused
/// before anything is ported (both would be written to the same file).
public enum PortInputs {
    /// Two inputs that would be written under one name.
    public struct NameClash: Error, Equatable, Sendable, CustomStringConvertible {
        public var first: String
        public var second: String
        public var name: String
        public var description: String { "\(first) and \(second) would both be written as \(name)." }
    }

    /// The name an input is written under: its last path component ("a/b.swift" → "b.swift").
    public static func outputName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Reads every input in order with `read`, refusing the first one whose output name an earlier
    /// input already has (before reading it), so both tools report the same first problem.
    public static func collect<Failure: Error>(
        _ paths: [String], read: (String) throws(Failure) -> String, clash: (NameClash) -> Failure
    ) throws(Failure) -> [(path: String, text: String)] {
        var names: [String: String] = [:]
        var inputs: [(path: String, text: String)] = []
        for path in paths {
            let name = outputName(of: path)
            if let other = names[name] { throw clash(NameClash(first: other, second: path, name: name)) }
            names[name] = path
            inputs.append((path, try read(path)))
        }
        return inputs
    }
}
