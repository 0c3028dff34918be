/// Checks bytes for well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), so a parser can refuse a file that is not UTF-8 instead of reading U+FFFD into
/// its ids and titles without a word.
package enum UTF8Validation {
    /// The offset (from the start of `bytes`) of the first byte that does not begin a
    /// well-formed sequence, or nil when all of `bytes` is UTF-8.
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            guard let length = sequenceLength(in: bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed sequence starting at `index` (1 for ASCII), or nil when
    /// the bytes there are not one.
    package static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        // The allowed range of the second byte depends on the lead (Table 3-7 of the Unicode
        // Standard); later bytes are 80…BF.
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard bytes.count - index >= length, (low...high).contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }
}
