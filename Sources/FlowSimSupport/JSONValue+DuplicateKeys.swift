extension JSONValue {
    /// The key path (`elements[0].frame`, "" for the document) of the first object that gives a
    /// key twice, and that key: the parser keeps both members in order, and a reader that looks
    /// a key up takes the first, silently dropping the other. Documents FlowSim reads besides
    /// scenes (layout and frames files, golden manifests) are refused for it, as scenes are.
    /// Nesting is at most the parser's 512 levels, so the recursion is bounded.
    package func firstDuplicateKey(at path: String = "") -> (path: String, key: String)? {
        switch self {
        case .object(let members):
            var keys = Set<String>()
            for member in members where !keys.insert(member.key).inserted { return (path, member.key) }
            for member in members {
                let name = SafeText.excerpt(member.key)
                if let found = member.value.firstDuplicateKey(at: path.isEmpty ? name : "\(path).\(name)") {
                    return found
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = item.firstDuplicateKey(at: "\(path)[\(index)]") { return found }
            }
        default: break
        }
        return nil
    }
}
