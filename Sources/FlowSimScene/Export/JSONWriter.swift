import FlowSim
import FlowSimSupport
import Foundation

/// Compact JSON written straight into a byte buffer, handed to `sink` in chunks of about 64 KB
/// that always end between tokens (so each chunk is whole UTF-8). No document tree and no
/// whole-output string: `flowsim layout` and `frames` stream through it to stdout.
///
/// The format is `JSONValue.serialized(pretty:)`'s: keys in their given order, `", "` between
/// members and `": "` after keys, `","` between array items, numbers in their shortest
/// round-trip form (`ShortestDecimal`; integers without a fraction, non-finite as `null`).
public struct JSONStreamWriter {
    public private(set) var buffer: [UInt8] = []
    public let pretty: Bool
    private let sink: ([UInt8]) -> Void
    private let chunkSize: Int

    public init(pretty: Bool = false, chunkSize: Int = 1 << 16, sink: @escaping ([UInt8]) -> Void) {
        self.pretty = pretty
        self.sink = sink
        self.chunkSize = chunkSize
        if chunkSize < 1 << 24 { buffer.reserveCapacity(chunkSize + 4096) }
    }

    /// Hands the buffer to the sink once it holds a chunk's worth (call between tokens).
    @inline(__always)
    public mutating func flushIfFull() {
        if buffer.count >= chunkSize { flush() }
    }

    /// Hands whatever is buffered to the sink.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    @inline(__always)
    public mutating func byte(_ value: UInt8) { buffer.append(value) }

    /// A number; `null` when not finite.
    @inline(__always)
    public mutating func number(_ value: Double) {
        if value.isFinite { ShortestDecimal.append(value, to: &buffer) } else { raw("null") }
    }

    /// A whole number, as `number(Double(value))` prints it.
    @inline(__always)
    public mutating func integer(_ value: Int) {
        if value.magnitude < 1_000_000_000_000_000 {
            ShortestDecimal.appendInteger(Int64(value), to: &buffer)
        } else {
            number(Double(value))
        }
    }

    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// A string in double quotes with `"`, `\`, and control characters escaped.
    public mutating func string(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case UInt8(ascii: "\n"): raw("\\n")
                case UInt8(ascii: "\r"): raw("\\r")
                case UInt8(ascii: "\t"): raw("\\t")
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    raw("\\u00")
                    buffer.append(hex[Int(byte >> 4)])
                    buffer.append(hex[Int(byte & 15)])
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `"key": ` after `", "` unless it is the object's first member.
    @inline(__always)
    public mutating func key(_ key: StaticString, first: Bool = false) {
        if !first { raw(", ") }
        buffer.append(UInt8(ascii: "\""))
        raw(key)
        raw("\": ")
    }

    /// `"key": ` for a key that is not a literal.
    public mutating func key(string key: String, first: Bool) {
        if !first { raw(", ") }
        string(key)
        raw(": ")
    }

    /// Before an array's item at `depth` (the array's own depth): `,` after the first, and with
    /// `pretty` a new line indented one level deeper for arrays less than 3 deep.
    @inline(__always)
    public mutating func item(_ index: Int, depth: Int) {
        if index > 0 { buffer.append(UInt8(ascii: ",")) }
        if pretty && depth < 3 { newline(indent: depth + 1) }
    }

    /// An array's closing bracket (after a new line when pretty and not empty).
    public mutating func endArray(count: Int, depth: Int) {
        if pretty && depth < 3 && count > 0 { newline(indent: depth) }
        buffer.append(UInt8(ascii: "]"))
    }

    private mutating func newline(indent: Int) {
        buffer.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { raw("  ") }
    }
}

extension JSONValue {
    /// Compact JSON with keys in their given order, numbers in their shortest round-trip form
    /// (integers without a fraction), one element per line for top-level arrays of objects when
    /// `pretty` is set so diffs of outputs stay readable.
    public func serialized(pretty: Bool = false) -> String {
        var bytes: [UInt8] = []
        var writer = JSONStreamWriter(pretty: pretty, chunkSize: .max) { bytes += $0 }
        write(to: &writer, depth: 0)
        writer.flush()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the value at `depth` (0 for a document) through `writer`.
    public func write(to writer: inout JSONStreamWriter, depth: Int) {
        switch self {
        case .null: writer.raw("null")
        case .bool(let value): writer.bool(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let items):
            writer.raw("[")
            for (index, item) in items.enumerated() {
                writer.item(index, depth: depth)
                item.write(to: &writer, depth: depth + 1)
                writer.flushIfFull()
            }
            writer.endArray(count: items.count, depth: depth)
        case .object(let members):
            writer.raw("{")
            for (index, member) in members.enumerated() {
                writer.key(string: member.key, first: index == 0)
                member.value.write(to: &writer, depth: depth + 1)
            }
            writer.raw("}")
        }
    }
}
