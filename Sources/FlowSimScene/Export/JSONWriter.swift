import FlowSim
import Foundation

extension JSONValue {
    /// Compact JSON with keys in their given order, numbers in their shortest round-trip form
    /// (integers without a fraction), one element per line for top-level arrays of objects when
    /// `pretty` is set so diffs of outputs stay readable.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, depth: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += value.isFinite ? formatNumber(value) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                if pretty && depth < 3 { output += "\n" + String(repeating: "  ", count: depth + 1) }
                item.write(to: &output, pretty: pretty, depth: depth + 1)
            }
            if pretty && depth < 3 && !items.isEmpty { output += "\n" + String(repeating: "  ", count: depth) }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += ", " }
                Self.writeString(member.key, to: &output)
                output += ": "
                member.value.write(to: &output, pretty: pretty, depth: depth + 1)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let c where c.value < 0x20: output += String(format: "\\u%04x", c.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
