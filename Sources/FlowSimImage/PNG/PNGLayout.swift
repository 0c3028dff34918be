import Foundation

/// Where the chunks of a PNG lie, found by walking the chunk lengths once, without copying or
/// checking CRCs: for PNGs FlowSim's own encoder has just written (on the render threads), so the
/// APNG writer appends their image data without parsing the files again.
public struct PNGLayout: Sendable {
    /// The whole IHDR chunk (length, type, data, CRC) and its 13 data bytes.
    public var ihdr: Range<Int>
    public var ihdrData: Range<Int>
    /// Whole chunks between IHDR and the first IDAT (sRGB, gAMA …).
    public var ancillary: [Range<Int>]
    /// Whole IDAT chunks, and their payloads.
    public var idat: [Range<Int>]
    public var idatData: [Range<Int>]

    /// The layout of `png`; throws when the lengths do not describe a PNG with IHDR and IDAT.
    public init(trusting png: Data, frame: Int = 0) throws {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, Array(bytes[0..<8]) == Array(PNGChunk.signature) else {
            throw APNGError.missingChunk(frame: frame, chunk: "signature")
        }
        var ihdr: Range<Int>?
        var ihdrData: Range<Int>?
        var ancillary: [Range<Int>] = []
        var idat: [Range<Int>] = []
        var idatData: [Range<Int>] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let end = offset + 12 + length
            guard length >= 0, end <= bytes.count else { break }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8..<offset + 8 + length
            switch type {
            case "IHDR":
                ihdr = offset..<end
                ihdrData = data
            case "IDAT":
                idat.append(offset..<end)
                idatData.append(data)
            case "IEND": offset = bytes.count
            case "acTL", "fcTL", "fdAT": break
            default: if idat.isEmpty && ihdr != nil { ancillary.append(offset..<end) }
            }
            if offset < bytes.count { offset = end }
        }
        guard let ihdr, let ihdrData, ihdrData.count == 13 else {
            throw APNGError.missingChunk(frame: frame, chunk: "IHDR")
        }
        guard !idat.isEmpty else { throw APNGError.missingChunk(frame: frame, chunk: "IDAT") }
        self.ihdr = ihdr
        self.ihdrData = ihdrData
        self.ancillary = ancillary
        self.idat = idat
        self.idatData = idatData
    }
}
